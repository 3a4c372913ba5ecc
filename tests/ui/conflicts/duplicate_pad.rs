use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    #[pad(16)]
    #[pad(32)]
    host: &'a str,
    ts: u64,
}

fn main() {}
