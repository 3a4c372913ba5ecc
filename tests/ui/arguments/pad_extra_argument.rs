use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    #[pad(16, b'x', 3)]
    host: &'a str,
    ts: u64,
}

fn main() {}
