//! `Ranges::after` and `Ranges::before`: "load more" from a row the caller
//! kept, across a fan-out. Against brute force: the ranges after a row hold
//! exactly the keys whose bytes past the salt or bucket sort after the
//! row's, whatever bucket or salt they are in.

use rowkey::{IntoRanges, Ranges, RowKey};

#[derive(RowKey, Debug)]
struct Event<'a> {
    #[bucket(4)]
    ts: u64,
    #[pad(8)]
    host: &'a str,
}

#[derive(RowKey, Debug)]
#[rowkey(salt(md5, 1, fields(user)))]
struct Visit<'a> {
    #[pad(8)]
    user: &'a str,
    #[reverse_ts]
    ts: u64,
}

fn held<K: RowKey>(ranges: &Ranges<K>, key: &[u8]) -> bool {
    ranges.iter().any(|r| r.contains(key))
}

/// Every key as cursor: `after` holds the keys past it in merged order and
/// `before` those ahead of it, each key once at most.
fn check<K: RowKey>(all: &Ranges<K>, keys: &[Vec<u8>]) {
    let skip = all.skip();
    assert!(all.len() > 1, "a fan-out");
    for cursor in keys {
        let after = all.clone().after(cursor).unwrap();
        let before = all.clone().before(cursor).unwrap();
        for k in keys {
            assert_eq!(
                held(&after, k),
                k[skip..] > cursor[skip..],
                "after {cursor:?}: {k:?}"
            );
            assert_eq!(
                held(&before, k),
                k[skip..] < cursor[skip..],
                "before {cursor:?}: {k:?}"
            );
            assert!(after.iter().filter(|r| r.contains(k)).count() <= 1);
        }
    }
}

#[test]
fn after_and_before_across_buckets() {
    let hosts = ["a", "web01", "web1", "web10"];
    let mut keys = Vec::new();
    for ts in [0u64, 1, 2, 3, 5, 8, 13, 21, 1_700_000_000_000] {
        for host in hosts {
            keys.push(Event { ts, host }.to_vec().unwrap());
        }
    }
    let all: Ranges<Event<'static>> = Event::scan().ranges().unwrap().into_ranges().unwrap();
    check(&all, &keys);
}

#[test]
fn after_and_before_across_a_struct_level_salt() {
    let mut keys = Vec::new();
    for user in ["u1", "u10", "u2", "alice", "bob", "carol", "dave", "erin"] {
        for ts in [1u64, 2, 1_700_000_000_000] {
            keys.push(Visit { user, ts }.to_vec().unwrap());
        }
    }
    let all: Ranges<Visit<'static>> = Visit::scan().ranges().unwrap().into_ranges().unwrap();
    check(&all, &keys);
}

#[test]
fn a_row_shorter_than_the_salt_is_refused() {
    let all: Ranges<Visit<'static>> = Visit::scan().ranges().unwrap().into_ranges().unwrap();
    for refused in [all.clone().after(b""), all.before(b"")] {
        let err = refused.unwrap_err().to_string();
        assert!(err.starts_with("Visit"), "{err}");
        assert!(
            err.contains("shorter than the key's salt or bucket"),
            "{err}"
        );
    }
}
