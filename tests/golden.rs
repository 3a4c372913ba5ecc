//! Byte compatibility with the Java idioms: every key in tests/golden/keys.tsv
//! was built by java/GoldenKeys.java the way HBase client code builds it
//! (regenerate with `java java/GoldenKeys.java > tests/golden/keys.tsv`).
//! Each must come out of the derive byte for byte and decode back.

mod common;
use common::seeds::*;
use common::{hex, unhex};
use rowkey::RowKey;

fn check<'a, K>(
    layout: &str,
    key: &K,
    expected: &'a [u8],
    decode: fn(&'a [u8]) -> Result<K, rowkey::Error>,
) where
    K: RowKey + PartialEq + std::fmt::Debug,
{
    let got = key
        .to_vec()
        .unwrap_or_else(|e| panic!("{layout}: {key:?} refused: {e}"));
    assert_eq!(hex(&got), hex(expected), "{layout}: {key:?}");
    assert_eq!(key.encoded_len(), expected.len(), "{layout}: encoded_len");
    let back = decode(expected).unwrap_or_else(|e| panic!("{layout}: decode {key:?}: {e}"));
    assert_eq!(&back, key, "{layout}: round trip");
}

#[test]
fn java_golden_keys() {
    let text = include_str!("golden/keys.tsv");
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (layout, args, key) = (
            cols[0],
            &cols[1..cols.len() - 1],
            unhex(cols[cols.len() - 1]),
        );
        let int = |i: usize| -> u64 { args[i].parse().expect("u64 arg") };
        let sint = |i: usize| -> i64 { args[i].parse().expect("i64 arg") };
        *counts.entry(layout).or_default() += 1;
        match layout {
            "user_orders" => check(
                layout,
                &UserOrder {
                    user_id: args[0],
                    order_id: int(1),
                },
                &key,
                UserOrder::decode,
            ),
            "metrics" => check(
                layout,
                &Metric {
                    host: args[0],
                    event: args[1],
                    ts: int(2),
                },
                &key,
                Metric::decode,
            ),
            "bucketed_logs" => check(
                layout,
                &LogEvent {
                    ts: int(0),
                    host: args[1],
                    event: args[2],
                },
                &key,
                LogEvent::decode,
            ),
            "bucketed_logs_wide" => check(
                layout,
                &WideLogEvent {
                    ts: int(0),
                    host: args[1],
                    event: args[2],
                },
                &key,
                WideLogEvent::decode,
            ),
            "seller_orders" => check(
                layout,
                &SellerOrder {
                    seller_id: int(0),
                    ts: int(1),
                    order_no: int(2),
                },
                &key,
                SellerOrder::decode,
            ),
            "rpad_columns" => check(
                layout,
                &Columns {
                    c1: args[0],
                    c2: args[1],
                },
                &key,
                Columns::decode,
            ),
            "rpad_x" => check(
                layout,
                &XColumns {
                    c1: args[0],
                    c2: args[1],
                },
                &key,
                XColumns::decode,
            ),
            "delimited" => check(
                layout,
                &Delimited {
                    c1: args[0],
                    c2: args[1],
                },
                &key,
                Delimited::decode,
            ),
            "reversed_user" => check(
                layout,
                &ReversedUser {
                    user_id: args[0].to_owned(),
                    order_id: int(1),
                },
                &key,
                ReversedUser::decode,
            ),
            "signed_ordered" => check(layout, &Signed { v: sint(0) }, &key, Signed::decode),
            "signed_java" => check(layout, &SignedJava { v: sint(0) }, &key, SignedJava::decode),
            "salted_u64" => check(layout, &SaltedId { id: int(0) }, &key, SaltedId::decode),
            "bucket_reverse_ts" => check(
                layout,
                &RecentEvent {
                    ts: int(0),
                    host: args[1],
                },
                &key,
                RecentEvent::decode,
            ),
            "uid_type" => check(
                layout,
                &UidType {
                    uid: args[0],
                    kind: args[1],
                },
                &key,
                UidType::decode,
            ),
            "uuid_bytes" => {
                let id: [u8; 16] = unhex(args[0].trim_start_matches("0x"))
                    .try_into()
                    .expect("16 bytes");
                let part: u32 = args[1].parse().expect("u32");
                check(layout, &Blob { id, part }, &key, Blob::decode)
            }
            "kind_uid_salt" => check(
                layout,
                &KindUid {
                    uid: args[0].as_bytes().try_into().expect("10 digits"),
                    kind: args[1],
                    ts: int(2),
                },
                &key,
                KindUid::decode,
            ),
            other => panic!("layout {other} has no Rust struct in this test"),
        }
    }
    // Every layout the generator writes is covered, with real case counts.
    assert_eq!(counts.len(), 16, "{counts:?}");
    assert!(counts.values().all(|&n| n >= 15), "{counts:?}");
}
