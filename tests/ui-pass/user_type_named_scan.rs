// User types named like the generated builder do not clash with it: the
// builder lives inside the derive's anonymous const.
#![allow(dead_code)]
use rowkey::RowKey;

struct MetricKeyScan {
    note: &'static str,
}

struct __MetricKeyScan;

#[derive(RowKey)]
struct MetricKey<'a> {
    #[pad(16)]
    host: &'a str,
    ts: u64,
}

fn main() {
    let mine = MetricKeyScan { note: "mine" };
    let ranges = MetricKey::scan().host("web01").ts(1..2).ranges().unwrap();
    assert_eq!(ranges.len(), 1);
    assert_eq!(mine.note, "mine");
    let _ = __MetricKeyScan;
}
