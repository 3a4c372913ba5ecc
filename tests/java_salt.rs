//! The Java-hash salt (both forms), `#[width(W)]` and `Vec<T>` last fields,
//! proven on a real store (redb) as HBase reads it: every range is a start
//! row (inclusive) and a stop row (exclusive, none for the end of the
//! table), and the rows the ranges of a scan return, together, are exactly
//! those a brute-force filter over the decoded keys selects; the fan-out's
//! rows merge back (skipping `merge_skip()` bytes) into the order of the key
//! without its salt. The salts are checked against an independent
//! computation of Java's `Arrays.hashCode` and OpenTSDB's and Phoenix's salt
//! rules, written out here from their sources.

use redb::{Database, ReadOnlyTable, ReadableDatabase, TableDefinition};
use rowkey::{ErrorKind, KeyRange, RowKey, ScanRanges, Spread};
use std::collections::BTreeSet;
use std::ops::Bound;
use std::path::PathBuf;

const TABLE: TableDefinition<&[u8], ()> = TableDefinition::new("rows");

// ---------------------------------------------------------------------------
// The layouts.

/// OpenTSDB's `tsdb` table, salting disabled.
#[derive(RowKey, Debug, PartialEq, Eq, Clone, PartialOrd, Ord)]
struct TsdbW0 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

/// `tsd.storage.salt.width = 1`, `tsd.storage.salt.buckets = 20`.
#[derive(RowKey, Debug, PartialEq, Eq, Clone)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
struct TsdbW1 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

/// `tsd.storage.salt.width = 2`, `tsd.storage.salt.buckets = 300`.
#[derive(RowKey, Debug, PartialEq, Eq, Clone)]
#[rowkey(salt(java_hash, buckets = 300, width = 2, fields(metric, tags)))]
struct TsdbW2 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

/// Phoenix's `SALT_BUCKETS = 8`: the salt byte over every byte after it.
#[derive(RowKey, Debug, PartialEq, Eq, Clone)]
#[rowkey(salt(java_hash, buckets = 8))]
struct Salted {
    #[pad(4, b' ')]
    tenant: String,
    created: i64,
    seq: u32,
}

/// The whole-key form with a variable-width last field and the widest
/// one-byte salt.
#[derive(RowKey, Debug, PartialEq, Eq, Clone)]
#[rowkey(salt(java_hash, buckets = 256))]
struct SaltedBytes {
    id: u16,
    body: Vec<u8>,
}

/// Narrow unsigned integers, ranged.
#[derive(RowKey, Debug, PartialEq, Eq, Clone)]
struct Uid {
    #[width(3)]
    id: u32,
    #[width(5)]
    big: u64,
    #[width(1)]
    small: u16,
}

/// A `Vec` of signed (order-preserving) elements, ranged.
#[derive(RowKey, Debug, PartialEq, Eq, Clone)]
struct Series {
    host: u16,
    points: Vec<i16>,
}

// ---------------------------------------------------------------------------
// Java, written out from the sources (not through the crate).

/// `java.util.Arrays.hashCode(byte[])`.
fn java_hash(bytes: &[u8]) -> i32 {
    let mut h: i32 = 1;
    for &b in bytes {
        h = h.wrapping_mul(31).wrapping_add(i32::from(b as i8));
    }
    h
}

/// Phoenix `SaltingUtil.getSaltingByte`: `Math.abs(hash % bucketNum)`.
fn phoenix_salt(rest: &[u8], buckets: i32) -> u8 {
    u8::try_from((java_hash(rest) % buckets).abs()).unwrap()
}

/// OpenTSDB `UniqueId.longToUID(uid, 3)`.
fn long_to_uid(uid: u32) -> [u8; 3] {
    let b = uid.to_be_bytes();
    assert_eq!(b[0], 0, "UID {uid} does not fit 3 bytes");
    [b[1], b[2], b[3]]
}

/// OpenTSDB's row key: `[salt][metric][base time][tagk tagv]...` with
/// `RowKey.prefixKeyWithSalt` and `getSaltBytes`.
fn tsdb_row(width: usize, buckets: i32, metric: u32, base_time: u32, tags: &[[u8; 6]]) -> Vec<u8> {
    let mut row = vec![0u8; width];
    row.extend(long_to_uid(metric));
    row.extend(base_time.to_be_bytes());
    for t in tags {
        row.extend(t);
    }
    if width > 0 && row[width..width + 3] != [0, 0, 0] {
        let mut salt_base = row[width..width + 3].to_vec();
        salt_base.extend(&row[width + 3 + 4..]);
        let mut modulo = java_hash(&salt_base) % buckets;
        if modulo < 0 {
            modulo *= -1;
        }
        let mut shift = 0;
        for i in 1..=width {
            row[width - i] = (modulo >> shift) as u8;
            shift += 8;
        }
    }
    row
}

// ---------------------------------------------------------------------------
// The store and the checks.

struct Store {
    path: PathBuf,
    db: Option<Database>,
}

impl Store {
    fn create(name: &str, keys: &BTreeSet<Vec<u8>>) -> Store {
        let path = std::env::temp_dir().join(format!(
            "rowkey-java_salt-{}-{name}-{}.redb",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        let db = Database::create(&path).expect("create redb file");
        let w = db.begin_write().expect("write txn");
        {
            let mut t = w.open_table(TABLE).expect("table");
            for k in keys {
                t.insert(k.as_slice(), ()).expect("insert");
            }
        }
        w.commit().expect("commit");
        Store { path, db: Some(db) }
    }

    fn table(&self) -> ReadOnlyTable<&'static [u8], ()> {
        self.db
            .as_ref()
            .expect("open")
            .begin_read()
            .expect("read txn")
            .open_table(TABLE)
            .expect("table")
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        drop(self.db.take());
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The rows of one range, read as an HBase `Scan` reads its start and stop
/// rows: start inclusive, stop exclusive, no stop row to the table's end.
fn hbase_rows<K: RowKey>(t: &ReadOnlyTable<&'static [u8], ()>, r: &KeyRange<K>) -> Vec<Vec<u8>> {
    let stop = r.stop().map_or(Bound::Unbounded, Bound::Excluded);
    t.range::<&[u8]>((Bound::Included(r.start()), stop))
        .expect("range")
        .map(|e| e.expect("row").0.value().to_vec())
        .collect()
}

/// Checks one scan against the brute-force filter `want` over every key in
/// the store, and its merge against the order of the key without its
/// `salt` leading bytes. Returns the number of ranges.
fn check<K: RowKey>(
    store: &Store,
    keys: &BTreeSet<Vec<u8>>,
    ranges: ScanRanges<K>,
    salt: usize,
    want: impl Fn(&[u8]) -> bool,
    what: &str,
) -> usize {
    let t = store.table();
    let skip = ranges.merge_skip();
    let fan = ranges.fan_out();
    let ranges: Vec<KeyRange<K>> = ranges.collect();
    let per_range: Vec<Vec<Vec<u8>>> = ranges.iter().map(|r| hbase_rows(&t, r)).collect();
    let got: BTreeSet<Vec<u8>> = per_range.iter().flatten().cloned().collect();
    let expected: BTreeSet<Vec<u8>> = keys.iter().filter(|k| want(k)).cloned().collect();
    assert_eq!(
        got.len(),
        per_range.iter().map(Vec::len).sum::<usize>(),
        "{what}: ranges overlap"
    );
    assert_eq!(
        got, expected,
        "{what}: rows differ from the brute-force filter"
    );
    for k in keys {
        assert_eq!(
            ranges.iter().any(|r| r.contains(k)),
            want(k),
            "{what}: contains() disagrees on {k:02x?}"
        );
    }
    // Merged without the salt: the order of the key's fields.
    let merged: Vec<Vec<u8>> = rowkey::merge_sorted(
        per_range.into_iter().map(Vec::into_iter),
        skip,
        |k: &Vec<u8>| k.as_slice(),
    )
    .collect();
    let mut by_fields: Vec<Vec<u8>> = expected.into_iter().collect();
    by_fields.sort_by(|a, b| a[salt..].cmp(&b[salt..]));
    assert_eq!(merged, by_fields, "{what}: merged rows out of field order");
    fan
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Tag pairs as OpenTSDB writes them: 3-byte tagk and tagv UIDs, sorted by
/// tagk UID, each tagk once.
fn tags(rng: &mut Rng, max: u64) -> Vec<[u8; 6]> {
    let n = rng.below(max + 1);
    let mut tagks: BTreeSet<u32> = BTreeSet::new();
    while (tagks.len() as u64) < n {
        // A few UIDs with high bytes, whose signed Java bytes are negative.
        let k = if rng.below(4) == 0 {
            0x00FF_FF00 | rng.below(256) as u32
        } else {
            1 + rng.below(12) as u32
        };
        tagks.insert(k);
    }
    tagks
        .into_iter()
        .map(|k| {
            let k = long_to_uid(k);
            let v = long_to_uid(1 + rng.below(0x00FF_FFFE) as u32);
            [k[0], k[1], k[2], v[0], v[1], v[2]]
        })
        .collect()
}

fn tsdb_points(seed: u64, count: usize) -> Vec<TsdbW0> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| TsdbW0 {
            // Metric 0 is OpenTSDB's global annotation row (no tags).
            metric: [0, 1, 2, 3, 0x00FF_FFFF, 0x0080_0000][rng.below(6) as usize],
            base_time: 1_700_000_000 - 1_700_000_000 % 3600 + 3600 * rng.below(30) as u32,
            tags: tags(&mut rng, 8),
        })
        .map(|mut p| {
            if p.metric == 0 {
                p.tags.clear();
            }
            p
        })
        .collect()
}

// ---------------------------------------------------------------------------
// OpenTSDB.

#[test]
fn tsdb_keys_are_opentsdb_rows() {
    for p in tsdb_points(7, 3000) {
        let (m, t, tags) = (p.metric, p.base_time, p.tags.clone());
        assert_eq!(p.to_vec().unwrap(), tsdb_row(0, 1, m, t, &tags), "{p:?}");
        let w1 = TsdbW1 {
            metric: m,
            base_time: t,
            tags: tags.clone(),
        };
        let k1 = w1.to_vec().unwrap();
        assert_eq!(k1, tsdb_row(1, 20, m, t, &tags), "{w1:?}");
        assert_eq!(TsdbW1::decode(&k1).unwrap(), w1);
        let w2 = TsdbW2 {
            metric: m,
            base_time: t,
            tags: tags.clone(),
        };
        let k2 = w2.to_vec().unwrap();
        assert_eq!(k2, tsdb_row(2, 300, m, t, &tags), "{w2:?}");
        assert_eq!(TsdbW2::decode(&k2).unwrap(), w2);
    }
}

#[test]
fn tsdb_salt_uses_java_remainder_not_euclid() {
    // Keys whose hash is negative: Java's abs(h % N) and a Euclidean mod
    // give different salts for most of them; the rows must be Java's.
    let mut differ = 0;
    for p in tsdb_points(11, 2000) {
        let mut base = long_to_uid(p.metric).to_vec();
        p.tags.iter().for_each(|t| base.extend(t));
        let h = java_hash(&base);
        if p.metric != 0 && h < 0 && (h % 20).abs() != h.rem_euclid(20) {
            differ += 1;
            let k = TsdbW1 {
                metric: p.metric,
                base_time: p.base_time,
                tags: p.tags,
            }
            .to_vec()
            .unwrap();
            assert_eq!(i32::from(k[0]), (h % 20).abs());
        }
    }
    assert!(differ > 100, "only {differ} keys told the two apart");
}

#[test]
fn tsdb_annotation_row_salt_is_zero() {
    // OpenTSDB leaves the salt 0 for a metric UID of all zero bytes.
    let k = TsdbW2 {
        metric: 0,
        base_time: 3600,
        tags: vec![],
    }
    .to_vec()
    .unwrap();
    assert_eq!(k, [0, 0, 0, 0, 0, 0, 0, 0x0E, 0x10]);
    assert_eq!(TsdbW2::decode(&k).unwrap().metric, 0);
    let k = TsdbW1 {
        metric: 0,
        base_time: 0,
        tags: vec![[1, 2, 3, 4, 5, 6]],
    }
    .to_vec()
    .unwrap();
    assert_eq!(k[0], 0);
}

#[test]
fn tsdb_scans_across_buckets_on_redb() {
    let points = tsdb_points(3, 4000);
    let windows = [(0u32, 5u32), (3, 4), (10, 29), (29, 30), (0, 30)];
    let base = 1_700_000_000 - 1_700_000_000 % 3600;
    macro_rules! layout {
        ($k:ident, $w:expr, $n:expr) => {{
            let keys: BTreeSet<Vec<u8>> = points
                .iter()
                .map(|p| {
                    $k {
                        metric: p.metric,
                        base_time: p.base_time,
                        tags: p.tags.clone(),
                    }
                    .to_vec()
                    .unwrap()
                })
                .collect();
            let store = Store::create(stringify!($k), &keys);
            let decoded = |k: &[u8]| $k::decode(k).unwrap();
            for m in [0u32, 1, 3, 0x00FF_FFFF, 0x0080_0000, 77] {
                for &(a, b) in &windows {
                    let (lo, hi) = (base + 3600 * a, base + 3600 * b);
                    let fan = check(
                        &store,
                        &keys,
                        $k::scan().metric(m).base_time(lo..hi).ranges().unwrap(),
                        $w,
                        |k| {
                            let d = decoded(k);
                            d.metric == m && (lo..hi).contains(&d.base_time)
                        },
                        &format!("{} metric {m} window {a}..{b}", stringify!($k)),
                    );
                    // Tags are open: one range per salt value.
                    assert_eq!(fan, if $w == 0 { 1 } else { $n });
                    check(
                        &store,
                        &keys,
                        $k::scan().metric(m).base_time(lo..=hi).ranges().unwrap(),
                        $w,
                        |k| {
                            let d = decoded(k);
                            d.metric == m && (lo..=hi).contains(&d.base_time)
                        },
                        "inclusive window",
                    );
                }
                check(
                    &store,
                    &keys,
                    $k::scan().metric(m).ranges().unwrap(),
                    $w,
                    |k| decoded(k).metric == m,
                    "metric only",
                );
                check(
                    &store,
                    &keys,
                    $k::scan().metric(m..m + 2).ranges().unwrap(),
                    $w,
                    |k| (m..m + 2).contains(&decoded(k).metric),
                    "metric range",
                );
            }
            // Every input given: the salt is computed, one range, one row.
            for p in points.iter().step_by(97) {
                let ranges = $k::scan()
                    .metric(p.metric)
                    .base_time(p.base_time)
                    .tags(p.tags.clone())
                    .ranges()
                    .unwrap();
                assert_eq!(ranges.fan_out(), 1);
                let k = $k {
                    metric: p.metric,
                    base_time: p.base_time,
                    tags: p.tags.clone(),
                }
                .to_vec()
                .unwrap();
                check(
                    &store,
                    &keys,
                    ranges,
                    $w,
                    |r| r == k.as_slice(),
                    "exact key",
                );
                // A range over the tag list (ordered, fixed-width elements).
                let t = p.tags.clone();
                check(
                    &store,
                    &keys,
                    $k::scan()
                        .metric(p.metric)
                        .base_time(p.base_time)
                        .tags(t.clone()..)
                        .ranges()
                        .unwrap(),
                    $w,
                    |r| {
                        let d = decoded(r);
                        d.metric == p.metric && d.base_time == p.base_time && d.tags >= t
                    },
                    "tags from",
                );
            }
            check(
                &store,
                &keys,
                $k::scan().ranges().unwrap(),
                $w,
                |_| true,
                "whole table",
            );
        }};
    }
    layout!(TsdbW0, 0, 1);
    layout!(TsdbW1, 1, 20);
    layout!(TsdbW2, 2, 300);
}

#[test]
fn tsdb_split_keys_are_salt_values() {
    assert_eq!(
        TsdbW1::SPREAD,
        Spread::JavaHash {
            buckets: 20,
            width: 1
        }
    );
    let splits = TsdbW1::split_keys(20).unwrap().to_vecs();
    assert_eq!(splits, (1u8..20).map(|i| vec![i]).collect::<Vec<_>>());
    let splits = TsdbW2::split_keys(3).unwrap().to_vecs();
    assert_eq!(splits, [vec![0, 100], vec![0, 200]]);
    assert!(TsdbW2::split_keys(301).is_err());
    assert!(TsdbW0::split_keys(2).is_err());
}

// ---------------------------------------------------------------------------
// Phoenix's salt over every byte after it.

fn salted_keys(seed: u64, n: usize) -> Vec<Salted> {
    let mut rng = Rng(seed);
    let tenants = ["acme", "b", "ü", "zz", "x y"];
    (0..n)
        .map(|_| Salted {
            tenant: tenants[rng.below(5) as usize].to_string(),
            created: [i64::MIN, -1, 0, 1, i64::MAX, rng.next() as i64][rng.below(6) as usize],
            seq: rng.below(6) as u32,
        })
        .collect()
}

#[test]
fn phoenix_salt_byte_is_saltingutil() {
    for k in salted_keys(5, 2000) {
        let bytes = k.to_vec().unwrap();
        let rest = &bytes[1..];
        // The rest as Phoenix writes CHAR(4), BIGINT (sign bit flipped),
        // UNSIGNED_INT: the salt hashes exactly those bytes.
        let mut want = k.tenant.clone().into_bytes();
        want.resize(4, b' ');
        want.extend(((k.created as u64) ^ (1 << 63)).to_be_bytes());
        want.extend(k.seq.to_be_bytes());
        assert_eq!(rest, want.as_slice());
        assert_eq!(bytes[0], phoenix_salt(rest, 8), "{k:?}");
        assert_eq!(Salted::decode(&bytes).unwrap(), k);
    }
    // Phoenix pre-splits a SALT_BUCKETS = 8 table at \x01 .. \x07.
    let splits = Salted::split_keys(8).unwrap().to_vecs();
    assert_eq!(splits, (1u8..8).map(|i| vec![i]).collect::<Vec<_>>());
}

#[test]
fn phoenix_salted_scans_on_redb() {
    let all = salted_keys(9, 3000);
    let keys: BTreeSet<Vec<u8>> = all.iter().map(|k| k.to_vec().unwrap()).collect();
    let store = Store::create("salted", &keys);
    let d = |k: &[u8]| Salted::decode(k).unwrap();
    for tenant in ["acme", "b", "ü", "q"] {
        let fan = check(
            &store,
            &keys,
            Salted::scan().tenant(tenant).ranges().unwrap(),
            1,
            |k| d(k).tenant == tenant,
            "tenant",
        );
        assert_eq!(fan, 8);
        for (lo, hi) in [(i64::MIN, 0), (-1, 2), (0, i64::MAX)] {
            check(
                &store,
                &keys,
                Salted::scan()
                    .tenant(tenant)
                    .created(lo..hi)
                    .ranges()
                    .unwrap(),
                1,
                |k| {
                    let v = d(k);
                    v.tenant == tenant && (lo..hi).contains(&v.created)
                },
                "created range",
            );
            check(
                &store,
                &keys,
                Salted::scan()
                    .tenant(tenant)
                    .created(lo..=hi)
                    .ranges()
                    .unwrap(),
                1,
                |k| {
                    let v = d(k);
                    v.tenant == tenant && (lo..=hi).contains(&v.created)
                },
                "created range incl",
            );
        }
        check(
            &store,
            &keys,
            Salted::scan()
                .tenant(tenant)
                .created(0)
                .seq(2..)
                .ranges()
                .unwrap(),
            1,
            |k| {
                let v = d(k);
                v.tenant == tenant && v.created == 0 && v.seq >= 2
            },
            "seq range",
        );
    }
    // The whole key given: the salt is computed, one range.
    for k in all.iter().step_by(101) {
        let r = Salted::scan()
            .tenant(k.tenant.as_str())
            .created(k.created)
            .seq(k.seq)
            .ranges()
            .unwrap();
        assert_eq!(r.fan_out(), 1);
        let bytes = k.to_vec().unwrap();
        check(&store, &keys, r, 1, |x| x == bytes.as_slice(), "whole key");
    }
    check(
        &store,
        &keys,
        Salted::scan().ranges().unwrap(),
        1,
        |_| true,
        "whole table",
    );
}

#[test]
fn phoenix_form_with_variable_last_field_on_redb() {
    let mut rng = Rng(21);
    let all: Vec<SaltedBytes> = (0..3000)
        .map(|_| {
            let len = rng.below(5) as usize;
            SaltedBytes {
                id: rng.below(4) as u16,
                body: (0..len)
                    .map(|_| [0u8, 1, 0x7F, 0x80, 0xFF][rng.below(5) as usize])
                    .collect(),
            }
        })
        .collect();
    let keys: BTreeSet<Vec<u8>> = all.iter().map(|k| k.to_vec().unwrap()).collect();
    for k in &all {
        let b = k.to_vec().unwrap();
        assert_eq!(b[0], phoenix_salt(&b[1..], 256));
    }
    let store = Store::create("salted_bytes", &keys);
    let d = |k: &[u8]| SaltedBytes::decode(k).unwrap();
    for id in 0..5u16 {
        assert_eq!(
            check(
                &store,
                &keys,
                SaltedBytes::scan().id(id).ranges().unwrap(),
                1,
                |k| d(k).id == id,
                "id"
            ),
            256
        );
        for (lo, hi) in [
            (vec![], vec![0x80]),
            (vec![0xFF], vec![0xFF, 0xFF]),
            (vec![1], vec![1, 0]),
        ] {
            check(
                &store,
                &keys,
                SaltedBytes::scan()
                    .id(id)
                    .body(lo.clone()..hi.clone())
                    .ranges()
                    .unwrap(),
                1,
                |k| {
                    let v = d(k);
                    v.id == id && v.body >= lo && v.body < hi
                },
                "body range",
            );
        }
        for body in [vec![], vec![0xFF], vec![0, 0x80]] {
            let r = SaltedBytes::scan()
                .id(id)
                .body(body.clone())
                .ranges()
                .unwrap();
            assert_eq!(r.fan_out(), 1);
            check(
                &store,
                &keys,
                r,
                1,
                |k| {
                    let v = d(k);
                    v.id == id && v.body == body
                },
                "exact",
            );
        }
    }
}

// ---------------------------------------------------------------------------
// #[width(W)].

#[test]
fn width_bytes_refusals_and_order() {
    let k = Uid {
        id: 0x00AB_CDEF,
        big: 0x12_3456_789A,
        small: 0xFE,
    };
    let b = k.to_vec().unwrap();
    assert_eq!(b, [0xAB, 0xCD, 0xEF, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xFE]);
    assert_eq!(Uid::MAX_LEN, 9);
    assert_eq!(Uid::decode(&b).unwrap(), k);
    for (bad, field, value, width) in [
        (
            Uid {
                id: 1 << 24,
                big: 0,
                small: 0,
            },
            "id",
            1u128 << 24,
            3,
        ),
        (
            Uid {
                id: 0,
                big: 1 << 40,
                small: 0,
            },
            "big",
            1 << 40,
            5,
        ),
        (
            Uid {
                id: 0,
                big: 0,
                small: 256,
            },
            "small",
            256,
            1,
        ),
    ] {
        let e = bad.to_vec().unwrap_err();
        assert_eq!(e.field_name(), Some(field));
        assert_eq!(e.kind(), &ErrorKind::TooWide { value, width });
        assert!(e.to_string().contains(&format!("#[width({width})]")), "{e}");
        let mut buf = [0u8; Uid::MAX_LEN];
        assert!(bad.encode_into(&mut buf).is_err());
    }
    // Order: byte order is value order.
    let mut rng = Rng(4);
    for _ in 0..2000 {
        let a = Uid {
            id: rng.below(1 << 24) as u32,
            big: rng.below(1 << 40),
            small: rng.below(256) as u16,
        };
        let c = Uid {
            id: rng.below(1 << 24) as u32,
            big: rng.below(1 << 40),
            small: rng.below(256) as u16,
        };
        assert_eq!(
            a.to_vec().unwrap().cmp(&c.to_vec().unwrap()),
            (a.id, a.big, a.small).cmp(&(c.id, c.big, c.small))
        );
    }
}

#[test]
fn width_scans_on_redb() {
    let mut rng = Rng(8);
    let pick = |rng: &mut Rng| {
        [
            0u32,
            1,
            0x7F_FFFF,
            0x80_0000,
            0xFF_FFFE,
            0xFF_FFFF,
            rng.below(1 << 24) as u32,
        ][rng.below(7) as usize]
    };
    let all: Vec<Uid> = (0..3000)
        .map(|_| Uid {
            id: pick(&mut rng),
            big: [0, 1 << 39, (1 << 40) - 1][rng.below(3) as usize],
            small: rng.below(256) as u16,
        })
        .collect();
    let keys: BTreeSet<Vec<u8>> = all.iter().map(|k| k.to_vec().unwrap()).collect();
    let store = Store::create("uid", &keys);
    let d = |k: &[u8]| Uid::decode(k).unwrap();
    let edges = [0u32, 1, 0x80_0000, 0xFF_FFFF, 1 << 24, u32::MAX];
    for &a in &edges {
        for &b in &edges {
            check(
                &store,
                &keys,
                Uid::scan().id(a..b).ranges().unwrap(),
                0,
                |k| (a..b).contains(&d(k).id),
                "id a..b",
            );
            check(
                &store,
                &keys,
                Uid::scan().id(a..=b).ranges().unwrap(),
                0,
                |k| (a..=b).contains(&d(k).id),
                "id a..=b",
            );
        }
        // Bounds past what 3 bytes hold clamp: nothing above, all below.
        check(
            &store,
            &keys,
            Uid::scan().id(a..).ranges().unwrap(),
            0,
            |k| d(k).id >= a,
            "id a..",
        );
        check(
            &store,
            &keys,
            Uid::scan().id(..a).ranges().unwrap(),
            0,
            |k| d(k).id < a,
            "id ..a",
        );
        check(
            &store,
            &keys,
            Uid::scan().id(..=a).ranges().unwrap(),
            0,
            |k| d(k).id <= a,
            "id ..=a",
        );
        check(
            &store,
            &keys,
            Uid::scan()
                .id(0xFF_FFFF)
                .big(1u64 << 39..)
                .ranges()
                .unwrap(),
            0,
            |k| {
                let v = d(k);
                v.id == 0xFF_FFFF && v.big >= 1 << 39
            },
            "big from",
        );
        if a < 1 << 24 {
            check(
                &store,
                &keys,
                Uid::scan().id(a).big(0).small(..=200u16).ranges().unwrap(),
                0,
                |k| {
                    let v = d(k);
                    v.id == a && v.big == 0 && v.small <= 200
                },
                "small to",
            );
        }
    }
    // An exact value that 3 bytes cannot hold is refused as encode refuses
    // it, naming the field (a range only clamps).
    let e = Uid::scan().id(1u32 << 24).ranges().unwrap_err();
    assert_eq!(e.field_name(), Some("id"));
    assert_eq!(
        e.kind(),
        &ErrorKind::TooWide {
            value: 1 << 24,
            width: 3
        }
    );
}

// ---------------------------------------------------------------------------
// Vec<T> last.

#[test]
fn vec_elements_back_to_back() {
    let k = Series {
        host: 1,
        points: vec![-1, 0, 300],
    };
    assert_eq!(
        k.to_vec().unwrap(),
        [0, 1, 0x7F, 0xFF, 0x80, 0x00, 0x81, 0x2C]
    );
    assert_eq!(Series::decode(&k.to_vec().unwrap()).unwrap(), k);
    let empty = Series {
        host: 2,
        points: vec![],
    };
    assert_eq!(Series::decode(&empty.to_vec().unwrap()).unwrap(), empty);
    // A length that is not a whole number of elements.
    let e = Series::decode(&[0, 1, 0x80]).unwrap_err();
    assert_eq!(e.field_name(), Some("points"));
    assert_eq!(e.kind(), &ErrorKind::PartialElement { len: 1, width: 2 });
    let e = TsdbW0::decode(&[0, 0, 1, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7]).unwrap_err();
    assert_eq!(e.field_name(), Some("tags"));
    assert_eq!(e.kind(), &ErrorKind::PartialElement { len: 7, width: 6 });
    // Order: a list sorts as its elements, shorter first.
    let mut rng = Rng(6);
    for _ in 0..2000 {
        let mut gen = || -> Vec<i16> {
            (0..rng.below(4))
                .map(|_| [i16::MIN, -1, 0, 1, i16::MAX][rng.below(5) as usize])
                .collect()
        };
        let (a, b) = (gen(), gen());
        let ka = Series {
            host: 0,
            points: a.clone(),
        }
        .to_vec()
        .unwrap();
        let kb = Series {
            host: 0,
            points: b.clone(),
        }
        .to_vec()
        .unwrap();
        assert_eq!(ka.cmp(&kb), a.cmp(&b), "{a:?} {b:?}");
    }
}

#[test]
fn vec_scans_on_redb() {
    let mut rng = Rng(12);
    let all: Vec<Series> = (0..3000)
        .map(|_| Series {
            host: rng.below(3) as u16,
            points: (0..rng.below(4))
                .map(|_| [i16::MIN, -1, 0, 1, 255, i16::MAX][rng.below(6) as usize])
                .collect(),
        })
        .collect();
    let keys: BTreeSet<Vec<u8>> = all.iter().map(|k| k.to_vec().unwrap()).collect();
    let store = Store::create("series", &keys);
    let d = |k: &[u8]| Series::decode(k).unwrap();
    let bounds: [Vec<i16>; 5] = [
        vec![],
        vec![-1],
        vec![0, i16::MAX],
        vec![i16::MAX, i16::MAX],
        vec![1, 255, 0],
    ];
    for host in 0..3u16 {
        check(
            &store,
            &keys,
            Series::scan().host(host).ranges().unwrap(),
            0,
            |k| d(k).host == host,
            "host",
        );
        for a in &bounds {
            check(
                &store,
                &keys,
                Series::scan()
                    .host(host)
                    .points(a.clone())
                    .ranges()
                    .unwrap(),
                0,
                |k| {
                    let v = d(k);
                    v.host == host && &v.points == a
                },
                "points exact",
            );
            check(
                &store,
                &keys,
                Series::scan()
                    .host(host)
                    .points(a.clone()..)
                    .ranges()
                    .unwrap(),
                0,
                |k| {
                    let v = d(k);
                    v.host == host && &v.points >= a
                },
                "points from",
            );
            for b in &bounds {
                check(
                    &store,
                    &keys,
                    Series::scan()
                        .host(host)
                        .points(a.clone()..b.clone())
                        .ranges()
                        .unwrap(),
                    0,
                    |k| {
                        let v = d(k);
                        v.host == host && &v.points >= a && &v.points < b
                    },
                    "points a..b",
                );
                check(
                    &store,
                    &keys,
                    Series::scan()
                        .host(host)
                        .points(a.clone()..=b.clone())
                        .ranges()
                        .unwrap(),
                    0,
                    |k| {
                        let v = d(k);
                        v.host == host && &v.points >= a && &v.points <= b
                    },
                    "points a..=b",
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Hostile input.

#[test]
fn hostile_decode_never_panics_and_roundtrips() {
    let mut rng = Rng(99);
    let mut accepted = [0usize; 4];
    for _ in 0..200_000 {
        let len = rng.below(24) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| [0u8, 1, 2, 0x80, 0xFF, rng.next() as u8][rng.below(6) as usize])
            .collect();
        if let Ok(k) = TsdbW1::decode(&bytes) {
            assert_eq!(k.to_vec().unwrap(), bytes);
            accepted[0] += 1;
        }
        if let Ok(k) = TsdbW2::decode(&bytes) {
            assert_eq!(k.to_vec().unwrap(), bytes);
            accepted[1] += 1;
        }
        if let Ok(k) = Salted::decode(&bytes) {
            assert_eq!(k.to_vec().unwrap(), bytes);
            accepted[2] += 1;
        }
        if let Ok(k) = Uid::decode(&bytes) {
            assert_eq!(k.to_vec().unwrap(), bytes);
            accepted[3] += 1;
        }
        // Unverified decode skips the salt check but nothing else.
        let _ = TsdbW1::decode_unverified(&bytes);
        let _ = TsdbW1::explain(&bytes).map(|e| e.to_string());
        let _ = Series::decode(&bytes);
    }
    // Random salts match about 1 in N: some keys must get through.
    assert!(accepted.iter().all(|&n| n > 0), "{accepted:?}");
}

#[test]
fn wrong_salt_is_refused_naming_the_salt() {
    let k = TsdbW2 {
        metric: 5,
        base_time: 3600,
        tags: vec![[0, 0, 1, 0, 0, 9]],
    };
    let mut b = k.to_vec().unwrap();
    b[1] ^= 1;
    let e = TsdbW2::decode(&b).unwrap_err();
    assert_eq!(
        (e.field_name(), e.kind()),
        (Some("salt"), &ErrorKind::SaltMismatch)
    );
    assert_eq!(TsdbW2::decode_unverified(&b).unwrap(), k);
    let mut b = Salted {
        tenant: "a".into(),
        created: 1,
        seq: 2,
    }
    .to_vec()
    .unwrap();
    b[0] = (b[0] + 1) % 8;
    assert_eq!(Salted::decode(&b).unwrap_err().field_name(), Some("salt"));
    let explained = TsdbW2::explain(&k.to_vec().unwrap()).unwrap().to_string();
    assert!(explained.contains("salt"), "{explained}");
}

// ---------------------------------------------------------------------------
// No allocation, batches.

mod common;
use common::counting::{count, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn encode_and_scan_allocate_nothing() {
    let k = TsdbW2 {
        metric: 9,
        base_time: 7200,
        tags: vec![[0, 0, 1, 0xFF, 0, 2]; 8],
    };
    let s = Salted {
        tenant: "acme".into(),
        created: -9,
        seq: 4,
    };
    let u = Uid {
        id: 5,
        big: 6,
        small: 7,
    };
    let mut buf = [0u8; 64];
    let (n, allocs) = count(|| k.encode_into(&mut buf).unwrap());
    assert_eq!((n, allocs), (2 + 3 + 4 + 48, 0));
    let (_, allocs) = count(|| s.encode_into(&mut buf).unwrap());
    assert_eq!(allocs, 0);
    let (_, allocs) = count(|| u.encode_into(&mut buf).unwrap());
    assert_eq!(allocs, 0);
    let (fan, allocs) = count(|| {
        let ranges = TsdbW2::scan()
            .metric(9)
            .base_time(0..7200)
            .ranges()
            .unwrap();
        ranges.filter(|r| r.start().len() == 9).count()
    });
    assert_eq!((fan, allocs), (300, 0));
    let (fan, allocs) = count(|| Salted::scan().tenant("acme").ranges().unwrap().count());
    assert_eq!((fan, allocs), (8, 0));
    // Decode allocates only what the key's own fields own: none for Uid.
    let ub = u.to_vec().unwrap();
    let (_, allocs) = count(|| Uid::decode(&ub).unwrap());
    assert_eq!(allocs, 0);
}

#[test]
fn batches_write_the_same_bytes() {
    let keys: Vec<TsdbW1> = tsdb_points(31, 200)
        .into_iter()
        .map(|p| TsdbW1 {
            metric: p.metric,
            base_time: p.base_time,
            tags: p.tags,
        })
        .collect();
    let mut buf = vec![0u8; keys.iter().map(RowKey::encoded_len).sum()];
    let mut ends = vec![0usize; keys.len()];
    rowkey::encode_batch(&keys, &mut buf, &mut ends)
        .map_err(|(_, e)| e)
        .unwrap();
    let mut start = 0;
    for (k, &end) in keys.iter().zip(&ends) {
        assert_eq!(&buf[start..end], k.to_vec().unwrap().as_slice());
        start = end;
    }
    let rows: Vec<&[u8]> = keys
        .iter()
        .zip(&ends)
        .scan(0, |s, (_, &e)| {
            let r = &buf[*s..e];
            *s = e;
            Some(r)
        })
        .collect();
    assert_eq!(rowkey::verify_batch::<TsdbW1>(&rows), Ok(()));
    // A wrong salt in the batch is found, at its index.
    let mut bad = rows[7].to_vec();
    bad[0] = (bad[0] + 1) % 20;
    let mut rows = rows;
    rows[7] = &bad;
    let (at, e) = rowkey::verify_batch::<TsdbW1>(&rows).unwrap_err();
    assert_eq!(
        (at, e.field_name(), e.kind()),
        (7, Some("salt"), &ErrorKind::SaltMismatch)
    );
}

/// A field MD5 salt over a `#[width(3)]` body hashes the 3 bytes written,
/// in a batch as in `encode_into`.
#[derive(RowKey, Debug, PartialEq)]
struct SaltedUid {
    #[salt(md5, 4)]
    #[width(3)]
    uid: u32,
    ts: u64,
}

#[test]
fn md5_salt_over_narrow_field_in_batches() {
    let keys: Vec<SaltedUid> = (0..50)
        .map(|i| SaltedUid {
            uid: i * 1000,
            ts: u64::from(i),
        })
        .collect();
    let mut buf = vec![0u8; keys.len() * SaltedUid::MAX_LEN];
    let mut ends = vec![0usize; keys.len()];
    rowkey::encode_batch(&keys, &mut buf, &mut ends)
        .map_err(|(_, e)| e)
        .unwrap();
    let mut start = 0;
    for (k, &end) in keys.iter().zip(&ends) {
        let want = k.to_vec().unwrap();
        assert_eq!(&buf[start..end], want.as_slice());
        assert_eq!(SaltedUid::decode(&want).unwrap(), *k);
        start = end;
    }
}

/// The whole-key form with a 2-byte salt: W big-endian bytes of the bucket.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 1000, width = 2))]
struct WholeW2 {
    a: u32,
    b: String,
}

/// Salt values past what one scan may fan out to.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 16777216, width = 3, fields(a)))]
struct Wide {
    a: u32,
    b: u32,
}

#[test]
fn wider_salts() {
    for (a, b) in [
        (0u32, ""),
        (1, "x"),
        (u32::MAX, "\u{e9}\u{e9}"),
        (7, "zzzzzzzz"),
    ] {
        let k = WholeW2 { a, b: b.to_owned() };
        let bytes = k.to_vec().unwrap();
        let salt = (java_hash(&bytes[2..]) % 1000).abs();
        assert_eq!(&bytes[..2], &u16::try_from(salt).unwrap().to_be_bytes());
        assert_eq!(WholeW2::decode(&bytes).unwrap(), k);
        let w = Wide { a, b: 1 };
        let bytes = w.to_vec().unwrap();
        // With fields(..), a first field of zero bytes keeps the salt 0
        // (OpenTSDB's annotation-row rule).
        let salt = if a == 0 {
            0
        } else {
            (java_hash(&a.to_be_bytes()) % 16_777_216).abs()
        };
        assert_eq!(&bytes[..3], &salt.to_be_bytes()[1..]);
        // Given the salt's field, the scan computes it: one range.
        assert_eq!(Wide::scan().a(a).ranges().unwrap().fan_out(), 1);
    }
    assert_eq!(WholeW2::scan().a(1).ranges().unwrap().fan_out(), 1000);
    assert_eq!(
        WholeW2::split_keys(4).unwrap().to_vecs(),
        [vec![0, 250], vec![1, 244], vec![2, 238]]
    );
    // 2^24 ranges would be too many: refused, naming the salt.
    let e = Wide::scan().ranges().unwrap_err();
    assert_eq!(e.field_name(), Some("salt"));
}

/// Rows of all-0xFF bytes after the salt: a stop row's successor carries
/// into the salt byte (the end of that salt value), or, for the last value
/// of a one-byte salt of 256, runs to the end of the table.
#[test]
fn all_ff_bounds_carry_into_the_salt() {
    let mut points = tsdb_points(41, 1500);
    for (m, t, tags) in [
        (0x00FF_FFFF, u32::MAX, vec![[0xFF; 6]]),
        (0x00FF_FFFF, u32::MAX, vec![]),
        (0x00FF_FFFF, u32::MAX - 1, vec![[0xFF; 6], [0xFF; 6]]),
        (0x00FF_FFFE, u32::MAX, vec![[0xFF; 6]]),
    ] {
        points.push(TsdbW0 {
            metric: m,
            base_time: t,
            tags,
        });
    }
    macro_rules! layout {
        ($k:ident, $w:expr) => {{
            let keys: BTreeSet<Vec<u8>> = points
                .iter()
                .map(|p| {
                    $k {
                        metric: p.metric,
                        base_time: p.base_time,
                        tags: p.tags.clone(),
                    }
                    .to_vec()
                    .unwrap()
                })
                .collect();
            let store = Store::create(stringify!($k), &keys);
            let d = |k: &[u8]| $k::decode(k).unwrap();
            for m in [0x00FF_FFFE, 0x00FF_FFFF] {
                check(
                    &store,
                    &keys,
                    $k::scan()
                        .metric(m)
                        .base_time(u32::MAX - 1..)
                        .ranges()
                        .unwrap(),
                    $w,
                    |k| {
                        let v = d(k);
                        v.metric == m && v.base_time >= u32::MAX - 1
                    },
                    "to the end",
                );
                check(
                    &store,
                    &keys,
                    $k::scan()
                        .metric(m)
                        .base_time(..=u32::MAX)
                        .ranges()
                        .unwrap(),
                    $w,
                    |k| d(k).metric == m,
                    "..=MAX",
                );
                check(
                    &store,
                    &keys,
                    $k::scan()
                        .metric(m)
                        .base_time(u32::MAX)
                        .tags(vec![[0xFF; 6]]..)
                        .ranges()
                        .unwrap(),
                    $w,
                    |k| {
                        let v = d(k);
                        v.metric == m && v.base_time == u32::MAX && v.tags >= vec![[0xFF; 6]]
                    },
                    "tags from ff",
                );
                check(
                    &store,
                    &keys,
                    $k::scan().metric(m..).ranges().unwrap(),
                    $w,
                    |k| d(k).metric >= m,
                    "metric from",
                );
            }
        }};
    }
    layout!(TsdbW0, 0);
    layout!(TsdbW1, 1);
    layout!(TsdbW2, 2);

    let mut rng = Rng(77);
    let mut all: Vec<SaltedBytes> = (0..2000)
        .map(|_| SaltedBytes {
            id: [0, 1, 0xFFFF][rng.below(3) as usize],
            body: (0..rng.below(4))
                .map(|_| [0u8, 0xFE, 0xFF][rng.below(3) as usize])
                .collect(),
        })
        .collect();
    all.push(SaltedBytes {
        id: 0xFFFF,
        body: vec![0xFF; 3],
    });
    let keys: BTreeSet<Vec<u8>> = all.iter().map(|k| k.to_vec().unwrap()).collect();
    let store = Store::create("salted_ff", &keys);
    let d = |k: &[u8]| SaltedBytes::decode(k).unwrap();
    check(
        &store,
        &keys,
        SaltedBytes::scan().id(0xFFFF).ranges().unwrap(),
        1,
        |k| d(k).id == 0xFFFF,
        "id ff",
    );
    check(
        &store,
        &keys,
        SaltedBytes::scan()
            .id(0xFFFF)
            .body(vec![0xFF]..)
            .ranges()
            .unwrap(),
        1,
        |k| {
            let v = d(k);
            v.id == 0xFFFF && v.body >= vec![0xFF]
        },
        "body from ff",
    );
    check(
        &store,
        &keys,
        SaltedBytes::scan().id(0xFFFF..).ranges().unwrap(),
        1,
        |k| d(k).id == 0xFFFF,
        "id from ff",
    );
    check(
        &store,
        &keys,
        SaltedBytes::scan()
            .id(0xFFFF)
            .body(vec![0xFF; 3])
            .ranges()
            .unwrap(),
        1,
        |k| {
            let v = d(k);
            v.id == 0xFFFF && v.body == [0xFF; 3]
        },
        "exact ff",
    );
}

/// Valid keys with bytes flipped, inserted, removed or cut: decode never
/// panics, and whatever it accepts encodes back to the same bytes.
#[test]
fn mutated_keys_decode_or_refuse() {
    let mut rng = Rng(123);
    let mut seen = [0usize; 2];
    let valid: Vec<Vec<u8>> = tsdb_points(5, 300)
        .into_iter()
        .flat_map(|p| {
            [
                TsdbW1 {
                    metric: p.metric,
                    base_time: p.base_time,
                    tags: p.tags.clone(),
                }
                .to_vec()
                .unwrap(),
                TsdbW2 {
                    metric: p.metric,
                    base_time: p.base_time,
                    tags: p.tags.clone(),
                }
                .to_vec()
                .unwrap(),
                Uid {
                    id: p.metric,
                    big: u64::from(p.base_time),
                    small: 3,
                }
                .to_vec()
                .unwrap(),
                Salted {
                    tenant: "ab".into(),
                    created: i64::from(p.base_time),
                    seq: p.metric,
                }
                .to_vec()
                .unwrap(),
            ]
        })
        .collect();
    for key in &valid {
        for _ in 0..40 {
            let mut k = key.clone();
            for _ in 0..=rng.below(3) {
                let at = rng.below(k.len() as u64 + 1) as usize;
                match rng.below(4) {
                    0 if at < k.len() => k[at] ^= 1 << rng.below(8),
                    1 => k.insert(at, rng.next() as u8),
                    2 if at < k.len() => drop(k.remove(at)),
                    _ => k.truncate(at),
                }
            }
            macro_rules! roundtrip {
                ($($k:ident),*) => {$(
                    if let Ok(d) = $k::decode(&k) {
                        assert_eq!(d.to_vec().unwrap(), k, "{} accepted {k:02x?}", stringify!($k));
                        seen[0] += 1;
                    } else {
                        seen[1] += 1;
                    }
                    let _ = $k::decode_unverified(&k);
                    let _ = $k::explain(&k).map(|e| e.to_string());
                )*};
            }
            roundtrip!(TsdbW0, TsdbW1, TsdbW2, Uid, Salted, Series, SaltedBytes);
        }
    }
    assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
}

#[test]
fn split_keys_for_any_java_spread_never_panics() {
    for width in [0, 1, 2, 3, 4, 5, usize::MAX] {
        for buckets in [
            0,
            1,
            2,
            255,
            256,
            257,
            65536,
            65537,
            1 << 24,
            i32::MAX as u32,
            u32::MAX,
        ] {
            for n in [0, 1, 2, 3, 256, 100_000] {
                let r = rowkey::split_keys_for(Spread::JavaHash { buckets, width }, n);
                let valid = (1..=4).contains(&width)
                    && buckets >= 2
                    && u64::from(buckets) <= (1u64 << (8 * width)).min(i32::MAX as u64)
                    && n >= 2
                    && n as u64 <= u64::from(buckets);
                assert_eq!(r.is_ok(), valid, "{width} {buckets} {n}");
                if let Ok(s) = r {
                    let keys = s.to_vecs();
                    assert!(keys.iter().all(|k| k.len() == width));
                    assert!(keys.windows(2).all(|w| w[0] < w[1]));
                }
            }
        }
    }
}

#[test]
fn trailing_bytes_are_named_as_such() {
    let mut b = Salted {
        tenant: "ab".into(),
        created: 5,
        seq: 1,
    }
    .to_vec()
    .unwrap();
    b.push(0);
    let e = Salted::decode(&b).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TrailingBytes { count: 1 });
    let mut b = Uid {
        id: 1,
        big: 2,
        small: 3,
    }
    .to_vec()
    .unwrap();
    b.push(9);
    assert_eq!(
        Uid::decode(&b).unwrap_err().kind(),
        &ErrorKind::TrailingBytes { count: 1 }
    );
    // A salt cut short names the salt.
    let e = TsdbW2::decode(&[7]).unwrap_err();
    assert_eq!(e.field_name(), Some("salt"));
}

#[test]
fn vec_fields_scan_with_borrowed_lists() {
    let tags = vec![[0, 0, 1, 0, 0, 2], [0, 0, 3, 0, 0, 4]];
    let owned = TsdbW1::scan()
        .metric(1)
        .base_time(3600)
        .tags(tags.clone())
        .ranges()
        .unwrap();
    let slice = TsdbW1::scan()
        .metric(1)
        .base_time(3600)
        .tags(&tags[..])
        .ranges()
        .unwrap();
    let vec_ref = TsdbW1::scan()
        .metric(1)
        .base_time(3600)
        .tags(&tags)
        .ranges()
        .unwrap();
    let rows = |r: ScanRanges<TsdbW1>| {
        r.map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
            .collect::<Vec<_>>()
    };
    let want = rows(owned);
    assert_eq!(want.len(), 1);
    assert_eq!(rows(slice), want);
    assert_eq!(rows(vec_ref), want);
    let a = Series::scan()
        .host(1)
        .points(&[1i16, 2][..]..&[3i16][..])
        .ranges()
        .unwrap();
    let b = Series::scan()
        .host(1)
        .points(vec![1i16, 2]..vec![3i16])
        .ranges()
        .unwrap();
    let (a, b) = (a.collect::<Vec<_>>(), b.collect::<Vec<_>>());
    assert_eq!(a.len(), 1);
    assert_eq!((a[0].start(), a[0].stop()), (b[0].start(), b[0].stop()));
    let lo = vec![5i16];
    let c = Series::scan()
        .host(1)
        .points(&lo..)
        .ranges()
        .unwrap()
        .next()
        .unwrap();
    assert_eq!(c.start(), [0, 1, 0x80, 0x05]);
}
