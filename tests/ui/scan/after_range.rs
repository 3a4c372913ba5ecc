// A range ends the scan: nothing narrows a contiguous key range after it.
use rowkey::RowKey;

#[derive(RowKey)]
struct MetricKey<'a> {
    #[pad(16)]
    host: &'a str,
    ts: u64,
}

fn main() {
    let _ = MetricKey::scan().host("a".."b").ts(5).ranges();
}
