//! An adversarial sweep of scans over every ordered field kind: each layout
//! stores a set of keys (extreme values included), and every window built
//! from their values and from bounds no key holds (past the type's max,
//! below its min, refused by the encoding) is scanned and read as HBase
//! reads `start()` / `stop()`: an empty stop row is the end of the table,
//! a stop row equal to the start row a `Get`. The rows selected must be
//! exactly the brute force's, a window empty by std's rules yields no range,
//! and no row is longer than HBase's 32767 bytes.

use rowkey::{Error, KeyRange, RowKey, ScanRanges};
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::ops::{Bound, RangeBounds};

const HBASE_MAX: usize = 32767;

fn hbase_selects(start: &[u8], stop: &[u8], k: &[u8]) -> bool {
    if stop.is_empty() {
        k >= start
    } else if stop == start {
        k == start
    } else {
        k >= start && k < stop
    }
}

fn bounds<T: Clone>(b: &[T]) -> Vec<Bound<T>> {
    let mut out = vec![Bound::Unbounded];
    for v in b {
        out.push(Bound::Included(v.clone()));
        out.push(Bound::Excluded(v.clone()));
    }
    out
}

fn std_empty<T: PartialOrd>(lo: &Bound<T>, hi: &Bound<T>) -> bool {
    match (lo, hi) {
        (Bound::Included(a), Bound::Included(b)) => a > b,
        (Bound::Included(a) | Bound::Excluded(a), Bound::Excluded(b))
        | (Bound::Excluded(a), Bound::Included(b)) => a >= b,
        _ => false,
    }
}

/// Scans every window over `bounds` (the stored values and more) and checks
/// it against the brute force over the keys of `values`. `extra` makes two
/// keys per value, so that a window on the leading field must take every
/// key of the values it holds and no other.
fn sweep<K: RowKey, T: Clone + PartialOrd + Debug>(
    name: &str,
    values: &[T],
    extra_bounds: &[T],
    xs: [u8; 2],
    only_x: Option<u8>,
    key: impl Fn(&T, u8) -> Result<Vec<u8>, Error>,
    scan: impl Fn(Bound<T>, Bound<T>) -> Result<ScanRanges<K>, Error>,
) -> Vec<String> {
    let mut store: BTreeMap<Vec<u8>, (usize, u8)> = BTreeMap::new();
    for (i, v) in values.iter().enumerate() {
        for x in xs {
            let k = key(v, x).unwrap_or_else(|e| panic!("{name}: {v:?} does not encode: {e}"));
            store.insert(k, (i, x));
        }
    }
    let mut all: Vec<T> = values.to_vec();
    all.extend_from_slice(extra_bounds);
    let mut refused = Vec::new();
    for lo in bounds(&all) {
        for hi in bounds(&all) {
            let what = format!("{name}: ({lo:?}, {hi:?})");
            let want: Vec<(usize, u8)> = store
                .values()
                .copied()
                .filter(|&(i, x)| {
                    only_x.is_none_or(|o| o == x) && (lo.clone(), hi.clone()).contains(&values[i])
                })
                .collect();
            let rs = match scan(lo.clone(), hi.clone()) {
                Ok(rs) => rs,
                Err(e) => {
                    refused.push(format!("{what}: {e}"));
                    continue;
                }
            };
            let fan = rs.fan_out();
            let ranges: Vec<KeyRange<K>> = rs.collect();
            assert_eq!(ranges.len(), fan, "{what}: fan_out() is not the count");
            if std_empty(&lo, &hi) {
                assert!(
                    ranges.is_empty(),
                    "{what}: an empty window yields {ranges:?}"
                );
            }
            let mut got = Vec::new();
            for r in &ranges {
                let stop = r.stop().unwrap_or(b"");
                assert!(
                    r.start().len() <= HBASE_MAX && stop.len() <= HBASE_MAX,
                    "{what}"
                );
                assert!(
                    r.stop().is_none_or(|s| !s.is_empty() && s > r.start()),
                    "{what}: {r:?}"
                );
                for (k, &v) in &store {
                    let hb = hbase_selects(r.start(), stop, k);
                    assert_eq!(hb, r.contains(k), "{what}: contains disagrees for {k:?}");
                    if hb {
                        got.push(v);
                    }
                }
            }
            got.sort_unstable();
            let mut want = want;
            want.sort_unstable();
            assert_eq!(got, want, "{what}: {ranges:?}");
        }
    }
    refused
}

/// Layouts whose bounds include values the encoding refuses (too long for
/// the pad, ending in the pad byte, holding the delimiter): the scan refuses
/// them as encode does, naming the field. Every other window scans.
const REFUSING: &[&str] = &[
    "PadB",
    "PadS",
    "DescPad",
    "DelimS",
    "DelimFF",
    "DescDelim",
    "WidePad",
    "WideOpenTail",
    "WideEsc",
];

fn refusals(name: &str, refused: &[String]) {
    if !REFUSING.contains(&name) {
        assert!(refused.is_empty(), "{name} refused windows: {refused:#?}");
    }
    for r in refused {
        eprintln!("refused {r}");
        assert!(r.contains(name), "{r}");
    }
}

macro_rules! layout {
    ($(#[$s:meta])* $test:ident, $K:ident, $T:ty, { $($attr:meta)* }, $vals:expr, $extra:expr) => {
        #[derive(RowKey, Debug, PartialEq)]
        $(#[$s])*
        struct $K {
            $(#[$attr])*
            f: $T,
            x: u8,
        }

        #[test]
        fn $test() {
            let values: Vec<$T> = $vals;
            let extra: Vec<$T> = $extra;
            let refused = sweep(
                stringify!($K),
                &values,
                &extra,
                [0, 255],
                None,
                |v, x| $K { f: v.clone(), x }.to_vec(),
                |lo, hi| $K::scan().f((lo, hi)).ranges(),
            );
            refusals(stringify!($K), &refused);
        }
    };
}

macro_rules! layout_last {
    ($(#[$s:meta])* $test:ident, $K:ident, $T:ty, { $($attr:meta)* }, $vals:expr, $extra:expr) => {
        #[derive(RowKey, Debug, PartialEq)]
        $(#[$s])*
        struct $K {
            x: u8,
            $(#[$attr])*
            f: $T,
        }

        #[test]
        fn $test() {
            let values: Vec<$T> = $vals;
            let extra: Vec<$T> = $extra;
            let refused = sweep(
                stringify!($K),
                &values,
                &extra,
                [7, 8],
                Some(7),
                |v, x| $K { x, f: v.clone() }.to_vec(),
                |lo, hi| $K::scan().x(7).f((lo, hi)).ranges(),
            );
            refusals(stringify!($K), &refused);
        }
    };
}

layout!(
    reverse_ts_i64,
    RevI,
    i64,
    { reverse_ts },
    vec![0, 1, 2, 1000, i64::MAX - 1, i64::MAX],
    vec![-1, -5, i64::MIN, 3]
);
layout!(
    reverse_ts_u64,
    RevU,
    u64,
    { reverse_ts },
    vec![0, 1, 2, 1000, i64::MAX as u64 - 1, i64::MAX as u64],
    vec![i64::MAX as u64 + 1, u64::MAX, 3]
);
layout!(reverse_ts_decimal19, RevDec, u64, { reverse_ts decimal(19) },
    vec![0, 1, 2, 1000, i64::MAX as u64 - 1, i64::MAX as u64],
    vec![i64::MAX as u64 + 1, u64::MAX, 3]);
layout!(
    decimal_width,
    Dec,
    u32,
    { decimal(3) },
    vec![0, 1, 9, 10, 998, 999],
    vec![1000, 5000, u32::MAX, 2]
);
layout!(decimal_width_delim, DecD, u64, { decimal(2) delim(b'_') },
    vec![0, 1, 98, 99],
    vec![100, u64::MAX, 2]);
layout!(
    desc_u16,
    DescU,
    u16,
    { desc },
    vec![0, 1, 2, 0xFF, 0x100, 0xFFFE, 0xFFFF],
    vec![3]
);
layout!(
    desc_i8,
    DescI,
    i8,
    { desc },
    vec![i8::MIN, -1, 0, 1, i8::MAX],
    vec![2]
);
layout!(
    plain_i8,
    PlainI,
    i8,
    {},
    vec![i8::MIN, i8::MIN + 1, -1, 0, 1, i8::MAX - 1, i8::MAX],
    vec![2]
);
layout!(
    plain_u128,
    PlainU128,
    u128,
    {},
    vec![0, 1, u128::MAX - 1, u128::MAX],
    vec![2]
);
layout!(plain_bool, PlainBool, bool, {}, vec![false, true], vec![]);
layout!(
    plain_array,
    PlainArr,
    [u8; 2],
    {},
    vec![
        [0, 0],
        [0, 1],
        [0, 0xFF],
        [1, 0],
        [0xFF, 0xFE],
        [0xFF, 0xFF]
    ],
    vec![[0, 2]]
);
layout!(
    desc_array,
    DescArr,
    [u8; 2],
    { desc },
    vec![
        [0, 0],
        [0, 1],
        [0, 0xFF],
        [1, 0],
        [0xFF, 0xFE],
        [0xFF, 0xFF]
    ],
    vec![[0, 2]]
);
layout_last!(
    option_u8,
    OptU,
    Option<u8>,
    {},
    vec![None, Some(0), Some(1), Some(254), Some(255)],
    vec![Some(2)]
);
layout_last!(
    desc_option_u8,
    DescOpt,
    Option<u8>,
    { desc },
    vec![None, Some(0), Some(1), Some(254), Some(255)],
    vec![Some(2)]
);
layout!(
    pad_bytes,
    PadB,
    Vec<u8>,
    { pad(3) },
    bv(&[
        b"",
        b"\x01",
        b"a",
        b"ab",
        b"\xff",
        b"\xff\xff\xff",
        b"\x01\x00\x01"
    ]),
    bv(&[
        b"\x00",
        b"a\x00",
        b"\xff\xff\xff\xff",
        b"abcd",
        b"\x00\x00\x00",
        b"\x00\x00\x00\x00"
    ])
);
layout!(
    pad_str,
    PadS,
    String,
    { pad(3) },
    sv(&["", "a", "ab", "abc", "\u{7f}", "\u{7f}\u{7f}\u{7f}"]),
    sv(&["\0", "a\0", "abcd", "\0\0\0", "\u{10FFFF}"])
);
layout!(desc_pad_bytes, DescPad, Vec<u8>, { desc pad(3) },
    bv(&[b"", b"\x01", b"a", b"ab", b"\xff", b"\xff\xff\xff"]),
    bv(&[b"\x00", b"\xff\xff\xff\xff", b"\x00\x00\x00"]));
layout!(
    delim_str,
    DelimS,
    String,
    { delim },
    sv(&["", "a", "a\u{1}", "ab", "b", "\u{7f}", "\u{10FFFF}"]),
    sv(&["a\0", "\0", "zzzz"])
);
layout!(
    delim_bytes_ff,
    DelimFF,
    Vec<u8>,
    { delim },
    bv(&[b"", b"\x01", b"\xff", b"\xff\xff", b"\xff\x01"]),
    bv(&[b"\x00", b"\xff\x00", b"\xff\xff\xff"])
);
layout!(desc_delim_bytes, DescDelim, Vec<u8>, { desc delim },
    bv(&[b"", b"\x01", b"\xff", b"\xff\xff", b"\xff\x01"]),
    bv(&[b"\x00", b"\xff\x00", b"\xff\xff\xff"]));
layout!(
    escaped_bytes,
    Esc,
    Vec<u8>,
    { escaped },
    bv(&[
        b"",
        b"\x00",
        b"\x00\x00",
        b"\x00\x01",
        b"\x01",
        b"\xff",
        b"\xff\xff",
        b"\xff\x00"
    ]),
    bv(&[b"\x02"])
);
layout!(desc_escaped_bytes, DescEsc, Vec<u8>, { desc escaped },
    bv(&[b"", b"\x00", b"\x00\x00", b"\x00\x01", b"\x01", b"\xff", b"\xff\xff", b"\xff\x00"]),
    bv(&[b"\x02"]));
// The delimiter after an escaped value (which ends itself, so it may hold
// the delimiter's byte).
layout!(
    escaped_delim_bytes,
    EscDelim,
    Vec<u8>,
    { escaped delim(b'|') },
    bv(&[b"", b"\x00", b"|", b"a|b", b"\x01", b"\xff", b"\xff|"]),
    bv(&[b"\x02", b"||"])
);
layout!(
    escaped_string,
    EscS,
    String,
    { escaped },
    vec![String::new(), "\0".into(), "a".into(), "\u{10FFFF}".into()],
    vec!["b".into()]
);

fn bv(v: &[&[u8]]) -> Vec<Vec<u8>> {
    v.iter().map(|b| b.to_vec()).collect()
}

fn sv(v: &[&str]) -> Vec<String> {
    v.iter().map(|&s| s.to_owned()).collect()
}

layout_last!(
    last_bytes,
    LastB,
    Vec<u8>,
    {},
    bv(&[
        b"",
        b"\x00",
        b"\x00\x00",
        b"\x01",
        b"\xff",
        b"\xff\xff",
        b"\xff\x00"
    ]),
    bv(&[b"\x02", b"\xff\xff\xff"])
);
layout_last!(last_desc_escaped, LastDescEsc, Vec<u8>, { desc escaped },
    bv(&[b"", b"\x00", b"\x00\x00", b"\x01", b"\xff", b"\xff\xff", b"\xff\x00"]),
    bv(&[b"\x02", b"\xff\xff\xff"]));
layout_last!(
    last_decimal_w,
    LastDec,
    u16,
    { decimal(3) },
    vec![0, 1, 999],
    vec![1000, u16::MAX]
);
layout_last!(
    last_reverse_ts,
    LastRev,
    i64,
    { reverse_ts },
    vec![0, 1, i64::MAX],
    vec![-1, i64::MIN]
);
layout_last!(
    last_option_str,
    LastOptS,
    Option<String>,
    {},
    vec![
        None,
        Some(String::new()),
        Some("\0".into()),
        Some("a".into())
    ],
    vec![Some("b".into())]
);
layout_last!(
    last_option_u64_desc,
    LastOptD,
    Option<u64>,
    { desc },
    vec![None, Some(0), Some(u64::MAX)],
    vec![Some(1)]
);

// Fan-out: a window on a bucketed field is one range per bucket, on a
// field a struct-level salt hashes one per salt value; every one of them
// empty together, or read exactly.
layout!(
    bucket_4,
    Buck4,
    u64,
    { bucket(4) },
    vec![0, 1, 2, 3, 4, 7, u64::MAX - 1, u64::MAX],
    vec![5, 6]
);
layout!(
    bucket_256_carry,
    Buck256,
    u16,
    { bucket(256) },
    vec![0, 1, 0xFE, 0xFF, 0x1FF, 0xFFFE, 0xFFFF],
    vec![0x100, 2]
);
layout!(
    bucket_300,
    Buck300,
    i32,
    { bucket(300) },
    vec![i32::MIN, -301, -1, 0, 299, 300, i32::MAX],
    vec![1, -2]
);
layout!(bucket_desc, BuckDesc, u16, { bucket(3) desc },
    vec![0, 1, 2, 3, 0xFFFE, 0xFFFF],
    vec![4]);
layout!(bucket_reverse_ts, BuckRev, u64, { bucket(4) reverse_ts },
    vec![0, 1, 5, i64::MAX as u64],
    vec![i64::MAX as u64 + 1, u64::MAX, 3]);
layout!(
    #[rowkey(salt(md5, 1, fields(f)))]
    struct_salt,
    SaltF,
    u16,
    {},
    vec![0, 1, 2, 0xFF, 0xFFFF],
    vec![3]
);
layout!(
    #[rowkey(salt(md5, 2, fields(f, x), delim = b'_'))]
    struct_salt_delim,
    SaltD,
    u64,
    { decimal(3) },
    vec![0, 1, 999],
    vec![1000, u64::MAX]
);
layout!(
    #[rowkey(salt(md5, 1, fields(x)))]
    struct_salt_later,
    SaltL,
    Vec<u8>,
    { escaped },
    bv(&[b"", b"\x00", b"\xff", b"\xff\xff"]),
    bv(&[b"\x01"])
);
layout_last!(
    #[rowkey(salt(md5, 1, fields(x)))]
    struct_salt_prefix,
    SaltP,
    Vec<u8>,
    {},
    bv(&[b"", b"\x00", b"\xff", b"\xff\xff"]),
    bv(&[b"\x01"])
);
layout_last!(
    #[rowkey(salt(md5, 1, fields(x, f)))]
    struct_salt_open,
    SaltO,
    i64,
    { reverse_ts },
    vec![0, 1, i64::MAX],
    vec![-1, 5]
);

// A struct a user's `macro_rules!` declares, its field types passed as
// `$t:ty` fragments (wrapped in invisible groups), has the bytes of the same
// struct written out: `Option<T>` is still read as the derive's optional
// field (its frame around `T`), not as an opaque user type.
macro_rules! declare {
    ($name:ident, $o:ty, $d:ty) => {
        #[derive(RowKey, Debug, PartialEq)]
        struct $name {
            #[delim]
            o: $o,
            #[desc]
            d: $d,
        }
    };
}

declare!(Declared, Option<String>, Option<u8>);

#[derive(RowKey, Debug, PartialEq)]
struct Written {
    #[delim]
    o: Option<String>,
    #[desc]
    d: Option<u8>,
}

#[test]
fn macro_declared_fields_keep_their_layout() {
    for o in [None, Some(String::new()), Some("a".to_owned())] {
        for d in [None, Some(0), Some(9)] {
            let m = Declared { o: o.clone(), d }.to_vec().unwrap();
            let w = Written { o: o.clone(), d }.to_vec().unwrap();
            assert_eq!(m, w, "{o:?} {d:?}");
            assert_eq!(Declared::decode(&m).unwrap(), Declared { o: o.clone(), d });
        }
    }
    // A range on the #[desc] Option<u8> last field scans (it is
    // prefix-free), as it does written out.
    let got: Vec<_> = Declared::scan()
        .o(None)
        .d(Some(1)..)
        .ranges()
        .unwrap()
        .collect();
    let want: Vec<_> = Written::scan()
        .o(None)
        .d(Some(1)..)
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(
        got.iter()
            .map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
            .collect::<Vec<_>>(),
        want.iter()
            .map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
            .collect::<Vec<_>>()
    );
}

/// An unframed last field: rows longer than the scan's budget exist.
#[derive(RowKey, Debug, PartialEq)]
struct Tailed {
    id: u16,
    rest: Vec<u8>,
}

/// Pages a range newest first, resuming before the lowest row of each page,
/// and returns the rows read; a refusal ends it with the error.
fn pages_before(
    all: &BTreeMap<Vec<u8>, ()>,
    range: rowkey::OwnedKeyRange<Tailed>,
    page: usize,
) -> Vec<Vec<u8>> {
    let mut got = Vec::new();
    let mut next = Some(range);
    while let Some(r) = next {
        let rows: Vec<Vec<u8>> = all
            .range::<[u8], _>(r.bounds())
            .rev()
            .take(page)
            .map(|(k, ())| k.clone())
            .collect();
        if let Some(stop) = r.stop() {
            assert!(
                stop.len() <= HBASE_MAX,
                "a stop row of {} bytes",
                stop.len()
            );
        }
        next = match rows.last() {
            Some(last) if rows.len() == page => r.resume_before(last),
            _ => None,
        };
        got.extend(rows);
    }
    got
}

/// Paging backwards never ends early: a row the inline range cannot stop
/// at is refused (not read as "nothing left"), and a row past HBase's limit
/// gives a stop row within it that selects the same keys.
#[test]
fn resume_before_never_loses_rows() {
    let rows: Vec<Vec<u8>> = vec![
        vec![],
        vec![1],
        vec![7; 300],
        vec![7; 301],
        vec![8],
        vec![0xFF; 9],
        // A key of exactly HBase's limit.
        [vec![0xFF; HBASE_MAX - 3], vec![0x10]].concat(),
    ];
    let mut all = BTreeMap::new();
    for rest in &rows {
        all.insert(
            Tailed {
                id: 1,
                rest: rest.clone(),
            }
            .to_vec()
            .unwrap(),
            (),
        );
    }
    let range = Tailed::scan().id(1).ranges().unwrap().next().unwrap();
    let want: Vec<Vec<u8>> = all
        .keys()
        .rev()
        .filter(|k| range.contains(k))
        .cloned()
        .collect();

    // Inline: the 302-byte row is past SCAN_CAP.
    const { assert!(Tailed::SCAN_CAP < 302) };
    let long = Tailed {
        id: 1,
        rest: vec![7; 300],
    }
    .to_vec()
    .unwrap();
    assert!(range.resume_before(&long).is_err(), "an error, not None");
    let short = Tailed {
        id: 1,
        rest: vec![8],
    }
    .to_vec()
    .unwrap();
    let rest = range.resume_before(&short).unwrap().unwrap();
    assert_eq!(rest.stop(), Some(short.as_slice()));

    for page in [1, 2, 3, 100] {
        let got = pages_before(&all, range.into(), page);
        assert_eq!(got, want, "page {page}");
    }
    // A row longer than HBase's limit: the stop row is clamped, and selects
    // exactly the keys before it.
    let owned = rowkey::OwnedKeyRange::<Tailed>::from(range);
    for huge in [
        [vec![0, 1], vec![0x80; 40000]].concat(),
        [vec![0, 1], vec![0xFF; HBASE_MAX - 3], vec![0x10, 0]].concat(),
        [vec![0, 1], vec![0xFF; 40000]].concat(),
    ] {
        let r = owned.resume_before(&huge).unwrap();
        assert!(r.stop().is_none_or(|s| s.len() <= HBASE_MAX));
        for k in all.keys() {
            assert_eq!(
                r.contains(k),
                range.contains(k) && k.as_slice() < huge.as_slice(),
                "{k:?}"
            );
        }
    }
}

// At HBase's limit: keys of exactly 32767 bytes, and bounds one byte past
// what a key holds. No row of any range passes the limit, and every window
// still selects exactly (or is refused, naming the field, for a bound the
// encoding refuses).
fn wide(fill: &[(u8, usize)]) -> Vec<u8> {
    fill.iter()
        .flat_map(|&(b, n)| std::iter::repeat_n(b, n))
        .collect()
}

layout_last!(
    wide_pad,
    WidePad,
    Vec<u8>,
    { pad(32766) },
    vec![
        vec![],
        wide(&[(1, 32766)]),
        wide(&[(0xFF, 32766)]),
        wide(&[(0xFF, 32765), (1, 1)]),
        vec![0xFF]
    ],
    vec![wide(&[(0xFF, 32767)])]
);
layout_last!(
    wide_open,
    WideOpenTail,
    Vec<u8>,
    {},
    vec![
        vec![],
        vec![0],
        wide(&[(0, 32766)]),
        wide(&[(0xFF, 32766)]),
        wide(&[(0xFF, 32765)]),
        vec![0xFF]
    ],
    vec![
        wide(&[(0xFF, 32767)]),
        wide(&[(0, 32767)]),
        wide(&[(0xFF, 40000)])
    ]
);
layout_last!(wide_desc_pad, WideDescPad, Vec<u8>, { desc pad(32766) },
    vec![vec![], wide(&[(1, 32766)]), wide(&[(0xFF, 32766)]), vec![0xFF]],
    vec![]);
layout_last!(
    wide_escaped,
    WideEsc,
    Vec<u8>,
    { escaped },
    vec![
        vec![],
        wide(&[(1, 32764)]),
        wide(&[(0xFF, 16381)]),
        vec![0xFF]
    ],
    vec![wide(&[(1, 32765)]), wide(&[(0xFF, 16382)])]
);
layout!(desc_decimal_width, DescDec, u16, { desc decimal(3) },
    vec![0, 1, 9, 998, 999],
    vec![1000, u16::MAX, 2]);
layout!(bucket_decimal_width, BuckDec, u32, { bucket(4) decimal(3) },
    vec![0, 1, 5, 998, 999],
    vec![1000, u32::MAX, 2]);
