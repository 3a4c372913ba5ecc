//! Building scan ranges allocates nothing: a counting global allocator (its
//! own test binary, so no other test's allocations are counted) watches
//! `T::scan()...ranges()` and the iteration over every `KeyRange`, including
//! 16-way bucket and salt fan-outs.
//!
//! Also shows `KeyRange::bounds()` feeding `BTreeMap::range` and redb's
//! `Table::range` as it is.

use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{KeyRange, RowKey};
use std::collections::BTreeMap;
use std::ops::Bound;
mod common;
use common::counting::{count, Counting};
use common::seeds::{LogEvent, UserOrder};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[derive(RowKey, Debug, PartialEq)]
struct Metric<'a> {
    #[pad(16)]
    host: &'a str,
    #[pad(8)]
    metric: &'a str,
    #[reverse_ts]
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Buyer<'a> {
    #[delim]
    buyer_id: &'a str,
    ts: u64,
    order_no: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(metric, tags)))]
struct Tsdb<'a> {
    #[pad(8)]
    metric: &'a str,
    ts: u64,
    tags: &'a str,
}

/// Uses every part of every range, so nothing is optimized away; returns a
/// checksum and the number of ranges.
fn consume<K: rowkey::RowKey>(
    ranges: impl Iterator<Item = KeyRange<K>>,
    probe: &[u8],
) -> (usize, usize) {
    let mut sum = 0usize;
    let mut n = 0;
    for r in ranges {
        n += 1;
        sum += r.start().len() + r.stop().map_or(0, <[u8]>::len);
        sum += usize::from(r.contains(probe)) + usize::from(r.stop().is_none());
        if let (Bound::Included(s), _) = r.bounds() {
            sum += s.first().copied().map_or(0, usize::from);
        }
    }
    (sum, n)
}

#[test]
fn the_counter_counts() {
    let (v, n) = count(|| vec![1u8; 100]);
    assert_eq!((n, v.len()), (1, 100));
    let (s, n) = count(|| format!("{}{}", "host", 12));
    assert!(n >= 1, "{s}");
    // Another thread's allocations are not this thread's.
    let ((), n) = count(|| {
        std::thread::scope(|s| {
            s.spawn(|| drop(std::hint::black_box(vec![0u8; 10])));
        });
    });
    // Spawning itself allocates on this thread; the child's Vec does not
    // count. What matters: the counter is on for this thread only.
    assert!(n >= 1);
    let ((), n) = count(|| ());
    assert_eq!(n, 0);
}

#[test]
fn building_and_iterating_ranges_allocates_nothing() {
    let host = String::from("web01");
    let probe = Metric {
        host: "web01",
        metric: "cpu",
        ts: 5,
    }
    .to_vec()
    .expect("key");
    let t = 1_700_000_000_000u64;

    let cases: Vec<(&str, usize, usize)> = vec![
        {
            let ((_, n), a) = count(|| {
                let rs = Metric::scan()
                    .host(host.as_str())
                    .metric("cpu")
                    .ts(t..=t + 60_000)
                    .ranges();
                consume(rs.expect("ok"), &probe)
            });
            ("metric window (reverse_ts)", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    Metric::scan()
                        .host(host.as_str())
                        .metric("cpu")
                        .ranges()
                        .expect("ok"),
                    &probe,
                )
            });
            ("metric latest-N prefix", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    Metric::scan()
                        .host((Bound::Excluded("a"), Bound::Included("z")))
                        .ranges()
                        .expect("ok"),
                    &probe,
                )
            });
            ("metric host range", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    LogEvent::scan().ts(t..t + 3_600_000).ranges().expect("ok"),
                    &probe,
                )
            });
            ("log events: time range over 16 buckets", a, n)
        },
        {
            let ((_, n), a) = count(|| consume(LogEvent::scan().ranges().expect("ok"), &probe));
            ("log events: whole table over 16 buckets", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    LogEvent::scan()
                        .ts(t)
                        .host(host.as_str())
                        .event("login"..)
                        .ranges()
                        .expect("ok"),
                    &probe,
                )
            });
            ("log events: one bucket, event range", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    UserOrder::scan()
                        .user_id("u1")
                        .order_id(10..)
                        .ranges()
                        .expect("ok"),
                    &probe,
                )
            });
            ("user orders (md5 salt)", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    Buyer::scan().buyer_id("b1").ts(..=t).ranges().expect("ok"),
                    &probe,
                )
            });
            ("buyer (delimited)", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    Tsdb::scan().metric("cpu").ts(t..).ranges().expect("ok"),
                    &probe,
                )
            });
            ("tsdb: 16 salts", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                consume(
                    Tsdb::scan()
                        .metric("cpu")
                        .ts(t)
                        .tags("host=a")
                        .ranges()
                        .expect("ok"),
                    &probe,
                )
            });
            ("tsdb: salt over metric and tags (md5)", a, n)
        },
        {
            let ((_, n), a) = count(|| {
                let rs = LogEvent::scan().ts(t..t + 10).ranges().expect("ok");
                (rs.merge_skip() + rs.fan_out(), rs.len())
            });
            ("merge_skip, fan_out", a, n)
        },
    ];
    for (what, allocs, _) in &cases {
        assert_eq!(*allocs, 0, "{what} allocated");
    }
    let fans: Vec<usize> = cases.iter().map(|c| c.2).collect();
    assert_eq!(fans, [1, 1, 1, 16, 16, 1, 1, 1, 16, 1, 16]);
}

#[test]
fn a_refused_value_allocates_nothing_either() {
    let (r, a) = count(|| {
        Metric::scan()
            .host("a host name over sixteen bytes")
            .ranges()
            .map(|rs| rs.count())
    });
    assert!(r.is_err());
    assert_eq!(a, 0);
    let (r, a) = count(|| Buyer::scan().buyer_id("b\0").ranges().map(|rs| rs.count()));
    assert!(r.is_err());
    assert_eq!(a, 0);
}

const TABLE: TableDefinition<&[u8], u64> = TableDefinition::new("metrics");

#[test]
fn bounds_feed_btreemap_and_redb() {
    let mut map: BTreeMap<Vec<u8>, u64> = BTreeMap::new();
    let path = std::env::temp_dir().join(format!(
        "rowkey-scan_alloc-{}-{}.redb",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    struct Remove(std::path::PathBuf);
    impl Drop for Remove {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
    let _remove = Remove(path.clone());
    let db = Database::create(&path).expect("redb");
    let w = db.begin_write().expect("write");
    {
        let mut table = w.open_table(TABLE).expect("table");
        for host in ["host1", "host12", "host2"] {
            for ts in 0..50u64 {
                let key = Metric {
                    host,
                    metric: "cpu",
                    ts,
                }
                .to_vec()
                .expect("key");
                table.insert(key.as_slice(), ts).expect("insert");
                map.insert(key, ts);
            }
        }
    }
    w.commit().expect("commit");
    let table = db
        .begin_read()
        .expect("read")
        .open_table(TABLE)
        .expect("table");

    // `19..10` is empty on purpose: an inverted range yields no range at
    // all, never a reversed pair of bounds (which BTreeMap::range would
    // panic on).
    #[allow(clippy::reversed_empty_ranges)]
    let scans = [
        Metric::scan()
            .host("host1")
            .metric("cpu")
            .ts(10..=19)
            .ranges(),
        Metric::scan()
            .host("host1")
            .metric("cpu")
            .ts(19..10)
            .ranges(),
        Metric::scan().host("host1").ranges(),
        Metric::scan().host("host1").metric("cpu").ts(40..).ranges(),
    ];
    let want: [Vec<u64>; 4] = [
        (10..=19).rev().collect(),
        vec![],
        (0..50).rev().collect(),
        (40..50).rev().collect(),
    ];
    for (rs, want) in scans.into_iter().zip(want) {
        let rs = rs.expect("ok");
        assert_eq!(rs.len(), usize::from(!want.is_empty()));
        let (mut from_map, mut from_redb) = (vec![], vec![]);
        for r in rs {
            // BTreeMap<Vec<u8>, _> takes the borrowed form, as for any `[u8]`.
            from_map.extend(map.range::<[u8], _>(r.bounds()).map(|(_, v)| *v));
            // redb takes the same pair; only the key type needs naming.
            from_redb.extend(
                table
                    .range::<&[u8]>(r.bounds())
                    .expect("range")
                    .map(|e| e.expect("row").1.value()),
            );
        }
        assert_eq!(from_map, want);
        assert_eq!(from_redb, want);
    }
    drop(table);
    drop(db);
}
