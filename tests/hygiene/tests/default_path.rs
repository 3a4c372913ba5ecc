//! The same hygiene through the default `::rowkey` path: keys derived in a
//! module without a prelude and beside shadowing items, then used from
//! ordinary code. Cargo takes one package under one name per crate, so the
//! renamed dependency is given its usual name back here.

extern crate rk as rowkey;

#[no_implicit_prelude]
mod keys {
    ::rowkey_hygiene::shadow_prelude!();

    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct UserOrder<'a> {
        #[salt(md5, 4)]
        #[pad(16)]
        pub user_id: &'a str,
        pub order_id: u64,
    }

    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct RecentEvent<'a> {
        #[bucket(16)]
        #[reverse_ts]
        pub ts: u64,
        pub host: &'a str,
    }

    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Delimited<'a> {
        #[delim(b'_')]
        pub c1: &'a str,
        pub c2: &'a str,
    }

    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[rowkey(salt(md5, 4, fields(uid, kind), delim = b'_'))]
    pub struct UidType<'a> {
        #[delim(b'_')]
        pub uid: &'a str,
        pub kind: &'a str,
    }
}

use keys::{Delimited, RecentEvent, UidType, UserOrder};
use rowkey::RowKey;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Golden vectors from the main crate's tests/golden/keys.tsv.
#[test]
fn golden_keys_round_trip() {
    let user = UserOrder {
        user_id: "u1",
        order_id: 0,
    };
    let bytes = unhex("65343737753100000000000000000000000000000000000000000000");
    assert_eq!(user.to_vec().unwrap(), bytes);
    assert_eq!(UserOrder::decode(&bytes).unwrap(), user);

    let recent = RecentEvent {
        ts: 1,
        host: "host12",
    };
    let bytes = unhex("017ffffffffffffffe686f73743132");
    assert_eq!(recent.to_vec().unwrap(), bytes);
    assert_eq!(RecentEvent::decode(&bytes).unwrap(), recent);

    let delimited = Delimited {
        c1: "host1",
        c2: "login",
    };
    assert_eq!(delimited.to_vec().unwrap(), b"host1_login");
    assert_eq!(Delimited::decode(b"host1_login").unwrap(), delimited);

    let uid = UidType {
        uid: "12345",
        kind: "seller",
    };
    let bytes = unhex("643361365f31323334355f73656c6c6572");
    assert_eq!(uid.to_vec().unwrap(), bytes);
    assert_eq!(UidType::decode(&bytes).unwrap(), uid);
}

#[test]
fn scans_and_errors() {
    // Newest first within a bucket; a range on the timestamp fans out over
    // the 16 buckets.
    let ranges: Vec<_> = RecentEvent::scan().ts(5..=9).ranges().unwrap().collect();
    assert_eq!(ranges.len(), 16);
    for ts in 0..20u64 {
        let key = RecentEvent { ts, host: "h" }.to_vec().unwrap();
        let hits = ranges.iter().filter(|r| r.contains(&key)).count();
        assert_eq!(hits, usize::from((5..=9).contains(&ts)), "ts {ts}");
    }

    let one: Vec<_> = UidType::scan()
        .uid("12345")
        .kind("buyer")
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(one.len(), 1);
    let buyer = UidType {
        uid: "12345",
        kind: "buyer",
    }
    .to_vec()
    .unwrap();
    let buyers = UidType {
        uid: "12345",
        kind: "buyers",
    }
    .to_vec()
    .unwrap();
    assert!(one[0].contains(&buyer));
    assert!(!one[0].contains(&buyers));

    let err = UserOrder::decode(b"zzzz").unwrap_err();
    assert_eq!(
        (err.key_name(), err.field_name()),
        ("UserOrder", Some("user_id"))
    );
}
