//! OpenTSDB's `tsdb` row keys, byte for byte: every `tsdb_*` line of
//! tests/golden/existing.tsv was printed by java/ExistingTables.java, which
//! reimplements OpenTSDB 2.x's `RowKey.prefixKeyWithSalt`, `getSaltBytes`,
//! `UniqueId.longToUID` and `Const` and replays OpenTSDB's own unit tests
//! first. Each key must come out of the derive exactly and decode back.

mod common;
use common::{hex, unhex};
use rowkey::RowKey;

/// Salting disabled (`tsd.storage.salt.width = 0`).
#[derive(RowKey, Debug, PartialEq)]
struct TsdbW0 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

/// `tsd.storage.salt.width = 1`, `tsd.storage.salt.buckets = 20`.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
struct TsdbW1 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

/// `tsd.storage.salt.width = 2`, `tsd.storage.salt.buckets = 300`.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 300, width = 2, fields(metric, tags)))]
struct TsdbW2 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

const EXISTING: &str = include_str!("golden/existing.tsv");

/// The lines of one table: its columns, the key's hex last.
fn rows(table: &str) -> Vec<Vec<&'static str>> {
    EXISTING
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|cols| cols[0] == table)
        .map(|cols| cols[1..].to_vec())
        .collect()
}

fn tags(col: &str) -> Vec<[u8; 6]> {
    let bytes = unhex(col);
    assert_eq!(bytes.len() % 6, 0, "tag pairs are 6 bytes each: {col}");
    bytes
        .chunks_exact(6)
        .map(|c| c.try_into().expect("6 bytes"))
        .collect()
}

macro_rules! golden_table {
    ($test:ident, $table:literal, $key:ident) => {
        #[test]
        fn $test() {
            let lines = rows($table);
            assert!(lines.len() >= 20, "{} has {} rows", $table, lines.len());
            for cols in &lines {
                let [metric, base_time, tag_col, want] = cols[..] else {
                    panic!("{}: expected 4 columns, got {cols:?}", $table);
                };
                let key = $key {
                    metric: metric.parse().expect("metric"),
                    base_time: base_time.parse().expect("base_time"),
                    tags: tags(tag_col),
                };
                let bytes = key.to_vec().expect("encodes");
                assert_eq!(hex(&bytes), want, "{} {key:?}", $table);
                let mut buf = [0u8; 128];
                let n = key.encode_into(&mut buf).expect("encodes");
                assert_eq!(&buf[..n], &bytes[..]);
                assert_eq!($key::decode(&unhex(want)).expect("decodes"), key);
            }
        }
    };
}

golden_table!(tsdb_unsalted, "tsdb_w0", TsdbW0);
golden_table!(tsdb_salt_width_1, "tsdb_w1", TsdbW1);
golden_table!(tsdb_salt_width_2, "tsdb_w2", TsdbW2);

/// The rows include what tells a reimplementation apart: tags whose UIDs
/// have negative Java bytes, no tags, eight tags.
#[test]
fn golden_rows_cover_the_edges() {
    for table in ["tsdb_w0", "tsdb_w1", "tsdb_w2"] {
        let counts: Vec<usize> = rows(table).iter().map(|c| tags(c[2]).len()).collect();
        for n in [0, 1, 8] {
            assert!(counts.contains(&n), "{table} has no row with {n} tag pairs");
        }
    }
}
