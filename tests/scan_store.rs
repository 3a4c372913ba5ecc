//! Scan ranges proven exact against a real embedded store (redb).
//!
//! Each seed layout gets at least 10,000 random keys, adversarial values
//! mixed in, written into a redb file. Every scan is then checked three ways:
//! the rows redb returns for the ranges (the union over a fan-out) are
//! exactly the rows a brute-force filter over the decoded values selects;
//! `KeyRange::contains` agrees with that filter; and `merge_sorted` puts the
//! fan-out streams back into the order of the key without its salt or bucket.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use redb::{Database, ReadOnlyTable, ReadableDatabase, TableDefinition};
use rowkey::{Binary, Error, KeyRange, RowKey, ScanRanges};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
mod common;
use common::seeds::{LogEvent, UserOrder};

const TABLE: TableDefinition<&[u8], ()> = TableDefinition::new("rows");

/// Keys written per layout.
const KEYS: usize = 10_000;
/// Random scans per layout, on top of the systematic ones.
const RANDOM_SCANS: u32 = 200;

// ---------------------------------------------------------------------------
// The store: a redb file in the temp dir, removed on drop (also on a failed
// assertion, so a red test run leaves nothing behind).

struct Store {
    path: PathBuf,
    db: Option<Database>,
}

impl Store {
    fn create(name: &str) -> Store {
        static SEQ: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let path = std::env::temp_dir().join(format!(
            "rowkey-scan_store-{}-{name}-{}-{nanos}.redb",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed)
        ));
        let db = Database::create(&path).expect("create redb file");
        Store { path, db: Some(db) }
    }

    fn db(&self) -> &Database {
        self.db.as_ref().expect("open")
    }

    fn load<'k>(&self, keys: impl IntoIterator<Item = &'k [u8]>) {
        let w = self.db().begin_write().expect("write txn");
        {
            let mut t = w.open_table(TABLE).expect("table");
            for k in keys {
                t.insert(k, ()).expect("insert");
            }
        }
        w.commit().expect("commit");
    }

    fn table(&self) -> ReadOnlyTable<&'static [u8], ()> {
        self.db()
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

/// The keys redb returns for one range, in store order. `KeyRange::bounds`
/// goes to `Table::range` as it is.
fn redb_rows<K: rowkey::RowKey>(
    t: &ReadOnlyTable<&'static [u8], ()>,
    r: &KeyRange<K>,
) -> Vec<Vec<u8>> {
    t.range::<&[u8]>(r.bounds())
        .expect("range")
        .map(|e| e.expect("row").0.value().to_vec())
        .collect()
}

// ---------------------------------------------------------------------------
// Layout-independent values, queries and the brute-force oracle.

/// A field's value. Ordering within one variant is the field type's own
/// order: numbers numerically, strings and bytes lexicographically by byte.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Val {
    U(u64),
    I(i64),
    S(String),
    B(Vec<u8>),
    /// An `Option<u64>` field: None sorts first, as the key stores it.
    O(Option<u64>),
}

impl Val {
    fn u(&self) -> u64 {
        match self {
            Val::U(x) => *x,
            v => panic!("not a number: {v:?}"),
        }
    }
    fn i(&self) -> i64 {
        match self {
            Val::I(x) => *x,
            v => panic!("not a signed number: {v:?}"),
        }
    }
    fn i32(&self) -> i32 {
        i32::try_from(self.i()).expect("i32 value")
    }
    fn u16(&self) -> u16 {
        u16::try_from(self.u()).expect("u16 value")
    }
    fn u8(&self) -> u8 {
        u8::try_from(self.u()).expect("u8 value")
    }
    fn s(&self) -> &str {
        match self {
            Val::S(x) => x,
            v => panic!("not a string: {v:?}"),
        }
    }
    fn o(&self) -> Option<u64> {
        match self {
            Val::O(x) => *x,
            v => panic!("not an option: {v:?}"),
        }
    }
    /// An owned string, for ranges on a `String` field.
    fn st(&self) -> String {
        self.s().to_owned()
    }
    /// Owned bytes, for ranges on a `Vec<u8>` field.
    fn bv(&self) -> Vec<u8> {
        self.b().to_vec()
    }
    fn b(&self) -> &[u8] {
        match self {
            Val::B(x) => x,
            v => panic!("not bytes: {v:?}"),
        }
    }
    fn bytes(&self) -> &[u8] {
        match self {
            Val::S(x) => x.as_bytes(),
            Val::B(x) => x,
            Val::U(_) | Val::I(_) | Val::O(_) => &[],
        }
    }
}

/// A range on the field after the prefix, in each form the builder takes.
#[derive(Clone, Debug)]
enum R {
    Half(Val, Val),
    Incl(Val, Val),
    From(Val),
    To(Val),
    ToIncl(Val),
    Full,
    Pair(Bound<Val>, Bound<Val>),
}

impl R {
    fn bounds(&self) -> (Bound<&Val>, Bound<&Val>) {
        use Bound::{Excluded as Ex, Included as In, Unbounded as Un};
        match self {
            R::Half(a, b) => (In(a), Ex(b)),
            R::Incl(a, b) => (In(a), In(b)),
            R::From(a) => (In(a), Un),
            R::To(b) => (Un, Ex(b)),
            R::ToIncl(b) => (Un, In(b)),
            R::Full => (Un, Un),
            R::Pair(a, b) => (a.as_ref(), b.as_ref()),
        }
    }

    fn contains(&self, v: &Val) -> bool {
        let (lo, hi) = self.bounds();
        let lo_ok = match lo {
            Bound::Included(a) => v >= a,
            Bound::Excluded(a) => v > a,
            Bound::Unbounded => true,
        };
        let hi_ok = match hi {
            Bound::Included(b) => v <= b,
            Bound::Excluded(b) => v < b,
            Bound::Unbounded => true,
        };
        lo_ok && hi_ok
    }

    fn values(&self) -> Vec<&Val> {
        let (lo, hi) = self.bounds();
        [lo, hi]
            .into_iter()
            .filter_map(|b| match b {
                Bound::Included(v) | Bound::Excluded(v) => Some(v),
                Bound::Unbounded => None,
            })
            .collect()
    }
}

/// Leading fields fixed to values, then optionally a range on the next one.
#[derive(Clone, Debug)]
struct Query {
    eq: Vec<Val>,
    range: Option<R>,
}

impl Query {
    /// The brute-force filter: what the scan means, on decoded values.
    fn matches(&self, row: &[Val]) -> bool {
        self.eq.iter().zip(row).all(|(q, v)| q == v)
            && self
                .range
                .as_ref()
                .is_none_or(|r| r.contains(&row[self.eq.len()]))
    }
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// An unsigned integer up to `max`; `reverse_ts` stores `i64::MAX - v`.
    U { max: u64, reverse_ts: bool },
    /// A signed integer in `min..=max`.
    I { min: i64, max: i64 },
    /// A string or byte string, padded to a width with a pad byte, or
    /// delimited (or neither, as the last field).
    S {
        pad: Option<(usize, u8)>,
        delim: Option<u8>,
    },
    B {
        pad: Option<(usize, u8)>,
        delim: Option<u8>,
    },
    /// `Option<u64>` with values up to `max`.
    OptU { max: u64 },
}

struct Field {
    kind: Kind,
    /// Keeps value order in its bytes, so the builder takes a range on it.
    ranged: bool,
    /// Adversarial values, always part of the data pool.
    seeds: Vec<Val>,
    /// Size of the pool rows draw from (seeds plus random values).
    pool: usize,
}

impl Field {
    fn u(max: u64, seeds: &[u64], pool: usize) -> Field {
        Field {
            kind: Kind::U {
                max,
                reverse_ts: false,
            },
            ranged: true,
            seeds: seeds.iter().map(|&v| Val::U(v)).collect(),
            pool,
        }
    }
    fn i(min: i64, max: i64, seeds: &[i64], pool: usize) -> Field {
        Field {
            kind: Kind::I { min, max },
            ranged: true,
            seeds: seeds.iter().map(|&v| Val::I(v)).collect(),
            pool,
        }
    }
    fn reverse_ts(seeds: &[u64], pool: usize) -> Field {
        Field {
            kind: Kind::U {
                max: u64::MAX,
                reverse_ts: true,
            },
            ranged: true,
            seeds: seeds.iter().map(|&v| Val::U(v)).collect(),
            pool,
        }
    }
    fn s(pad: Option<usize>, delim: bool, seeds: &[&str], pool: usize) -> Field {
        Field {
            kind: Kind::S {
                pad: pad.map(|n| (n, 0)),
                delim: delim.then_some(0),
            },
            ranged: true,
            seeds: seeds.iter().map(|&v| Val::S(v.into())).collect(),
            pool,
        }
    }
    fn opt_u(max: u64, seeds: &[Option<u64>], pool: usize) -> Field {
        Field {
            kind: Kind::OptU { max },
            ranged: true,
            seeds: seeds.iter().map(|&v| Val::O(v)).collect(),
            pool,
        }
    }
    fn b(pad: Option<usize>, delim: bool, seeds: &[&[u8]], pool: usize) -> Field {
        Field {
            kind: Kind::B {
                pad: pad.map(|n| (n, 0)),
                delim: delim.then_some(0),
            },
            ranged: true,
            seeds: seeds.iter().map(|&v| Val::B(v.into())).collect(),
            pool,
        }
    }
    /// Pad or delimiter bytes other than 0x00; such a field takes no range.
    fn framed(mut self, pad: Option<(usize, u8)>, delim: Option<u8>) -> Field {
        self.kind = match self.kind {
            Kind::S { .. } => Kind::S { pad, delim },
            Kind::B { .. } => Kind::B { pad, delim },
            k => panic!("{k:?} has no frame"),
        };
        self.ranged = false;
        self
    }

    fn unranged(mut self) -> Field {
        self.ranged = false;
        self
    }

    /// Whether the layout can store `v` in this field (the SPEC's refusal
    /// rules, restated independently of the derive).
    fn storable(&self, v: &Val) -> bool {
        match self.kind {
            Kind::U { max, reverse_ts } => {
                let x = v.u();
                x <= max && (!reverse_ts || x <= i64::MAX as u64)
            }
            Kind::I { min, max } => (min..=max).contains(&v.i()),
            Kind::OptU { max } => v.o().is_none_or(|x| x <= max),
            Kind::S { pad, delim } | Kind::B { pad, delim } => {
                let b = v.bytes();
                let pad_ok = pad.is_none_or(|(n, byte)| b.len() <= n && b.last() != Some(&byte));
                pad_ok && delim.is_none_or(|d| !b.contains(&d))
            }
        }
    }

    /// Whether the builder must accept `v` as a range bound. A reverse_ts
    /// bound past `i64::MAX` only clamps the range.
    fn bound_ok(&self, v: &Val) -> bool {
        match self.kind {
            Kind::U {
                reverse_ts: true, ..
            } => true,
            _ => self.storable(v),
        }
    }

    fn random(&self, rng: &mut Rng) -> Val {
        match self.kind {
            Kind::U { max, reverse_ts } => {
                let top = if reverse_ts { i64::MAX as u64 } else { max };
                Val::U(match rng.below(10) {
                    0 => [0, 1, 2, top - 1, top, top / 2, max][rng.below(7) as usize],
                    1..=6 if max < 4096 => rng.below(max + 1),
                    1..=6 => 1000 + rng.below(3000),
                    _ if max == u64::MAX => rng.next(),
                    _ => rng.below(max + 1),
                })
            }
            Kind::OptU { max } => Val::O(match rng.below(5) {
                0 => None,
                1 => Some([0, 1, max][rng.below(3) as usize]),
                _ => Some(rng.below(max.min(4000) + 1)),
            }),
            Kind::I { min, max } => Val::I(match rng.below(10) {
                0 => [min, min + 1, -1, 0, 1, max - 1, max][rng.below(7) as usize],
                1..=6 => rng.below(4000) as i64 - 2000,
                _ => match max.abs_diff(min).checked_add(1) {
                    Some(span) => min.wrapping_add((rng.next() % span) as i64),
                    None => rng.next() as i64,
                },
            }),
            Kind::S { pad, .. } => {
                // Bytes the seeds worry about: 0x00 inside, the highest
                // code points (U+00FF is C3 BF, U+10FFFF is F4 8F BF BF).
                const ALPHABET: [char; 11] = [
                    '|',
                    'a',
                    'b',
                    'h',
                    '1',
                    '2',
                    '\0',
                    '\u{ff}',
                    '\u{10ffff}',
                    '_',
                    '~',
                ];
                let n = rng.below(pad.map_or(6, |p| p.0 as u64 / 2 + 2));
                Val::S((0..n).map(|_| ALPHABET[rng.below(11) as usize]).collect())
            }
            Kind::B { pad, .. } => {
                const ALPHABET: [u8; 8] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF, b'a', b'b'];
                let n = rng.below(pad.map_or(6, |p| p.0 as u64 + 2));
                Val::B((0..n).map(|_| ALPHABET[rng.below(8) as usize]).collect())
            }
        }
    }

    /// A value next to `v` in the field's order, likely absent from the data.
    fn neighbour(&self, v: &Val, rng: &mut Rng) -> Val {
        match (self.kind, v) {
            (Kind::U { max, .. }, Val::U(x)) => Val::U(if rng.below(2) == 0 {
                x.saturating_sub(1)
            } else {
                x.saturating_add(1).min(max)
            }),
            (Kind::OptU { max }, Val::O(x)) => Val::O(match (x, rng.below(3)) {
                (None, _) => Some(0),
                (Some(0), 0) => None,
                (Some(x), 0) => Some(x - 1),
                (Some(x), _) => Some(x.saturating_add(1).min(max)),
            }),
            (Kind::I { min, max }, Val::I(x)) => Val::I(if rng.below(2) == 0 {
                x.saturating_sub(1).max(min)
            } else {
                x.saturating_add(1).min(max)
            }),
            (_, Val::S(s)) => {
                let mut s = s.clone();
                match rng.below(4) {
                    0 => s.push('\0'),
                    1 => s.push('a'),
                    2 => {
                        s.pop();
                    }
                    _ => s.push('\u{10ffff}'),
                }
                Val::S(s)
            }
            (_, Val::B(b)) => {
                let mut b = b.clone();
                match rng.below(4) {
                    0 => b.push(0),
                    1 => b.push(0xFF),
                    2 => {
                        b.pop();
                    }
                    _ => {
                        if let Some(last) = b.last_mut() {
                            *last = last.wrapping_add(1);
                        }
                    }
                }
                Val::B(b)
            }
            (k, v) => panic!("{k:?} has no value {v:?}"),
        }
    }
}

/// SplitMix64: the data is deterministic, so a failing scan (which proptest
/// prints, shrunk) reproduces against the same rows.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// One scan's ranges, type-erased over the key type.
struct ScanOut {
    ranges: Vec<Box<dyn AnyRange>>,
    skip: usize,
    fan: usize,
}

trait AnyRange {
    fn rows(&self, t: &ReadOnlyTable<&'static [u8], ()>) -> Vec<Vec<u8>>;
    fn btree_rows(&self, m: &BTreeMap<Vec<u8>, ()>) -> Vec<Vec<u8>>;
    fn contains(&self, key: &[u8]) -> bool;
    fn start(&self) -> &[u8];
    fn stop(&self) -> Option<&[u8]>;
    fn describe(&self) -> String;
}

/// The rows an HBase client selects when handed `start()` and
/// `stop().unwrap_or(b"")`, read as HBase reads them: an empty stop row is
/// the end of the table, and (HBase 1.x, and 2.x's `Scan(start, stop)`) a
/// stop row equal to the start row is a `Get` of that row.
fn hbase_rows(r: &dyn AnyRange, m: &BTreeMap<Vec<u8>, ()>) -> Vec<Vec<u8>> {
    let start = r.start();
    let stop = r.stop().unwrap_or(b"");
    m.keys()
        .filter(|k| {
            if stop.is_empty() {
                k.as_slice() >= start
            } else if stop == start {
                k.as_slice() == start
            } else {
                k.as_slice() >= start && k.as_slice() < stop
            }
        })
        .cloned()
        .collect()
}

impl<K: rowkey::RowKey> AnyRange for KeyRange<K> {
    fn rows(&self, t: &ReadOnlyTable<&'static [u8], ()>) -> Vec<Vec<u8>> {
        redb_rows(t, self)
    }
    fn btree_rows(&self, m: &BTreeMap<Vec<u8>, ()>) -> Vec<Vec<u8>> {
        m.range::<[u8], _>(self.bounds())
            .map(|(k, ())| k.clone())
            .collect()
    }
    fn contains(&self, key: &[u8]) -> bool {
        KeyRange::contains(self, key)
    }
    fn start(&self) -> &[u8] {
        KeyRange::start(self)
    }
    fn stop(&self) -> Option<&[u8]> {
        KeyRange::stop(self)
    }
    fn describe(&self) -> String {
        format!("{self:?}")
    }
}

fn out<K: rowkey::RowKey + 'static>(r: Result<ScanRanges<K>, Error>) -> Result<ScanOut, Error> {
    let rs = r?;
    let skip = rs.merge_skip();
    let fan = rs.fan_out();
    Ok(ScanOut {
        ranges: rs.map(|r| Box::new(r) as Box<dyn AnyRange>).collect(),
        skip,
        fan,
    })
}

/// Ends a builder with a range on `$field`, in the query's range form.
/// `$get` reads the field's type from a `Val`.
macro_rules! end {
    ($b:expr, $field:ident, $r:expr, $get:ident) => {
        match $r {
            R::Half(a, b) => $b.$field(a.$get()..b.$get()).ranges(),
            R::Incl(a, b) => $b.$field(a.$get()..=b.$get()).ranges(),
            R::From(a) => $b.$field(a.$get()..).ranges(),
            R::To(b) => $b.$field(..b.$get()).ranges(),
            R::ToIncl(b) => $b.$field(..=b.$get()).ranges(),
            R::Full => $b.$field(..).ranges(),
            R::Pair(lo, hi) => $b
                .$field((lo.as_ref().map(|v| v.$get()), hi.as_ref().map(|v| v.$get())))
                .ranges(),
        }
    };
}

/// A layout under test: its fields, how to encode, decode and scan it, and
/// what fan-out and merge order a scan must have.
struct Layout {
    name: &'static str,
    fields: Vec<Field>,
    encode: fn(&[Val]) -> Result<Vec<u8>, Error>,
    decode: fn(&[u8]) -> Result<Vec<Val>, Error>,
    scan: fn(&Query) -> Result<ScanOut, Error>,
    /// The number of ranges the scan must yield.
    fan: fn(&Query) -> usize,
    /// The key without the salt or bucket the scan fanned out over: the
    /// order a merged fan-out has.
    unspread: fn(&Query, &[u8]) -> Vec<u8>,
}

fn identity(_: &Query, k: &[u8]) -> Vec<u8> {
    k.to_vec()
}

fn one(_: &Query) -> usize {
    1
}

/// The rows of one layout: in a redb file, and decoded for the oracle.
struct Loaded<'l> {
    layout: &'l Layout,
    store: Store,
    table: ReadOnlyTable<&'static [u8], ()>,
    mirror: BTreeMap<Vec<u8>, ()>,
    /// Every stored key with its decoded values, in key order.
    rows: Vec<(Vec<u8>, Vec<Val>)>,
    /// Scans refused, scans that selected rows, rows selected in all.
    stats: std::cell::Cell<(usize, usize, usize)>,
}

fn load(layout: &Layout) -> Loaded<'_> {
    let t0 = std::time::Instant::now();
    let mut rng = Rng(layout.name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }));
    let pools: Vec<Vec<Val>> = layout
        .fields
        .iter()
        .map(|f| {
            let mut pool: Vec<Val> = f.seeds.clone();
            while pool.len() < f.pool {
                pool.push(f.random(&mut rng));
            }
            pool
        })
        .collect();
    let mut keys: BTreeMap<Vec<u8>, Vec<Val>> = BTreeMap::new();
    let mut refused = 0usize;
    let mut attempts = 0usize;
    while keys.len() < KEYS {
        attempts += 1;
        assert!(
            attempts < 50 * KEYS,
            "{}: too few distinct keys",
            layout.name
        );
        let row: Vec<Val> = layout
            .fields
            .iter()
            .zip(&pools)
            .map(|(f, pool)| {
                if rng.below(10) < 8 {
                    pool[rng.below(pool.len() as u64) as usize].clone()
                } else {
                    f.random(&mut rng)
                }
            })
            .collect();
        let storable = layout.fields.iter().zip(&row).all(|(f, v)| f.storable(v));
        match (layout.encode)(&row) {
            Ok(k) => {
                assert!(storable, "{}: encoded a refused row {row:?}", layout.name);
                keys.insert(k, row);
            }
            Err(e) => {
                assert!(!storable, "{}: refused {row:?}: {e}", layout.name);
                refused += 1;
            }
        }
    }
    // Where a field can refuse values, some generated rows must have been
    // refused, or the generator is too tame.
    let can_refuse = layout.fields.iter().any(|f| match f.kind {
        Kind::U { reverse_ts, .. } => reverse_ts,
        Kind::I { .. } | Kind::OptU { .. } => false,
        Kind::S { pad, delim } | Kind::B { pad, delim } => pad.is_some() || delim.is_some(),
    });
    assert!(
        refused > 0 || !can_refuse,
        "{}: the generator made no value the layout must refuse",
        layout.name
    );

    let t1 = std::time::Instant::now();
    let store = Store::create(layout.name);
    store.load(keys.keys().map(Vec::as_slice));
    let t2 = std::time::Instant::now();
    let table = store.table();
    // Read everything back and decode it: the oracle filters what the store
    // holds, not what we meant to write.
    let mut rows = Vec::with_capacity(KEYS);
    for e in redb::ReadableTable::iter(&table).expect("iter") {
        let k = e.expect("row").0.value().to_vec();
        let v = (layout.decode)(&k).expect("stored key decodes");
        assert_eq!(
            keys.get(&k),
            Some(&v),
            "{}: decode(encode(row))",
            layout.name
        );
        rows.push((k, v));
    }
    assert_eq!(rows.len(), KEYS);
    let mirror = keys.keys().map(|k| (k.clone(), ())).collect();
    eprintln!(
        "{}: gen {:?} write {:?} read {:?}",
        layout.name,
        t1 - t0,
        t2 - t1,
        t2.elapsed()
    );
    Loaded {
        layout,
        store,
        table,
        mirror,
        rows,
        stats: std::cell::Cell::new((0, 0, 0)),
    }
}

fn show(keys: &[Vec<u8>]) -> String {
    keys.iter()
        .take(6)
        .map(|k| format!("\"{}\"", Binary(k)))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Loaded<'_> {
    fn check(&self, q: &Query) -> Result<(), TestCaseError> {
        let l = self.layout;
        let p = q.eq.len();
        let inputs_ok = q.eq.iter().zip(&l.fields).all(|(v, f)| f.storable(v))
            && q.range
                .as_ref()
                .is_none_or(|r| r.values().iter().all(|v| l.fields[p].bound_ok(v)));
        let want: Vec<&Vec<u8>> = self
            .rows
            .iter()
            .filter(|(_, v)| q.matches(v))
            .map(|(k, _)| k)
            .collect();
        let s = match (l.scan)(q) {
            Ok(s) => s,
            // Refusing a value the layout cannot hold is fine; refusing a
            // good one is not. Either way nothing panicked.
            Err(e) => {
                prop_assert!(!inputs_ok, "{}: {q:?} refused: {e}", l.name);
                let (r, n, t) = self.stats.get();
                self.stats.set((r + 1, n, t));
                return Ok(());
            }
        };
        // A scan that can select nothing has no range at all.
        prop_assert!(
            s.fan == (l.fan)(q) || (s.fan == 0 && want.is_empty()),
            "{}: fan-out {} of {:?}",
            l.name,
            s.fan,
            q
        );
        prop_assert_eq!(s.ranges.len(), s.fan);

        let mut streams = Vec::with_capacity(s.ranges.len());
        for r in &s.ranges {
            let rows = r.rows(&self.table);
            prop_assert_eq!(&rows, &r.btree_rows(&self.mirror), "redb vs BTreeMap");
            // No client can misread the rows: the stop row is never empty
            // (HBase's end of table) and always after the start row (HBase
            // reads start == stop as a Get).
            prop_assert!(
                r.stop()
                    .is_none_or(|stop| !stop.is_empty() && stop > r.start()),
                "{}: {} for {:?}",
                l.name,
                r.describe(),
                q
            );
            prop_assert_eq!(
                &rows,
                &hbase_rows(r.as_ref(), &self.mirror),
                "read as HBase reads {}",
                r.describe()
            );
            for k in &rows {
                prop_assert!(
                    r.contains(k),
                    "{} does not contain a row it returned",
                    r.describe()
                );
            }
            streams.push(rows);
        }
        // Ranges come in salt or bucket order, so their rows, one range
        // after the other, are in key order: strictly, or ranges overlap.
        let got: Vec<&Vec<u8>> = streams.iter().flatten().collect();
        prop_assert!(
            got.windows(2).all(|w| w[0] < w[1]),
            "{}: ranges overlap or come out of key order for {:?}",
            l.name,
            q
        );
        if got != want {
            let g: BTreeSet<&Vec<u8>> = got.iter().copied().collect();
            let w: BTreeSet<&Vec<u8>> = want.iter().copied().collect();
            let extra: Vec<Vec<u8>> = g.difference(&w).map(|k| (*k).clone()).collect();
            let missing: Vec<Vec<u8>> = w.difference(&g).map(|k| (*k).clone()).collect();
            let ranges: Vec<String> = s.ranges.iter().map(|r| r.describe()).collect();
            return Err(TestCaseError::fail(format!(
                "{}: {q:?}\n  ranges {ranges:?}\n  {} extra rows: {}\n  {} missing rows: {}",
                l.name,
                extra.len(),
                show(&extra),
                missing.len(),
                show(&missing)
            )));
        }

        let (r, n, t) = self.stats.get();
        self.stats
            .set((r, n + usize::from(!want.is_empty()), t + want.len()));

        // contains() agrees with the filter on rows outside the result too.
        let step = (self.rows.len() / 97).max(1);
        for (k, v) in self.rows.iter().step_by(step) {
            let inside = s.ranges.iter().filter(|r| r.contains(k)).count();
            prop_assert_eq!(
                inside,
                usize::from(q.matches(v)),
                "contains on \"{}\"",
                Binary(k)
            );
        }

        // The merged stream is the selected rows in the order of the key
        // without its salt or bucket.
        let merged: Vec<Vec<u8>> = rowkey::merge_sorted(
            streams.into_iter().map(Vec::into_iter),
            s.skip,
            |k: &Vec<u8>| k.as_slice(),
        )
        .collect();
        let mut order: Vec<&Vec<u8>> = want.clone();
        if s.fan > 1 {
            order.sort_by_cached_key(|k| (l.unspread)(q, k));
        }
        let order: Vec<Vec<u8>> = order.into_iter().cloned().collect();
        prop_assert!(
            merged == order,
            "{}: merged order of {:?}: got {} want {}",
            l.name,
            q,
            show(&merged),
            show(&order)
        );
        Ok(())
    }

    /// A query from a few numbers, so proptest shrinks toward short prefixes
    /// and simple ranges. `i`, `j`, `k` pick rows whose values are used (values
    /// present in the data); `mask` bits swap some for neighbours or random
    /// values (likely absent).
    #[allow(clippy::too_many_arguments)]
    fn query(
        &self,
        p: usize,
        kind: usize,
        i: usize,
        j: usize,
        k: usize,
        mask: u32,
        seed: u64,
    ) -> Query {
        let l = self.layout;
        let n = l.fields.len();
        let mut rng = Rng(seed);
        let row = |x: usize| &self.rows[x % self.rows.len()].1;
        let mut bit = 0;
        let mut pick = |f: &Field, v: &Val, rng: &mut Rng| {
            bit += 2;
            match (mask >> (bit - 2)) & 3 {
                1 if mask & 1 << 31 != 0 => f.random(rng),
                1 => f.neighbour(v, rng),
                _ => v.clone(),
            }
        };
        let p = p.min(n);
        let eq: Vec<Val> = (0..p)
            .map(|x| pick(&l.fields[x], &row(i)[x], &mut rng))
            .collect();
        let range = if p < n && l.fields[p].ranged && kind < 11 {
            let f = &l.fields[p];
            let a = pick(f, &row(j)[p], &mut rng);
            let b = pick(f, &row(k)[p], &mut rng);
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            Some(match kind {
                0 => R::Half(lo, hi),
                1 => R::Incl(lo, hi),
                2 => R::From(lo),
                3 => R::To(hi),
                4 => R::ToIncl(hi),
                5 => R::Full,
                6 => R::Pair(Bound::Excluded(lo), Bound::Included(hi)),
                7 => R::Pair(Bound::Excluded(lo), Bound::Excluded(hi)),
                8 => R::Pair(Bound::Excluded(lo), Bound::Unbounded),
                9 => R::Incl(hi, lo),
                _ => R::Half(lo.clone(), lo),
            })
        } else {
            None
        };
        Query { eq, range }
    }

    fn run(&self) {
        self.run_n(RANDOM_SCANS);
    }

    /// Every prefix length with every range form, then random scans.
    fn run_n(&self, random_scans: u32) {
        let n = self.layout.fields.len();
        let t0 = std::time::Instant::now();
        let mut rng = Rng(7);
        let mut systematic = 0;
        for p in 0..=n {
            for kind in 0..12 {
                // Where no range can follow, every kind is the same scan.
                let ranged = p < n && self.layout.fields[p].ranged;
                if !ranged && kind != 11 {
                    continue;
                }
                for _ in 0..2 {
                    let (i, j, k) = (
                        rng.next() as usize,
                        rng.next() as usize,
                        rng.next() as usize,
                    );
                    let q = self.query(p, kind, i, j, k, 0, 0);
                    if let Err(e) = self.check(&q) {
                        panic!("{e}");
                    }
                    systematic += 1;
                }
            }
        }
        let mut runner = TestRunner::new(Config {
            cases: random_scans,
            failure_persistence: None,
            ..Config::default()
        });
        let strategy = (
            0..=n,
            0..12usize,
            any::<usize>(),
            any::<usize>(),
            any::<usize>(),
            any::<u32>(),
            any::<u64>(),
        );
        runner
            .run(&strategy, |(p, kind, i, j, k, mask, seed)| {
                self.check(&self.query(p, kind, i, j, k, mask, seed))
            })
            .unwrap_or_else(|e| panic!("{e}"));
        let (refused, nonempty, selected) = self.stats.get();
        eprintln!(
            "{}: {} keys in {}, {systematic} systematic + {random_scans} random scans exact \
             ({refused} refused, {nonempty} selected {selected} rows) in {:?}",
            self.layout.name,
            self.rows.len(),
            self.store.path.display(),
            t0.elapsed()
        );
    }
}

// ---------------------------------------------------------------------------
// The seed layouts.

/// Seed 000/002: `[hostname][log-event][Long.MAX_VALUE - timestamp]`.
#[derive(RowKey, Debug, PartialEq)]
struct Metric<'a> {
    #[pad(16)]
    host: &'a str,
    #[pad(8)]
    metric: &'a str,
    #[reverse_ts]
    ts: u64,
}

/// A bucket after a leading field: a prefix on `host` leaves it open.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(spread_not_first)]
struct HostBucket<'a> {
    #[pad(8)]
    host: &'a str,
    #[bucket(16)]
    ts: u64,
    event: &'a str,
}

/// Seed 002: `[seller id][timestamp][order number]`.
#[derive(RowKey, Debug, PartialEq)]
struct Seller {
    seller_id: u64,
    ts: u64,
    order_no: u64,
}

/// Seed 002: `[buyer id][timestamp][order number]`, a string id.
#[derive(RowKey, Debug, PartialEq)]
struct Buyer<'a> {
    #[delim]
    buyer_id: &'a str,
    ts: u64,
    order_no: u64,
}

/// Seed 002: `[order number]`.
#[derive(RowKey, Debug, PartialEq)]
struct OrderIndex {
    order_no: u64,
}

/// Seed 004: `receiverId_(Long.MAX_VALUE - timestamp)_senderId`, with a
/// 0x00 delimiter (a `_` would take no range) and the sender as raw bytes, so
/// the open last field holds 0x00 and 0xFF.
#[derive(RowKey, Debug, PartialEq)]
struct Inbox<'a> {
    #[delim]
    receiver: &'a str,
    #[reverse_ts]
    ts: u64,
    sender: &'a [u8],
}

/// OpenTSDB-like: one hex char of MD5 over metric and tags at the front.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(metric, tags)))]
struct Tsdb<'a> {
    #[pad(8)]
    metric: &'a str,
    ts: u64,
    tags: &'a str,
}

/// Prefixes full of 0xFF: HBase's stop-row rule at every field boundary.
#[derive(RowKey, Debug, PartialEq)]
struct Bin<'a> {
    id: u16,
    flag: u8,
    #[pad(4)]
    blob: &'a [u8],
    tail: &'a [u8],
}

const HOSTS: &[&str] = &[
    "host1",
    "host12",
    "host2",
    "",
    "host1\0x",
    "h\u{ff}",
    "\u{10ffff}\u{10ffff}\u{10ffff}\u{10ffff}",
    "abcdefghijklmnop",
];
const U64_EDGES: &[u64] = &[0, 1, u64::MAX - 1, u64::MAX];
const TS_EDGES: &[u64] = &[0, 1, 2, i64::MAX as u64 - 1, i64::MAX as u64];

fn s(v: &str) -> Val {
    Val::S(v.into())
}
fn b(v: &[u8]) -> Val {
    Val::B(v.into())
}

fn user_order() -> Layout {
    Layout {
        name: "user_order",
        fields: vec![
            Field::s(
                Some(16),
                false,
                &[
                    "",
                    "u1",
                    "u12",
                    "user1",
                    "user12",
                    "a\0b",
                    "\u{10ffff}",
                    "0123456789abcdef",
                ],
                40,
            )
            .unranged(),
            Field::u(u64::MAX, U64_EDGES, 300),
        ],
        encode: |v| {
            UserOrder {
                user_id: v[0].s(),
                order_id: v[1].u(),
            }
            .to_vec()
        },
        decode: |k| UserOrder::decode(k).map(|x| vec![s(x.user_id), Val::U(x.order_id)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = UserOrder::scan();
            out(match (e.len(), &q.range) {
                (0, _) => b0.ranges(),
                (1, None) => b0.user_id(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.user_id(e[0].s()), order_id, r, u),
                _ => b0.user_id(e[0].s()).order_id(e[1].u()).ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

fn metric() -> Layout {
    Layout {
        name: "metric",
        fields: vec![
            Field::s(Some(16), false, HOSTS, 14),
            Field::s(
                Some(8),
                false,
                &["cpu", "cpu1", "mem", "", "\0a", "zzzzzzzz"],
                8,
            ),
            Field::reverse_ts(TS_EDGES, 400),
        ],
        encode: |v| {
            Metric {
                host: v[0].s(),
                metric: v[1].s(),
                ts: v[2].u(),
            }
            .to_vec()
        },
        decode: |k| Metric::decode(k).map(|x| vec![s(x.host), s(x.metric), Val::U(x.ts)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = Metric::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, host, r, s),
                (1, None) => b0.host(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.host(e[0].s()), metric, r, s),
                (2, None) => b0.host(e[0].s()).metric(e[1].s()).ranges(),
                (2, Some(r)) => end!(b0.host(e[0].s()).metric(e[1].s()), ts, r, u),
                _ => b0.host(e[0].s()).metric(e[1].s()).ts(e[2].u()).ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

const EVENTS: &[&str] = &["", "a", "a\0", "a\0\0", "\0", "login", "login\u{10ffff}"];

fn log_event() -> Layout {
    Layout {
        name: "log_event",
        fields: vec![
            Field::u(u64::MAX, &[0, 1, 15, 16, 17, u64::MAX - 1, u64::MAX], 600),
            Field::s(Some(16), false, HOSTS, 10),
            Field::s(None, false, EVENTS, 30),
        ],
        encode: |v| {
            LogEvent {
                ts: v[0].u(),
                host: v[1].s(),
                event: v[2].s(),
            }
            .to_vec()
        },
        decode: |k| LogEvent::decode(k).map(|x| vec![Val::U(x.ts), s(x.host), s(x.event)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = LogEvent::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, ts, r, u),
                (1, None) => b0.ts(e[0].u()).ranges(),
                (1, Some(r)) => end!(b0.ts(e[0].u()), host, r, s),
                (2, None) => b0.ts(e[0].u()).host(e[1].s()).ranges(),
                (2, Some(r)) => end!(b0.ts(e[0].u()).host(e[1].s()), event, r, s),
                _ => b0.ts(e[0].u()).host(e[1].s()).event(e[2].s()).ranges(),
            })
        },
        // The bucket is the first field: open unless `ts` has a value.
        fan: |q| if q.eq.is_empty() { 16 } else { 1 },
        unspread: |_, k| k[1..].to_vec(),
    }
}

fn host_bucket() -> Layout {
    Layout {
        name: "host_bucket",
        fields: vec![
            Field::s(
                Some(8),
                false,
                &["host1", "host12", "", "h\0x", "\u{10ffff}"],
                8,
            ),
            Field::u(u64::MAX, &[0, 1, 15, 16, u64::MAX], 600),
            Field::s(None, false, EVENTS, 30),
        ],
        encode: |v| {
            HostBucket {
                host: v[0].s(),
                ts: v[1].u(),
                event: v[2].s(),
            }
            .to_vec()
        },
        decode: |k| HostBucket::decode(k).map(|x| vec![s(x.host), Val::U(x.ts), s(x.event)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = HostBucket::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, host, r, s),
                (1, None) => b0.host(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.host(e[0].s()), ts, r, u),
                (2, None) => b0.host(e[0].s()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.host(e[0].s()).ts(e[1].u()), event, r, s),
                _ => b0.host(e[0].s()).ts(e[1].u()).event(e[2].s()).ranges(),
            })
        },
        fan: |q| if q.eq.len() == 1 { 16 } else { 1 },
        unspread: |_, k| [&k[..8], &k[9..]].concat(),
    }
}

fn seller() -> Layout {
    Layout {
        name: "seller",
        fields: vec![
            Field::u(u64::MAX, U64_EDGES, 20),
            Field::u(u64::MAX, U64_EDGES, 200),
            Field::u(u64::MAX, U64_EDGES, 2000),
        ],
        encode: |v| {
            Seller {
                seller_id: v[0].u(),
                ts: v[1].u(),
                order_no: v[2].u(),
            }
            .to_vec()
        },
        decode: |k| {
            Seller::decode(k).map(|x| vec![Val::U(x.seller_id), Val::U(x.ts), Val::U(x.order_no)])
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = Seller::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, seller_id, r, u),
                (1, None) => b0.seller_id(e[0].u()).ranges(),
                (1, Some(r)) => end!(b0.seller_id(e[0].u()), ts, r, u),
                (2, None) => b0.seller_id(e[0].u()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.seller_id(e[0].u()).ts(e[1].u()), order_no, r, u),
                _ => b0
                    .seller_id(e[0].u())
                    .ts(e[1].u())
                    .order_no(e[2].u())
                    .ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

fn buyer() -> Layout {
    Layout {
        name: "buyer",
        fields: vec![
            Field::s(None, true, &["", "b1", "b12", "b1\u{10ffff}", "\u{ff}"], 20),
            Field::u(u64::MAX, U64_EDGES, 200),
            Field::u(u64::MAX, U64_EDGES, 2000),
        ],
        encode: |v| {
            Buyer {
                buyer_id: v[0].s(),
                ts: v[1].u(),
                order_no: v[2].u(),
            }
            .to_vec()
        },
        decode: |k| Buyer::decode(k).map(|x| vec![s(x.buyer_id), Val::U(x.ts), Val::U(x.order_no)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = Buyer::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, buyer_id, r, s),
                (1, None) => b0.buyer_id(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.buyer_id(e[0].s()), ts, r, u),
                (2, None) => b0.buyer_id(e[0].s()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.buyer_id(e[0].s()).ts(e[1].u()), order_no, r, u),
                _ => b0
                    .buyer_id(e[0].s())
                    .ts(e[1].u())
                    .order_no(e[2].u())
                    .ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

fn order_index() -> Layout {
    Layout {
        name: "order_index",
        fields: vec![Field::u(
            u64::MAX,
            &[0, 1, 2, u64::MAX - 1, u64::MAX],
            12_000,
        )],
        encode: |v| OrderIndex { order_no: v[0].u() }.to_vec(),
        decode: |k| OrderIndex::decode(k).map(|x| vec![Val::U(x.order_no)]),
        scan: |q| {
            let b0 = OrderIndex::scan();
            out(match (q.eq.first(), &q.range) {
                (None, None) => b0.ranges(),
                (None, Some(r)) => end!(b0, order_no, r, u),
                (Some(v), _) => b0.order_no(v.u()).ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

fn inbox() -> Layout {
    Layout {
        name: "inbox",
        fields: vec![
            Field::s(None, true, &["r1", "r12", "", "r1\u{ff}"], 15),
            Field::reverse_ts(TS_EDGES, 300),
            Field::b(
                None,
                false,
                &[
                    b"",
                    b"\xff",
                    b"\xff\xff",
                    b"\x00",
                    b"s1",
                    b"s1\x00",
                    b"s1\xff",
                ],
                40,
            ),
        ],
        encode: |v| {
            Inbox {
                receiver: v[0].s(),
                ts: v[1].u(),
                sender: v[2].b(),
            }
            .to_vec()
        },
        decode: |k| Inbox::decode(k).map(|x| vec![s(x.receiver), Val::U(x.ts), b(x.sender)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = Inbox::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, receiver, r, s),
                (1, None) => b0.receiver(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.receiver(e[0].s()), ts, r, u),
                (2, None) => b0.receiver(e[0].s()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.receiver(e[0].s()).ts(e[1].u()), sender, r, b),
                _ => b0.receiver(e[0].s()).ts(e[1].u()).sender(e[2].b()).ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

fn tsdb() -> Layout {
    Layout {
        name: "tsdb",
        fields: vec![
            Field::s(
                Some(8),
                false,
                &["cpu", "cpu1", "", "m\0x", "\u{10ffff}"],
                8,
            ),
            Field::u(u64::MAX, U64_EDGES, 300),
            Field::s(
                None,
                false,
                &["", "host=a", "host=a\0", "host=ab", "\0"],
                30,
            ),
        ],
        encode: |v| {
            Tsdb {
                metric: v[0].s(),
                ts: v[1].u(),
                tags: v[2].s(),
            }
            .to_vec()
        },
        decode: |k| Tsdb::decode(k).map(|x| vec![s(x.metric), Val::U(x.ts), s(x.tags)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = Tsdb::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, metric, r, s),
                (1, None) => b0.metric(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.metric(e[0].s()), ts, r, u),
                (2, None) => b0.metric(e[0].s()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.metric(e[0].s()).ts(e[1].u()), tags, r, s),
                _ => b0.metric(e[0].s()).ts(e[1].u()).tags(e[2].s()).ranges(),
            })
        },
        // The salt needs both metric and tags: every scan short of the whole
        // key fans out over the 16 salts.
        fan: |q| if q.eq.len() == 3 { 1 } else { 16 },
        unspread: |_, k| k[1..].to_vec(),
    }
}

fn bin() -> Layout {
    Layout {
        name: "bin",
        fields: vec![
            Field::u(0xFFFF, &[0, 1, 0x00FF, 0xFF00, 0xFFFE, 0xFFFF], 10),
            Field::u(0xFF, &[0, 1, 254, 255], 6),
            Field::b(
                Some(4),
                false,
                &[
                    b"",
                    b"\xff",
                    b"\xff\xff\xff\xff",
                    b"\x00\xff",
                    b"\xff\x01",
                    b"a",
                ],
                12,
            ),
            Field::b(None, false, &[b"", b"\xff", b"\x00", b"\xff\xff\x00"], 60),
        ],
        encode: |v| {
            Bin {
                id: v[0].u16(),
                flag: v[1].u8(),
                blob: v[2].b(),
                tail: v[3].b(),
            }
            .to_vec()
        },
        decode: |k| {
            Bin::decode(k).map(|x| {
                vec![
                    Val::U(x.id.into()),
                    Val::U(x.flag.into()),
                    b(x.blob),
                    b(x.tail),
                ]
            })
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = Bin::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, id, r, u16),
                (1, None) => b0.id(e[0].u16()).ranges(),
                (1, Some(r)) => end!(b0.id(e[0].u16()), flag, r, u8),
                (2, None) => b0.id(e[0].u16()).flag(e[1].u8()).ranges(),
                (2, Some(r)) => end!(b0.id(e[0].u16()).flag(e[1].u8()), blob, r, b),
                (3, None) => b0.id(e[0].u16()).flag(e[1].u8()).blob(e[2].b()).ranges(),
                (3, Some(r)) => {
                    end!(b0.id(e[0].u16()).flag(e[1].u8()).blob(e[2].b()), tail, r, b)
                }
                _ => b0
                    .id(e[0].u16())
                    .flag(e[1].u8())
                    .blob(e[2].b())
                    .tail(e[3].b())
                    .ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

/// Signed fields (sign bit flipped, so ranges cross zero), a 300-way
/// bucket (two bucket bytes) over negative values (Euclidean), and a
/// two's-complement field, which takes only values.
#[derive(RowKey, Debug, PartialEq)]
struct Signed {
    #[bucket(300)]
    day: i32,
    #[twos_complement]
    raw: i64,
    delta: i64,
}

fn signed() -> Layout {
    let (lo, hi) = (i64::from(i32::MIN), i64::from(i32::MAX));
    Layout {
        name: "signed",
        fields: vec![
            Field::i(
                lo,
                hi,
                &[lo, lo + 1, -301, -300, -299, -1, 0, 1, 299, 300, hi - 1, hi],
                300,
            ),
            Field::i(i64::MIN, i64::MAX, &[i64::MIN, -1, 0, 1, i64::MAX], 6).unranged(),
            Field::i(
                i64::MIN,
                i64::MAX,
                &[i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX],
                40,
            ),
        ],
        encode: |v| {
            Signed {
                day: v[0].i32(),
                raw: v[1].i(),
                delta: v[2].i(),
            }
            .to_vec()
        },
        decode: |k| {
            Signed::decode(k).map(|x| vec![Val::I(x.day.into()), Val::I(x.raw), Val::I(x.delta)])
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = Signed::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, day, r, i32),
                (1, _) => b0.day(e[0].i32()).ranges(),
                (2, None) => b0.day(e[0].i32()).raw(e[1].i()).ranges(),
                (2, Some(r)) => end!(b0.day(e[0].i32()).raw(e[1].i()), delta, r, i),
                _ => b0.day(e[0].i32()).raw(e[1].i()).delta(e[2].i()).ranges(),
            })
        },
        fan: |q| if q.eq.is_empty() { 300 } else { 1 },
        unspread: |_, k| k[2..].to_vec(),
    }
}

/// Everything that takes only a value, around a bucket in the middle: a
/// non-zero pad, a salt and a 0x00 delimiter on one field, a reversed field
/// with a non-zero delimiter, and a ranged last field.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(spread_not_first)]
struct Mixed<'a> {
    #[pad(4, b'_')]
    region: &'a str,
    #[salt(md5, 2)]
    #[delim]
    user: &'a str,
    #[bucket(8)]
    ts: u64,
    #[reverse]
    #[delim(b'|')]
    code: String,
    n: u16,
}

fn mixed() -> Layout {
    Layout {
        name: "mixed",
        fields: vec![
            Field::s(None, false, &["eu", "us", "", "e_u", "\u{10ffff}"], 5)
                .framed(Some((4, b'_')), None),
            Field::s(None, true, &["u1", "u12", "", "\u{ff}"], 6).unranged(),
            Field::u(u64::MAX, &[0, 1, 7, 8, 9, u64::MAX], 100),
            Field::s(None, false, &["", "ab", "ba", "a_b", "\0"], 6).framed(None, Some(b'|')),
            Field::u(0xFFFF, &[0, 1, 0xFF, 0xFFFE, 0xFFFF], 3000),
        ],
        encode: |v| {
            Mixed {
                region: v[0].s(),
                user: v[1].s(),
                ts: v[2].u(),
                code: v[3].s().to_owned(),
                n: v[4].u16(),
            }
            .to_vec()
        },
        decode: |k| {
            Mixed::decode(k).map(|x| {
                vec![
                    s(x.region),
                    s(x.user),
                    Val::U(x.ts),
                    Val::S(x.code),
                    Val::U(x.n.into()),
                ]
            })
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = Mixed::scan();
            out(match (e.len(), &q.range) {
                (0, _) => b0.ranges(),
                (1, _) => b0.region(e[0].s()).ranges(),
                (2, None) => b0.region(e[0].s()).user(e[1].s()).ranges(),
                (2, Some(r)) => end!(b0.region(e[0].s()).user(e[1].s()), ts, r, u),
                (3, _) => b0.region(e[0].s()).user(e[1].s()).ts(e[2].u()).ranges(),
                (4, None) => b0
                    .region(e[0].s())
                    .user(e[1].s())
                    .ts(e[2].u())
                    .code(e[3].s())
                    .ranges(),
                (4, Some(r)) => end!(
                    b0.region(e[0].s())
                        .user(e[1].s())
                        .ts(e[2].u())
                        .code(e[3].s()),
                    n,
                    r,
                    u16
                ),
                _ => b0
                    .region(e[0].s())
                    .user(e[1].s())
                    .ts(e[2].u())
                    .code(e[3].s())
                    .n(e[4].u16())
                    .ranges(),
            })
        },
        fan: |q| if q.eq.len() == 2 { 8 } else { 1 },
        // [region 4][salt 2][user][0x00][bucket][ts]...: drop the bucket.
        unspread: |_, k| {
            let at = 6 + k[6..].iter().position(|&b| b == 0).expect("delimiter") + 1;
            [&k[..at], &k[at + 1..]].concat()
        },
    }
}

// ---------------------------------------------------------------------------
// 1 and 3: exactness and merge order, per layout.

#[test]
fn exact_mixed() {
    load(&mixed()).run();
}

#[test]
fn exact_signed() {
    // 300 ranges a scan: fewer random scans keep the debug run short.
    load(&signed()).run_n(40);
}

#[test]
fn exact_user_order() {
    load(&user_order()).run();
}

#[test]
fn exact_metric() {
    load(&metric()).run();
}

#[test]
fn exact_log_event() {
    load(&log_event()).run();
}

#[test]
fn exact_host_bucket() {
    load(&host_bucket()).run();
}

#[test]
fn exact_seller() {
    load(&seller()).run();
}

#[test]
fn exact_buyer() {
    load(&buyer()).run();
}

#[test]
fn exact_order_index() {
    load(&order_index()).run();
}

#[test]
fn exact_inbox() {
    load(&inbox()).run();
}

#[test]
fn exact_tsdb() {
    load(&tsdb()).run();
}

#[test]
fn exact_bin() {
    load(&bin()).run();
}

// ---------------------------------------------------------------------------
// A struct-level salt together with a bucket, the two cases that once went
// wrong:
// - salt known, bucket open: the merge must skip the salt in front of the
//   prefix and the bucket, or it orders rows by bucket first;
// - salt open, bucket open: the scan fans out over salt x bucket, or the
//   ranges leave out the bucket byte and miss rows.

/// The salt covers `host`, which comes before the bucket: with `host` given
/// the salt is known and the bucket fans out, so the merge must skip the
/// salt byte too.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(host)), spread_not_first)]
struct SaltedHostBucket<'a> {
    #[pad(8)]
    host: &'a str,
    #[bucket(16)]
    ts: u64,
    event: &'a str,
}

/// The salt covers `host`, which comes after the bucket: a range on `ts`
/// leaves both the salt and the bucket open, 16 x 4 ranges.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(host)))]
struct BucketThenSalted<'a> {
    #[bucket(4)]
    ts: u64,
    #[pad(4)]
    host: &'a str,
}

fn salted_host_bucket() -> Layout {
    Layout {
        name: "salted_host_bucket",
        fields: vec![
            Field::s(Some(8), false, &["host1", "host12", "", "h\0x"], 8),
            Field::u(u64::MAX, &[0, 1, 15, 16, u64::MAX], 600),
            Field::s(None, false, EVENTS, 30),
        ],
        encode: |v| {
            SaltedHostBucket {
                host: v[0].s(),
                ts: v[1].u(),
                event: v[2].s(),
            }
            .to_vec()
        },
        decode: |k| SaltedHostBucket::decode(k).map(|x| vec![s(x.host), Val::U(x.ts), s(x.event)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = SaltedHostBucket::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, host, r, s),
                (1, None) => b0.host(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.host(e[0].s()), ts, r, u),
                (2, None) => b0.host(e[0].s()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.host(e[0].s()).ts(e[1].u()), event, r, s),
                _ => b0.host(e[0].s()).ts(e[1].u()).event(e[2].s()).ranges(),
            })
        },
        // No host: 16 salts. Host given: the salt is known, 16 buckets.
        fan: |q| if q.eq.len() < 2 { 16 } else { 1 },
        unspread: |q, k| match q.eq.len() {
            0 => k[1..].to_vec(),
            _ => [&k[1..9], &k[10..]].concat(),
        },
    }
}

fn bucket_then_salted() -> Layout {
    Layout {
        name: "bucket_then_salted",
        fields: vec![
            Field::u(u64::MAX, &[0, 1, 3, 4, u64::MAX], 3000),
            Field::s(Some(4), false, &["h1", "h12", "", "h\0x"], 8),
        ],
        encode: |v| {
            BucketThenSalted {
                ts: v[0].u(),
                host: v[1].s(),
            }
            .to_vec()
        },
        decode: |k| BucketThenSalted::decode(k).map(|x| vec![Val::U(x.ts), s(x.host)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = BucketThenSalted::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, ts, r, u),
                (1, None) => b0.ts(e[0].u()).ranges(),
                (1, Some(r)) => end!(b0.ts(e[0].u()), host, r, s),
                _ => b0.ts(e[0].u()).host(e[1].s()).ranges(),
            })
        },
        fan: |q| match q.eq.len() {
            0 => 64,
            1 => 16,
            _ => 1,
        },
        // [salt][bucket][ts][host]: without both, the order is ts, host.
        unspread: |_, k| k[2..].to_vec(),
    }
}

/// A four-byte Java-hash salt over the last field: without `id` the scan
/// fans out over the salt's 5 values, each written at the front of the
/// rows as four bytes of their own.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 5, width = 4, fields(id)))]
struct JavaWide {
    host: u64,
    ts: u64,
    id: u64,
}

fn java_wide() -> Layout {
    Layout {
        name: "java_wide",
        fields: vec![
            Field::u(u64::MAX, &[0, 1, u64::MAX], 6),
            Field::u(u64::MAX, &[0, 1, u64::MAX - 1, u64::MAX], 600),
            Field::u(u64::MAX, &[0, 1, u64::MAX - 1, u64::MAX], 40),
        ],
        encode: |v| {
            JavaWide {
                host: v[0].u(),
                ts: v[1].u(),
                id: v[2].u(),
            }
            .to_vec()
        },
        decode: |k| JavaWide::decode(k).map(|x| vec![Val::U(x.host), Val::U(x.ts), Val::U(x.id)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = JavaWide::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, host, r, u),
                (1, None) => b0.host(e[0].u()).ranges(),
                (1, Some(r)) => end!(b0.host(e[0].u()), ts, r, u),
                (2, None) => b0.host(e[0].u()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.host(e[0].u()).ts(e[1].u()), id, r, u),
                _ => b0.host(e[0].u()).ts(e[1].u()).id(e[2].u()).ranges(),
            })
        },
        fan: |q| if q.eq.len() == 3 { 1 } else { 5 },
        unspread: |q, k| {
            if q.eq.len() == 3 {
                k.to_vec()
            } else {
                k[4..].to_vec()
            }
        },
    }
}

/// A two-byte bucket past the first 16 bytes of the rows: each range is
/// worked out on the template, which the copy takes the bucket from.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(spread_not_first)]
struct FarBucket {
    a: u64,
    b: u64,
    c: u64,
    #[bucket(300)]
    ts: u64,
}

fn far_bucket() -> Layout {
    let few = || Field::u(u64::MAX, &[0, u64::MAX], 3);
    Layout {
        name: "far_bucket",
        fields: vec![
            few(),
            few(),
            few(),
            Field::u(
                u64::MAX,
                &[0, 1, 299, 300, 301, u64::MAX - 1, u64::MAX],
                2000,
            ),
        ],
        encode: |v| {
            FarBucket {
                a: v[0].u(),
                b: v[1].u(),
                c: v[2].u(),
                ts: v[3].u(),
            }
            .to_vec()
        },
        decode: |k| {
            FarBucket::decode(k).map(|x| vec![Val::U(x.a), Val::U(x.b), Val::U(x.c), Val::U(x.ts)])
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = FarBucket::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, a, r, u),
                (1, None) => b0.a(e[0].u()).ranges(),
                (1, Some(r)) => end!(b0.a(e[0].u()), b, r, u),
                (2, None) => b0.a(e[0].u()).b(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.a(e[0].u()).b(e[1].u()), c, r, u),
                (3, None) => b0.a(e[0].u()).b(e[1].u()).c(e[2].u()).ranges(),
                (3, Some(r)) => end!(b0.a(e[0].u()).b(e[1].u()).c(e[2].u()), ts, r, u),
                _ => b0.a(e[0].u()).b(e[1].u()).c(e[2].u()).ts(e[3].u()).ranges(),
            })
        },
        fan: |q| if q.eq.len() == 3 { 300 } else { 1 },
        // [a 8][b 8][c 8][bucket 2][ts 8]
        unspread: |q, k| {
            if q.eq.len() == 3 {
                [&k[..24], &k[26..]].concat()
            } else {
                k.to_vec()
            }
        },
    }
}

/// A struct-level MD5 salt over the last field and a bucket after a
/// delimited field: the salt has its slot at the front, the bucket's place
/// depends on the host, so it is patched in the word after the salt.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(id)), spread_not_first)]
struct SaltDelimBucket<'a> {
    #[delim]
    host: &'a str,
    #[bucket(8)]
    ts: u64,
    id: u64,
}

fn salt_delim_bucket() -> Layout {
    Layout {
        name: "salt_delim_bucket",
        fields: vec![
            Field::s(None, true, &["a", "host12", "", "hx"], 6).unranged(),
            Field::u(u64::MAX, &[0, 1, 7, 8, 9, u64::MAX - 1, u64::MAX], 600),
            Field::u(u64::MAX, &[0, 1, u64::MAX - 1, u64::MAX], 40),
        ],
        encode: |v| {
            SaltDelimBucket {
                host: v[0].s(),
                ts: v[1].u(),
                id: v[2].u(),
            }
            .to_vec()
        },
        decode: |k| SaltDelimBucket::decode(k).map(|x| vec![s(x.host), Val::U(x.ts), Val::U(x.id)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = SaltDelimBucket::scan();
            out(match (e.len(), &q.range) {
                (0, _) => b0.ranges(),
                (1, None) => b0.host(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.host(e[0].s()), ts, r, u),
                (2, None) => b0.host(e[0].s()).ts(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.host(e[0].s()).ts(e[1].u()), id, r, u),
                _ => b0.host(e[0].s()).ts(e[1].u()).id(e[2].u()).ranges(),
            })
        },
        // Without `id` the salt is open (16 values); after `host` alone the
        // bucket is too.
        fan: |q| match q.eq.len() {
            1 => 16 * 8,
            3 => 1,
            _ => 16,
        },
        // [salt 1][host][00][bucket 1][ts 8][id 8]
        unspread: |q, k| match q.eq.len() {
            1 => {
                let b = 1 + q.eq[0].s().len() + 1;
                [&k[1..b], &k[b + 1..]].concat()
            }
            3 => k.to_vec(),
            _ => k[1..].to_vec(),
        },
    }
}

/// A two-char MD5 salt over the last field in front of a bucket: a range
/// on `ts` fans out over 256 salts x 2 buckets, in key order only if each
/// range's salt chars are written most significant first.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 2, fields(id)))]
struct SaltTwoBucket {
    #[bucket(2)]
    ts: u64,
    id: u64,
}

fn salt_two_bucket() -> Layout {
    Layout {
        name: "salt_two_bucket",
        fields: vec![
            Field::u(u64::MAX, &[0, 1, 2, u64::MAX - 1, u64::MAX], 600),
            Field::u(u64::MAX, &[0, 1, u64::MAX - 1, u64::MAX], 40),
        ],
        encode: |v| {
            SaltTwoBucket {
                ts: v[0].u(),
                id: v[1].u(),
            }
            .to_vec()
        },
        decode: |k| SaltTwoBucket::decode(k).map(|x| vec![Val::U(x.ts), Val::U(x.id)]),
        scan: |q| {
            let e = &q.eq;
            let b0 = SaltTwoBucket::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, ts, r, u),
                (1, None) => b0.ts(e[0].u()).ranges(),
                (1, Some(r)) => end!(b0.ts(e[0].u()), id, r, u),
                _ => b0.ts(e[0].u()).id(e[1].u()).ranges(),
            })
        },
        fan: |q| match q.eq.len() {
            0 => 256 * 2,
            1 => 256,
            _ => 1,
        },
        // [salt 2][bucket 1][ts 8][id 8]
        unspread: |q, k| match q.eq.len() {
            0 => k[3..].to_vec(),
            1 => k[2..].to_vec(),
            _ => k.to_vec(),
        },
    }
}

#[test]
fn exact_salt_two_bucket() {
    // 256 or 512 ranges a scan: the systematic scans and a few random ones.
    load(&salt_two_bucket()).run_n(40);
}

#[test]
fn exact_salt_delim_bucket() {
    load(&salt_delim_bucket()).run();
}

#[test]
fn exact_java_wide() {
    load(&java_wide()).run();
}

#[test]
fn exact_far_bucket() {
    load(&far_bucket()).run();
}

#[test]
fn exact_salted_host_bucket() {
    load(&salted_host_bucket()).run();
}

#[test]
fn exact_bucket_then_salted() {
    load(&bucket_then_salted()).run();
}

// ---------------------------------------------------------------------------
// 2: reverse_ts windows come newest first; "latest N" is a prefix scan with a
// limit.

/// A metrics table on disk with its rows, decoded.
fn metric_store(
    hosts: &[&str],
    metrics: &[&str],
    points: u64,
) -> (Store, Vec<(String, String, u64)>) {
    let mut rng = Rng(42);
    let mut rows = Vec::new();
    for h in hosts {
        for m in metrics {
            // The extremes a reverse_ts field takes, then irregular steps.
            let mut ts = vec![0, 1, i64::MAX as u64 - 1, i64::MAX as u64];
            let mut t = 1_700_000_000_000;
            for _ in 0..points {
                t += 1 + rng.below(20_000);
                ts.push(t);
            }
            rows.extend(
                ts.into_iter()
                    .map(|t| ((*h).to_owned(), (*m).to_owned(), t)),
            );
        }
    }
    let store = Store::create("metric_windows");
    let keys: Vec<Vec<u8>> = rows
        .iter()
        .map(|(h, m, t)| {
            Metric {
                host: h,
                metric: m,
                ts: *t,
            }
            .to_vec()
            .expect("encodes")
        })
        .collect();
    store.load(keys.iter().map(Vec::as_slice));
    (store, rows)
}

fn decode_metric(k: &[u8]) -> (String, String, u64) {
    let m = Metric::decode(k).expect("decodes");
    (m.host.to_owned(), m.metric.to_owned(), m.ts)
}

#[test]
fn reverse_ts_window_comes_newest_first() {
    let hosts = ["host1", "host12", "host2"];
    let metrics = ["cpu", "cpu1", "mem"];
    let (store, rows) = metric_store(&hosts, &metrics, 1100);
    let table = store.table();
    let mut rng = Rng(9);
    let mut windows = vec![
        (0, u64::MAX),
        (0, 0),
        (i64::MAX as u64, i64::MAX as u64),
        (i64::MAX as u64, u64::MAX),
        (5, 4),
    ];
    let all_ts: Vec<u64> = rows.iter().map(|r| r.2).collect();
    for _ in 0..60 {
        let a = all_ts[rng.below(all_ts.len() as u64) as usize];
        let b = all_ts[rng.below(all_ts.len() as u64) as usize];
        windows.push((a.min(b), a.max(b)));
        windows.push((
            a.saturating_add(1),
            a.saturating_add(1 + rng.below(100_000)),
        ));
    }
    let mut nonempty = 0;
    for h in hosts {
        for m in metrics {
            for &(t1, t2) in &windows {
                let ranges: Vec<_> = Metric::scan()
                    .host(h)
                    .metric(m)
                    .ts(t1..=t2)
                    .ranges()
                    .expect("window")
                    .collect();
                // One range, or none for a window no storable timestamp
                // is in (inverted, or above i64::MAX).
                let storable = t1 <= t2 && t1 <= i64::MAX as u64;
                assert_eq!(ranges.len(), usize::from(storable), "ts {t1}..={t2}");
                let got: Vec<(String, String, u64)> = ranges
                    .iter()
                    .flat_map(|r| redb_rows(&table, r))
                    .map(|k| decode_metric(&k))
                    .collect();
                let mut want: Vec<(String, String, u64)> = rows
                    .iter()
                    .filter(|r| r.0 == h && r.1 == m && (t1..=t2).contains(&r.2))
                    .cloned()
                    .collect();
                want.sort_by_key(|r| std::cmp::Reverse(r.2));
                assert_eq!(got, want, "{h}/{m} ts {t1}..={t2}");
                nonempty += usize::from(!got.is_empty());
            }
        }
    }
    assert!(
        nonempty > 9 * 60,
        "windows should mostly hit data, hit {nonempty}"
    );
}

#[test]
fn latest_n_is_a_prefix_scan_with_a_limit() {
    let hosts = ["host1", "host12", ""];
    let metrics = ["cpu", "cpu1"];
    let (store, rows) = metric_store(&hosts, &metrics, 800);
    let table = store.table();
    for h in hosts {
        for m in metrics {
            let range = Metric::scan()
                .host(h)
                .metric(m)
                .ranges()
                .expect("prefix")
                .next()
                .expect("one range");
            for n in [0, 1, 2, 10, 100, 803, 804, 805, 5000] {
                let got: Vec<u64> = table
                    .range::<&[u8]>(range.bounds())
                    .expect("range")
                    .take(n)
                    .map(|e| decode_metric(e.expect("row").0.value()).2)
                    .collect();
                let mut want: Vec<u64> = rows
                    .iter()
                    .filter(|r| r.0 == h && r.1 == m)
                    .map(|r| r.2)
                    .collect();
                want.sort_unstable_by(|a, b| b.cmp(a));
                want.truncate(n);
                assert_eq!(got, want, "latest {n} of {h:?}/{m}");
            }
        }
    }

    // The inbox: a receiver's newest messages, ties in time by sender.
    let layout = inbox();
    let loaded = load(&layout);
    for receiver in ["r1", "r12", "", "r1\u{ff}"] {
        let range = Inbox::scan()
            .receiver(receiver)
            .ranges()
            .expect("prefix")
            .next()
            .expect("one");
        let got: Vec<Vec<Val>> = redb_rows(&loaded.table, &range)
            .iter()
            .take(50)
            .map(|k| (loaded.layout.decode)(k).expect("decodes"))
            .collect();
        let mut want: Vec<&Vec<Val>> = loaded
            .rows
            .iter()
            .map(|r| &r.1)
            .filter(|v| v[0] == s(receiver))
            .collect();
        want.sort_by(|a, b| b[1].cmp(&a[1]).then_with(|| a[2].cmp(&b[2])));
        let want: Vec<Vec<Val>> = want.into_iter().take(50).cloned().collect();
        assert_eq!(got.len(), 50, "{receiver:?} has enough mail");
        assert_eq!(got, want, "latest 50 for {receiver:?}");
    }
}

// ---------------------------------------------------------------------------
// 3: fan-out and merge, checked against sorted brute force on decoded values
// (not on key bytes).

/// Runs every range of a scan against the store and merges the streams.
fn merged<K: rowkey::RowKey>(
    table: &ReadOnlyTable<&'static [u8], ()>,
    rs: ScanRanges<K>,
) -> Vec<Vec<u8>> {
    let skip = rs.merge_skip();
    let streams: Vec<Vec<Vec<u8>>> = rs.map(|r| redb_rows(table, &r)).collect();
    rowkey::merge_sorted(
        streams.into_iter().map(Vec::into_iter),
        skip,
        |k: &Vec<u8>| k.as_slice(),
    )
    .collect()
}

#[test]
fn bucket_fan_out_merges_into_time_order() {
    let layout = log_event();
    let loaded = load(&layout);
    let t = &loaded.table;
    let decode = |keys: Vec<Vec<u8>>| -> Vec<Vec<Val>> {
        keys.iter()
            .map(|k| (loaded.layout.decode)(k).expect("decodes"))
            .collect()
    };
    // A prefix that stops before the bucketed field fans out too.
    assert_eq!(LogEvent::scan().ranges().expect("all").fan_out(), 16);
    assert_eq!(
        HostBucket::scan()
            .host("host1")
            .ranges()
            .expect("host")
            .fan_out(),
        16
    );
    assert_eq!(
        HostBucket::scan()
            .host("host1")
            .ts(5..9)
            .ranges()
            .expect("host")
            .fan_out(),
        16
    );
    assert_eq!(HostBucket::scan().ranges().expect("all").fan_out(), 1);
    assert_eq!(
        LogEvent::scan().ts(7).ranges().expect("one ts").fan_out(),
        1
    );

    let mut rng = Rng(3);
    let stamps: Vec<u64> = loaded.rows.iter().map(|r| r.1[0].u()).collect();
    let mut windows = vec![(0, u64::MAX), (1000, 4000), (u64::MAX - 1, u64::MAX)];
    for _ in 0..40 {
        let a = stamps[rng.below(stamps.len() as u64) as usize];
        let b = stamps[rng.below(stamps.len() as u64) as usize];
        windows.push((a.min(b), a.max(b)));
    }
    for (t1, t2) in windows {
        let rs = LogEvent::scan().ts(t1..=t2).ranges().expect("time range");
        assert_eq!(rs.fan_out(), 16);
        assert_eq!(rs.len(), 16);
        let got = decode(merged(t, rs));
        let mut want: Vec<Vec<Val>> = loaded
            .rows
            .iter()
            .map(|r| r.1.clone())
            .filter(|v| (t1..=t2).contains(&v[0].u()))
            .collect();
        // Time first, then host, then event: the value order of the key
        // without its bucket.
        want.sort();
        assert!(got.windows(2).all(|w| w[0][0] <= w[1][0]), "time-ordered");
        assert_eq!(got, want, "ts {t1}..={t2} across 16 buckets");
    }

    // The whole table, merged, is every row in (ts, host, event) order.
    let got = decode(merged(t, LogEvent::scan().ranges().expect("all")));
    let mut want: Vec<Vec<Val>> = loaded.rows.iter().map(|r| r.1.clone()).collect();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn salt_fan_out_merges_by_key_without_salt() {
    let layout = tsdb();
    let loaded = load(&layout);
    let t = &loaded.table;
    assert_eq!(Tsdb::scan().ranges().expect("all").fan_out(), 16);
    assert_eq!(
        Tsdb::scan()
            .metric("cpu")
            .ranges()
            .expect("metric")
            .fan_out(),
        16
    );
    assert_eq!(
        Tsdb::scan()
            .metric("cpu")
            .ts(1..2)
            .ranges()
            .expect("ts")
            .fan_out(),
        16
    );
    assert_eq!(
        Tsdb::scan()
            .metric("cpu")
            .ts(1)
            .tags("host=a")
            .ranges()
            .expect("key")
            .fan_out(),
        1
    );
    let mut rng = Rng(5);
    let mut checked = 0;
    for metric in ["cpu", "cpu1", "", "m\0x", "\u{10ffff}"] {
        for _ in 0..8 {
            let a = rng.below(4500);
            let b = a + rng.below(1500);
            let rs = Tsdb::scan()
                .metric(metric)
                .ts(a..b)
                .ranges()
                .expect("range");
            assert_eq!(rs.fan_out(), 16);
            let got: Vec<Vec<Val>> = merged(t, rs)
                .iter()
                .map(|k| (loaded.layout.decode)(k).expect("decodes"))
                .collect();
            let mut want: Vec<Vec<Val>> = loaded
                .rows
                .iter()
                .map(|r| r.1.clone())
                .filter(|v| v[0] == s(metric) && (a..b).contains(&v[1].u()))
                .collect();
            // (metric, ts, tags): one time-ordered stream of the metric.
            want.sort();
            assert_eq!(got, want, "{metric:?} ts {a}..{b} over 16 salts");
            checked += got.len();
        }
    }
    assert!(
        checked > 1000,
        "the windows should select rows, got {checked}"
    );
}

// ---------------------------------------------------------------------------
// 4: HBase's stop-row rule.

#[test]
fn prefix_stop_follows_hbase() {
    let stop = |p: &[u8]| {
        let mut b = p.to_vec();
        rowkey::prefix_stop(&mut b).map(|n| b[..n].to_vec())
    };
    assert_eq!(stop(b""), None);
    assert_eq!(stop(b"\xff"), None);
    assert_eq!(stop(b"\xff\xff\xff"), None);
    assert_eq!(stop(b"\x00"), Some(b"\x01".to_vec()));
    assert_eq!(stop(b"\xfe"), Some(b"\xff".to_vec()));
    assert_eq!(stop(b"ab"), Some(b"ac".to_vec()));
    assert_eq!(stop(b"a\xff"), Some(b"b".to_vec()));
    assert_eq!(stop(b"\x00\xff\xff"), Some(b"\x01".to_vec()));
    assert_eq!(stop(b"\xff\x00\xff"), Some(b"\xff\x01".to_vec()));
    assert_eq!(stop(b"host1\x00\x00"), Some(b"host1\x00\x01".to_vec()));

    // Exhaustively over short strings of the bytes that matter: `[p, stop)`
    // holds exactly the strings starting with `p`.
    let alphabet = [0x00u8, 0x01, 0xFE, 0xFF];
    let mut strings: Vec<Vec<u8>> = vec![vec![]];
    for len in 1..=4 {
        let before: Vec<Vec<u8>> = strings
            .iter()
            .filter(|s| s.len() == len - 1)
            .cloned()
            .collect();
        for s in before {
            for &b in &alphabet {
                strings.push([s.as_slice(), &[b]].concat());
            }
        }
    }
    for p in strings.iter().filter(|s| s.len() <= 3) {
        let st = stop(p);
        if let Some(st) = &st {
            assert!(st.len() <= p.len(), "stop never grows");
        }
        for k in &strings {
            let inside = k.as_slice() >= p.as_slice() && st.as_ref().is_none_or(|st| k < st);
            assert_eq!(
                inside,
                k.starts_with(p),
                "prefix {p:02x?} stop {st:02x?} key {k:02x?}"
            );
        }
    }
}

#[test]
fn prefixes_ending_in_ff_scan_exactly() {
    let layout = bin();
    let loaded = load(&layout);
    let u = |x: u64| Val::U(x);
    let q = |eq: Vec<Val>, range: Option<R>| Query { eq, range };
    let end_of_table = None;
    // u16 0xFFFF: all 0xFF, to the end of the table.
    let r = Bin::scan()
        .id(0xFFFF)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), end_of_table);
    assert_eq!(r.start(), b"\xff\xff");
    // The last row of the table is in it.
    let last = &loaded.rows.last().expect("rows").0;
    assert!(last.starts_with(b"\xff\xff") && r.contains(last));
    // u16 0x00FF: drop the 0xFF, increment 0x00.
    let r = Bin::scan()
        .id(0x00FF)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), Some(&b"\x01"[..]));
    // u8 255 after 0x00FF: both trailing bytes dropped.
    let r = Bin::scan()
        .id(0x00FF)
        .flag(255)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), Some(&b"\x01"[..]));
    let r = Bin::scan()
        .id(0xFFFF)
        .flag(255)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), end_of_table);
    let r = Bin::scan()
        .id(0xFFFF)
        .flag(255)
        .blob(&b"\xff\xff\xff\xff"[..])
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), end_of_table);
    // Ranges whose upper end is all 0xFF run to the end of the table.
    let r = Bin::scan()
        .id(0xFF00..)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), end_of_table);
    let r = Bin::scan()
        .id(..=0xFFFF)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!((r.start(), r.stop()), (&b""[..], end_of_table));
    // Nothing sorts after 255 in a u8: no range, not the whole table.
    let rs = Bin::scan()
        .id(0xFFFF)
        .flag((Bound::Excluded(255), Bound::Unbounded))
        .ranges()
        .expect("ok");
    assert_eq!(rs.len(), 0);

    // The same scans, and their neighbours, against the store.
    let ff4 = b(b"\xff\xff\xff\xff");
    let queries = [
        q(vec![u(0xFFFF)], None),
        q(vec![u(0x00FF)], None),
        q(vec![u(0xFF00)], None),
        q(vec![u(0xFFFE)], None),
        q(vec![u(0x00FF), u(255)], None),
        q(vec![u(0xFFFF), u(255)], None),
        q(vec![u(0xFFFF), u(254)], None),
        q(vec![u(0xFFFF), u(255), ff4.clone()], None),
        q(vec![u(0xFFFF), u(255), b(b"\xff")], None),
        q(vec![u(0xFFFF), u(255), ff4.clone(), b(b"\xff")], None),
        q(vec![u(0xFFFF), u(255), ff4.clone(), b(b"")], None),
        q(
            vec![u(0xFFFF), u(255), ff4.clone()],
            Some(R::From(b(b"\xff"))),
        ),
        q(
            vec![u(0xFFFF), u(255), ff4.clone()],
            Some(R::ToIncl(b(b"\xff\xff\x00"))),
        ),
        q(
            vec![u(0xFFFF), u(255), ff4],
            Some(R::Pair(Bound::Excluded(b(b"\xff")), Bound::Unbounded)),
        ),
        q(vec![u(0xFFFF), u(255)], Some(R::From(b(b"\xff")))),
        q(
            vec![u(0xFFFF), u(255)],
            Some(R::Pair(Bound::Excluded(b(b"\xff")), Bound::Unbounded)),
        ),
        q(
            vec![u(0xFFFF), u(255)],
            Some(R::ToIncl(b(b"\xff\xff\xff\xff"))),
        ),
        q(vec![u(0xFFFF)], Some(R::From(u(255)))),
        q(
            vec![u(0xFFFF)],
            Some(R::Pair(Bound::Excluded(u(254)), Bound::Unbounded)),
        ),
        q(
            vec![u(0xFFFF)],
            Some(R::Pair(Bound::Excluded(u(255)), Bound::Unbounded)),
        ),
        q(vec![u(0x00FF)], Some(R::ToIncl(u(255)))),
        q(vec![], Some(R::From(u(0xFF00)))),
        q(
            vec![],
            Some(R::Pair(Bound::Excluded(u(0xFFFE)), Bound::Unbounded)),
        ),
        q(
            vec![],
            Some(R::Pair(Bound::Excluded(u(0xFFFF)), Bound::Unbounded)),
        ),
        q(vec![], Some(R::ToIncl(u(0xFFFF)))),
        q(vec![], Some(R::Incl(u(0x00FF), u(0xFF00)))),
    ];
    for query in &queries {
        loaded.check(query).unwrap_or_else(|e| panic!("{e}"));
    }
    let (refused, nonempty, _) = loaded.stats.get();
    assert_eq!(refused, 0);
    assert!(
        nonempty >= queries.len() - 3,
        "0xFF prefixes should hold rows: {nonempty}"
    );
}

/// A fixed-width binary id: every two-byte prefix, 0xFF-heavy, exhaustively.
#[derive(RowKey, Debug, PartialEq)]
struct Tagged<'a> {
    tag: [u8; 2],
    n: u8,
    rest: &'a [u8],
}

type TagRow<'a> = ([u8; 2], u8, &'a [u8]);

#[test]
fn array_prefixes_ending_in_ff_scan_exactly() {
    let tags: [[u8; 2]; 7] = [
        [0, 0],
        [0, 0xFF],
        [1, 0],
        [0xFE, 0xFF],
        [0xFF, 0],
        [0xFF, 0xFE],
        [0xFF, 0xFF],
    ];
    let ns = [0u8, 1, 254, 255];
    let rests: [&[u8]; 5] = [b"", b"\xff", b"\x00", b"a", b"\xff\xff"];
    let mut rows = Vec::new();
    for tag in tags {
        for n in ns {
            for rest in rests {
                rows.push((tag, n, rest));
            }
        }
    }
    let store = Store::create("tagged");
    let keys: Vec<Vec<u8>> = rows
        .iter()
        .map(|&(tag, n, rest)| Tagged { tag, n, rest }.to_vec().expect("encodes"))
        .collect();
    store.load(keys.iter().map(Vec::as_slice));
    let table = store.table();
    // Generic over the layout's scan capacity, which has no public name.
    fn check_rows<K: rowkey::RowKey>(
        table: &ReadOnlyTable<&'static [u8], ()>,
        rows: &[TagRow<'_>],
        rs: ScanRanges<K>,
        pred: &dyn Fn(&TagRow<'_>) -> bool,
        what: &str,
    ) {
        let mut got: Vec<Vec<u8>> = rs.flat_map(|r| redb_rows(table, &r)).collect();
        got.sort();
        let mut want: Vec<Vec<u8>> = rows
            .iter()
            .filter(|r| pred(r))
            .map(|&(tag, n, rest)| Tagged { tag, n, rest }.to_vec().expect("encodes"))
            .collect();
        want.sort();
        assert_eq!(got, want, "{what}");
    }
    let check = |rs, pred: &dyn Fn(&TagRow<'_>) -> bool, what: &str| {
        check_rows(&table, &rows, rs, pred, what);
    };
    for tag in tags {
        check(
            Tagged::scan().tag(tag).ranges().expect("ok"),
            &|r| r.0 == tag,
            &format!("{tag:02x?}"),
        );
        check(
            Tagged::scan().tag(tag..).ranges().expect("ok"),
            &|r| r.0 >= tag,
            &format!("{tag:02x?}.."),
        );
        check(
            Tagged::scan()
                .tag((Bound::Excluded(tag), Bound::Unbounded))
                .ranges()
                .expect("ok"),
            &|r| r.0 > tag,
            &format!("({tag:02x?}..)"),
        );
        check(
            Tagged::scan().tag(..=tag).ranges().expect("ok"),
            &|r| r.0 <= tag,
            &format!("..={tag:02x?}"),
        );
        for n in ns {
            check(
                Tagged::scan().tag(tag).n(n).ranges().expect("ok"),
                &|r| r.0 == tag && r.1 == n,
                &format!("{tag:02x?} {n}"),
            );
            check(
                Tagged::scan().tag(tag).n(n..).ranges().expect("ok"),
                &|r| r.0 == tag && r.1 >= n,
                &format!("{tag:02x?} {n}.."),
            );
            check(
                Tagged::scan()
                    .tag(tag)
                    .n((Bound::Excluded(n), Bound::Unbounded))
                    .ranges()
                    .expect("ok"),
                &|r| r.0 == tag && r.1 > n,
                &format!("{tag:02x?} ({n}..)"),
            );
            check(
                Tagged::scan().tag(tag).n(..=n).ranges().expect("ok"),
                &|r| r.0 == tag && r.1 <= n,
                &format!("{tag:02x?} ..={n}"),
            );
            for rest in rests {
                check(
                    Tagged::scan()
                        .tag(tag)
                        .n(n)
                        .rest(rest)
                        .ranges()
                        .expect("ok"),
                    &|r| r.0 == tag && r.1 == n && r.2 == rest,
                    &format!("{tag:02x?} {n} {rest:02x?}"),
                );
                check(
                    Tagged::scan()
                        .tag(tag)
                        .n(n)
                        .rest(rest..)
                        .ranges()
                        .expect("ok"),
                    &|r| r.0 == tag && r.1 == n && r.2 >= rest,
                    &format!("{tag:02x?} {n} {rest:02x?}.."),
                );
                check(
                    Tagged::scan()
                        .tag(tag)
                        .n(n)
                        .rest(..=rest)
                        .ranges()
                        .expect("ok"),
                    &|r| r.0 == tag && r.1 == n && r.2 <= rest,
                    &format!("{tag:02x?} {n} ..={rest:02x?}"),
                );
            }
        }
    }
    // The all-0xFF prefix is the one whose scan runs to the end of the table.
    let r = Tagged::scan()
        .tag([0xFF, 0xFF])
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), None);
    let r = Tagged::scan()
        .tag([0xFF, 0xFF])
        .n(255)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), None);
    let r = Tagged::scan()
        .tag([0, 0xFF])
        .n(255)
        .ranges()
        .expect("ok")
        .next()
        .expect("one");
    assert_eq!(r.stop(), Some(&[1u8][..]));
}

// ---------------------------------------------------------------------------
// SPEC §3a: seed 004's text keys, descending fields, escaped bytes and an
// Option, scanned exactly like the rest.

/// Seed 004's metric key (`hash(host)_host_%010d(window)_`) extended with
/// every §3a ordering: a descending delimited string, an `Option`, a
/// descending escaped byte string and a descending number.
#[derive(RowKey, Debug, PartialEq)]
struct TextDesc<'a> {
    #[salt(md5, 4, delim = b'_')]
    #[delim(b'_')]
    host: &'a str,
    #[decimal(10)]
    #[delim(b'_')]
    window: u64,
    #[desc]
    #[delim]
    metric: String,
    sensor: Option<u64>,
    #[desc]
    #[escaped]
    tag: Vec<u8>,
    #[desc]
    n: u16,
}

fn text_desc() -> Layout {
    Layout {
        name: "text_desc",
        fields: vec![
            Field::s(None, true, &["web01", "web012", "", "w\u{ff}"], 6)
                .framed(None, Some(b'_'))
                .unranged(),
            Field::u(
                9_999_999_999,
                &[0, 1, 9, 10, 1_888_888, 9_999_999_998, 9_999_999_999],
                60,
            ),
            Field::s(None, true, &["", "cpu", "cpu\u{ff}", "cp", "\u{10ffff}"], 8),
            Field::opt_u(1000, &[None, Some(0), Some(1), Some(1000)], 12),
            Field::b(
                None,
                false,
                &[
                    b"",
                    b"\x00",
                    b"\xff",
                    b"\x00\xff",
                    b"\xff\x00",
                    b"a",
                    b"a\x00",
                ],
                14,
            ),
            Field::u(0xFFFF, &[0, 1, 0xFFFE, 0xFFFF], 200),
        ],
        encode: |v| {
            TextDesc {
                host: v[0].s(),
                window: v[1].u(),
                metric: v[2].st(),
                sensor: v[3].o(),
                tag: v[4].bv(),
                n: v[5].u16(),
            }
            .to_vec()
        },
        decode: |k| {
            TextDesc::decode(k).map(|x| {
                vec![
                    s(x.host),
                    Val::U(x.window),
                    Val::S(x.metric),
                    Val::O(x.sensor),
                    Val::B(x.tag),
                    Val::U(x.n.into()),
                ]
            })
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = TextDesc::scan();
            out(match (e.len(), &q.range) {
                (0, _) => b0.ranges(),
                (1, None) => b0.host(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.host(e[0].s()), window, r, u),
                (2, None) => b0.host(e[0].s()).window(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.host(e[0].s()).window(e[1].u()), metric, r, st),
                (3, None) => b0.host(e[0].s()).window(e[1].u()).metric(e[2].s()).ranges(),
                (3, Some(r)) => end!(
                    b0.host(e[0].s()).window(e[1].u()).metric(e[2].s()),
                    sensor,
                    r,
                    o
                ),
                (4, None) => b0
                    .host(e[0].s())
                    .window(e[1].u())
                    .metric(e[2].s())
                    .sensor(e[3].o())
                    .ranges(),
                (4, Some(r)) => end!(
                    b0.host(e[0].s())
                        .window(e[1].u())
                        .metric(e[2].s())
                        .sensor(e[3].o()),
                    tag,
                    r,
                    bv
                ),
                (5, None) => b0
                    .host(e[0].s())
                    .window(e[1].u())
                    .metric(e[2].s())
                    .sensor(e[3].o())
                    .tag(e[4].bv())
                    .ranges(),
                (5, Some(r)) => end!(
                    b0.host(e[0].s())
                        .window(e[1].u())
                        .metric(e[2].s())
                        .sensor(e[3].o())
                        .tag(e[4].bv()),
                    n,
                    r,
                    u16
                ),
                _ => b0
                    .host(e[0].s())
                    .window(e[1].u())
                    .metric(e[2].s())
                    .sensor(e[3].o())
                    .tag(e[4].bv())
                    .n(e[5].u16())
                    .ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

/// Seed 004's inbox (`receiver_%013d(Long.MAX_VALUE - ts)_sender`) and its
/// `userId_timestamp`: a reversed timestamp as 19 digits takes a range (a
/// time window newest first), a `#[decimal]` timestamp only a value.
#[derive(RowKey, Debug, PartialEq)]
struct TextInbox<'a> {
    #[delim(b'_')]
    receiver: &'a str,
    #[reverse_ts]
    #[decimal(19)]
    #[delim(b'_')]
    ts: u64,
    #[delim(b'_')]
    sender: &'a str,
    #[decimal]
    seq: u64,
}

fn text_inbox() -> Layout {
    Layout {
        name: "text_inbox",
        fields: vec![
            Field::s(None, true, &["bob", "bo", "", "b\u{ff}"], 12).framed(None, Some(b'_')),
            Field::reverse_ts(TS_EDGES, 300),
            Field::s(None, true, &["al", "", "a\u{10ffff}"], 10).framed(None, Some(b'_')),
            Field::u(u64::MAX, &[0, 1, 9, 10, 99, 100, u64::MAX], 60).unranged(),
        ],
        encode: |v| {
            TextInbox {
                receiver: v[0].s(),
                ts: v[1].u(),
                sender: v[2].s(),
                seq: v[3].u(),
            }
            .to_vec()
        },
        decode: |k| {
            TextInbox::decode(k)
                .map(|x| vec![s(x.receiver), Val::U(x.ts), s(x.sender), Val::U(x.seq)])
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = TextInbox::scan();
            out(match (e.len(), &q.range) {
                (0, _) => b0.ranges(),
                (1, None) => b0.receiver(e[0].s()).ranges(),
                (1, Some(r)) => end!(b0.receiver(e[0].s()), ts, r, u),
                (2, _) => b0.receiver(e[0].s()).ts(e[1].u()).ranges(),
                (3, _) => b0.receiver(e[0].s()).ts(e[1].u()).sender(e[2].s()).ranges(),
                _ => b0
                    .receiver(e[0].s())
                    .ts(e[1].u())
                    .sender(e[2].s())
                    .seq(e[3].u())
                    .ranges(),
            })
        },
        fan: one,
        unspread: identity,
    }
}

#[test]
fn exact_text_desc() {
    load(&text_desc()).run();
}

#[test]
fn exact_text_inbox() {
    load(&text_inbox()).run();
}

/// A window over `#[decimal(10)]` text is one scan: the digits are
/// zero-padded, so their byte order is the numbers' order.
#[test]
fn decimal_window_is_one_scan() {
    let ranges: Vec<_> = common::seeds::MetricText::scan()
        .host("web01")
        .window(1_888_880..1_888_890)
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(ranges.len(), 1);
    let salt = &common::seeds::HashedId { id: "web01" }.to_vec().unwrap()[..9];
    assert_eq!(ranges[0].start(), [salt, b"web01_0001888880_"].concat());
    assert_eq!(
        ranges[0].stop(),
        Some(&[salt, b"web01_0001888890_"].concat()[..])
    );
}

/// The §3a orderings combined with a bucket, a pad and each other: a
/// bucketed `#[decimal(6)]` window (a range fans out over the buckets), a
/// descending `#[decimal(4)]`, a descending `Option`, a descending padded
/// byte string, an `Option` of `#[decimal(3)]` digits.
#[derive(RowKey, Debug, PartialEq)]
struct TextCombo {
    #[bucket(4)]
    #[decimal(6)]
    w: u64,
    #[desc]
    #[decimal(4)]
    d: u64,
    #[desc]
    o: Option<u64>,
    #[desc]
    #[pad(3)]
    p: Vec<u8>,
    #[decimal(3)]
    last: Option<u64>,
}

fn text_combo() -> Layout {
    Layout {
        name: "text_combo",
        fields: vec![
            Field::u(999_999, &[0, 1, 3, 4, 5, 999_998, 999_999], 40),
            Field::u(9_999, &[0, 1, 9, 10, 9_998, 9_999], 12),
            Field::opt_u(1000, &[None, Some(0), Some(1), Some(255), Some(256)], 6),
            Field::b(
                Some(3),
                false,
                &[b"", b"\x00\x01", b"\xff", b"\xff\xff\xff", b"a", b"ab"],
                8,
            ),
            Field::opt_u(999, &[None, Some(0), Some(9), Some(10), Some(999)], 10),
        ],
        encode: |v| {
            TextCombo {
                w: v[0].u(),
                d: v[1].u(),
                o: v[2].o(),
                p: v[3].bv(),
                last: v[4].o(),
            }
            .to_vec()
        },
        decode: |k| {
            TextCombo::decode(k).map(|x| {
                vec![
                    Val::U(x.w),
                    Val::U(x.d),
                    Val::O(x.o),
                    Val::B(x.p),
                    Val::O(x.last),
                ]
            })
        },
        scan: |q| {
            let e = &q.eq;
            let b0 = TextCombo::scan();
            out(match (e.len(), &q.range) {
                (0, None) => b0.ranges(),
                (0, Some(r)) => end!(b0, w, r, u),
                (1, None) => b0.w(e[0].u()).ranges(),
                (1, Some(r)) => end!(b0.w(e[0].u()), d, r, u),
                (2, None) => b0.w(e[0].u()).d(e[1].u()).ranges(),
                (2, Some(r)) => end!(b0.w(e[0].u()).d(e[1].u()), o, r, o),
                (3, None) => b0.w(e[0].u()).d(e[1].u()).o(e[2].o()).ranges(),
                (3, Some(r)) => end!(b0.w(e[0].u()).d(e[1].u()).o(e[2].o()), p, r, bv),
                (4, None) => b0.w(e[0].u()).d(e[1].u()).o(e[2].o()).p(e[3].bv()).ranges(),
                (4, Some(r)) => end!(
                    b0.w(e[0].u()).d(e[1].u()).o(e[2].o()).p(e[3].bv()),
                    last,
                    r,
                    o
                ),
                _ => b0
                    .w(e[0].u())
                    .d(e[1].u())
                    .o(e[2].o())
                    .p(e[3].bv())
                    .last(e[4].o())
                    .ranges(),
            })
        },
        // The bucket is the first field: open unless `w` has a value.
        fan: |q| if q.eq.is_empty() { 4 } else { 1 },
        unspread: |_, k| k[1..].to_vec(),
    }
}

#[test]
fn exact_text_combo() {
    load(&text_combo()).run();
}
