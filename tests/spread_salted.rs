//! A `#[spread(N)]` field beside a struct-level salt that hashes it (a
//! Java-hash salt over the whole key, or a Java-hash or MD5 salt listing the
//! spread in `fields(..)`): a scan that leaves the spread open reads one
//! range per shard, each under the salt its own shard's key hashes to. The rows of every scan are checked
//! against a brute-force filter over the decoded keys on an ordered set
//! read with each range's start and stop rows (`KeyRange::bounds`), and
//! the fan-out merged with `merge_skip()` against the order of the key
//! without its salt and shard.

use rowkey::{RowKey, ScanRanges};
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::ops::Bound;

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(java_hash, buckets = 5))]
struct WholeSpread {
    #[spread(3)]
    shard: u8,
    user: u32,
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(java_hash, buckets = 5, fields(user, shard)))]
struct ListedSpread {
    #[spread(3)]
    shard: u8,
    user: u32,
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(java_hash, buckets = 300, width = 2, fields(user)))]
struct UnlistedSpread {
    #[spread(3)]
    shard: u8,
    user: u32,
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(md5, 2, fields(shard, user)))]
struct Md5Listed {
    #[spread(3)]
    shard: u8,
    user: u32,
    ts: u64,
}

/// The salt joins the values (the spread's digits without its `_`).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(md5, 1, fields(user, shard), delim = b'_'))]
struct Md5Joined {
    #[spread(3)]
    #[decimal(1)]
    #[delim(b'_')]
    shard: u8,
    user: u32,
    ts: u64,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The scan's rows are exactly the keys `pred` selects, each in one range,
/// and merged with `merge_skip()` they come in `order`. Returns the fan-out.
fn check<K, O>(
    what: &str,
    all: &BTreeSet<Vec<u8>>,
    ranges: ScanRanges<K>,
    pred: &dyn Fn(&K) -> bool,
    order: &dyn Fn(&K) -> O,
) -> usize
where
    K: for<'a> RowKey<Key<'a> = K> + Debug,
    O: Ord + Debug,
{
    let skip = ranges.merge_skip();
    let fan = ranges.fan_out();
    let streams: Vec<Vec<Vec<u8>>> = ranges
        .map(|r| all.range::<[u8], _>(r.bounds()).cloned().collect())
        .collect();
    let mut got = BTreeSet::new();
    for row in streams.iter().flatten() {
        assert!(
            got.insert(row.clone()),
            "{what}: row {row:x?} in two ranges"
        );
    }
    let expected: BTreeSet<Vec<u8>> = all
        .iter()
        .filter(|k| pred(&K::decode(k).expect("decodes")))
        .cloned()
        .collect();
    assert_eq!(got, expected, "{what}: rows differ (fan-out {fan})");
    let merged: Vec<Vec<u8>> =
        rowkey::merge_sorted(streams.into_iter().map(Vec::into_iter), skip, |r| r).collect();
    let orders: Vec<O> = merged
        .iter()
        .map(|k| order(&K::decode(k).expect("decodes")))
        .collect();
    for w in orders.windows(2) {
        assert!(w[0] <= w[1], "{what}: merged out of order ({skip} skipped)");
    }
    fan
}

fn keys<K: RowKey>(make: &dyn Fn(u8, u32, u64) -> K) -> BTreeSet<Vec<u8>> {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    (0..2000)
        .map(|_| {
            let (shard, user, ts) = (rng.below(3) as u8, rng.below(10) as u32, rng.below(40));
            make(shard, user, ts).to_vec().expect("encodes")
        })
        .collect()
}

/// Each layout's scans. A range over a hashed field leaves the salt open:
/// the scan fans out over the `$salts` salt values and the 3 shards (a time
/// window does so when the salt hashes the whole key: `$window_fan`).
macro_rules! scans {
    ($all:expr, $ty:ident, $salts:expr, $window_fan:expr) => {{
        let all = $all;
        let by_time = |k: &$ty| (k.user, k.ts);
        // Each key's candidates: its own row among them, each under the
        // salt of its shard (decode checks it).
        for key in all.iter().take(300) {
            let k = $ty::decode(key).expect("decodes");
            let cands: Vec<Vec<u8>> = k
                .candidates()
                .map(|c| c.expect("candidate").to_vec())
                .collect();
            assert_eq!(cands.len(), 3);
            assert_eq!(&cands[usize::from(k.shard)], key);
            for (i, c) in cands.iter().enumerate() {
                let back = $ty::decode(c).expect("a candidate decodes, salt checked");
                assert_eq!(
                    (usize::from(back.shard), back.user, back.ts),
                    (i, k.user, k.ts)
                );
            }
        }
        for user in 0..10u32 {
            for ts in [0u64, 5, 17, 39] {
                let fan = check(
                    "user, ts (shard open)",
                    &all,
                    $ty::scan().user(user).ts(ts).ranges().expect("scan"),
                    &|k| k.user == user && k.ts == ts,
                    &by_time,
                );
                assert_eq!(fan, 3, "one range per shard, each under its own salt");
                let window = (Bound::Included(ts), Bound::Excluded(ts + 9));
                let fan = check(
                    "user, ts window (shard open)",
                    &all,
                    $ty::scan().user(user).ts(window).ranges().expect("scan"),
                    &|k| k.user == user && (ts..ts + 9).contains(&k.ts),
                    &by_time,
                );
                assert_eq!(fan, $window_fan);
                let fan = check(
                    "shard, user, ts",
                    &all,
                    $ty::scan()
                        .shard(1)
                        .user(user)
                        .ts(ts)
                        .ranges()
                        .expect("scan"),
                    &|k| k.shard == 1 && k.user == user && k.ts == ts,
                    &by_time,
                );
                assert_eq!(fan, 1);
            }
            check(
                "user (shard open)",
                &all,
                $ty::scan().user(user).ranges().expect("scan"),
                &|k| k.user == user,
                &by_time,
            );
            let users = (Bound::Included(user), Bound::Excluded(user + 3));
            let fan = check(
                "user range (shard open)",
                &all,
                $ty::scan().user(users).ranges().expect("scan"),
                &|k| (user..user + 3).contains(&k.user),
                &by_time,
            );
            assert_eq!(fan, $salts * 3);
        }
    }};
}

#[test]
fn a_salt_over_the_whole_key_follows_each_shard() {
    scans!(
        keys(&|shard, user, ts| WholeSpread { shard, user, ts }),
        WholeSpread,
        5,
        15
    );
}

#[test]
fn a_salt_listing_the_spread_follows_each_shard() {
    scans!(
        keys(&|shard, user, ts| ListedSpread { shard, user, ts }),
        ListedSpread,
        5,
        3
    );
}

#[test]
fn a_salt_not_hashing_the_spread_is_one_per_scan() {
    scans!(
        keys(&|shard, user, ts| UnlistedSpread { shard, user, ts }),
        UnlistedSpread,
        300,
        3
    );
}

#[test]
fn an_md5_salt_listing_the_spread_follows_each_shard() {
    scans!(
        keys(&|shard, user, ts| Md5Listed { shard, user, ts }),
        Md5Listed,
        256,
        3
    );
}

#[test]
fn an_md5_salt_joining_the_spread_digits_follows_each_shard() {
    scans!(
        keys(&|shard, user, ts| Md5Joined { shard, user, ts }),
        Md5Joined,
        16,
        3
    );
}

/// An MD5 salt joining the spread's digits with a padded value (hashed
/// without its pad) and a delimited one (without its delimiter): the
/// other values' parts are the same in every shard's range.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(md5, 1, fields(name, shard, tag), delim = b'_'))]
struct Md5Framed<'a> {
    #[pad(6)]
    name: &'a str,
    #[spread(3)]
    #[decimal(1)]
    #[delim(b'_')]
    shard: u8,
    #[delim(b'/')]
    tag: &'a str,
    ts: u64,
}

#[test]
fn an_md5_salt_joining_framed_values_beside_the_spread_follows_each_shard() {
    let (names, tags) = (["", "a", "bob", "carol!"], ["", "x", "yz"]);
    let mut rng = Rng(0x0F1E_2D3C_4B5A_6978);
    let all: BTreeSet<Vec<u8>> = (0..3000)
        .map(|_| {
            let key = Md5Framed {
                name: names[rng.below(4) as usize],
                shard: rng.below(3) as u8,
                tag: tags[rng.below(3) as usize],
                ts: rng.below(20),
            };
            key.to_vec().expect("encodes")
        })
        .collect();
    let decoded = |row: &[u8]| {
        let k = Md5Framed::decode(row).expect("decodes, salt checked");
        (k.name.to_owned(), k.shard, k.tag.to_owned(), k.ts)
    };
    for name in names {
        for tag in tags {
            for (lo, hi) in [(0, 20), (3, 4), (7, 15)] {
                let ranges = Md5Framed::scan()
                    .name(name)
                    .tag(tag)
                    .ts(lo..hi)
                    .ranges()
                    .expect("scan");
                assert_eq!(ranges.fan_out(), 3, "one range per shard");
                let mut got = Vec::new();
                for r in ranges {
                    got.extend(all.range::<[u8], _>(r.bounds()).map(|row| decoded(row)));
                }
                got.sort();
                let mut expected: Vec<_> = all
                    .iter()
                    .map(|row| decoded(row))
                    .filter(|(n, _, t, ts)| n == name && t == tag && (lo..hi).contains(ts))
                    .collect();
                expected.sort();
                assert!(
                    !expected.is_empty() || lo == 3,
                    "{name:?} {tag:?}: some rows"
                );
                assert_eq!(got, expected, "{name:?} {tag:?} {lo}..{hi}");
            }
        }
    }
}
