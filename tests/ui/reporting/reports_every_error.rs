use rowkey::RowKey;

// Three unrelated mistakes on three fields: all three are reported in one
// build, not one per build.
#[derive(RowKey)]
struct Metric<'a> {
    #[pad(0)]
    host: &'a str,
    #[salt(sha1, 4)]
    metric: u32,
    #[bucket(1)]
    ts: u64,
}

fn main() {}
