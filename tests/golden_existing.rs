//! Golden keys of tables other systems wrote (tests/golden/existing.tsv,
//! printed by java/ExistingTables.java from Apache Phoenix's and OpenTSDB's
//! own encoders): every row encodes to its key byte for byte and decodes
//! back to its values.

use rowkey::RowKey;
use std::fmt::Debug;

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix)]
struct PhxMetrics {
    host: String,
    metric: String,
    ts: i64,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 8))]
struct PhxSalted {
    #[pad(4, b' ')]
    tenant: String,
    user_id: String,
    created: i64,
    seq: u32,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix)]
struct PhxDesc {
    #[desc]
    name: String,
    #[desc]
    score: i64,
    #[desc]
    active: bool,
    #[desc]
    tag: String,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 16))]
struct PhxNullable {
    org: String,
    dept: Option<String>,
    id: i32,
    #[desc]
    nick: Option<String>,
    alias: Option<String>,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix)]
struct PhxTypes {
    a: i8,
    b: i16,
    c: u64,
    d: u16,
    e: u8,
    f: [u8; 4],
    g: Vec<u8>,
}

#[derive(RowKey, Debug, PartialEq)]
struct TsdbW0 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
struct TsdbW1 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 300, width = 2, fields(metric, tags)))]
struct TsdbW2 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex {s:?}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn text(s: &str) -> String {
    assert_ne!(s, "\\N", "NULL in a NOT NULL column");
    s.to_owned()
}

fn nullable(s: &str) -> Option<String> {
    (s != "\\N").then(|| s.to_owned())
}

fn num<T: std::str::FromStr>(s: &str) -> T
where
    T::Err: Debug,
{
    s.parse().expect("number")
}

fn array<const N: usize>(s: &str) -> [u8; N] {
    unhex(s).try_into().expect("array width")
}

fn tags(s: &str) -> Vec<[u8; 6]> {
    unhex(s)
        .chunks(6)
        .map(|c| c.try_into().expect("whole tag pairs"))
        .collect()
}

fn boolean(s: &str) -> bool {
    match s {
        "true" => true,
        "false" => false,
        _ => panic!("boolean {s:?}"),
    }
}

/// Encode gives the golden key; decode gives the values back.
fn check<K>(line: usize, key: &K, expected: &str)
where
    K: RowKey + Debug + PartialEq + for<'a> rowkey::DecodeKey<'a>,
{
    let bytes = key
        .to_vec()
        .unwrap_or_else(|e| panic!("line {line}: {key:?} does not encode: {e}"));
    assert_eq!(hex(&bytes), expected, "line {line}: {key:?}");
    let mut buf = [0u8; 512];
    let n = key
        .encode_into(&mut buf)
        .unwrap_or_else(|e| panic!("line {line}: {e}"));
    assert_eq!(
        &buf[..n],
        &bytes[..],
        "line {line}: encode_into and to_vec agree"
    );
    let golden = unhex(expected);
    let back = <K as rowkey::DecodeKey>::decode(&golden)
        .unwrap_or_else(|e| panic!("line {line}: {expected} does not decode: {e}"));
    assert_eq!(&back, key, "line {line}");
}

#[test]
fn every_golden_row_matches() {
    let tsv = include_str!("golden/existing.tsv");
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for (i, row) in tsv.lines().enumerate() {
        let line = i + 1;
        if row.starts_with('#') || row.is_empty() {
            continue;
        }
        let cols: Vec<&str> = row.split('\t').collect();
        let (table, values, key) = (cols[0], &cols[1..cols.len() - 1], cols[cols.len() - 1]);
        *seen.entry(table).or_default() += 1;
        let v = |j: usize| values[j];
        match (table, values.len()) {
            ("phx_metrics", 3) => check(
                line,
                &PhxMetrics {
                    host: text(v(0)),
                    metric: text(v(1)),
                    ts: num(v(2)),
                },
                key,
            ),
            ("phx_salted", 4) => check(
                line,
                &PhxSalted {
                    tenant: text(v(0)),
                    user_id: text(v(1)),
                    created: num(v(2)),
                    seq: num(v(3)),
                },
                key,
            ),
            ("phx_desc", 4) => check(
                line,
                &PhxDesc {
                    name: text(v(0)),
                    score: num(v(1)),
                    active: boolean(v(2)),
                    tag: text(v(3)),
                },
                key,
            ),
            ("phx_nullable", 5) => check(
                line,
                &PhxNullable {
                    org: text(v(0)),
                    dept: nullable(v(1)),
                    id: num(v(2)),
                    nick: nullable(v(3)),
                    alias: nullable(v(4)),
                },
                key,
            ),
            ("phx_types", 7) => check(
                line,
                &PhxTypes {
                    a: num(v(0)),
                    b: num(v(1)),
                    c: num(v(2)),
                    d: num(v(3)),
                    e: num(v(4)),
                    f: array(v(5)),
                    g: unhex(v(6)),
                },
                key,
            ),
            ("tsdb_w0", 3) => check(
                line,
                &TsdbW0 {
                    metric: num(v(0)),
                    base_time: num(v(1)),
                    tags: tags(v(2)),
                },
                key,
            ),
            ("tsdb_w1", 3) => check(
                line,
                &TsdbW1 {
                    metric: num(v(0)),
                    base_time: num(v(1)),
                    tags: tags(v(2)),
                },
                key,
            ),
            ("tsdb_w2", 3) => check(
                line,
                &TsdbW2 {
                    metric: num(v(0)),
                    base_time: num(v(1)),
                    tags: tags(v(2)),
                },
                key,
            ),
            _ => panic!(
                "line {line}: unknown table {table} with {} values",
                values.len()
            ),
        }
    }
    // Every table of the golden file is there, with the rows it promises.
    for table in [
        "phx_metrics",
        "phx_salted",
        "phx_desc",
        "phx_nullable",
        "phx_types",
        "tsdb_w0",
        "tsdb_w1",
        "tsdb_w2",
    ] {
        let n = seen.get(table).copied().unwrap_or(0);
        assert!((20..=60).contains(&n), "{table}: {n} rows");
    }
}

/// A Phoenix key differs from its neighbours' in one byte: each must fail
/// to decode or decode to other values, never to the same ones.
#[test]
fn golden_phoenix_keys_do_not_decode_when_cut() {
    let tsv = include_str!("golden/existing.tsv");
    for row in tsv.lines().filter(|r| r.starts_with("phx_nullable\t")) {
        let key = unhex(row.rsplit('\t').next().expect("key"));
        let whole = PhxNullable::decode(&key).expect("golden decodes");
        for cut in 1..key.len() {
            if let Ok(short) = PhxNullable::decode(&key[..cut]) {
                assert_ne!(short, whole, "{row}: cut at {cut}");
                // A shorter key that decodes is one Phoenix writes itself.
                assert_eq!(short.to_vec().expect("re-encodes"), &key[..cut], "{row}");
            }
        }
    }
}

/// The rows include what tells a reimplementation apart: OpenTSDB tags whose
/// UIDs have negative Java bytes, no tags, eight tags; Phoenix NULLs in the
/// middle and at the end, a NULL DESC column before a non-null one.
#[test]
fn golden_rows_cover_the_edges() {
    let tsv = include_str!("golden/existing.tsv");
    let rows = |table: &str| -> Vec<Vec<&'static str>> {
        tsv.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .filter(|c| c[0] == table)
            .map(|c| c[1..].to_vec())
            .collect()
    };
    for table in ["tsdb_w0", "tsdb_w1", "tsdb_w2"] {
        let counts: Vec<usize> = rows(table).iter().map(|c| tags(c[2]).len()).collect();
        for n in [0, 1, 8] {
            assert!(counts.contains(&n), "{table} has no row with {n} tag pairs");
        }
    }
    let nullable = rows("phx_nullable");
    let has = |f: &dyn Fn(&[&str]) -> bool| nullable.iter().any(|c| f(c));
    assert!(
        has(&|c| c[1] == "\\N" && c[4] != "\\N"),
        "a NULL middle dept"
    );
    assert!(
        has(&|c| c[3] == "\\N" && c[4] != "\\N"),
        "a NULL DESC nick before an alias"
    );
    assert!(
        has(&|c| c[3] == "\\N" && c[4] == "\\N"),
        "two trailing NULLs"
    );
    assert!(
        has(&|c| c[3] != "\\N" && c[4] == "\\N"),
        "one trailing NULL after DESC"
    );
}
