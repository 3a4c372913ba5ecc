//! Range bounds a padded or delimited field could not store (longer than
//! the pad, ending in the pad byte, holding the delimiter) select exactly
//! the stored values inside them: checked against a brute-force filter over
//! the values of keys written to a real store (redb), over many random
//! bounds, ascending and `#[desc]`, plain, `Option` and behind a prefix.

use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{Error, RowKey, ScanRanges};
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::ops::Bound;

const TABLE: TableDefinition<&[u8], ()> = TableDefinition::new("rows");

#[derive(RowKey, Debug, PartialEq)]
struct Padded {
    #[pad(4)]
    a: Vec<u8>,
    n: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct PaddedText {
    id: u8,
    #[pad(6)]
    a: String,
}

#[derive(RowKey, Debug, PartialEq)]
struct PaddedDesc {
    #[desc]
    #[pad(4)]
    a: Vec<u8>,
    n: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct Delimited {
    #[delim]
    a: Vec<u8>,
    n: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct DelimitedDesc {
    #[desc]
    #[delim]
    a: Vec<u8>,
    n: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct OptionalPad {
    #[pad(3)]
    a: Option<Vec<u8>>,
    n: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct Bucketed {
    #[bucket(4)]
    id: u16,
    #[pad(3)]
    a: Vec<u8>,
}

/// A small deterministic generator (xorshift), so failures reproduce.
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
    /// Bytes from a small alphabet around the edges (the pad and delimiter
    /// byte 0x00, 0x01, 0xFF, a letter), up to `max` long.
    fn bytes(&mut self, max: usize) -> Vec<u8> {
        let n = self.below(max as u64 + 1) as usize;
        (0..n)
            .map(|_| [0u8, 1, b'a', b'b', 0xFF][self.below(5) as usize])
            .collect()
    }
    fn bound(&mut self, max: usize) -> Bound<Vec<u8>> {
        match self.below(5) {
            0 => Bound::Unbounded,
            1 | 2 => Bound::Included(self.bytes(max)),
            _ => Bound::Excluded(self.bytes(max)),
        }
    }
}

fn inside<T: Ord>(v: &T, lo: &Bound<T>, hi: &Bound<T>) -> bool {
    (match lo {
        Bound::Unbounded => true,
        Bound::Included(b) => v >= b,
        Bound::Excluded(b) => v > b,
    }) && (match hi {
        Bound::Unbounded => true,
        Bound::Included(b) => v <= b,
        Bound::Excluded(b) => v < b,
    })
}

fn map<T, U>(b: &Bound<T>, f: impl Fn(&T) -> U) -> Bound<U> {
    match b {
        Bound::Unbounded => Bound::Unbounded,
        Bound::Included(v) => Bound::Included(f(v)),
        Bound::Excluded(v) => Bound::Excluded(f(v)),
    }
}

/// The keys of `keys` in a temporary redb store, and a reader of the rows
/// a scan's ranges select.
struct Store {
    path: std::path::PathBuf,
    db: Option<Database>,
}

impl Store {
    fn new(name: &str, keys: &BTreeSet<Vec<u8>>) -> Store {
        let path = std::env::temp_dir().join(format!(
            "rowkey-scan_unstorable-{}-{name}.redb",
            std::process::id()
        ));
        let db = Database::create(&path).expect("redb");
        let w = db.begin_write().expect("write");
        {
            let mut t = w.open_table(TABLE).expect("table");
            for k in keys {
                t.insert(k.as_slice(), ()).expect("insert");
            }
        }
        w.commit().expect("commit");
        Store { path, db: Some(db) }
    }

    /// The rows the ranges select, each once, in the order read.
    fn read<K: RowKey>(&self, ranges: ScanRanges<K>) -> Vec<Vec<u8>> {
        let r = self.db.as_ref().expect("open").begin_read().expect("read");
        let t = r.open_table(TABLE).expect("table");
        let mut out = Vec::new();
        for range in ranges {
            for row in t.range::<&[u8]>(range.bounds()).expect("range") {
                out.push(row.expect("row").0.value().to_vec());
            }
        }
        out
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        drop(self.db.take());
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Writes `values` as keys, then checks `scans` random ranges: the rows
/// read are exactly the keys whose value the brute-force filter puts
/// inside the bounds; returns how many bounds the field could not store.
fn check<K: RowKey, V: Ord + Clone + Debug>(
    name: &str,
    values: &[V],
    encode: impl Fn(&V) -> Vec<u8>,
    scan: impl Fn(Bound<V>, Bound<V>) -> Result<ScanRanges<K>, Error>,
    bound: impl Fn(&mut Rng) -> Bound<V>,
    storable: impl Fn(&V) -> bool,
    scans: usize,
) -> usize {
    let keys: BTreeSet<Vec<u8>> = values.iter().map(&encode).collect();
    let store = Store::new(name, &keys);
    let mut rng = Rng(0x5eed ^ name.len() as u64);
    let mut unstorable = 0;
    for _ in 0..scans {
        let (lo, hi) = (bound(&mut rng), bound(&mut rng));
        let odd =
            |b: &Bound<V>| matches!(b, Bound::Included(v) | Bound::Excluded(v) if !storable(v));
        unstorable += usize::from(odd(&lo)) + usize::from(odd(&hi));
        let ranges = scan(lo.clone(), hi.clone())
            .unwrap_or_else(|e| panic!("{name}: {lo:?}..{hi:?} refused: {e}"));
        let got: BTreeSet<Vec<u8>> = store.read(ranges).into_iter().collect();
        let want: BTreeSet<Vec<u8>> = values
            .iter()
            .filter(|v| inside(*v, &lo, &hi))
            .map(&encode)
            .collect();
        assert_eq!(got, want, "{name}: {lo:?}..{hi:?}");
    }
    eprintln!("{name}: {scans} scans, {unstorable} bounds no key holds");
    unstorable
}

fn values(rng: &mut Rng, max: usize, ok: impl Fn(&[u8]) -> bool) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = (0..3000)
        .map(|_| rng.bytes(max))
        .filter(|b| ok(b))
        .collect();
    v.sort();
    v.dedup();
    v
}

fn pad_ok(width: usize) -> impl Fn(&[u8]) -> bool {
    move |b: &[u8]| b.len() <= width && b.last() != Some(&0)
}

fn delim_ok(b: &[u8]) -> bool {
    !b.contains(&0)
}

const SCANS: usize = 1500;

#[test]
fn padded_bounds_select_the_stored_values_below_and_above_them() {
    let mut rng = Rng(11);
    let vals = values(&mut rng, 4, pad_ok(4));
    let n = check(
        "padded",
        &vals,
        |a| Padded { a: a.clone(), n: 7 }.to_vec().unwrap(),
        |lo, hi| Padded::scan().a((lo, hi)).ranges(),
        |r| r.bound(7),
        |a| pad_ok(4)(a),
        SCANS,
    );
    assert!(n > SCANS / 3, "{n} unstorable bounds");
    let n = check(
        "padded_desc",
        &vals,
        |a| PaddedDesc { a: a.clone(), n: 7 }.to_vec().unwrap(),
        |lo, hi| PaddedDesc::scan().a((lo, hi)).ranges(),
        |r| r.bound(7),
        |a| pad_ok(4)(a),
        SCANS,
    );
    assert!(n > SCANS / 3, "{n} unstorable bounds");
}

#[test]
fn delimited_bounds_select_the_stored_values_below_and_above_them() {
    let mut rng = Rng(12);
    let vals = values(&mut rng, 4, delim_ok);
    for desc in [false, true] {
        let n = if desc {
            check(
                "delimited_desc",
                &vals,
                |a| DelimitedDesc { a: a.clone(), n: 7 }.to_vec().unwrap(),
                |lo, hi| DelimitedDesc::scan().a((lo, hi)).ranges(),
                |r| r.bound(5),
                |a| delim_ok(a),
                SCANS,
            )
        } else {
            check(
                "delimited",
                &vals,
                |a| Delimited { a: a.clone(), n: 7 }.to_vec().unwrap(),
                |lo, hi| Delimited::scan().a((lo, hi)).ranges(),
                |r| r.bound(5),
                |a| delim_ok(a),
                SCANS,
            )
        };
        assert!(n > SCANS / 3, "{n} unstorable bounds");
    }
}

#[test]
fn option_and_prefixed_padded_bounds() {
    let mut rng = Rng(13);
    let mut opts: Vec<Option<Vec<u8>>> = values(&mut rng, 3, pad_ok(3))
        .into_iter()
        .map(Some)
        .collect();
    opts.push(None);
    opts.sort();
    let n = check(
        "optional",
        &opts,
        |a| OptionalPad { a: a.clone(), n: 1 }.to_vec().unwrap(),
        |lo, hi| OptionalPad::scan().a((lo, hi)).ranges(),
        |r| match r.below(6) {
            0 => Bound::Included(None),
            _ => map(&r.bound(5), |v| Some(v.clone())),
        },
        |a| a.as_deref().is_none_or(pad_ok(3)),
        SCANS,
    );
    assert!(n > SCANS / 3, "{n} unstorable bounds");

    // Behind a bucketed prefix: one range, in the prefix's bucket.
    let vals = values(&mut rng, 3, pad_ok(3));
    let n = check(
        "bucketed",
        &vals,
        |a| {
            Bucketed {
                id: 6,
                a: a.clone(),
            }
            .to_vec()
            .unwrap()
        },
        |lo, hi| Bucketed::scan().id(6).a((lo, hi)).ranges(),
        |r| r.bound(5),
        |a| pad_ok(3)(a),
        SCANS,
    );
    assert!(n > SCANS / 3, "{n} unstorable bounds");
}

/// Strings cut inside a character: the bytes are cut, and the stored
/// strings below and above them are the ones below and above the bound.
#[test]
fn text_bounds_cut_inside_a_character() {
    let pieces = ["", "a", "é", "€", "\u{10348}", "z", "\u{7f}"];
    let mut rng = Rng(14);
    let mut vals: Vec<String> = (0..3000)
        .map(|_| {
            (0..rng.below(4))
                .map(|_| pieces[rng.below(pieces.len() as u64) as usize])
                .collect::<String>()
        })
        .filter(|s| s.len() <= 6)
        .collect();
    vals.sort();
    vals.dedup();
    let n = check(
        "text",
        &vals,
        |a| {
            PaddedText {
                id: 2,
                a: a.clone(),
            }
            .to_vec()
            .unwrap()
        },
        |lo, hi| PaddedText::scan().id(2).a((lo, hi)).ranges(),
        |r| {
            map(&r.bound(0), |_| ()).map_or_unbounded(|| {
                (0..r.below(6))
                    .map(|_| pieces[r.below(pieces.len() as u64) as usize])
                    .collect::<String>()
            })
        },
        |a| a.len() <= 6,
        SCANS,
    );
    assert!(n > SCANS / 4, "{n} unstorable bounds");
}

trait MapOr {
    fn map_or_unbounded(self, f: impl FnMut() -> String) -> Bound<String>;
}

impl MapOr for Bound<()> {
    fn map_or_unbounded(self, mut f: impl FnMut() -> String) -> Bound<String> {
        match self {
            Bound::Unbounded => Bound::Unbounded,
            Bound::Included(()) => Bound::Included(f()),
            Bound::Excluded(()) => Bound::Excluded(f()),
        }
    }
}

/// The case, and what stays an error: an exact value no key holds
/// (a value, not a range, names one key's field; a typo should not read as
/// "no rows").
#[test]
fn the_reported_bound_and_exact_values() {
    let keys: Vec<PaddedText> = ["zzzzzz", "zzzzz", "a", ""]
        .iter()
        .map(|a| PaddedText {
            id: 1,
            a: (*a).to_owned(),
        })
        .collect();
    let ranges: Vec<_> = PaddedText::scan()
        .id(1)
        .a(.."zzzzzzz".to_owned())
        .ranges()
        .expect("a bound past the pad")
        .collect();
    for k in &keys {
        let row = k.to_vec().unwrap();
        assert!(ranges.iter().any(|r| r.contains(&row)), "{k:?}");
    }
    let e = PaddedText::scan()
        .id(1)
        .a("zzzzzzz".to_owned())
        .ranges()
        .expect_err("an exact value no key holds");
    assert!(e.to_string().contains("PaddedText.a"), "{e}");
}

#[derive(RowKey, Debug, PartialEq)]
struct OptionalDigits {
    #[decimal(3)]
    a: Option<u32>,
    n: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct OptionalDigitsDesc {
    #[desc]
    #[decimal(3)]
    a: Option<u32>,
    n: u8,
}

/// The sibling the `#[decimal(W)]` clamp missed: an `Option` field's
/// `Some(v)` past W digits bounds the window as `v` does on a plain field.
#[test]
fn optional_decimal_bounds_past_the_width() {
    let mut vals: Vec<Option<u32>> = (0..1000).step_by(7).map(Some).collect();
    vals.extend([None, Some(999), Some(0)]);
    vals.sort();
    vals.dedup();
    let bound = |r: &mut Rng| {
        let v = match r.below(4) {
            0 => None,
            1 => Some(r.below(1000) as u32),
            _ => Some(r.below(20_000) as u32),
        };
        match r.below(3) {
            0 => Bound::Unbounded,
            1 => Bound::Included(v),
            _ => Bound::Excluded(v),
        }
    };
    let wide = |a: &Option<u32>| a.is_none_or(|v| v < 1000);
    let n = check(
        "optional_digits",
        &vals,
        |a| OptionalDigits { a: *a, n: 1 }.to_vec().unwrap(),
        |lo, hi| OptionalDigits::scan().a((lo, hi)).ranges(),
        bound,
        wide,
        SCANS,
    );
    assert!(n > SCANS / 3, "{n} bounds past the width");
    check(
        "optional_digits_desc",
        &vals,
        |a| OptionalDigitsDesc { a: *a, n: 1 }.to_vec().unwrap(),
        |lo, hi| OptionalDigitsDesc::scan().a((lo, hi)).ranges(),
        bound,
        wide,
        SCANS,
    );
}

#[derive(RowKey, Debug, PartialEq)]
struct Seen {
    id: u8,
    at: std::time::SystemTime,
}

#[derive(RowKey, Debug, PartialEq)]
struct SeenDesc {
    #[desc]
    at: std::time::SystemTime,
    id: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct SeenMaybe {
    at: Option<std::time::SystemTime>,
    id: u8,
}

/// A time bound no key holds (a sub-millisecond part, before 1970) bounds
/// the window at the whole milliseconds inside it, ascending as
/// `#[reverse_ts]` ranges always did, `#[desc]` and `Option` alike.
#[test]
fn time_bounds_between_milliseconds_and_before_1970() {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};
    let ms = |n: u64| UNIX_EPOCH + Duration::from_millis(n);
    let vals: Vec<SystemTime> = (0..3000).step_by(3).map(ms).collect();
    let time = |r: &mut Rng| -> SystemTime {
        let us = r.below(4_000_000) as i64 - 500_000;
        if r.below(2) == 0 {
            // A whole millisecond, or one between two.
            let us = us / 1000 * 1000 + 1000 * i64::from(r.below(2) == 0) - 1000;
            let d = Duration::from_micros(us.unsigned_abs());
            return if us < 0 {
                UNIX_EPOCH - d
            } else {
                UNIX_EPOCH + d
            };
        }
        let d = Duration::from_micros(us.unsigned_abs());
        if us < 0 {
            UNIX_EPOCH - d
        } else {
            UNIX_EPOCH + d
        }
    };
    let bound = |r: &mut Rng| match r.below(5) {
        0 => Bound::Unbounded,
        1 | 2 => Bound::Included(time(r)),
        _ => Bound::Excluded(time(r)),
    };
    let whole = |t: &SystemTime| {
        t.duration_since(UNIX_EPOCH)
            .is_ok_and(|d| d.subsec_nanos() % 1_000_000 == 0)
    };
    let n = check(
        "seen",
        &vals,
        |t| Seen { id: 4, at: *t }.to_vec().unwrap(),
        |lo, hi| Seen::scan().id(4).at((lo, hi)).ranges(),
        bound,
        whole,
        SCANS,
    );
    assert!(n > SCANS / 2, "{n} bounds between milliseconds");
    check(
        "seen_desc",
        &vals,
        |t| SeenDesc { at: *t, id: 4 }.to_vec().unwrap(),
        |lo, hi| SeenDesc::scan().at((lo, hi)).ranges(),
        bound,
        whole,
        SCANS,
    );
    let mut maybe: Vec<Option<SystemTime>> = vals.iter().copied().map(Some).collect();
    maybe.push(None);
    maybe.sort();
    check(
        "seen_maybe",
        &maybe,
        |t| SeenMaybe { at: *t, id: 4 }.to_vec().unwrap(),
        |lo, hi| SeenMaybe::scan().at((lo, hi)).ranges(),
        |r| match r.below(6) {
            0 => Bound::Included(None),
            1 => Bound::Excluded(None),
            _ => map(&bound(r), |t| Some(*t)),
        },
        |t| t.as_ref().is_none_or(whole),
        SCANS,
    );
}
