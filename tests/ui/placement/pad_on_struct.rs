use rowkey::RowKey;

#[derive(RowKey)]
#[pad(16)]
struct Metric<'a> {
    ts: u64,
    host: &'a str,
}

fn main() {}
