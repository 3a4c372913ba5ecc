//! The keys the no-prelude library derives through the renamed dependency:
//! they write the Java golden bytes (tests/golden/keys.tsv of the main
//! crate), decode back, scan, and name themselves in errors.

use rk::{ErrorKind, RowKey};
use rowkey_hygiene::{
    flags_round_trip, log_scan_fan_out, Delimited, Flags, LogEvent, ReversedUser, UidType,
    UserOrder,
};
use std::collections::BTreeMap;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn user_order_golden() {
    let key = UserOrder {
        user_id: "user_12345",
        order_id: 1,
    };
    let bytes = unhex("62626663757365725f31323334350000000000000000000000000001");
    assert_eq!(key.to_vec().unwrap(), bytes);
    assert_eq!(UserOrder::decode(&bytes).unwrap(), key);
    let mut stack = [0u8; UserOrder::MAX_LEN];
    assert_eq!(key.encode_into(&mut stack).unwrap(), bytes.len());
    assert_eq!(&stack[..], &bytes[..]);
}

#[test]
fn uid_type_golden() {
    let key = UidType {
        uid: "12345",
        r#type: "buyer",
    };
    let bytes = unhex("343663375f31323334355f6275796572");
    assert_eq!(key.to_vec().unwrap(), bytes);
    assert_eq!(UidType::decode(&bytes).unwrap(), key);

    let mut wrong = bytes.clone();
    wrong[0] = b'0';
    let err = UidType::decode(&wrong).unwrap_err();
    assert_eq!(
        (err.key_name(), err.field_name()),
        ("UidType", Some("salt"))
    );
    assert_eq!(err.kind(), &ErrorKind::SaltMismatch);
}

#[test]
fn delimited_golden_and_errors() {
    let key = Delimited {
        c1: "host12",
        c2: "login",
    };
    assert_eq!(key.to_vec().unwrap(), b"host12_login");
    assert_eq!(Delimited::decode(b"host12_login").unwrap(), key);

    let err = Delimited::decode(b"host12").unwrap_err();
    assert_eq!(
        (err.key_name(), err.field_name()),
        ("Delimited", Some("c1"))
    );
    assert_eq!(err.kind(), &ErrorKind::MissingDelimiter { byte: b'_' });
    let err = Delimited { c1: "a_b", c2: "" }.to_vec().unwrap_err();
    assert_eq!(err.field_name(), Some("c1"));
}

#[test]
fn reversed_user_through_a_reexport() {
    let key = ReversedUser {
        user_id: "user_12345".to_owned(),
        delta: -2,
        blob: vec![0, 0xff],
    };
    let bytes = key.to_vec().unwrap();
    let mut expected = b"54321_resu".to_vec();
    expected.resize(16, 0);
    expected.extend((-2i64).to_be_bytes());
    expected.extend([0, 0xff]);
    assert_eq!(bytes, expected);
    assert_eq!(ReversedUser::decode(&bytes).unwrap(), key);
}

#[test]
fn flags_from_a_scope_without_prelude() {
    let key = Flags {
        active: true,
        tag: *b"ab\0\xff",
        delta: -1,
        big: u128::MAX,
    };
    assert_eq!(Flags::MAX_LEN, 1 + 4 + 4 + 2 + 16);
    assert_eq!(flags_round_trip(&key).unwrap(), key);
    let bytes = key.to_vec().unwrap();
    assert_eq!(&bytes[..9], b"\x01ab\0\xff\x7f\xff\xff\xff");
    let err = Flags::decode(&bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!((err.key_name(), err.field_name()), ("Flags", Some("big")));
}

#[test]
fn log_event_bytes_and_scans() {
    let key = LogEvent {
        ts: 17,
        host: "web01",
        event: "cpu",
    };
    let mut expected = vec![1u8];
    expected.extend((i64::MAX as u64 - 17).to_be_bytes());
    expected.extend(b"web01");
    expected.resize(expected.len() + 11, 0);
    expected.extend(b"cpu");
    assert_eq!(key.to_vec().unwrap(), expected);
    assert_eq!(LogEvent::decode(&expected).unwrap(), key);

    let mut table = BTreeMap::new();
    for ts in 0..64u64 {
        for host in ["web01", "web012"] {
            let k = LogEvent {
                ts,
                host,
                event: "cpu",
            };
            table.insert(k.to_vec().unwrap(), (ts, host));
        }
    }

    // A time range leaves the bucket open: one range per bucket.
    assert_eq!(log_scan_fan_out(10, 20).unwrap(), 16);
    let mut got: Vec<(u64, &str)> = LogEvent::scan()
        .ts(10..20)
        .ranges()
        .unwrap()
        .flat_map(|r| {
            table
                .range::<[u8], _>(r.bounds())
                .map(|(_, v)| *v)
                .collect::<Vec<_>>()
        })
        .collect();
    got.sort_unstable();
    let want: Vec<(u64, &str)> = (10..20)
        .flat_map(|ts| [(ts, "web01"), (ts, "web012")])
        .collect();
    assert_eq!(got, want);

    // A fixed timestamp and host: one range, exactly that host.
    let ranges: Vec<_> = LogEvent::scan()
        .ts(33)
        .host("web01")
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(ranges.len(), 1);
    let hits: Vec<_> = table
        .range::<[u8], _>(ranges[0].bounds())
        .map(|(_, v)| *v)
        .collect();
    assert_eq!(hits, [(33, "web01")]);
}

#[test]
fn text_keys_from_a_scope_without_prelude() {
    let key = rowkey_hygiene::Text {
        host: "web01",
        window: 7,
        ts: 1,
        name: "n".to_owned(),
        blob: vec![0, 0xFF],
        maybe: Some(3),
        last: None,
    };
    let bytes = rk::RowKey::to_vec(&key).unwrap();
    assert!(bytes.starts_with(b"2f527604_web01_0000000007_9223372036854775806_"));
    assert_eq!(rowkey_hygiene::Text::decode(&bytes).unwrap(), key);
    assert_eq!(rowkey_hygiene::text_scans(&key).unwrap(), [1, 1, 1, 1]);
}

#[test]
fn limits_from_a_scope_without_prelude() {
    let key = rowkey_hygiene::Limits {
        level: Some(None),
        code: Some(42),
        tag: Some("zz".to_owned()),
        at: std::time::UNIX_EPOCH + std::time::Duration::from_millis(5),
    };
    let bytes = rk::RowKey::to_vec(&key).unwrap();
    assert_eq!(rowkey_hygiene::Limits::decode(&bytes).unwrap(), key);
    assert_eq!(rowkey_hygiene::limits_scans(&key).unwrap(), [1, 1, 1]);
}

#[test]
fn tsdb_golden_and_scans() {
    // A tsdb_w1 row of tests/golden/existing.tsv (OpenTSDB's code in Java).
    let key = rowkey_hygiene::Tsdb {
        metric: 1,
        base_time: 1_356_998_400,
        tags: vec![[0, 0, 0x59, 0x26, 0xfc, 0xfe]],
    };
    let bytes = unhex("0700000150e2270000005926fcfe");
    assert_eq!(key.to_vec().unwrap(), bytes);
    assert_eq!(rowkey_hygiene::Tsdb::decode(&bytes).unwrap(), key);
    assert_eq!(rowkey_hygiene::tsdb_scans(&key).unwrap(), [20, 1, 8]);
    let salted = rowkey_hygiene::Salted { id: 1, kind: 65536 };
    assert_eq!(salted.to_vec().unwrap_err().field_name(), Some("kind"));
}

#[test]
fn phoenix_and_spread_keys_work_under_shadowing() {
    let phx = rowkey_hygiene::Phx {
        code: "ab".into(),
        name: "n".into(),
        dept: None,
        score: -1,
        nick: Some("k".into()),
    };
    let bytes = phx.to_vec().expect("encodes");
    assert_eq!(rowkey_hygiene::Phx::decode(&bytes).expect("decodes"), phx);
    let spread = rowkey_hygiene::Sharded {
        shard: 2,
        user: 7,
        ts: 3,
    };
    assert_eq!(
        rowkey_hygiene::existing_table_scans(&phx, &spread).expect("scans"),
        [4, 4, 4]
    );
}
