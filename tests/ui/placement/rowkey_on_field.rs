use rowkey::RowKey;

#[derive(RowKey)]
struct Metric<'a> {
    #[rowkey(pad(16))]
    host: &'a str,
    ts: u64,
}

fn main() {}
