//! Every encode refusal of SPEC §3 and every decode failure of §5, one test
//! each: the exact `ErrorKind`, the key and field it names, and a Display
//! text that leads with `Key.field`. Decode failures are also checked to come
//! out of `explain` unchanged, since it walks the same bytes.

mod common;

use common::hex;
use common::seeds::{Delimited, UidType, UserOrder};
use rowkey::{DecodePart, Error, ErrorKind, KeyPart, RowKey};

#[derive(RowKey, Debug, PartialEq)]
struct PadX<'a> {
    #[pad(8, b'x')]
    c1: &'a str,
    c2: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct RevPad {
    #[reverse]
    #[pad(16)]
    user_id: String,
    order_id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct DelimDefault<'a> {
    #[delim]
    a: &'a [u8],
    b: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct RevDelim {
    #[reverse]
    #[delim]
    data: Vec<u8>,
    tail: u16,
}

#[derive(RowKey, Debug, PartialEq)]
struct Recent<'a> {
    #[bucket(16)]
    #[reverse_ts]
    ts: u64,
    host: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct RecentI64 {
    #[reverse_ts]
    ts: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Wide {
    #[bucket(1000)]
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Blob<'a> {
    id: u32,
    data: &'a [u8],
}

#[derive(RowKey, Debug, PartialEq)]
struct Flags {
    a: bool,
    b: bool,
}

#[derive(Debug, PartialEq)]
enum Platform {
    Taobao,
    Tmall,
}

impl KeyPart for Platform {
    const WIDTH: Option<usize> = Some(2);
    fn encoded_len(&self) -> usize {
        2
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(match self {
            Platform::Taobao => b"tb",
            Platform::Tmall => b"tm",
        });
        Ok(())
    }
}

impl DecodePart<'_> for Platform {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        match bytes {
            b"tb" => Ok(Platform::Taobao),
            b"tm" => Ok(Platform::Tmall),
            _ => Err(ErrorKind::Invalid {
                reason: "platform code is not tb or tm",
            }),
        }
    }
}

#[derive(RowKey, Debug, PartialEq)]
struct Shop {
    platform: Platform,
    n: u8,
}

/// Checks everything an error must say, and returns its Display text for
/// further checks.
fn check(err: &Error, key: &str, field: Option<&str>, kind: &ErrorKind) -> String {
    assert_eq!(err.kind(), kind, "{err}");
    assert_eq!(err.key_name(), key, "{err}");
    assert_eq!(err.field_name(), field, "{err}");
    let text = err.to_string();
    let head = match field {
        Some(f) => format!("{key}.{f}: "),
        None => format!("{key}: "),
    };
    assert!(
        text.starts_with(&head),
        "{text:?} does not start with {head:?}"
    );
    assert!(text.ends_with(&kind.to_string()), "{text:?}");
    let _: &dyn std::error::Error = err;
    text
}

/// A decode failure, which `explain` reports identically.
macro_rules! decode_err {
    ($ty:ident, $bytes:expr) => {{
        let bytes: &[u8] = &$bytes;
        let err = match $ty::decode(bytes) {
            Ok(v) => panic!("{} decoded to {v:?}", hex(bytes)),
            Err(e) => e,
        };
        assert_eq!($ty::explain(bytes).unwrap_err(), err, "explain vs decode");
        err
    }};
}

/// The other hex digit at `i`: a salt character that is still hex but wrong.
fn flip_hex(bytes: &mut [u8], i: usize) {
    bytes[i] = if bytes[i] == b'0' { b'1' } else { b'0' };
}

fn order(user_id: &str) -> Vec<u8> {
    UserOrder {
        user_id,
        order_id: 42,
    }
    .to_vec()
    .unwrap()
}

// ---------------------------------------------------------------------------
// Encode refusals.

#[test]
fn encode_too_long_for_pad_reports_the_real_length() {
    // 14 characters, 42 bytes: the error counts bytes, all of them.
    let user_id = "淘寶".repeat(7);
    let key = UserOrder {
        user_id: &user_id,
        order_id: 1,
    };
    let err = key.to_vec().unwrap_err();
    let text = check(
        &err,
        "UserOrder",
        Some("user_id"),
        &ErrorKind::TooLongForPad { len: 42, pad: 16 },
    );
    assert!(
        text.contains("42 bytes") && text.contains("#[pad(16)]"),
        "{text}"
    );
    // Refused whatever room the buffer has: never cut to fit.
    let mut roomy = [0u8; 256];
    assert_eq!(key.encode_into(&mut roomy).unwrap_err(), err);

    let one_over = "a".repeat(17);
    let err = UserOrder {
        user_id: &one_over,
        order_id: 1,
    }
    .to_vec()
    .unwrap_err();
    check(
        &err,
        "UserOrder",
        Some("user_id"),
        &ErrorKind::TooLongForPad { len: 17, pad: 16 },
    );
    // Exactly the pad width fits.
    let exact = "a".repeat(16);
    assert_eq!(order(&exact).len(), 4 + 16 + 8);
}

#[test]
fn encode_ends_in_pad_byte() {
    let err = UserOrder {
        user_id: "abc\0",
        order_id: 1,
    }
    .to_vec()
    .unwrap_err();
    let text = check(
        &err,
        "UserOrder",
        Some("user_id"),
        &ErrorKind::EndsWithPadByte { byte: 0 },
    );
    assert!(text.contains("0x00"), "{text}");

    let err = PadX { c1: "abx", c2: "" }.to_vec().unwrap_err();
    let text = check(
        &err,
        "PadX",
        Some("c1"),
        &ErrorKind::EndsWithPadByte { byte: b'x' },
    );
    assert!(text.contains("0x78"), "{text}");
    // A pad byte inside the value is fine; only the end is ambiguous.
    assert!(PadX { c1: "axb", c2: "" }.to_vec().is_ok());
}

#[test]
fn encode_reversed_value_starting_with_pad_byte() {
    // Stored reversed, the first character is the body's last byte.
    let err = RevPad {
        user_id: "\0abc".into(),
        order_id: 1,
    }
    .to_vec()
    .unwrap_err();
    let text = check(
        &err,
        "RevPad",
        Some("user_id"),
        &ErrorKind::StartsWithPadByte { byte: 0 },
    );
    assert!(text.contains("starts with its pad byte 0x00"), "{text}");
    // Ending in it is fine: reversed, that byte leads the body.
    let key = RevPad {
        user_id: "abc\0".into(),
        order_id: 1,
    };
    assert_eq!(RevPad::decode(&key.to_vec().unwrap()).unwrap(), key);

    // A printable pad byte: "xavier" starts with it, and the message says
    // so (not that it ends in it, which it does not).
    let err = RevPadX {
        name: "xavier".into(),
        n: 1,
    }
    .to_vec()
    .unwrap_err();
    let text = check(
        &err,
        "RevPadX",
        Some("name"),
        &ErrorKind::StartsWithPadByte { byte: b'x' },
    );
    assert!(
        text.contains("starts with its pad byte 0x78 ('x')"),
        "{text}"
    );
    assert!(!text.contains("ends in"), "{text}");
    // "maxx" ends in x: reversed it starts with it, which is fine.
    let key = RevPadX {
        name: "maxx".into(),
        n: 1,
    };
    assert_eq!(RevPadX::decode(&key.to_vec().unwrap()).unwrap(), key);
    // Bytes too: the first byte is stored last.
    let err = RevBytesPad {
        data: vec![0xee, 1, 2],
    }
    .to_vec()
    .unwrap_err();
    check(
        &err,
        "RevBytesPad",
        Some("data"),
        &ErrorKind::StartsWithPadByte { byte: 0xee },
    );
}

#[derive(RowKey, Debug, PartialEq)]
struct RevPadX {
    #[reverse]
    #[pad(8, b'x')]
    name: String,
    n: u8,
}

#[derive(RowKey, Debug, PartialEq)]
struct RevBytesPad {
    #[reverse]
    #[pad(4, 0xee)]
    data: Vec<u8>,
}

#[test]
fn messages_read_as_sentences() {
    // Every refusal's text: no runs of spaces (a string continued without
    // `\`), no line breaks, and a printable pad or delimiter byte shown as
    // the character the user wrote.
    let kinds = [
        ErrorKind::TooLongForPad { len: 9, pad: 8 },
        ErrorKind::EndsWithPadByte { byte: b'x' },
        ErrorKind::StartsWithPadByte { byte: b'x' },
        ErrorKind::ContainsDelimiter {
            byte: b'_',
            index: 3,
        },
        ErrorKind::TimestampOutOfRange { value: -1 },
        ErrorKind::BufferTooSmall {
            needed: 9,
            available: 8,
        },
        ErrorKind::EmptyKey,
        ErrorKind::KeyTooLong { len: 40_000 },
        ErrorKind::UnexpectedEnd {
            needed: 8,
            available: 2,
        },
        ErrorKind::TrailingBytes { count: 2 },
        ErrorKind::InvalidUtf8 { valid_up_to: 1 },
        ErrorKind::SaltMismatch,
        ErrorKind::BucketMismatch {
            stored: 1,
            computed: 2,
        },
        ErrorKind::MissingDelimiter { byte: b'_' },
        ErrorKind::TooManyDigits {
            digits: 11,
            width: 10,
        },
        ErrorKind::Invalid { reason: "why" },
    ];
    for kind in kinds {
        let text = Error::field("Key", "field", kind.clone()).to_string();
        assert!(!text.contains("  "), "{text:?}");
        assert!(!text.contains('\n'), "{text:?}");
        assert!(text.starts_with("Key.field: "), "{text:?}");
        if let ErrorKind::EndsWithPadByte { .. }
        | ErrorKind::StartsWithPadByte { .. }
        | ErrorKind::MissingDelimiter { .. }
        | ErrorKind::ContainsDelimiter { .. } = kind
        {
            assert!(text.contains("('x')") || text.contains("('_')"), "{text}");
        }
    }
    // A 0x00 byte is shown as hex only.
    let text = ErrorKind::EndsWithPadByte { byte: 0 }.to_string();
    assert!(text.contains("0x00,"), "{text}");

    // The fan-out refusal, which the scan builder makes.
    #[derive(RowKey, Debug)]
    #[rowkey(salt(md5, 6, fields(a)))]
    struct Wide {
        a: u32,
        b: u32,
    }
    let err = Wide::scan().ranges().unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("  "), "{text:?}");
    assert!(text.contains("2^20"), "{text}");
}

#[test]
fn encode_contains_delimiter() {
    let err = Delimited {
        c1: "a_b_c",
        c2: "",
    }
    .to_vec()
    .unwrap_err();
    let text = check(
        &err,
        "Delimited",
        Some("c1"),
        &ErrorKind::ContainsDelimiter {
            byte: b'_',
            index: 1,
        },
    );
    assert!(text.contains("0x5f") && text.contains("byte 1"), "{text}");

    let err = DelimDefault {
        a: &[1, 0, 2],
        b: 0,
    }
    .to_vec()
    .unwrap_err();
    check(
        &err,
        "DelimDefault",
        Some("a"),
        &ErrorKind::ContainsDelimiter { byte: 0, index: 1 },
    );
}

/// `#[decimal]` digits are searched for the delimiter only when it is a
/// digit: a `_` is never found in them, a `5` is (through `#[spread]`'s
/// rule too).
#[derive(RowKey, Debug, PartialEq)]
struct DigitDelim {
    #[decimal]
    #[delim(b'5')]
    a: u64,
    #[spread(1000)]
    #[decimal]
    #[delim(b'7')]
    b: u32,
    c: u8,
}

#[test]
fn decimal_digits_holding_a_digit_delimiter_are_refused() {
    let err = DigitDelim {
        a: 1151,
        b: 1,
        c: 0,
    }
    .to_vec()
    .unwrap_err();
    check(
        &err,
        "DigitDelim",
        Some("a"),
        &ErrorKind::ContainsDelimiter {
            byte: b'5',
            index: 2,
        },
    );
    let err = DigitDelim { a: 1, b: 970, c: 0 }.to_vec().unwrap_err();
    check(
        &err,
        "DigitDelim",
        Some("b"),
        &ErrorKind::ContainsDelimiter {
            byte: b'7',
            index: 1,
        },
    );
    let key = DigitDelim {
        a: 1234,
        b: 90,
        c: 3,
    };
    let bytes = key.to_vec().unwrap();
    assert_eq!(bytes, b"12345907\x03");
    assert_eq!(DigitDelim::decode(&bytes).unwrap(), key);
}

#[test]
fn encode_reversed_value_containing_delimiter() {
    // The index is in the value as the caller wrote it, not in the reversed
    // bytes.
    let err = RevDelim {
        data: vec![1, 2, 0, 3],
        tail: 0,
    }
    .to_vec()
    .unwrap_err();
    check(
        &err,
        "RevDelim",
        Some("data"),
        &ErrorKind::ContainsDelimiter { byte: 0, index: 2 },
    );
}

#[test]
fn encode_reverse_ts_u64_above_i64_max() {
    for ts in [i64::MAX as u64 + 1, u64::MAX] {
        let err = Recent { ts, host: "h" }.to_vec().unwrap_err();
        let text = check(
            &err,
            "Recent",
            Some("ts"),
            &ErrorKind::TimestampOutOfRange {
                value: i128::from(ts),
            },
        );
        assert!(text.contains(&ts.to_string()), "{text}");
    }
    assert!(Recent {
        ts: i64::MAX as u64,
        host: "h"
    }
    .to_vec()
    .is_ok());
}

#[test]
fn encode_reverse_ts_negative_i64() {
    for ts in [-1, i64::MIN] {
        let err = RecentI64 { ts }.to_vec().unwrap_err();
        let text = check(
            &err,
            "RecentI64",
            Some("ts"),
            &ErrorKind::TimestampOutOfRange {
                value: i128::from(ts),
            },
        );
        assert!(text.contains(&ts.to_string()), "{text}");
    }
    assert!(RecentI64 { ts: 0 }.to_vec().is_ok());
}

#[test]
fn encode_buffer_too_small() {
    let key = UserOrder {
        user_id: "u1",
        order_id: 7,
    };
    let mut buf = [0u8; 27];
    let err = key.encode_into(&mut buf).unwrap_err();
    let text = check(
        &err,
        "UserOrder",
        None,
        &ErrorKind::BufferTooSmall {
            needed: 28,
            available: 27,
        },
    );
    assert!(text.contains("28") && text.contains("27"), "{text}");
    let err = key.encode_into(&mut []).unwrap_err();
    check(
        &err,
        "UserOrder",
        None,
        &ErrorKind::BufferTooSmall {
            needed: 28,
            available: 0,
        },
    );
}

#[test]
fn encode_key_longer_than_hbase_allows() {
    let data = vec![7u8; 40_000];
    let key = Blob { id: 1, data: &data };
    let err = key.to_vec().unwrap_err();
    let text = check(&err, "Blob", None, &ErrorKind::KeyTooLong { len: 40_004 });
    assert!(text.contains("40004") && text.contains("32767"), "{text}");
    // A buffer big enough for the bytes does not change the answer.
    let mut roomy = vec![0u8; 50_000];
    assert_eq!(key.encode_into(&mut roomy).unwrap_err(), err);

    // The limit is inclusive: 32767 bytes encode, 32768 do not.
    let at_limit = Blob {
        id: 1,
        data: &data[..32_763],
    };
    assert_eq!(at_limit.to_vec().unwrap().len(), 32_767);
    let over = Blob {
        id: 1,
        data: &data[..32_764],
    };
    check(
        &over.to_vec().unwrap_err(),
        "Blob",
        None,
        &ErrorKind::KeyTooLong { len: 32_768 },
    );
}

// ---------------------------------------------------------------------------
// Decode failures: short input, in each kind of field.

#[test]
fn decode_short_in_salt() {
    let bytes = order("alice");
    let err = decode_err!(UserOrder, bytes[..2]);
    check(
        &err,
        "UserOrder",
        Some("user_id"),
        &ErrorKind::UnexpectedEnd {
            needed: 4,
            available: 2,
        },
    );
    // No bytes at all is an empty key, refused as such (not blamed on the
    // first field).
    let err = decode_err!(UserOrder, []);
    check(&err, "UserOrder", None, &ErrorKind::EmptyKey);
}

#[test]
fn decode_short_in_padded_field() {
    let bytes = order("alice");
    let err = decode_err!(UserOrder, bytes[..10]);
    check(
        &err,
        "UserOrder",
        Some("user_id"),
        &ErrorKind::UnexpectedEnd {
            needed: 16,
            available: 6,
        },
    );
}

#[test]
fn decode_short_in_fixed_field() {
    let bytes = order("alice");
    let err = decode_err!(UserOrder, bytes[..23]);
    check(
        &err,
        "UserOrder",
        Some("order_id"),
        &ErrorKind::UnexpectedEnd {
            needed: 8,
            available: 3,
        },
    );
    let err = decode_err!(UserOrder, bytes[..20]);
    check(
        &err,
        "UserOrder",
        Some("order_id"),
        &ErrorKind::UnexpectedEnd {
            needed: 8,
            available: 0,
        },
    );
}

#[test]
fn decode_short_in_user_type() {
    let err = decode_err!(Shop, *b"t");
    check(
        &err,
        "Shop",
        Some("platform"),
        &ErrorKind::UnexpectedEnd {
            needed: 2,
            available: 1,
        },
    );
}

#[test]
fn decode_short_in_bucket() {
    let err = decode_err!(Recent, []);
    check(&err, "Recent", None, &ErrorKind::EmptyKey);
    let bytes = Wide { ts: 123_456 }.to_vec().unwrap();
    let err = decode_err!(Wide, bytes[..1]);
    check(
        &err,
        "Wide",
        Some("ts"),
        &ErrorKind::UnexpectedEnd {
            needed: 2,
            available: 1,
        },
    );
}

#[test]
fn decode_short_in_reverse_ts() {
    let bytes = Recent { ts: 5, host: "h" }.to_vec().unwrap();
    let err = decode_err!(Recent, bytes[..5]);
    check(
        &err,
        "Recent",
        Some("ts"),
        &ErrorKind::UnexpectedEnd {
            needed: 8,
            available: 4,
        },
    );
}

#[test]
fn decode_short_in_multi_field_salt() {
    let bytes = UidType {
        uid: "12345",
        kind: "buyer",
    }
    .to_vec()
    .unwrap();
    let err = decode_err!(UidType, bytes[..3]);
    check(
        &err,
        "UidType",
        Some("salt"),
        &ErrorKind::UnexpectedEnd {
            needed: 4,
            available: 3,
        },
    );
    // The salt's own delimiter is missing too.
    let err = decode_err!(UidType, bytes[..4]);
    check(
        &err,
        "UidType",
        Some("salt"),
        &ErrorKind::UnexpectedEnd {
            needed: 1,
            available: 0,
        },
    );
}

// ---------------------------------------------------------------------------
// Decode failures: everything else.

#[test]
fn decode_trailing_bytes() {
    let mut bytes = order("alice");
    bytes.push(0);
    let err = decode_err!(UserOrder, bytes);
    // Named after the last field, where the key should have ended.
    let text = check(
        &err,
        "UserOrder",
        Some("order_id"),
        &ErrorKind::TrailingBytes { count: 1 },
    );
    assert!(text.contains("1 byte left after"), "{text}");
    let err = decode_err!(Flags, [1, 0, 9, 9, 9]);
    check(
        &err,
        "Flags",
        Some("b"),
        &ErrorKind::TrailingBytes { count: 3 },
    );
}

#[test]
fn decode_bad_utf8_in_padded_str() {
    let mut bytes = PadX {
        c1: "abc",
        c2: "def",
    }
    .to_vec()
    .unwrap();
    bytes[1] = 0xff;
    let err = decode_err!(PadX, bytes);
    let text = check(
        &err,
        "PadX",
        Some("c1"),
        &ErrorKind::InvalidUtf8 { valid_up_to: 1 },
    );
    assert!(text.contains("UTF-8"), "{text}");

    // A multi-byte character cut short by the pad.
    let mut bytes = PadX { c1: "a淘", c2: "" }.to_vec().unwrap();
    assert_eq!(&bytes[1..4], "淘".as_bytes());
    bytes[3] = b'x';
    let err = decode_err!(PadX, bytes);
    check(
        &err,
        "PadX",
        Some("c1"),
        &ErrorKind::InvalidUtf8 { valid_up_to: 1 },
    );
}

#[test]
fn decode_bad_utf8_in_last_str() {
    let mut bytes = PadX {
        c1: "abc",
        c2: "def",
    }
    .to_vec()
    .unwrap();
    bytes[8 + 2] = 0xc3;
    let err = decode_err!(PadX, bytes);
    check(
        &err,
        "PadX",
        Some("c2"),
        &ErrorKind::InvalidUtf8 { valid_up_to: 2 },
    );
}

#[test]
fn decode_salt_mismatch() {
    let good = order("alice");
    for i in 0..4 {
        let mut bytes = good.clone();
        flip_hex(&mut bytes, i);
        let err = decode_err!(UserOrder, bytes);
        let text = check(&err, "UserOrder", Some("user_id"), &ErrorKind::SaltMismatch);
        assert!(text.contains("salt"), "{text}");
    }
    // The salt is intact but the value under it changed.
    let mut bytes = good;
    bytes[4] = b'A';
    let err = decode_err!(UserOrder, bytes);
    check(&err, "UserOrder", Some("user_id"), &ErrorKind::SaltMismatch);
}

#[test]
fn decode_bucket_mismatch() {
    let ts = 1_700_000_000_123u64;
    let mut bytes = Recent { ts, host: "web01" }.to_vec().unwrap();
    let computed = u32::try_from(ts % 16).unwrap();
    assert_eq!(u32::from(bytes[0]), computed);
    let stored = (computed + 1) % 16;
    bytes[0] = u8::try_from(stored).unwrap();
    let err = decode_err!(Recent, bytes);
    let text = check(
        &err,
        "Recent",
        Some("ts"),
        &ErrorKind::BucketMismatch { stored, computed },
    );
    assert!(
        text.contains(&format!("stored bucket {stored}"))
            && text.contains(&format!("bucket {computed}")),
        "{text}"
    );

    // A two-byte bucket.
    let mut bytes = Wide { ts: 123_456 }.to_vec().unwrap();
    assert_eq!(&bytes[..2], &456u16.to_be_bytes());
    bytes[0] ^= 1;
    let err = decode_err!(Wide, bytes);
    check(
        &err,
        "Wide",
        Some("ts"),
        &ErrorKind::BucketMismatch {
            stored: 456 ^ 256,
            computed: 456,
        },
    );
}

#[test]
fn decode_missing_delimiter() {
    let err = decode_err!(Delimited, *b"abc");
    let text = check(
        &err,
        "Delimited",
        Some("c1"),
        &ErrorKind::MissingDelimiter { byte: b'_' },
    );
    assert!(text.contains("0x5f"), "{text}");
    let err = decode_err!(DelimDefault, [1, 2, 3]);
    check(
        &err,
        "DelimDefault",
        Some("a"),
        &ErrorKind::MissingDelimiter { byte: 0 },
    );
}

#[test]
fn decode_bool_byte_two() {
    let err = decode_err!(Flags, [2, 0]);
    assert!(
        matches!(err.kind(), ErrorKind::Invalid { reason } if reason.contains("bool")),
        "{err}"
    );
    check(&err, "Flags", Some("a"), err.kind());
    let err = decode_err!(Flags, [1, 0xff]);
    assert!(matches!(err.kind(), ErrorKind::Invalid { .. }), "{err}");
    check(&err, "Flags", Some("b"), err.kind());
}

#[test]
fn decode_unknown_user_code() {
    assert_eq!(
        Shop::decode(b"tm\x07").unwrap(),
        Shop {
            platform: Platform::Tmall,
            n: 7
        }
    );
    let err = decode_err!(Shop, *b"jd\x07");
    let text = check(
        &err,
        "Shop",
        Some("platform"),
        &ErrorKind::Invalid {
            reason: "platform code is not tb or tm",
        },
    );
    assert!(text.contains("platform code is not tb or tm"), "{text}");
}

#[test]
fn decode_multi_field_salt_mismatch() {
    let good = UidType {
        uid: "12345",
        kind: "buyer",
    }
    .to_vec()
    .unwrap();
    assert_eq!(&good[4..], b"_12345_buyer");
    for i in 0..4 {
        let mut bytes = good.clone();
        flip_hex(&mut bytes, i);
        let err = decode_err!(UidType, bytes);
        check(&err, "UidType", Some("salt"), &ErrorKind::SaltMismatch);
    }
    // A value the salt covers changed under an intact salt: both fields.
    for i in [5, good.len() - 1] {
        let mut bytes = good.clone();
        bytes[i] = b'9';
        let err = decode_err!(UidType, bytes);
        check(&err, "UidType", Some("salt"), &ErrorKind::SaltMismatch);
    }
}

#[test]
fn decode_multi_field_salt_missing_delimiter() {
    let mut bytes = UidType {
        uid: "12345",
        kind: "buyer",
    }
    .to_vec()
    .unwrap();
    bytes[4] = b'-';
    let err = decode_err!(UidType, bytes);
    check(
        &err,
        "UidType",
        Some("salt"),
        &ErrorKind::MissingDelimiter { byte: b'_' },
    );
}

#[test]
fn decode_reverse_ts_stored_above_i64_max() {
    // Stored values above i64::MAX would be timestamps below zero.
    for stored in [i64::MAX as u64 + 1, u64::MAX] {
        let value = i128::from(i64::MAX) - i128::from(stored);
        let err = decode_err!(RecentI64, stored.to_be_bytes());
        let text = check(
            &err,
            "RecentI64",
            Some("ts"),
            &ErrorKind::TimestampOutOfRange { value },
        );
        assert!(text.contains(&value.to_string()), "{text}");

        // The same through a bucketed u64: the range is checked before the
        // bucket, whatever bucket byte is stored.
        let bytes = [&[0u8][..], &stored.to_be_bytes(), b"h"].concat();
        let err = decode_err!(Recent, bytes);
        check(
            &err,
            "Recent",
            Some("ts"),
            &ErrorKind::TimestampOutOfRange { value },
        );
    }
    // The edges of the valid range decode.
    assert_eq!(RecentI64::decode(&0u64.to_be_bytes()).unwrap().ts, i64::MAX);
    assert_eq!(
        RecentI64::decode(&(i64::MAX as u64).to_be_bytes())
            .unwrap()
            .ts,
        0
    );
}

// ---------------------------------------------------------------------------
// Field types that refuse values (KeyPart::encode_part returns an error).

/// Cents that are never negative: a negative amount is refused, not stored
/// as 0 or wrapped.
#[derive(Debug, PartialEq, Clone, Copy)]
struct Amount(i64);

impl KeyPart for Amount {
    const WIDTH: Option<usize> = Some(8);
    fn encoded_len(&self) -> usize {
        8
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        let cents = u64::try_from(self.0).map_err(|_| ErrorKind::Invalid {
            reason: "an amount is never negative",
        })?;
        out.copy_from_slice(&cents.to_be_bytes());
        Ok(())
    }
}

impl DecodePart<'_> for Amount {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        let cents = u64::decode_part(bytes)?;
        i64::try_from(cents)
            .map(Amount)
            .map_err(|_| ErrorKind::Invalid {
                reason: "an amount is at most i64::MAX cents",
            })
    }
}

#[derive(RowKey, Debug, PartialEq)]
struct Payment<'a> {
    #[pad(8)]
    account: &'a str,
    amount: Amount,
    #[delim]
    memo: &'a str,
    last: Amount,
}

#[test]
fn encode_user_type_refuses_a_value() {
    let key = Payment {
        account: "acct",
        amount: Amount(-5),
        memo: "m",
        last: Amount(1),
    };
    let refused = ErrorKind::Invalid {
        reason: "an amount is never negative",
    };
    let err = key.to_vec().unwrap_err();
    let text = check(&err, "Payment", Some("amount"), &refused);
    assert_eq!(
        text,
        "Payment.amount: invalid value: an amount is never negative"
    );
    // encode_into refuses the same way, and writes nothing a caller could
    // mistake for a key.
    let mut buf = [0u8; 64];
    assert_eq!(key.encode_into(&mut buf).unwrap_err(), err);
    // The field named is the one that refused, wherever it is in the key.
    let err = Payment {
        last: Amount(i64::MIN),
        amount: Amount(0),
        ..key
    }
    .to_vec()
    .unwrap_err();
    check(&err, "Payment", Some("last"), &refused);
    // Values the type accepts round-trip.
    let ok = Payment {
        amount: Amount(i64::MAX),
        last: Amount(0),
        ..key
    };
    assert_eq!(Payment::decode(&ok.to_vec().unwrap()).unwrap(), ok);
    // A stored amount over i64::MAX is refused on the way back too.
    let mut bytes = ok.to_vec().unwrap();
    bytes[8] = 0xff;
    let err = decode_err!(Payment, bytes);
    check(
        &err,
        "Payment",
        Some("amount"),
        &ErrorKind::Invalid {
            reason: "an amount is at most i64::MAX cents",
        },
    );
}

#[test]
fn scan_values_a_user_type_refuses_name_the_field() {
    // The scan builder writes its values with the same encode_part: a
    // refused value fails ranges(), naming the field, not a silent 0.
    let err = Payment::scan()
        .account("acct")
        .amount(Amount(-1))
        .ranges()
        .unwrap_err();
    check(
        &err,
        "Payment",
        Some("amount"),
        &ErrorKind::Invalid {
            reason: "an amount is never negative",
        },
    );
    assert!(Payment::scan()
        .account("acct")
        .amount(Amount(1))
        .ranges()
        .is_ok());
}

#[test]
fn built_in_field_types_refuse_a_wrong_sized_buffer() {
    // KeyPart is public: a caller passing a buffer of the wrong length gets
    // an error, not a panic.
    let wrong = ErrorKind::Invalid {
        reason: "field body has the wrong width",
    };
    let mut small = [0u8; 3];
    assert_eq!(7u64.encode_part(&mut small), Err(wrong.clone()));
    assert_eq!((-7i32).encode_part(&mut small), Err(wrong.clone()));
    assert_eq!(true.encode_part(&mut []), Err(wrong.clone()));
    assert_eq!([1u8; 4].encode_part(&mut small), Err(wrong.clone()));
    assert_eq!("abcd".encode_part(&mut small), Err(wrong.clone()));
    assert_eq!(
        String::from("ab").encode_part(&mut small),
        Err(wrong.clone())
    );
    assert_eq!(vec![1u8].encode_part(&mut small), Err(wrong.clone()));
    assert_eq!(b"abcd"[..].encode_part(&mut small), Err(wrong.clone()));
    use rowkey::TwosComplement;
    assert_eq!((-1i64).encode_twos(&mut small), Err(wrong.clone()));
    assert_eq!(i64::decode_twos(&small), Err(wrong.clone()));
    let mut eight = [0u8; 8];
    assert_eq!((-1i64).encode_twos(&mut eight), Ok(()));
    assert_eq!(i64::decode_twos(&eight), Ok(-1));
}

// ---------------------------------------------------------------------------
// Empty row keys: HBase ("Row length is 0") and Bigtable refuse them.

/// One variable-width field: the empty string is the empty key.
#[derive(RowKey, Debug, PartialEq)]
struct OrderIndex<'a> {
    order_no: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct OwnedBytes {
    data: Vec<u8>,
}

/// A zero-width fixed field before a variable-width one.
#[derive(RowKey, Debug, PartialEq)]
struct ZeroThenStr {
    nothing: [u8; 0],
    name: String,
}

/// A user type that can write nothing.
#[derive(Debug, PartialEq)]
struct Tag(String);

impl KeyPart for Tag {
    const WIDTH: Option<usize> = None;
    fn encoded_len(&self) -> usize {
        self.0.len()
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        out.copy_from_slice(self.0.as_bytes());
        Ok(())
    }
}

impl DecodePart<'_> for Tag {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        <&str>::decode_part(bytes).map(|s| Tag(s.to_owned()))
    }
}

#[derive(RowKey, Debug, PartialEq)]
struct Tagged {
    tag: Tag,
}

/// Encode refuses an empty key with `EmptyKey`, naming the key, both through
/// `to_vec` and `encode_into`; decode, `decode_unverified` and `explain`
/// refuse `b""`; one byte is a key.
macro_rules! refuses_empty {
    ($ty:ident, $empty:expr, $one:expr) => {{
        let name = stringify!($ty);
        let empty = $empty;
        assert_eq!(empty.encoded_len(), 0);
        let err = empty.to_vec().unwrap_err();
        let text = check(&err, name, None, &ErrorKind::EmptyKey);
        assert!(text.contains("Row length is 0"), "{text}");
        assert!(text.contains("Bigtable"), "{text}");
        let mut buf = [0u8; 8];
        assert_eq!(empty.encode_into(&mut buf).unwrap_err(), err);
        assert_eq!(empty.encode_into(&mut []).unwrap_err(), err);

        let err = decode_err!($ty, []);
        check(&err, name, None, &ErrorKind::EmptyKey);
        assert_eq!($ty::decode_unverified(&[]).unwrap_err(), err);

        let one = $one;
        let bytes = one.to_vec().unwrap();
        assert_eq!(bytes.len(), 1);
        assert_eq!($ty::decode(&bytes).unwrap(), one);
    }};
}

#[test]
fn empty_keys_are_refused() {
    refuses_empty!(
        OrderIndex,
        OrderIndex { order_no: "" },
        OrderIndex { order_no: "7" }
    );
    refuses_empty!(
        OwnedBytes,
        OwnedBytes { data: vec![] },
        OwnedBytes { data: vec![0] }
    );
    refuses_empty!(
        ZeroThenStr,
        ZeroThenStr {
            nothing: [],
            name: String::new()
        },
        ZeroThenStr {
            nothing: [],
            name: "a".into()
        }
    );
    refuses_empty!(
        Tagged,
        Tagged {
            tag: Tag(String::new())
        },
        Tagged {
            tag: Tag("t".into())
        }
    );
}

#[test]
fn empty_input_is_refused_by_every_layout() {
    // Layouts whose keys are never empty still say so for an empty input,
    // rather than blaming their first field.
    let err = decode_err!(UserOrder, []);
    check(&err, "UserOrder", None, &ErrorKind::EmptyKey);
    let err = decode_err!(Delimited, []);
    check(&err, "Delimited", None, &ErrorKind::EmptyKey);
    let err = decode_err!(UidType, []);
    check(&err, "UidType", None, &ErrorKind::EmptyKey);
    let err = decode_err!(Flags, []);
    check(&err, "Flags", None, &ErrorKind::EmptyKey);
    // A short but non-empty input still names the field it ends in.
    let err = decode_err!(Flags, [0]);
    assert_eq!(err.field_name(), Some("b"));
    // Empty values in a layout that frames them still make a key.
    let key = Delimited { c1: "", c2: "" };
    assert_eq!(key.to_vec().unwrap(), b"_");
}

/// `#[decimal(W)]` refuses a value wider than W digits, naming the field,
/// both counts and the fix; Java's `%0Wd` would have written it wider.
#[test]
fn encode_decimal_with_more_digits_than_its_width() {
    #[derive(RowKey, Debug, PartialEq)]
    struct Window<'a> {
        #[decimal(10)]
        #[delim(b'_')]
        window: u64,
        metric: &'a str,
    }
    let err = Window {
        window: 10_000_000_000,
        metric: "cpu",
    }
    .to_vec()
    .unwrap_err();
    let text = check(
        &err,
        "Window",
        Some("window"),
        &ErrorKind::TooManyDigits {
            digits: 11,
            width: 10,
        },
    );
    assert_eq!(
        text,
        "Window.window: value has 11 digits but #[decimal(10)] holds 10; widen the field \
         (values are never truncated)"
    );
    // The widest value that fits is accepted.
    let ok = Window {
        window: 9_999_999_999,
        metric: "",
    };
    assert_eq!(ok.to_vec().unwrap(), b"9999999999_");
}

/// A scan's exact value is refused as encode refuses it: more digits than
/// `#[decimal(W)]` holds, or more bytes than `#[width(W)]`, names the field
/// (a range's bounds are clamped instead, see tests/width_windows.rs).
#[test]
fn scan_refuses_an_exact_value_wider_than_its_digits_or_bytes() {
    #[derive(RowKey, Debug, PartialEq)]
    struct Counts {
        #[decimal(6)]
        day: u32,
        #[width(3)]
        shard: u32,
        #[decimal(4)]
        seq: u16,
    }
    let err = Counts::scan().day(1_000_000).ranges().unwrap_err();
    check(
        &err,
        "Counts",
        Some("day"),
        &ErrorKind::TooManyDigits {
            digits: 7,
            width: 6,
        },
    );
    let err = Counts::scan().day(1).shard(1 << 24).ranges().unwrap_err();
    check(
        &err,
        "Counts",
        Some("shard"),
        &ErrorKind::TooWide {
            value: 1 << 24,
            width: 3,
        },
    );
    let err = Counts::scan()
        .day(1)
        .shard(2)
        .seq(10_000)
        .ranges()
        .unwrap_err();
    check(
        &err,
        "Counts",
        Some("seq"),
        &ErrorKind::TooManyDigits {
            digits: 5,
            width: 4,
        },
    );
    // The widest values that fit make one exact key.
    let ranges: Vec<_> = Counts::scan()
        .day(999_999)
        .shard((1 << 24) - 1)
        .seq(9_999)
        .ranges()
        .unwrap()
        .collect();
    let key = Counts {
        day: 999_999,
        shard: (1 << 24) - 1,
        seq: 9_999,
    }
    .to_vec()
    .unwrap();
    assert_eq!(ranges.len(), 1);
    assert_eq!(ranges[0].start(), key.as_slice());
}

#[derive(RowKey, Debug, PartialEq)]
struct OnlyZero {
    nothing: [u8; 0],
}

#[derive(RowKey, Debug, PartialEq)]
struct ZeroThenOption {
    nothing: [u8; 0],
    venue: Option<u32>,
}

/// A buffer as long as the widest key skips encode's length pass only
/// where no key can be empty: a bounded layout of zero-width slots is still
/// refused as empty into any buffer, and a key encoded into a roomy buffer
/// is `to_vec`'s bytes.
#[test]
fn roomy_buffers_keep_every_refusal() {
    let mut roomy = [0u8; 64];
    let err = OnlyZero { nothing: [] }
        .encode_into(&mut roomy)
        .unwrap_err();
    check(&err, "OnlyZero", None, &ErrorKind::EmptyKey);
    assert_eq!(OnlyZero::MAX_LEN, 0);

    for venue in [None, Some(7)] {
        let key = ZeroThenOption { nothing: [], venue };
        let n = key.encode_into(&mut roomy).unwrap();
        assert_eq!(&roomy[..n], &key.to_vec().unwrap()[..]);
        let mut exact = [0u8; ZeroThenOption::MAX_LEN];
        let m = key.encode_into(&mut exact).unwrap();
        assert_eq!(&exact[..m], &roomy[..n]);
    }

    let key = UserOrder {
        user_id: "u1",
        order_id: 7,
    };
    let mut exact = [0u8; UserOrder::MAX_LEN];
    let n = key.encode_into(&mut exact).unwrap();
    assert_eq!(n, UserOrder::MAX_LEN);
    let n = key.encode_into(&mut roomy).unwrap();
    assert_eq!(&roomy[..n], &exact[..]);
    let over_pad = UserOrder {
        user_id: "a user id longer than its pad",
        order_id: 7,
    };
    let err = over_pad.encode_into(&mut roomy).unwrap_err();
    assert_eq!(err, over_pad.to_vec().unwrap_err());
    assert_eq!(err.field_name(), Some("user_id"));
}
