//! Scans that select nothing yield no range. HBase and Bigtable read an
//! empty stop row as "to the end of the table" and (HBase 1.x, and 2.x's
//! `Scan(start, stop)`) a stop row equal to the start row as a `Get`: a range
//! standing for "nothing" could only be misread. Every shape below once
//! produced such a range.

use rowkey::{KeyRange, RowKey};
use std::ops::Bound;

#[derive(RowKey, Debug, PartialEq)]
struct Event<'a> {
    #[reverse_ts]
    ts: u64,
    host: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct Named<'a> {
    #[pad(8)]
    name: &'a str,
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Tail<'a> {
    id: u16,
    rest: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct Bucketed {
    #[bucket(16)]
    ts: u64,
    #[reverse_ts]
    at: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Owned {
    #[pad(8)]
    name: String,
    n: u8,
}

fn none<K: RowKey>(what: &str, r: Result<rowkey::ScanRanges<K>, rowkey::Error>) {
    let rs = r.unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(rs.len(), 0, "{what}");
    assert_eq!(rs.fan_out(), 0, "{what}");
    let all: Vec<KeyRange<K>> = rs.collect();
    assert!(all.is_empty(), "{what}: {all:?}");
}

fn some<K: RowKey>(what: &str, r: Result<rowkey::ScanRanges<K>, rowkey::Error>) -> usize {
    let rs = r.unwrap_or_else(|e| panic!("{what}: {e}"));
    let n = rs.len();
    assert!(n > 0, "{what}");
    for r in rs {
        assert!(
            r.stop().is_none_or(|s| !s.is_empty() && s > r.start()),
            "{what}: {r:?}"
        );
    }
    n
}

#[test]
#[allow(clippy::reversed_empty_ranges)]
fn windows_that_select_nothing_yield_no_range() {
    // The review's example: an empty window on a leading #[reverse_ts].
    none("2500..2500", Event::scan().ts(2500..2500).ranges());
    none("3000..1000", Event::scan().ts(3000..1000).ranges());
    none("..0", Event::scan().ts(..0).ranges());
    let above = i64::MAX as u64 + 1;
    none("above i64::MAX", Event::scan().ts(above..).ranges());
    none(
        "above i64::MAX incl",
        Event::scan().ts(above..=u64::MAX).ranges(),
    );
    none(
        "(Excluded(i64::MAX), ..)",
        Event::scan()
            .ts((Bound::Excluded(i64::MAX as u64), Bound::Unbounded))
            .ranges(),
    );
    none(
        "(Excluded(5), Excluded(5))",
        Event::scan()
            .ts((Bound::Excluded(5), Bound::Excluded(5)))
            .ranges(),
    );
    none(
        "(Excluded(5), Included(5))",
        Event::scan()
            .ts((Bound::Excluded(5), Bound::Included(5)))
            .ranges(),
    );
    // Their non-empty neighbours still scan.
    some("2500..2501", Event::scan().ts(2500..2501).ranges());
    some("..=0", Event::scan().ts(..=0).ranges());
    some("i64::MAX..", Event::scan().ts(i64::MAX as u64..).ranges());

    // A leading string field.
    none("..\"\"", Named::scan().name(.."").ranges());
    none("\"b\"..\"a\"", Named::scan().name("b".."a").ranges());
    none("\"a\"..\"a\"", Named::scan().name("a".."a").ranges());
    some("..=\"\"", Named::scan().name(..="").ranges());
    none("n: 7..7", Named::scan().name("x").n(7..7).ranges());
    none("n: ..0", Named::scan().name("x").n(..0).ranges());
    none(
        "n: > u64::MAX",
        Named::scan()
            .name("x")
            .n((Bound::Excluded(u64::MAX), Bound::Unbounded))
            .ranges(),
    );
    some(
        "n: u64::MAX..",
        Named::scan().name("x").n(u64::MAX..).ranges(),
    );

    // An unframed last field.
    none("rest ..\"\"", Tail::scan().id(1).rest(.."").ranges());
    none(
        "rest \"q\"..\"q\"",
        Tail::scan().id(1).rest("q".."q").ranges(),
    );
    some("rest ..=\"\"", Tail::scan().id(1).rest(..="").ranges());
    none("id 9..3", Tail::scan().id(9..3).ranges());
    none(
        "id > 0xFFFF",
        Tail::scan()
            .id((Bound::Excluded(0xFFFF), Bound::Unbounded))
            .ranges(),
    );

    // After a fanned-out bucket: no range in any bucket.
    none("bucketed at 5..5", Bucketed::scan().ts(3).at(5..5).ranges());
    none("bucket fan 9..2", Bucketed::scan().ts(9..2).ranges());
    assert_eq!(
        some("bucket fan 2..9", Bucketed::scan().ts(2..9).ranges()),
        16
    );

    // Owned fields and their borrowed bounds.
    none("owned \"b\"..\"a\"", Owned::scan().name("b".."a").ranges());
}

/// A `RangeInclusive` iterated to its end is empty by std's rules; the scan
/// reads it through `RangeBounds` and agrees.
#[test]
fn exhausted_inclusive_ranges_are_empty() {
    let mut r = 3u64..=5;
    for _ in r.by_ref() {}
    assert!(r.is_empty());
    none("exhausted 3..=5", Event::scan().ts(r).ranges());
    let mut r = 3u64..=5;
    r.next();
    // Partly iterated: 4..=5 is left, and scanned.
    let live: Vec<_> = Named::scan().name("x").n(r).ranges().unwrap().collect();
    let four = Named { name: "x", n: 4 }.to_vec().unwrap();
    let five = Named { name: "x", n: 5 }.to_vec().unwrap();
    let three = Named { name: "x", n: 3 }.to_vec().unwrap();
    assert!(live[0].contains(&four) && live[0].contains(&five));
    assert!(!live[0].contains(&three));

    let mut r = 7u8..=7;
    assert_eq!(r.next(), Some(7));
    none("exhausted 7..=7", Owned::scan().name("x").n(r).ranges());
    assert_eq!(
        some("\"a\"..=\"a\"", Named::scan().name("a"..="a").ranges()),
        1
    );
}

/// A scan taken to its end still says how many ranges it fanned out to; one
/// that selects nothing says 0 before and after, and merges nothing.
#[test]
#[allow(clippy::reversed_empty_ranges)]
fn fan_out_survives_iteration_and_empty_stays_empty() {
    let mut rs = Bucketed::scan().ts(1000..2000).ranges().unwrap();
    assert_eq!((rs.fan_out(), rs.merge_skip(), rs.len()), (16, 1, 16));
    assert_eq!(rs.by_ref().take(5).count(), 5);
    assert_eq!((rs.fan_out(), rs.len()), (16, 11));
    assert_eq!(rs.by_ref().count(), 11);
    assert_eq!((rs.fan_out(), rs.merge_skip(), rs.len()), (16, 1, 0));
    assert!(rs.next().is_none());

    let mut rs = Bucketed::scan().ts(2000..1000).ranges().unwrap();
    assert_eq!((rs.fan_out(), rs.merge_skip(), rs.len()), (0, 0, 0));
    assert!(rs.next().is_none());
    assert_eq!((rs.fan_out(), rs.merge_skip(), rs.len()), (0, 0, 0));

    let mut rs = Named::scan().name("a").ranges().unwrap();
    assert_eq!((rs.fan_out(), rs.len()), (1, 1));
    assert!(rs.next().is_some());
    assert_eq!((rs.fan_out(), rs.merge_skip(), rs.len()), (1, 0, 0));
    assert!(rs.next().is_none());
}
