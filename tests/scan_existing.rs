//! Scans of `#[rowkey(phoenix)]` and `#[spread(N)]` keys proven exact on a
//! real store (redb): random keys with adversarial values are written, and
//! every scan's ranges, read as HBase reads a `Scan`'s start and stop rows
//! (`KeyRange::bounds` into `Table::range`), return exactly the rows a
//! brute-force filter over the decoded keys selects. A fan-out's streams
//! merged with `merge_skip()` come out in the order of the key after the
//! spread; each key's `candidates()` hold the row it was written under.

use redb::{Database, ReadOnlyTable, ReadableDatabase, TableDefinition};
use rowkey::{KeyRange, RowKey, ScanBuilder};
use std::collections::BTreeSet;
use std::ops::Bound;
use std::path::PathBuf;

const TABLE: TableDefinition<&[u8], ()> = TableDefinition::new("rows");
const KEYS: usize = 3_000;
const SCANS: usize = 300;

struct Store {
    path: PathBuf,
    db: Option<Database>,
}

impl Store {
    fn create(name: &str) -> Store {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let path = std::env::temp_dir().join(format!(
            "rowkey-scan_existing-{}-{name}-{nanos}.redb",
            std::process::id()
        ));
        let db = Database::create(&path).expect("create redb file");
        Store { path, db: Some(db) }
    }

    fn load(&self, keys: &BTreeSet<Vec<u8>>) {
        let w = self
            .db
            .as_ref()
            .expect("open")
            .begin_write()
            .expect("write");
        {
            let mut t = w.open_table(TABLE).expect("table");
            for k in keys {
                t.insert(k.as_slice(), ()).expect("insert");
            }
        }
        w.commit().expect("commit");
    }

    fn table(&self) -> ReadOnlyTable<&'static [u8], ()> {
        self.db
            .as_ref()
            .expect("open")
            .begin_read()
            .expect("read")
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

fn rows<K: RowKey>(t: &ReadOnlyTable<&'static [u8], ()>, r: &KeyRange<K>) -> Vec<Vec<u8>> {
    t.range::<&[u8]>(r.bounds())
        .expect("range")
        .map(|e| e.expect("row").0.value().to_vec())
        .collect()
}

/// A small xorshift generator: the same keys on every run.
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
    fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize].clone()
    }
    /// Short text from an alphabet that makes prefixes of each other
    /// (`a`, `ab`), sorts around the separators (`\u{1}`, `~`, `é`), and
    /// holds multi-byte characters.
    fn text(&mut self) -> String {
        let len = 1 + self.below(3) as usize;
        (0..len)
            .map(|_| self.pick(&['a', 'b', '\u{1}', '~', 'é', 'Z']))
            .collect()
    }
    fn opt_text(&mut self) -> Option<String> {
        (self.below(3) != 0).then(|| self.text())
    }
}

fn in_range<T: PartialOrd>(v: &T, lo: &Bound<T>, hi: &Bound<T>) -> bool {
    (match lo {
        Bound::Included(l) => v >= l,
        Bound::Excluded(l) => v > l,
        Bound::Unbounded => true,
    }) && (match hi {
        Bound::Included(h) => v <= h,
        Bound::Excluded(h) => v < h,
        Bound::Unbounded => true,
    })
}

fn bound<T>(rng: &mut Rng, v: T) -> Bound<T> {
    match rng.below(3) {
        0 => Bound::Included(v),
        1 => Bound::Excluded(v),
        _ => Bound::Unbounded,
    }
}

/// Checks one scan: the union of its ranges' rows is exactly `expected`,
/// no row is in two ranges, and, merged with `merge_skip()`, the rows come
/// in the order of their bytes after the skip.
fn check_scan<K: RowKey>(
    t: &ReadOnlyTable<&'static [u8], ()>,
    what: &str,
    ranges: rowkey::ScanRanges<K>,
    expected: &BTreeSet<Vec<u8>>,
) -> usize {
    let skip = ranges.merge_skip();
    let fan = ranges.fan_out();
    let streams: Vec<Vec<Vec<u8>>> = ranges.map(|r| rows(t, &r)).collect();
    let mut got = BTreeSet::new();
    for row in streams.iter().flatten() {
        assert!(
            got.insert(row.clone()),
            "{what}: row {row:x?} in two ranges"
        );
    }
    assert_eq!(&got, expected, "{what}: rows differ from brute force");
    if fan > 1 {
        assert!(skip > 0, "{what}: a fan-out of {fan} merges with skip 0");
    }
    let merged: Vec<Vec<u8>> =
        rowkey::merge_sorted(streams.into_iter().map(Vec::into_iter), skip, |r| r).collect();
    assert_eq!(merged.len(), expected.len(), "{what}");
    for w in merged.windows(2) {
        assert!(w[0][skip..] <= w[1][skip..], "{what}: merge out of order");
    }
    fan
}

/// Every stored row with its decoded key: brute force's side of a check.
struct Decoded<K>(Vec<(Vec<u8>, K)>);

impl<K> Decoded<K> {
    fn new(all: &BTreeSet<Vec<u8>>, decode: impl Fn(&[u8]) -> Result<K, rowkey::Error>) -> Self {
        Decoded(
            all.iter()
                .map(|k| (k.clone(), decode(k).expect("decodes")))
                .collect(),
        )
    }

    /// The rows whose keys `f` selects.
    fn select(&self, f: &dyn Fn(&K) -> bool) -> BTreeSet<Vec<u8>> {
        self.0
            .iter()
            .filter(|(_, m)| f(m))
            .map(|(k, _)| k.clone())
            .collect()
    }
}

fn load_keys<K: RowKey>(keys: &[K]) -> BTreeSet<Vec<u8>> {
    keys.iter().map(|k| k.to_vec().expect("encodes")).collect()
}

// ---------------------------------------------------------------------------
// Phoenix layouts.

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Metrics {
    host: String,
    metric: String,
    ts: i64,
}

#[test]
fn phoenix_asc_varchars_scan_exactly() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let keys: Vec<Metrics> = (0..KEYS)
        .map(|_| Metrics {
            host: rng.text(),
            metric: rng.text(),
            ts: rng.pick(&[i64::MIN, -5, -1, 0, 1, 7, i64::MAX]),
        })
        .collect();
    let all = load_keys(&keys);
    let store = Store::create("metrics");
    store.load(&all);
    let t = store.table();
    let decoded = Decoded::new(&all, |k| Metrics::decode(k));
    let select = |f: &dyn Fn(&Metrics) -> bool| decoded.select(f);
    for _ in 0..SCANS {
        let probe = rng.pick(&keys);
        let other = rng.text();
        let lo = bound(&mut rng, probe.metric.clone());
        let hi = bound(&mut rng, other);
        let ts = (bound(&mut rng, -1i64), bound(&mut rng, 7i64));
        let h = probe.host.clone();
        check_scan(
            &t,
            "host",
            Metrics::scan().host(h.as_str()).ranges().expect("scan"),
            &select(&|m| m.host == h),
        );
        check_scan(
            &t,
            "host, metric range",
            Metrics::scan()
                .host(h.as_str())
                .metric((lo.clone(), hi.clone()))
                .ranges()
                .expect("scan"),
            &select(&|m| m.host == h && in_range(&m.metric, &lo, &hi)),
        );
        check_scan(
            &t,
            "host, metric, ts range",
            Metrics::scan()
                .host(h.as_str())
                .metric(probe.metric.as_str())
                .ts(ts)
                .ranges()
                .expect("scan"),
            &select(&|m| m.host == h && m.metric == probe.metric && in_range(&m.ts, &ts.0, &ts.1)),
        );
        let hl = bound(&mut rng, probe.host.clone());
        let hh = {
            let v = rng_text_after(&mut rng, &probe.host);
            bound(&mut rng, v)
        };
        check_scan(
            &t,
            "host range",
            Metrics::scan()
                .host((hl.clone(), hh.clone()))
                .ranges()
                .expect("scan"),
            &select(&|m| in_range(&m.host, &hl, &hh)),
        );
        check_scan(
            &t,
            "whole key",
            Metrics::scan()
                .host(h.as_str())
                .metric(probe.metric.as_str())
                .ts(probe.ts)
                .ranges()
                .expect("scan"),
            &select(&|m| *m == probe),
        );
    }
}

fn rng_text_after(rng: &mut Rng, s: &str) -> String {
    let mut t = s.to_owned();
    t.push_str(&rng.text());
    if rng.below(2) == 0 {
        rng.text()
    } else {
        t
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Desc {
    #[desc]
    name: String,
    #[desc]
    score: i64,
    #[desc]
    active: bool,
    #[desc]
    tag: String,
}

#[test]
fn phoenix_desc_columns_scan_exactly_and_sort_descending() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let keys: Vec<Desc> = (0..KEYS)
        .map(|_| Desc {
            name: rng.text(),
            score: rng.pick(&[i64::MIN, -3, 0, 2, i64::MAX]),
            active: rng.below(2) == 0,
            tag: rng.text(),
        })
        .collect();
    let all = load_keys(&keys);
    // Stored order is descending on each column in turn.
    let stored: Vec<Desc> = all
        .iter()
        .map(|k| Desc::decode(k).expect("decodes"))
        .collect();
    for w in stored.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let ka = (&a.name, a.score, a.active, &a.tag);
        let kb = (&b.name, b.score, b.active, &b.tag);
        assert!(ka > kb, "{a:?} sorts before {b:?}");
    }
    let store = Store::create("desc");
    store.load(&all);
    let t = store.table();
    let select = |f: &dyn Fn(&Desc) -> bool| -> BTreeSet<Vec<u8>> {
        all.iter()
            .zip(&stored)
            .filter(|(_, d)| f(d))
            .map(|(k, _)| k.clone())
            .collect()
    };
    for _ in 0..SCANS {
        let probe = rng.pick(&keys);
        let n = probe.name.clone();
        let (lo, hi) = (bound(&mut rng, -3i64), bound(&mut rng, 2i64));
        let (nl, nh) = (
            {
                let v = rng.text();
                bound(&mut rng, v)
            },
            {
                let v = rng_text_after(&mut rng, &probe.name);
                bound(&mut rng, v)
            },
        );
        check_scan(
            &t,
            "name",
            Desc::scan().name(n.as_str()).ranges().expect("scan"),
            &select(&|d| d.name == n),
        );
        check_scan(
            &t,
            "name range",
            Desc::scan()
                .name((nl.clone(), nh.clone()))
                .ranges()
                .expect("scan"),
            &select(&|d| in_range(&d.name, &nl, &nh)),
        );
        check_scan(
            &t,
            "name, score range",
            Desc::scan()
                .name(n.as_str())
                .score((lo, hi))
                .ranges()
                .expect("scan"),
            &select(&|d| d.name == n && in_range(&d.score, &lo, &hi)),
        );
        let act = (bound(&mut rng, false), bound(&mut rng, true));
        check_scan(
            &t,
            "name, score, active range",
            Desc::scan()
                .name(n.as_str())
                .score(probe.score)
                .active(act)
                .ranges()
                .expect("scan"),
            &select(&|d| {
                d.name == n && d.score == probe.score && in_range(&d.active, &act.0, &act.1)
            }),
        );
        let (tl, th) = (
            {
                let v = rng.text();
                bound(&mut rng, v)
            },
            {
                let v = rng.text();
                bound(&mut rng, v)
            },
        );
        check_scan(
            &t,
            "name, score, active, tag range",
            Desc::scan()
                .name(n.as_str())
                .score(probe.score)
                .active(probe.active)
                .tag((tl.clone(), th.clone()))
                .ranges()
                .expect("scan"),
            &select(&|d| {
                d.name == n
                    && d.score == probe.score
                    && d.active == probe.active
                    && in_range(&d.tag, &tl, &th)
            }),
        );
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 4))]
struct Nullable {
    org: String,
    dept: Option<String>,
    id: i32,
    #[desc]
    nick: Option<String>,
    alias: Option<String>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct TailOpen {
    a: String,
    b: String,
    c: Option<String>,
    #[desc]
    d: Option<String>,
}

#[test]
fn phoenix_nullable_columns_scan_exactly_across_salt_buckets() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let keys: Vec<Nullable> = (0..KEYS)
        .map(|_| Nullable {
            org: rng.text(),
            dept: rng.opt_text(),
            id: rng.pick(&[i32::MIN, -1, 0, 1, i32::MAX]),
            nick: rng.opt_text(),
            alias: rng.opt_text(),
        })
        .collect();
    let all = load_keys(&keys);
    let store = Store::create("nullable");
    store.load(&all);
    let t = store.table();
    let decoded = Decoded::new(&all, |k| Nullable::decode(k));
    let select = |f: &dyn Fn(&Nullable) -> bool| decoded.select(f);
    let mut fanned = 0;
    for _ in 0..SCANS {
        let p = rng.pick(&keys);
        let org = p.org.clone();
        fanned += check_scan(
            &t,
            "org",
            Nullable::scan().org(org.as_str()).ranges().expect("scan"),
            &select(&|m| m.org == org),
        );
        check_scan(
            &t,
            "org, dept",
            Nullable::scan()
                .org(org.as_str())
                .dept(p.dept.clone())
                .ranges()
                .expect("scan"),
            &select(&|m| m.org == org && m.dept == p.dept),
        );
        let ids = (bound(&mut rng, -1i32), bound(&mut rng, 1i32));
        check_scan(
            &t,
            "org, dept, id range",
            Nullable::scan()
                .org(org.as_str())
                .dept(p.dept.clone())
                .id(ids)
                .ranges()
                .expect("scan"),
            &select(&|m| m.org == org && m.dept == p.dept && in_range(&m.id, &ids.0, &ids.1)),
        );
        check_scan(
            &t,
            "org, dept, id, nick",
            Nullable::scan()
                .org(org.as_str())
                .dept(p.dept.clone())
                .id(p.id)
                .nick(p.nick.clone())
                .ranges()
                .expect("scan"),
            &select(&|m| m.org == org && m.dept == p.dept && m.id == p.id && m.nick == p.nick),
        );
        check_scan(
            &t,
            "whole key",
            Nullable::scan()
                .org(org.as_str())
                .dept(p.dept.clone())
                .id(p.id)
                .nick(p.nick.clone())
                .alias(p.alias.clone())
                .ranges()
                .expect("scan"),
            &select(&|m| *m == p),
        );
    }
    assert!(
        fanned >= SCANS * 4,
        "a scan leaving columns open fans out over the 4 salt values"
    );

    // Columns after the ranged one all nullable: a value may end the key
    // or be followed by a separator.
    let keys: Vec<TailOpen> = (0..KEYS)
        .map(|_| TailOpen {
            a: rng.text(),
            b: rng.text(),
            c: rng.opt_text(),
            d: rng.opt_text(),
        })
        .collect();
    let all = load_keys(&keys);
    let store = Store::create("tail_open");
    store.load(&all);
    let t = store.table();
    let decoded = Decoded::new(&all, |k| TailOpen::decode(k));
    let select = |f: &dyn Fn(&TailOpen) -> bool| decoded.select(f);
    for _ in 0..SCANS {
        let p = rng.pick(&keys);
        let (lo, hi) = (bound(&mut rng, p.b.clone()), {
            let v = rng_text_after(&mut rng, &p.b);
            bound(&mut rng, v)
        });
        check_scan(
            &t,
            "a, b range",
            TailOpen::scan()
                .a(p.a.as_str())
                .b((lo.clone(), hi.clone()))
                .ranges()
                .expect("scan"),
            &select(&|m| m.a == p.a && in_range(&m.b, &lo, &hi)),
        );
        check_scan(
            &t,
            "a, b",
            TailOpen::scan()
                .a(p.a.as_str())
                .b(p.b.as_str())
                .ranges()
                .expect("scan"),
            &select(&|m| m.a == p.a && m.b == p.b),
        );
        check_scan(
            &t,
            "a, b, c",
            TailOpen::scan()
                .a(p.a.as_str())
                .b(p.b.as_str())
                .c(p.c.clone())
                .ranges()
                .expect("scan"),
            &select(&|m| m.a == p.a && m.b == p.b && m.c == p.c),
        );
    }
}

// ---------------------------------------------------------------------------
// Spread layouts.

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SpreadFirst {
    #[spread(4)]
    shard: u8,
    user: u32,
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SpreadMiddle {
    tenant: u16,
    #[spread(12)]
    #[decimal(2)]
    #[delim(b'-')]
    shard: u8,
    id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SpreadLast {
    user_id: u64,
    order_id: u64,
    #[spread(100)]
    r: u8,
}

#[test]
fn spread_first_fans_out_and_merges_without_the_shard() {
    let mut rng = Rng(0xA076_1D64_78BD_642F);
    let keys: Vec<SpreadFirst> = (0..KEYS)
        .map(|_| SpreadFirst {
            shard: rng.below(4) as u8,
            user: rng.below(20) as u32,
            ts: rng.below(50),
        })
        .collect();
    let all = load_keys(&keys);
    let store = Store::create("spread_first");
    store.load(&all);
    let t = store.table();
    let decoded = Decoded::new(&all, |k| SpreadFirst::decode(k));
    let select = |f: &dyn Fn(&SpreadFirst) -> bool| decoded.select(f);
    for _ in 0..SCANS {
        let p = rng.pick(&keys);
        let ts = (bound(&mut rng, 10u64), bound(&mut rng, 30u64));
        let r = SpreadFirst::scan().user(p.user).ranges().expect("scan");
        assert_eq!(
            (r.fan_out(), r.merge_skip()),
            (4, 5),
            "one range per shard, skip shard and user"
        );
        check_scan(
            &t,
            "user (shard skipped)",
            r,
            &select(&|m| m.user == p.user),
        );
        let r = SpreadFirst::scan()
            .user(p.user)
            .ts(ts)
            .ranges()
            .expect("scan");
        assert_eq!(r.merge_skip(), 5);
        check_scan(
            &t,
            "user, ts range (shard skipped)",
            r,
            &select(&|m| m.user == p.user && in_range(&m.ts, &ts.0, &ts.1)),
        );
        let users = (bound(&mut rng, 3u32), bound(&mut rng, 12u32));
        check_scan(
            &t,
            "user range (shard skipped)",
            SpreadFirst::scan().user(users).ranges().expect("scan"),
            &select(&|m| in_range(&m.user, &users.0, &users.1)),
        );
        let r = SpreadFirst::scan()
            .shard(p.shard)
            .user(p.user)
            .ranges()
            .expect("scan");
        assert_eq!(r.fan_out(), 1, "a given shard is one range");
        check_scan(
            &t,
            "shard, user",
            r,
            &select(&|m| m.shard == p.shard && m.user == p.user),
        );
        // The candidates of a key hold the row it was written under.
        let bytes = p.to_vec().expect("encodes");
        let cands: Vec<Vec<u8>> = p
            .candidates()
            .map(|c| c.expect("candidate").to_vec())
            .collect();
        assert_eq!(cands.len(), 4);
        assert_eq!(cands[usize::from(p.shard)], bytes);
        for (i, c) in cands.iter().enumerate() {
            let k = SpreadFirst::decode(c).expect("candidate decodes");
            assert_eq!((k.shard as usize, k.user, k.ts), (i, p.user, p.ts));
        }
    }
}

#[test]
fn spread_middle_in_digits_fans_out_after_its_prefix() {
    let mut rng = Rng(0xE703_7ED1_A0B4_28DB);
    let keys: Vec<SpreadMiddle> = (0..KEYS)
        .map(|_| SpreadMiddle {
            tenant: rng.below(6) as u16,
            shard: rng.below(12) as u8,
            id: rng.pick(&[0, 1, 2, 45, 0x2d2d, u64::MAX]),
        })
        .collect();
    let all = load_keys(&keys);
    let store = Store::create("spread_middle");
    store.load(&all);
    let t = store.table();
    let decoded = Decoded::new(&all, |k| SpreadMiddle::decode(k));
    let select = |f: &dyn Fn(&SpreadMiddle) -> bool| decoded.select(f);
    for _ in 0..SCANS {
        let p = rng.pick(&keys);
        let ids = (bound(&mut rng, 1u64), bound(&mut rng, 0x2d2du64));
        let r = SpreadMiddle::scan()
            .tenant(p.tenant)
            .id(ids)
            .ranges()
            .expect("scan");
        assert_eq!(
            (r.fan_out(), r.merge_skip()),
            (12, 5),
            "tenant (2) and shard digits and '-' (3)"
        );
        check_scan(
            &t,
            "tenant, id range (shard skipped)",
            r,
            &select(&|m| m.tenant == p.tenant && in_range(&m.id, &ids.0, &ids.1)),
        );
        check_scan(
            &t,
            "tenant",
            SpreadMiddle::scan()
                .tenant(p.tenant)
                .ranges()
                .expect("scan"),
            &select(&|m| m.tenant == p.tenant),
        );
        check_scan(
            &t,
            "tenant, shard",
            SpreadMiddle::scan()
                .tenant(p.tenant)
                .shard(p.shard)
                .ranges()
                .expect("scan"),
            &select(&|m| m.tenant == p.tenant && m.shard == p.shard),
        );
        check_scan(
            &t,
            "tenant, id (shard skipped)",
            SpreadMiddle::scan()
                .tenant(p.tenant)
                .id(p.id)
                .ranges()
                .expect("scan"),
            &select(&|m| m.tenant == p.tenant && m.id == p.id),
        );
    }
}

#[test]
fn spread_last_is_one_range_per_prefix() {
    let mut rng = Rng(0x8EBC_6AF0_9C88_C6E3);
    let keys: Vec<SpreadLast> = (0..KEYS)
        .map(|_| SpreadLast {
            user_id: rng.below(10),
            order_id: rng.below(30),
            r: rng.below(100) as u8,
        })
        .collect();
    let all = load_keys(&keys);
    let store = Store::create("spread_last");
    store.load(&all);
    let t = store.table();
    let decoded = Decoded::new(&all, |k| SpreadLast::decode(k));
    let select = |f: &dyn Fn(&SpreadLast) -> bool| decoded.select(f);
    for _ in 0..SCANS {
        let p = rng.pick(&keys);
        let r = SpreadLast::scan()
            .user_id(p.user_id)
            .order_id(p.order_id)
            .ranges()
            .expect("scan");
        assert_eq!(r.fan_out(), 1, "the prefix covers every shard");
        check_scan(
            &t,
            "user, order",
            r,
            &select(&|m| m.user_id == p.user_id && m.order_id == p.order_id),
        );
        let o = (bound(&mut rng, 5u64), bound(&mut rng, 20u64));
        check_scan(
            &t,
            "user, order range",
            SpreadLast::scan()
                .user_id(p.user_id)
                .order_id(o)
                .ranges()
                .expect("scan"),
            &select(&|m| m.user_id == p.user_id && in_range(&m.order_id, &o.0, &o.1)),
        );
        // A get reads the candidates: the one row written is among them.
        let hits: Vec<Vec<u8>> = p
            .candidates()
            .map(|c| c.expect("candidate").to_vec())
            .filter(|c| all.contains(c))
            .collect();
        assert!(hits.contains(&p.to_vec().expect("encodes")));
    }
}

#[test]
fn spread_refuses_a_shard_out_of_range_naming_the_field() {
    let e = SpreadFirst {
        shard: 4,
        user: 1,
        ts: 1,
    }
    .to_vec()
    .expect_err("shard 4 of 4");
    assert_eq!(e.field_name(), Some("shard"));
    assert!(matches!(
        e.kind(),
        rowkey::ErrorKind::SpreadOutOfRange { value: 4, count: 4 }
    ));
    assert!(e.to_string().contains("0 to 3"), "{e}");
    // Decode checks the stored shard too.
    let mut bytes = SpreadFirst {
        shard: 3,
        user: 1,
        ts: 1,
    }
    .to_vec()
    .expect("encodes");
    bytes[0] = 9;
    let e = SpreadFirst::decode(&bytes).expect_err("stored shard 9 of 4");
    assert_eq!(e.field_name(), Some("shard"));
    let e = SpreadMiddle {
        tenant: 1,
        shard: 12,
        id: 0,
    }
    .to_vec()
    .expect_err("shard 12 of 12");
    assert_eq!(e.field_name(), Some("shard"));
    let mut bytes = SpreadMiddle {
        tenant: 1,
        shard: 11,
        id: 0,
    }
    .to_vec()
    .expect("encodes");
    bytes[2..4].copy_from_slice(b"12");
    assert_eq!(
        SpreadMiddle::decode(&bytes).expect_err("12").field_name(),
        Some("shard")
    );
    let _ = ScanBuilder::ranges(SpreadLast::scan()).expect("whole table");
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SpreadNarrow {
    #[spread(300)]
    #[width(2)]
    shard: u32,
    id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SpreadDigits {
    #[spread(20)]
    #[decimal]
    #[delim(b'-')]
    shard: u16,
    id: u32,
}

#[test]
fn spread_in_other_encodings() {
    // #[width(2)]: two bytes per shard, 300 shards.
    let k = SpreadNarrow { shard: 299, id: 5 };
    let bytes = k.to_vec().expect("encodes");
    assert_eq!(bytes[..2], [1, 43]);
    assert_eq!(SpreadNarrow::decode(&bytes).expect("decodes"), k);
    let c: Vec<Vec<u8>> = k
        .candidates()
        .map(|c| c.expect("candidate").to_vec())
        .collect();
    assert_eq!(c.len(), 300);
    assert_eq!(c[299], bytes);
    assert_eq!(c[0][..2], [0, 0]);
    let r = SpreadNarrow::scan().id(5).ranges().expect("scan");
    assert_eq!((r.fan_out(), r.merge_skip()), (300, 10));
    let ranges: Vec<_> = r.collect();
    assert!(ranges[299].contains(&bytes) && !ranges[298].contains(&bytes));
    assert!(SpreadNarrow { shard: 300, id: 5 }.to_vec().is_err());

    // #[decimal] without a width: the shard's digits vary in length, so a
    // scan cannot leave it open (and says so); given, it scans.
    let k = SpreadDigits { shard: 17, id: 9 };
    let bytes = k.to_vec().expect("encodes");
    assert_eq!(&bytes[..3], b"17-");
    let c: Vec<Vec<u8>> = k
        .candidates()
        .map(|c| c.expect("candidate").to_vec())
        .collect();
    assert_eq!(&c[3][..2], b"3-");
    assert_eq!(c[17], bytes);
    let e = SpreadDigits::scan()
        .id(9)
        .ranges()
        .expect_err("variable-width shard");
    assert_eq!(e.field_name(), Some("shard"));
    let r = SpreadDigits::scan().shard(17).id(9).ranges().expect("scan");
    assert!(r.clone().next().expect("one range").contains(&bytes));

    // A leading one-byte shard: regions split on its values.
    let splits: Vec<Vec<u8>> = SpreadFirst::split_keys(4)
        .expect("splits")
        .iter()
        .map(|k| k.as_ref().to_vec())
        .collect();
    assert_eq!(splits, [vec![1], vec![2], vec![3]]);
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(spread_not_first)]
struct SpreadAndBucket {
    #[spread(4)]
    shard: u8,
    user: u32,
    #[bucket(8)]
    ts: u64,
}

#[test]
fn a_spread_left_open_refuses_a_second_fan_out() {
    let e = SpreadAndBucket::scan()
        .user(1)
        .ts(0..10)
        .ranges()
        .expect_err("two fan-outs");
    assert!(e.to_string().contains("#[spread]"), "{e}");
    let e = SpreadAndBucket::scan()
        .user(1)
        .ranges()
        .expect_err("two fan-outs");
    assert!(e.to_string().contains("#[bucket]"), "{e}");
    // With the shard given, the bucket fans out alone.
    let r = SpreadAndBucket::scan()
        .shard(2)
        .user(1)
        .ts(0..10)
        .ranges()
        .expect("scan");
    assert_eq!(r.fan_out(), 8);
}
