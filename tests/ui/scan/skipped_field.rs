// Fields go in key order: `metric` cannot be given before `host`.
use rowkey::RowKey;

#[derive(RowKey)]
struct MetricKey<'a> {
    #[pad(16)]
    host: &'a str,
    #[pad(8)]
    metric: &'a str,
    ts: u64,
}

fn main() {
    let _ = MetricKey::scan().metric("cpu").ranges();
}
