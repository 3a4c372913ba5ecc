//! Byte compatibility with the Java idioms: every key in tests/golden/keys.tsv
//! was built by java/GoldenKeys.java the way HBase client code builds it
//! (regenerate with `java java/GoldenKeys.java > tests/golden/keys.tsv`).
//! Each must come out of the derive byte for byte and decode back.

mod common;
use common::seeds::*;
use common::{hex, unhex};
use rowkey::RowKey;

// Behind features, so not among the seeds that the fuzz target (built without
// them) shares.
/// Java's `UUID`, `Instant.toEpochMilli()` and `Long.MAX_VALUE - millis`,
/// from each time crate.
#[derive(RowKey, Debug, PartialEq)]
struct UuidTimes {
    id: uuid::Uuid,
    at: std::time::SystemTime,
    #[reverse_ts]
    seen: std::time::SystemTime,
}

/// A delimiter after a uuid is written, not searched; a `#[desc]` uuid is
/// its 16 bytes inverted.
#[derive(RowKey, Debug, PartialEq)]
struct UuidDelimDesc<'a> {
    #[delim(b'_')]
    id: uuid::Uuid,
    #[desc]
    other: uuid::Uuid,
    name: &'a str,
}

/// Seed 004's inbox key with the timestamp as i64 and as each time type:
/// `#[reverse_ts] #[decimal(19)]` is `%013d` of `Long.MAX_VALUE - millis`.
#[derive(RowKey, Debug, PartialEq)]
struct InboxI64<'a> {
    #[delim(b'_')]
    receiver_id: &'a str,
    #[reverse_ts]
    #[decimal(19)]
    #[delim(b'_')]
    ts: i64,
    sender_id: &'a str,
}

/// Per time type: seed 004's inbox key, and `Long.toString(Long.MAX_VALUE -
/// millis)`.
macro_rules! time_layouts {
    ($($inbox:ident, $digits:ident: $t:ty;)*) => {$(
        #[derive(RowKey, Debug, PartialEq)]
        struct $inbox<'a> {
            #[delim(b'_')]
            receiver_id: &'a str,
            #[reverse_ts]
            #[decimal(19)]
            #[delim(b'_')]
            ts: $t,
            sender_id: &'a str,
        }

        #[derive(RowKey, Debug, PartialEq)]
        struct $digits {
            #[reverse_ts]
            #[decimal]
            ts: $t,
        }
    )*};
}

time_layouts! {
    InboxSystemTime, DigitsSystemTime: std::time::SystemTime;
    InboxChrono, DigitsChrono: chrono::DateTime<chrono::Utc>;
    InboxTime, DigitsTime: time::OffsetDateTime;
}

#[derive(RowKey, Debug, PartialEq)]
struct UuidChrono {
    id: uuid::Uuid,
    at: chrono::DateTime<chrono::Utc>,
    #[reverse_ts]
    seen: chrono::DateTime<chrono::Utc>,
}

#[derive(RowKey, Debug, PartialEq)]
struct UuidTime {
    id: uuid::Uuid,
    at: time::OffsetDateTime,
    #[reverse_ts]
    seen: time::OffsetDateTime,
}

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
                    uid: args[0],
                    kind: args[1],
                },
                &key,
                KindUid::decode,
            ),
            other => {
                if !text_layout(other, args, &key) {
                    panic!("layout {other} has no Rust struct in this test");
                }
            }
        }
    }
    // Every layout the generator writes is covered, with real case counts.
    assert_eq!(counts.len(), 48, "{counts:?}");
    assert!(counts.values().all(|&n| n >= 15), "{counts:?}");
}

/// An argument of a §3a layout: `NULL` is None; `0x..` is hex bytes.
fn opt(arg: &str) -> Option<&str> {
    (arg != "NULL").then_some(arg)
}

fn bytes(arg: &str) -> Vec<u8> {
    unhex(arg.trim_start_matches("0x"))
}

/// Seed 004's 15-minute window, as `RowKeyUtil.metricRowKey` computes it.
const WINDOW_MS: u64 = 15 * 60 * 1000;

fn millis_time(ms: u64) -> std::time::SystemTime {
    std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms)
}

fn chrono_ms_checked(ms: u64) -> Option<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::from_timestamp_millis(i64::try_from(ms).ok()?)
}

fn time_ms_checked(ms: u64) -> Option<time::OffsetDateTime> {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).ok()
}

fn chrono_ms(ms: u64) -> chrono::DateTime<chrono::Utc> {
    chrono_ms_checked(ms).expect("in range")
}

fn time_ms(ms: u64) -> time::OffsetDateTime {
    time_ms_checked(ms).expect("in range")
}

/// The §3a layouts (SPEC 3a; java/GoldenKeys.java 17-48). False for an
/// unknown layout.
fn text_layout(layout: &str, args: &[&str], key: &[u8]) -> bool {
    let int = |i: usize| -> u64 { args[i].parse().expect("u64 arg") };
    match layout {
        "hash_row_key" => check(layout, &HashedId { id: args[0] }, key, HashedId::decode),
        "metric_row_key" => check(
            layout,
            &MetricText {
                host: args[0],
                window: int(1) / WINDOW_MS,
                metric: args[2],
            },
            key,
            MetricText::decode,
        ),
        "inbox_row_key" => {
            check(
                layout,
                &Inbox {
                    receiver_id: args[0],
                    ts: int(1),
                    sender_id: args[2],
                },
                key,
                Inbox::decode,
            );
            check(
                layout,
                &InboxI64 {
                    receiver_id: args[0],
                    ts: args[1].parse().expect("i64"),
                    sender_id: args[2],
                },
                key,
                InboxI64::decode,
            );
            let ms = int(1);
            check(
                layout,
                &InboxSystemTime {
                    receiver_id: args[0],
                    ts: millis_time(ms),
                    sender_id: args[2],
                },
                key,
                InboxSystemTime::decode,
            );
            // Beyond the time crate's range (about year 262143 for chrono,
            // 9999 for time) there is no value to encode.
            if let Some(ts) = chrono_ms_checked(ms) {
                let k = InboxChrono {
                    receiver_id: args[0],
                    ts,
                    sender_id: args[2],
                };
                check(layout, &k, key, InboxChrono::decode);
            }
            // Beyond the time crate's range (about year 262143 for chrono,
            // 9999 for time) there is no value to encode.
            if let Some(ts) = time_ms_checked(ms) {
                let k = InboxTime {
                    receiver_id: args[0],
                    ts,
                    sender_id: args[2],
                };
                check(layout, &k, key, InboxTime::decode);
            }
        }
        "user_timestamp" => check(
            layout,
            &UserTimestamp {
                user_id: args[0],
                ts: int(1),
            },
            key,
            UserTimestamp::decode,
        ),
        "region_timestamp" => check(
            layout,
            &RegionTimestamp {
                region: args[0],
                ts: int(1),
            },
            key,
            RegionTimestamp::decode,
        ),
        "hashed_number" => check(
            layout,
            &HashedNumber { id: int(0) },
            key,
            HashedNumber::decode,
        ),
        "delim_fixed" => check(
            layout,
            &DelimFixed {
                id: int(0),
                name: args[1],
            },
            key,
            DelimFixed::decode,
        ),
        "desc_u64" => check(layout, &DescU64 { v: int(0) }, key, DescU64::decode),
        "desc_i64" => check(
            layout,
            &DescI64 {
                v: args[0].parse().expect("i64"),
            },
            key,
            DescI64::decode,
        ),
        "desc_name_id" => check(
            layout,
            &DescNameId {
                name: args[0].to_owned(),
                id: int(1),
            },
            key,
            DescNameId::decode,
        ),
        "desc_window" => check(
            layout,
            &DescWindow {
                window: int(0),
                metric: args[1],
            },
            key,
            DescWindow::decode,
        ),
        "desc_padded" => check(
            layout,
            &DescPadded {
                code: args[0].to_owned(),
                n: args[1].parse().expect("u32"),
            },
            key,
            DescPadded::decode,
        ),
        "bucket_desc" => check(
            layout,
            &BucketDesc {
                ts: int(0),
                host: args[1],
            },
            key,
            BucketDesc::decode,
        ),
        "escaped_pair" => {
            let b = bytes(args[1]);
            check(
                layout,
                &EscapedPair {
                    a: bytes(args[0]),
                    b: &b,
                },
                key,
                EscapedPair::decode,
            );
        }
        "escaped_desc" => check(
            layout,
            &EscapedDesc {
                a: bytes(args[0]),
                n: args[1].parse().expect("u32"),
            },
            key,
            EscapedDesc::decode,
        ),
        "escaped_delim" => check(
            layout,
            &EscapedDelim {
                a: bytes(args[0]),
                b: args[1],
            },
            key,
            EscapedDelim::decode,
        ),
        "optional" => check(
            layout,
            &Optional {
                a: opt(args[0]).map(|v| v.parse().expect("u32")),
                b: opt(args[1]),
                c: opt(args[2]),
            },
            key,
            Optional::decode,
        ),
        "optional_desc" => check(
            layout,
            &OptionalDesc {
                v: opt(args[0]).map(|v| v.parse().expect("u64")),
                tail: args[1],
            },
            key,
            OptionalDesc::decode,
        ),
        "optional_pad" => check(
            layout,
            &OptionalPad {
                a: opt(args[0]),
                b: args[1].parse().expect("u8"),
            },
            key,
            OptionalPad::decode,
        ),
        "reverse_ts_digits" => {
            check(
                layout,
                &ReverseTsDigits { ts: int(0) },
                key,
                ReverseTsDigits::decode,
            );
            let ms = int(0);
            let t = DigitsSystemTime {
                ts: millis_time(ms),
            };
            check(layout, &t, key, DigitsSystemTime::decode);
            if let Some(ts) = chrono_ms_checked(ms) {
                check(layout, &DigitsChrono { ts }, key, DigitsChrono::decode);
            }
            if let Some(ts) = time_ms_checked(ms) {
                check(layout, &DigitsTime { ts }, key, DigitsTime::decode);
            }
        }
        "desc_delim_mid" => check(
            layout,
            &DescDelimMid {
                name: args[0].to_owned(),
                id: int(1),
            },
            key,
            DescDelimMid::decode,
        ),
        "option_decimal" => check(
            layout,
            &OptionDecimal {
                w: opt(args[0]).map(|v| v.parse().expect("u64")),
                metric: args[1],
            },
            key,
            OptionDecimal::decode,
        ),
        "salt_decimal_w" => check(
            layout,
            &SaltDecimalW {
                id: int(0),
                name: args[1],
            },
            key,
            SaltDecimalW::decode,
        ),
        "bucket_decimal" => check(
            layout,
            &BucketDecimal {
                w: int(0),
                host: args[1],
            },
            key,
            BucketDecimal::decode,
        ),
        "uuid_delim_desc" => check(
            layout,
            &UuidDelimDesc {
                id: args[0].parse().expect("uuid"),
                other: args[1].parse().expect("uuid"),
                name: args[2],
            },
            key,
            UuidDelimDesc::decode,
        ),
        "optional_desc_name" => check(
            layout,
            &OptionalDescName {
                name: opt(args[0]).map(str::to_owned),
                n: args[1].parse().expect("u32"),
            },
            key,
            OptionalDescName::decode,
        ),
        "optional_escaped" => {
            let b = bytes(args[1]);
            check(
                layout,
                &OptionalEscaped {
                    a: opt(args[0]).map(bytes),
                    b: &b,
                },
                key,
                OptionalEscaped::decode,
            );
        }
        "desc_fixed_delim" => check(
            layout,
            &DescFixedDelim {
                id: int(0),
                w: args[1].parse().expect("u32"),
                ts: int(2),
                name: args[3],
            },
            key,
            DescFixedDelim::decode,
        ),
        "salt_escaped" => check(
            layout,
            &SaltEscaped {
                a: bytes(args[0]),
                b: args[1],
            },
            key,
            SaltEscaped::decode,
        ),
        "salt_reverse_ts" => check(
            layout,
            &SaltReverseTs {
                ts: int(0),
                seen: opt(args[1]).map(|v| v.parse().expect("u64")),
            },
            key,
            SaltReverseTs::decode,
        ),
        "desc_pad_x" => check(
            layout,
            &DescPadX {
                code: args[0].to_owned(),
                n: args[1].parse().expect("u32"),
            },
            key,
            DescPadX::decode,
        ),
        "uuid_times" => {
            let id: uuid::Uuid = args[0].parse().expect("uuid");
            let (at, seen) = (int(1), int(2));
            check(
                layout,
                &UuidTimes {
                    id,
                    at: millis_time(at),
                    seen: millis_time(seen),
                },
                key,
                UuidTimes::decode,
            );
            check(
                layout,
                &UuidChrono {
                    id,
                    at: chrono_ms(at),
                    seen: chrono_ms(seen),
                },
                key,
                UuidChrono::decode,
            );
            check(
                layout,
                &UuidTime {
                    id,
                    at: time_ms(at),
                    seen: time_ms(seen),
                },
                key,
                UuidTime::decode,
            );
        }
        _ => return false,
    }
    true
}

/// OrderedCode's terminator sorts below every continuation whatever the
/// next field holds: `a` < `a\0` even when the field after `a` starts with
/// 0xFF, and keys decode back when it does.
#[test]
fn escaped_terminator_survives_a_next_field_of_0xff() {
    let short = EscapedPair {
        a: b"a".to_vec(),
        b: &[0xFF, 0xFF],
    };
    let longer = EscapedPair {
        a: b"a\0".to_vec(),
        b: &[],
    };
    let (s, l) = (short.to_vec().unwrap(), longer.to_vec().unwrap());
    assert!(s < l, "{} !< {}", hex(&s), hex(&l));
    assert_eq!(EscapedPair::decode(&s).unwrap(), short);
    assert_eq!(EscapedPair::decode(&l).unwrap(), longer);
    // A lone 0x00 terminator (FoundationDB's) would fail exactly here:
    // `a 00 FF FF` reads as the escaped `a\0` followed by garbage.
    let lone: Vec<u8> = [b"a".as_slice(), &[0x00], &[0xFF, 0xFF]].concat();
    assert!(
        lone > l,
        "a lone terminator would sort after the longer value"
    );
}

/// OrderedCode's own string vectors, as its `orderedcode_test.go` lists them
/// (`testCases`, strings), written out here rather than computed: increasing
/// as listed, decreasing (`Decr`) as their bitwise not.
const ORDERED_CODE_STRINGS: [(&[u8], &[u8]); 13] = [
    (b"", b"\x00\x01"),
    (b"\x00", b"\x00\xff\x00\x01"),
    (b"\x00\x00", b"\x00\xff\x00\xff\x00\x01"),
    (b"\x01", b"\x01\x00\x01"),
    (b"foo", b"foo\x00\x01"),
    (b"foo\x00", b"foo\x00\xff\x00\x01"),
    (b"foo\x00\x01", b"foo\x00\xff\x01\x00\x01"),
    (b"foo\x01", b"foo\x01\x00\x01"),
    (b"foo\x01\x00", b"foo\x01\x00\xff\x00\x01"),
    (b"foo\xfe", b"foo\xfe\x00\x01"),
    (b"foo\xff", b"foo\xff\x00\x00\x01"),
    (b"\xff", b"\xff\x00\x00\x01"),
    (b"\xff\xff", b"\xff\x00\xff\x00\x00\x01"),
];

#[derive(RowKey, Debug, PartialEq)]
struct OneEscaped {
    #[escaped]
    a: Vec<u8>,
}

#[derive(RowKey, Debug, PartialEq)]
struct OneEscapedDesc {
    #[desc]
    #[escaped]
    a: Vec<u8>,
}

#[test]
fn ordered_code_published_string_vectors() {
    for (value, enc) in ORDERED_CODE_STRINGS {
        let key = OneEscaped { a: value.to_vec() };
        assert_eq!(hex(&key.to_vec().unwrap()), hex(enc), "{value:x?}");
        assert_eq!(OneEscaped::decode(enc).unwrap(), key);
        let decr: Vec<u8> = enc.iter().map(|b| !b).collect();
        let key = OneEscapedDesc { a: value.to_vec() };
        assert_eq!(hex(&key.to_vec().unwrap()), hex(&decr), "Decr {value:x?}");
        assert_eq!(OneEscapedDesc::decode(&decr).unwrap(), key);
    }
}

/// OrderedCode's `TestRoundTrip`: `Append(nil, "foo", Decr("bar"))`.
#[test]
fn ordered_code_increasing_then_decreasing() {
    #[derive(RowKey, Debug, PartialEq)]
    struct Pair {
        #[escaped]
        s1: String,
        #[desc]
        #[escaped]
        s2: String,
    }
    let key = Pair {
        s1: "foo".into(),
        s2: "bar".into(),
    };
    let want: Vec<u8> = [
        b"foo\x00\x01".as_slice(),
        &[!b'b', !b'a', !b'r', 0xff, 0xfe],
    ]
    .concat();
    assert_eq!(hex(&key.to_vec().unwrap()), hex(&want));
    assert_eq!(Pair::decode(&want).unwrap(), key);
}
