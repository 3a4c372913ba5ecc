use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    #[pad(40000)]
    host: &'a str,
    ts: u64,
}

fn main() {}
