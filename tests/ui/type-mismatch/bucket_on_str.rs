use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    #[bucket(16)]
    #[pad(16)]
    host: &'a str,
    ts: u64,
}

fn main() {}
