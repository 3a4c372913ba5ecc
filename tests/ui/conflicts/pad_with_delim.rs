use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    #[pad(16)]
    #[delim]
    host: &'a str,
    ts: u64,
}

fn main() {}
