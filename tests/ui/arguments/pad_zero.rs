use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    #[pad(0)]
    host: &'a str,
    ts: u64,
}

fn main() {}
