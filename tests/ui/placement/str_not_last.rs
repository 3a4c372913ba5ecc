use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    host: &'a str,
    ts: u64,
}

fn main() {}
