use rowkey::RowKey;

#[derive(RowKey)]
struct Metric {
    host: String,
    ts: u64,
}

fn main() {}
