//! An `Option` of a type that delimits itself (`Option<Option<u8>>`, an
//! `Option` of a fixed-width type inside the field's own `Option`) stands
//! before other fields without `#[pad]` or `#[delim]`: its presence bytes
//! say where it ends. Checked by brute force over every value: round trip,
//! byte order equal to value order, exact prefix scans, widths, and decode
//! refusing every byte string no key encodes to.

use rowkey::{KeyPart, RowKey};
use std::collections::BTreeMap;

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Nested {
    a: Option<Option<u8>>,
    b: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Deeper {
    a: Option<Option<Option<u16>>>,
    #[pad(3)]
    b: String,
    c: Option<Option<[u8; 2]>>,
}

fn nested_values() -> Vec<Option<Option<u8>>> {
    let mut v = vec![None, Some(None)];
    v.extend(
        (0..=255u8)
            .step_by(5)
            .chain([1, 254, 255])
            .map(|b| Some(Some(b))),
    );
    v.sort();
    v.dedup();
    v
}

#[test]
fn an_option_of_an_option_of_a_fixed_type_delimits_itself() {
    const { assert!(<Option<Option<u8>> as KeyPart>::SELF_DELIMITING) };
    const { assert!(<Option<u8> as KeyPart>::SELF_DELIMITING) };
    const { assert!(!<Option<String> as KeyPart>::SELF_DELIMITING) };
    assert_eq!(<Option<Option<u8>> as KeyPart>::MAX_WIDTH, Some(3));
    // The field's presence, then Option<u8>'s (presence, byte); then b.
    assert_eq!(Nested::MAX_LEN, 4);

    let mut store = BTreeMap::new();
    for a in nested_values() {
        for b in [0u8, 1, 0x7F, 0xFF] {
            let k = Nested { a, b };
            let bytes = k.to_vec().expect("encode");
            assert_eq!(Nested::decode(&bytes).expect("decode"), k);
            store.insert(bytes, k);
        }
    }
    // Byte order is value order (None, Some(None), Some(Some(0)), ...).
    let by_bytes: Vec<&Nested> = store.values().collect();
    let mut by_value = by_bytes.clone();
    by_value.sort();
    assert_eq!(by_bytes, by_value);
    // Exact prefixes: a scan on `a` returns exactly its keys.
    for a in nested_values() {
        let ranges: Vec<_> = Nested::scan().a(a).ranges().expect("scan").collect();
        let got: Vec<&Nested> = store
            .iter()
            .filter(|(k, _)| ranges.iter().any(|r| r.contains(k)))
            .map(|(_, v)| v)
            .collect();
        let want: Vec<&Nested> = store.values().filter(|k| k.a == a).collect();
        assert_eq!(got, want, "{a:?}");
    }
}

#[test]
fn deeper_nesting_round_trips_in_order() {
    let a_values: Vec<Option<Option<Option<u16>>>> = vec![
        None,
        Some(None),
        Some(Some(None)),
        Some(Some(Some(0))),
        Some(Some(Some(0x100))),
        Some(Some(Some(u16::MAX))),
    ];
    let c_values: Vec<Option<Option<[u8; 2]>>> =
        vec![None, Some(None), Some(Some([0, 0])), Some(Some([0xFF, 1]))];
    let mut keys = Vec::new();
    for a in &a_values {
        for b in ["", "x", "xyz"] {
            for c in &c_values {
                let k = Deeper {
                    a: *a,
                    b: b.to_owned(),
                    c: *c,
                };
                let bytes = k.to_vec().expect("encode");
                assert_eq!(Deeper::decode(&bytes).expect("decode"), k);
                keys.push((bytes, k));
            }
        }
    }
    keys.sort();
    assert!(
        keys.windows(2).all(|w| w[0].1 < w[1].1),
        "byte order is value order"
    );
    assert_eq!(Deeper::MAX_LEN, 5 + 3 + 4);
}

/// Every byte string of up to 4 bytes decodes only if it is a key's
/// encoding: a bad presence byte or a short inner value is refused, named
/// after the field.
#[test]
fn decode_refuses_what_no_key_encodes() {
    let mut checked = 0;
    let bytes: [u8; 5] = [0, 1, 2, 7, 0xFF];
    let mut inputs: Vec<Vec<u8>> = vec![vec![]];
    for _ in 0..4 {
        let longer: Vec<Vec<u8>> = inputs
            .iter()
            .flat_map(|v| bytes.iter().map(move |&b| [&v[..], &[b]].concat()))
            .collect();
        inputs.extend(longer);
    }
    inputs.sort();
    inputs.dedup();
    for input in &inputs {
        match Nested::decode(input) {
            Ok(k) => assert_eq!(&k.to_vec().expect("encode"), input),
            Err(e) => {
                let s = e.to_string();
                // Named after the field, or the key for an empty input.
                assert!(
                    s.starts_with("Nested.a") || s.starts_with("Nested.b") || input.is_empty(),
                    "{s}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 700, "{checked}");
    let e = Nested::decode(&[1, 2, 0]).expect_err("presence byte 2");
    assert!(e.to_string().contains("Nested.a"), "{e}");
    assert!(e.to_string().contains("presence byte"), "{e}");
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq)]
struct Tagged {
    #[delim(b'_')]
    tag: Option<Option<String>>,
    id: u8,
}

/// The advice the derive gives an `Option<Option<String>>` before another
/// field: a delimiter its values never hold works, for every value.
#[test]
fn an_option_of_an_option_of_a_string_takes_a_delimiter() {
    for tag in [
        None,
        Some(None),
        Some(Some(String::new())),
        Some(Some("ab".into())),
    ] {
        let k = Tagged { tag, id: 9 };
        let bytes = k.to_vec().expect("encode");
        assert_eq!(Tagged::decode(&bytes).expect("decode"), k);
    }
    let e = Tagged {
        tag: Some(Some("a_b".into())),
        id: 9,
    }
    .to_vec()
    .expect_err("holds the delimiter");
    assert!(e.to_string().starts_with("Tagged.tag"), "{e}");
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct NestedDesc {
    #[desc]
    a: Option<Option<u8>>,
    #[delim(b'_')]
    c: Option<Option<u8>>,
    #[desc]
    #[delim]
    d: Option<Option<u16>>,
    b: u8,
}

/// Inverted (`#[desc]`) or followed by a delimiter, a self-delimiting value
/// is measured, not searched: its bytes may hold the delimiter, and its
/// inverted presence bytes still say where it ends.
#[test]
fn desc_and_delimited_nested_options_round_trip_in_order() {
    let small: Vec<Option<Option<u8>>> = vec![
        None,
        Some(None),
        Some(Some(0)),
        Some(Some(b'_')),
        Some(Some(0xFF)),
    ];
    let wide: Vec<Option<Option<u16>>> = vec![None, Some(None), Some(Some(0)), Some(Some(0xFF00))];
    let mut rows = Vec::new();
    for a in &small {
        for c in &small {
            for d in &wide {
                let k = NestedDesc {
                    a: *a,
                    c: *c,
                    d: *d,
                    b: 3,
                };
                let bytes = k.to_vec().expect("encode");
                assert_eq!(NestedDesc::decode(&bytes).expect("decode"), k);
                rows.push((bytes, k));
            }
        }
    }
    rows.sort();
    // Descending on a, then ascending on c, then descending on d.
    for w in rows.windows(2) {
        let (x, y) = (&w[0].1, &w[1].1);
        let key = |k: &NestedDesc| (std::cmp::Reverse(k.a), k.c, std::cmp::Reverse(k.d));
        assert!(key(x) < key(y), "{x:?} {y:?}");
    }
}

/// An `Option` the derive cannot see (behind an alias) delimits itself
/// too: it stands before another field, and a scan after its shortest
/// value (`None`, one byte) builds.
type Level = Option<u8>;

#[derive(RowKey, Debug, Clone, PartialEq, Eq)]
struct Aliased {
    level: Level,
    n: u8,
}

#[test]
fn an_aliased_option_delimits_itself_and_scans() {
    let mut rows = BTreeMap::new();
    for level in [None, Some(0), Some(9)] {
        for n in 0..8u8 {
            let k = Aliased { level, n };
            let bytes = k.to_vec().expect("encode");
            assert_eq!(Aliased::decode(&bytes).expect("decode"), k);
            rows.insert(bytes, k);
        }
    }
    for level in [None, Some(0), Some(9)] {
        let ranges: Vec<_> = Aliased::scan()
            .level(level)
            .n(3..5)
            .ranges()
            .expect("scan")
            .collect();
        let got: Vec<&Aliased> = rows
            .iter()
            .filter(|(k, _)| ranges.iter().any(|r| r.contains(k)))
            .map(|(_, v)| v)
            .collect();
        let want: Vec<&Aliased> = rows
            .values()
            .filter(|k| k.level == level && (3..5).contains(&k.n))
            .collect();
        assert_eq!(got, want, "{level:?}");
    }
}
