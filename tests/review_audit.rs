//! The second review's findings that are not scan windows, tried on their
//! siblings: empty row keys on every path that writes one, the public
//! constructors and `Display`s on hostile input.

use rowkey::{encode_batch, ErrorKind, RowKey};

#[derive(RowKey, Debug, PartialEq)]
struct Plain<'a> {
    s: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct Reversed {
    #[reverse]
    s: String,
}

#[derive(RowKey, Debug, PartialEq)]
struct DescLast {
    #[desc]
    b: Vec<u8>,
}

#[derive(RowKey, Debug, PartialEq)]
struct TwoEmpty {
    a: [u8; 0],
    #[desc]
    s: String,
}

macro_rules! refused_everywhere {
    ($ty:ident, $v:expr) => {{
        let v = $v;
        let name = stringify!($ty);
        let e = v.to_vec().unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::EmptyKey, "{name}");
        assert_eq!(e.key_name(), name);
        assert!(e.to_string().starts_with(name), "{e}");
        assert_eq!(v.encode_into(&mut [0u8; 64]).unwrap_err(), e);
        assert_eq!(v.encode_into(&mut []).unwrap_err(), e);
        let mut buf = [0u8; 64];
        let mut ends = [0usize; 2];
        let one = [v];
        let (i, be) = encode_batch(&one, &mut buf, &mut ends).unwrap_err();
        assert_eq!((i, &be), (0, &e), "{name}: encode_batch");
        let de = $ty::decode(b"").unwrap_err();
        assert_eq!(de.kind(), &ErrorKind::EmptyKey, "{name}: decode");
        assert!($ty::explain(b"").is_err(), "{name}: explain");
    }};
}

#[test]
fn empty_keys_are_refused_on_every_path() {
    refused_everywhere!(Plain, Plain { s: "" });
    refused_everywhere!(Reversed, Reversed { s: String::new() });
    refused_everywhere!(DescLast, DescLast { b: vec![] });
    refused_everywhere!(
        TwoEmpty,
        TwoEmpty {
            a: [],
            s: String::new()
        }
    );
}

#[derive(RowKey, Debug, PartialEq)]
struct OptOwned {
    #[delim]
    o: Option<String>,
    b: Option<Vec<u8>>,
}

/// `None` is the value an optional field is most often scanned for, and
/// needs no annotation: an `Option<String>` field takes `Option<String>`
/// values only (a second, borrowed `Option<&str>` form would make a bare
/// `None` ambiguous).
#[test]
fn optional_fields_take_a_bare_none() {
    let key = OptOwned {
        o: None,
        b: Some(vec![1, 2]),
    }
    .to_vec()
    .unwrap();
    let hits = |r: rowkey::ScanRanges<OptOwned>| r.filter(|r| r.contains(&key)).count();
    assert_eq!(hits(OptOwned::scan().o(None).ranges().unwrap()), 1);
    assert_eq!(
        hits(
            OptOwned::scan()
                .o(None)
                .b(Some(vec![1, 2]))
                .ranges()
                .unwrap()
        ),
        1
    );
    assert_eq!(
        hits(OptOwned::scan().o(None).b(None..).ranges().unwrap()),
        1
    );
    assert_eq!(hits(OptOwned::scan().o(..=None).ranges().unwrap()), 1);
    assert_eq!(
        hits(OptOwned::scan().o(Some(String::new())..).ranges().unwrap()),
        0
    );
}

#[derive(RowKey, Debug, PartialEq)]
struct EscapedTail {
    id: u8,
    #[escaped]
    rest: Vec<u8>,
}

/// A scan value past the scan's budget is refused with what the budget is:
/// 200 zero bytes escape to 402, and the message must not claim the value
/// is longer than 256 bytes.
#[test]
fn scan_budget_refusal_says_what_counts() {
    let key = EscapedTail {
        id: 1,
        rest: vec![0; 200],
    };
    assert!(key.to_vec().is_ok());
    let e = EscapedTail::scan()
        .id(1)
        .rest(vec![0; 200])
        .ranges()
        .unwrap_err();
    assert_eq!(e.field_name(), Some("rest"));
    let text = e.to_string();
    assert!(!text.contains("longer than the 256 bytes"), "{text}");
    assert!(
        text.contains("SCAN_CAP") && text.contains("escaped") && text.contains("#[pad(N)]"),
        "{text}"
    );
    // 100 zero bytes escape to 202: within the budget, scanned.
    let ok = EscapedTail {
        id: 1,
        rest: vec![0; 100],
    }
    .to_vec()
    .unwrap();
    let r: Vec<_> = EscapedTail::scan()
        .id(1)
        .rest(vec![0; 100])
        .ranges()
        .unwrap()
        .collect();
    assert!(r.iter().any(|r| r.contains(&ok)));
}
