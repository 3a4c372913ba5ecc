//! The optional `serde` feature: `cargo test -p rowkey-core --features serde`.
//! A range round-trips through a format, and a serialized range that would
//! be empty or too long is refused on the way in, as `KeyRange::new` refuses it.
#![cfg(feature = "serde")]

use rowkey::{KeyRange, OwnedKeyRange, RowKey};

#[derive(RowKey, Debug, PartialEq)]
struct SellerOrder {
    seller_id: u64,
    ts: u64,
}

#[test]
fn ranges_round_trip_and_refuse_what_new_refuses() {
    for r in [
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
    ] {
        let json = serde_json::to_string(&r).unwrap();
        let back: KeyRange<SellerOrder> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r, "{json}");
        let owned: OwnedKeyRange<SellerOrder> = serde_json::from_str(&json).unwrap();
        assert_eq!(owned, OwnedKeyRange::from(r));
        assert_eq!(serde_json::to_string(&owned).unwrap(), json);
    }
    let r = KeyRange::<SellerOrder>::new(b"a", None).unwrap();
    assert_eq!(
        serde_json::to_string(&r).unwrap(),
        r#"{"start":[97],"stop":null}"#
    );
    for bad in [
        r#"{"start":[97],"stop":[]}"#,
        r#"{"start":[98],"stop":[97]}"#,
        r#"{"start":[97],"stop":[97]}"#,
        r#"{"start":[97]}"#,
        r#"{"stop":null}"#,
        r#"{"start":[97],"stop":null,"start":[98]}"#,
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
    // Longer than SCAN_CAP: refused inline, accepted on the heap.
    let long = format!(r#"{{"start":{:?},"stop":null}}"#, vec![1u8; 40]);
    assert!(serde_json::from_str::<KeyRange<SellerOrder>>(&long).is_err());
    assert!(serde_json::from_str::<OwnedKeyRange<SellerOrder>>(&long).is_ok());
}
