//! The optional `serde` feature: `cargo test -p rowkey-core --features serde`.
//! A range serializes as its key type's name and its rows as HBase's
//! `Bytes.toStringBinary` text, round-trips through a format, and is
//! refused on the way in when it is another key's range, when its text is
//! not what `toStringBinary` writes, or when it would be empty or too long,
//! as `KeyRange::new` refuses it.
#![cfg(feature = "serde")]

use rowkey::{KeyRange, OwnedKeyRange, RowKey};

#[derive(RowKey, Debug, PartialEq)]
struct SellerOrder {
    seller_id: u64,
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Other {
    id: u64,
}

fn ranges() -> Vec<KeyRange<SellerOrder>> {
    vec![
        SellerOrder::scan()
            .seller_id(7)
            .ts(5..9)
            .ranges()
            .unwrap()
            .next()
            .unwrap(),
        SellerOrder::scan()
            .seller_id(u64::MAX)
            .ranges()
            .unwrap()
            .next()
            .unwrap(),
        SellerOrder::scan().ranges().unwrap().next().unwrap(),
        KeyRange::new(b"a\\\"\x7F\xFF ~", Some(b"b")).unwrap(),
    ]
}

#[test]
fn ranges_round_trip_as_shell_text() {
    for r in ranges() {
        let json = serde_json::to_string(&r).unwrap();
        let back: KeyRange<SellerOrder> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r, "{json}");
        let owned: OwnedKeyRange<SellerOrder> = serde_json::from_str(&json).unwrap();
        assert_eq!(owned, OwnedKeyRange::from(r));
        assert_eq!(serde_json::to_string(&owned).unwrap(), json);
    }
    let r = SellerOrder::scan()
        .seller_id(42)
        .ts(5..)
        .ranges()
        .unwrap()
        .next()
        .unwrap();
    assert_eq!(
        serde_json::to_string(&r).unwrap(),
        r#"{"key":"SellerOrder","start":"\\x00\\x00\\x00\\x00\\x00\\x00\\x00*\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x05","stop":"\\x00\\x00\\x00\\x00\\x00\\x00\\x00+"}"#
    );
    let r = KeyRange::<SellerOrder>::new(b"a", None).unwrap();
    assert_eq!(
        serde_json::to_string(&r).unwrap(),
        r#"{"key":"SellerOrder","start":"a","stop":null}"#
    );
    // A three-element sequence reads as the struct does.
    let seq: KeyRange<SellerOrder> = serde_json::from_str(r#"["SellerOrder","a",null]"#).unwrap();
    assert_eq!(seq, r);
}

#[test]
fn a_key_prints_as_the_shell_prints_its_row() {
    let key = SellerOrder {
        seller_id: 42,
        ts: 92,
    };
    assert_eq!(
        key.display().unwrap().to_string(),
        r"\x00\x00\x00\x00\x00\x00\x00*\x00\x00\x00\x00\x00\x00\x00\x5C"
    );
    assert_eq!(key.display().unwrap().as_bytes(), key.to_vec().unwrap());
}

#[test]
fn refuses_what_new_refuses_and_text_to_string_binary_never_writes() {
    for bad in [
        // What KeyRange::new refuses: an empty stop, an inverted or empty range.
        r#"{"key":"SellerOrder","start":"a","stop":""}"#,
        r#"{"key":"SellerOrder","start":"b","stop":"a"}"#,
        r#"{"key":"SellerOrder","start":"a","stop":"a"}"#,
        // Missing, duplicate and unknown fields.
        r#"{"key":"SellerOrder","start":"a"}"#,
        r#"{"key":"SellerOrder","stop":null}"#,
        r#"{"start":"a","stop":null}"#,
        r#"{"key":"SellerOrder","start":"a","stop":null,"start":"b"}"#,
        r#"{"key":"SellerOrder","key":"SellerOrder","start":"a","stop":null}"#,
        r#"{"key":"SellerOrder","start":"a","stop":null,"end":"b"}"#,
        r#"["SellerOrder","a"]"#,
        // Another key's range.
        r#"{"key":"Other","start":"a","stop":null}"#,
        r#"["Other","a",null]"#,
        r#"{"key":"sellerorder","start":"a","stop":null}"#,
        // Text toStringBinary would not have written.
        r#"{"key":"SellerOrder","start":"\\x61","stop":null}"#,
        r#"{"key":"SellerOrder","start":"\\xff","stop":null}"#,
        r#"{"key":"SellerOrder","start":"\\x5c","stop":null}"#,
        r#"{"key":"SellerOrder","start":"a\\","stop":null}"#,
        r#"{"key":"SellerOrder","start":"\\x0","stop":null}"#,
        r#"{"key":"SellerOrder","start":"\\n","stop":null}"#,
        r#"{"key":"SellerOrder","start":"a\n","stop":null}"#,
        r#"{"key":"SellerOrder","start":"é","stop":null}"#,
        r#"{"key":"SellerOrder","start":"a","stop":"\\x62"}"#,
        // Rows as byte arrays: the text form only.
        r#"{"key":"SellerOrder","start":[97],"stop":null}"#,
    ] {
        assert!(
            serde_json::from_str::<KeyRange<SellerOrder>>(bad).is_err(),
            "{bad}"
        );
        assert!(
            serde_json::from_str::<OwnedKeyRange<SellerOrder>>(bad).is_err(),
            "{bad}"
        );
    }
    let err =
        serde_json::from_str::<KeyRange<SellerOrder>>(r#"{"key":"Other","start":"a","stop":null}"#)
            .unwrap_err()
            .to_string();
    assert!(err.contains("`SellerOrder`"), "{err}");
    let err = serde_json::from_str::<KeyRange<SellerOrder>>(
        r#"{"key":"SellerOrder","start":"\\x61","stop":null}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("printable byte"), "{err}");
    // Other's own ranges still read as Other's.
    let other = Other::scan().id(1).ranges().unwrap().next().unwrap();
    let json = serde_json::to_string(&other).unwrap();
    assert!(serde_json::from_str::<KeyRange<SellerOrder>>(&json).is_err());
    assert_eq!(
        serde_json::from_str::<KeyRange<Other>>(&json).unwrap(),
        other
    );
}

#[test]
fn rows_longer_than_the_inline_range_go_on_the_heap() {
    // Longer than SCAN_CAP: refused inline, accepted on the heap.
    let long = format!(
        r#"{{"key":"SellerOrder","start":"{}","stop":null}}"#,
        "a".repeat(40)
    );
    assert!(serde_json::from_str::<KeyRange<SellerOrder>>(&long).is_err());
    assert!(serde_json::from_str::<OwnedKeyRange<SellerOrder>>(&long).is_ok());
    // Longer than HBase's row limit: refused on the heap too.
    let huge = format!(
        r#"{{"key":"SellerOrder","start":"{}","stop":null}}"#,
        "\\x00".repeat(32768)
    );
    assert!(serde_json::from_str::<OwnedKeyRange<SellerOrder>>(&huge).is_err());
}

/// A page token (`Ranges`) round-trips through a format with its merge
/// skip, and another key's token does not come back in.
#[test]
fn a_page_token_round_trips() {
    use rowkey::{IntoRanges, Ranges};

    #[derive(RowKey, Debug)]
    struct Bucketed {
        #[bucket(4)]
        ts: u64,
        id: u32,
    }
    let token: Ranges<Bucketed> = Bucketed::scan()
        .ts(10..20)
        .ranges()
        .unwrap()
        .into_ranges()
        .unwrap();
    assert_eq!((token.len(), token.skip()), (4, 1));
    let json = serde_json::to_string(&token).unwrap();
    assert!(
        json.starts_with(r#"{"skip":1,"ranges":[{"key":"Bucketed","#),
        "{json}"
    );
    let back: Ranges<Bucketed> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, token);
    assert!(serde_json::from_str::<Ranges<Other>>(&json).is_err());
    assert!(serde_json::from_str::<Ranges<Bucketed>>(r#"{"ranges":[]}"#).is_err());
}
