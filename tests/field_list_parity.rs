//! The derive writes a key through one of two paths: the runtime's field
//! list (a rule type per field, one call per group of fields), or, for a
//! key with a Java-hash salt, a `#[spread]` field, Phoenix columns or a
//! field borrowing for `'static`, code per field. Both name the same byte
//! rules, and must agree: here each layout is declared twice, with `&'a
//! str` (the field list) and `&'static str` (the per-field code), and the
//! two encode the same values to the same bytes, explain them alike, and
//! refuse every corruption of them with the same error (the `'static` twin
//! then refuses a well-formed key, which it cannot borrow from).

use rowkey::{Error, RowKey};

/// The bytes, explanation and decode verdicts of one value, from both
/// twins: `$a` (field list, lifetime `'a`) and `$s` (per field,
/// `'static`), built from the same field values.
macro_rules! same {
    ($a:ident, $s:ident, { $($field:ident : $value:expr),* $(,)? }) => {{
        let a = $a { $($field: $value),* };
        let s = $s { $($field: $value),* };
        let bytes = a.to_vec().expect("the field list encodes");
        assert_eq!(bytes, s.to_vec().expect("the per-field code encodes"), "{}", stringify!($a));
        let explained = |r: Result<String, Error>| r.map_err(|e| describe(&e));
        assert_eq!(
            explained($a::explain(&bytes).map(|e| e.to_string())),
            explained($s::explain(&bytes).map(|e| e.to_string())),
        );
        assert!($a::decode(&bytes).is_ok());
        for bad in corruptions(&bytes) {
            let listed = $a::decode(&bad).err().map(|e| describe(&e));
            let legacy = $s::decode(&bad).err().map(|e| describe(&e));
            // The `'static` twin refuses what decodes, for that reason
            // only; what the field list refuses, both refuse alike.
            if listed.is_some() {
                assert_eq!(listed, legacy, "{} on {:?}", stringify!($a), bad);
            } else {
                assert!(borrow_refusal(&legacy), "{} on {:?}: {:?}", stringify!($a), bad, legacy);
            }
            let listed = $a::decode_unverified(&bad).err().map(|e| describe(&e));
            let legacy = $s::decode_unverified(&bad).err().map(|e| describe(&e));
            if listed.is_some() {
                assert_eq!(listed, legacy, "{} unverified on {:?}", stringify!($a), bad);
            } else {
                assert!(borrow_refusal(&legacy), "{} unverified on {:?}: {:?}", stringify!($a), bad, legacy);
            }
        }
    }};
}

/// The `'static` twin's refusal of a key it reads whole.
fn borrow_refusal(e: &Option<String>) -> bool {
    e.as_deref()
        .is_some_and(|e| e.contains("borrows for 'static"))
}

/// An error without the key's name, which differs between the twins.
fn describe(e: &Error) -> String {
    format!("{:?}: {}", e.field_name(), e.kind())
}

/// The key cut short at every length, extended, and each byte flipped.
fn corruptions(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = (0..bytes.len()).map(|n| bytes[..n].to_vec()).collect();
    for extra in [&[0u8][..], b"x", &[0xFF, 0x00]] {
        out.push([bytes, extra].concat());
    }
    for i in 0..bytes.len() {
        for flip in [0x01, 0x80, 0xFF] {
            let mut b = bytes.to_vec();
            b[i] ^= flip;
            out.push(b);
        }
    }
    out
}

#[derive(RowKey)]
#[rowkey(spread_not_first)]
struct Salted<'a> {
    #[salt(md5, 4)]
    #[pad(12)]
    host: &'a str,
    #[salt(md5, 2, delim = b'|')]
    #[delim(b'_')]
    metric: &'a str,
    #[reverse_ts]
    ts: u64,
}
#[derive(RowKey)]
#[rowkey(spread_not_first)]
struct SaltedS {
    #[salt(md5, 4)]
    #[pad(12)]
    host: &'static str,
    #[salt(md5, 2, delim = b'|')]
    #[delim(b'_')]
    metric: &'static str,
    #[reverse_ts]
    ts: u64,
}

#[derive(RowKey)]
struct Ordered<'a> {
    #[pad(6)]
    tag: &'a str,
    #[desc]
    #[pad(8, b' ')]
    region: String,
    #[desc]
    ts: u64,
    venue: Option<u32>,
    #[desc]
    note: Option<String>,
}
#[derive(RowKey)]
struct OrderedS {
    #[pad(6)]
    tag: &'static str,
    #[desc]
    #[pad(8, b' ')]
    region: String,
    #[desc]
    ts: u64,
    venue: Option<u32>,
    #[desc]
    note: Option<String>,
}

#[derive(RowKey)]
#[rowkey(spread_not_first)]
struct Text<'a> {
    #[decimal]
    #[delim(b'_')]
    region: u32,
    #[delim(b'/')]
    tag: &'a str,
    #[escaped]
    name: String,
    #[width(3)]
    uid: u32,
    #[reverse]
    #[pad(10)]
    phone: String,
    #[twos_complement]
    delta: i32,
    #[bucket(16)]
    #[decimal(13)]
    ts: u64,
}
#[derive(RowKey)]
#[rowkey(spread_not_first)]
struct TextS {
    #[decimal]
    #[delim(b'_')]
    region: u32,
    #[delim(b'/')]
    tag: &'static str,
    #[escaped]
    name: String,
    #[width(3)]
    uid: u32,
    #[reverse]
    #[pad(10)]
    phone: String,
    #[twos_complement]
    delta: i32,
    #[bucket(16)]
    #[decimal(13)]
    ts: u64,
}

#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(kind, uid)))]
struct KeySalted<'a> {
    #[pad(12)]
    uid: &'a str,
    #[delim(b'_')]
    kind: &'a str,
    ts: u64,
}
#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(kind, uid)))]
struct KeySaltedS {
    #[pad(12)]
    uid: &'static str,
    #[delim(b'_')]
    kind: &'static str,
    ts: u64,
}

#[derive(RowKey)]
#[rowkey(salt(md5, 3, fields(uid, kind), delim = b'_'))]
struct Joined<'a> {
    #[delim(b'_')]
    uid: &'a str,
    #[pad(6)]
    kind: &'a str,
}
#[derive(RowKey)]
#[rowkey(salt(md5, 3, fields(uid, kind), delim = b'_'))]
struct JoinedS {
    #[delim(b'_')]
    uid: &'static str,
    #[pad(6)]
    kind: &'static str,
}

#[test]
fn field_salts_and_reverse_timestamps() {
    for (host, metric, ts) in [
        ("web01", "cpu", 1_700_000_000_000u64),
        ("", "m", 0),
        ("h", "x-y", u64::MAX >> 1),
    ] {
        same!(Salted, SaltedS, { host: host, metric: metric, ts: ts });
    }
}

#[test]
fn descending_and_absent_values() {
    for (tag, region, ts, venue, note) in [
        ("t", "eu", 5u64, Some(7u32), Some("n")),
        ("", "", 0, None, None),
        ("tag6ch", "us-east", u64::MAX, Some(0), None),
        ("x", "ap", 1, None, Some("")),
    ] {
        same!(Ordered, OrderedS, {
            tag: tag,
            region: region.to_string(),
            ts: ts,
            venue: venue,
            note: note.map(str::to_string),
        });
    }
}

#[test]
fn text_digits_escapes_widths_and_buckets() {
    for (region, tag, name, uid, phone, delta, ts) in [
        (
            7u32,
            "t",
            "a\0b\u{ff}",
            42u32,
            "5550100",
            -3i32,
            1_700_000_000_000u64,
        ),
        (0, "", "", 0, "1", i32::MIN, 0),
        (
            u32::MAX,
            "x_y",
            "plain",
            (1 << 24) - 1,
            "0123456789",
            i32::MAX,
            9_999_999_999_999,
        ),
    ] {
        same!(Text, TextS, {
            region: region,
            tag: tag,
            name: name.to_string(),
            uid: uid,
            phone: phone.to_string(),
            delta: delta,
            ts: ts,
        });
    }
}

#[test]
fn struct_level_salts() {
    for (uid, kind, ts) in [
        ("alice", "click", 1u64),
        ("", "", 0),
        ("bob", "v", u64::MAX),
    ] {
        same!(KeySalted, KeySaltedS, { uid: uid, kind: kind, ts: ts });
        if !uid.is_empty() {
            same!(Joined, JoinedS, { uid: uid, kind: kind });
        }
    }
}

// A last `Option` field of a fixed width after fixed-width fields checks
// where the key ends itself, one compare per branch (`Tail`); after an
// `Option` (`PaddedTail`) or a delimited field (`DescTail`) it keeps the
// general read. The per-field twin reads each the general way.
#[derive(RowKey)]
struct Tail<'a> {
    #[pad(5)]
    account: &'a str,
    #[desc]
    ts: u64,
    venue: Option<u32>,
}
#[derive(RowKey)]
struct TailS {
    #[pad(5)]
    account: &'static str,
    #[desc]
    ts: u64,
    venue: Option<u32>,
}

#[derive(RowKey)]
struct PaddedTail<'a> {
    #[pad(4)]
    tag: Option<&'a str>,
    #[desc]
    #[pad(6, b' ')]
    note: Option<String>,
}
#[derive(RowKey)]
struct PaddedTailS {
    #[pad(4)]
    tag: Option<&'static str>,
    #[desc]
    #[pad(6, b' ')]
    note: Option<String>,
}

#[derive(RowKey)]
struct DescTail<'a> {
    #[delim(b'/')]
    name: &'a str,
    #[desc]
    delta: Option<i16>,
}
#[derive(RowKey)]
struct DescTailS {
    #[delim(b'/')]
    name: &'static str,
    #[desc]
    delta: Option<i16>,
}

#[test]
fn an_option_ending_the_key() {
    for (account, ts, venue) in [
        ("a1", 5u64, Some(7u32)),
        ("", 0, None),
        ("acct5", u64::MAX, Some(0)),
    ] {
        same!(Tail, TailS, { account: account, ts: ts, venue: venue });
    }
    for (tag, note) in [
        (Some("ab"), Some("n")),
        (None, None),
        (Some(""), None),
        (None, Some("note6")),
    ] {
        same!(PaddedTail, PaddedTailS, { tag: tag, note: note.map(str::to_string) });
    }
    for (name, delta) in [("x", Some(-3i16)), ("", None), ("name", Some(i16::MAX))] {
        same!(DescTail, DescTailS, { name: name, delta: delta });
    }
    // Far past the layout's widest key, and past HBase's limit.
    // (Tail's key here is 18 bytes: 32_749 more reach the limit exactly.)
    for extra in [40, 32_749, 32_750, 40_000] {
        let mut long = Tail {
            account: "a",
            ts: 1,
            venue: Some(2),
        }
        .to_vec()
        .unwrap();
        assert_eq!(long.len(), 18);
        long.resize(long.len() + extra, 1);
        let listed = Tail::decode(&long).map(|_| ()).map_err(|e| describe(&e));
        let legacy = TailS::decode(&long).map(|_| ()).map_err(|e| describe(&e));
        assert_eq!(listed, legacy);
        let Err(err) = Tail::decode(&long) else {
            panic!("{extra} bytes more decoded");
        };
        if long.len() > 32_767 {
            // Over HBase's limit: too long, as for every layout, before
            // any field is read.
            assert_eq!(err.field_name(), None, "{err}");
            assert_eq!(
                err.kind(),
                &rowkey::ErrorKind::KeyTooLong { len: long.len() },
                "{err}"
            );
        } else {
            assert_eq!(err.field_name(), Some("venue"));
            assert_eq!(
                err.kind(),
                &rowkey::ErrorKind::TrailingBytes { count: extra },
                "{err}"
            );
        }
    }
}

// Each inner rule that gives a last `Option` a fixed width (the type's, an
// attribute's, a pad's), stored as is and inverted, beside a bucket and a
// field salt; the per-field twin reads them the general way.
#[derive(RowKey)]
struct Flags<'a> {
    #[pad(3)]
    tag: &'a str,
    #[desc]
    on: Option<bool>,
}
#[derive(RowKey)]
struct FlagsS {
    #[pad(3)]
    tag: &'static str,
    #[desc]
    on: Option<bool>,
}

#[derive(RowKey)]
struct Widths<'a> {
    #[bucket(16)]
    id: u32,
    #[pad(3)]
    tag: &'a str,
    #[desc]
    #[width(3)]
    uid: Option<u64>,
}
#[derive(RowKey)]
struct WidthsS {
    #[bucket(16)]
    id: u32,
    #[pad(3)]
    tag: &'static str,
    #[desc]
    #[width(3)]
    uid: Option<u64>,
}

#[derive(RowKey)]
struct Digits<'a> {
    #[salt(md5, 2)]
    #[pad(4)]
    host: &'a str,
    #[decimal(5)]
    n: Option<u32>,
}
#[derive(RowKey)]
struct DigitsS {
    #[salt(md5, 2)]
    #[pad(4)]
    host: &'static str,
    #[decimal(5)]
    n: Option<u32>,
}

#[derive(RowKey)]
struct Stamps<'a> {
    #[delim(b'/')]
    name: &'a str,
    #[reverse_ts]
    ts: Option<u64>,
}
#[derive(RowKey)]
struct StampsS {
    #[delim(b'/')]
    name: &'static str,
    #[reverse_ts]
    ts: Option<u64>,
}

#[derive(RowKey)]
struct Signed<'a> {
    #[pad(2)]
    tag: &'a str,
    #[twos_complement]
    delta: Option<i64>,
}
#[derive(RowKey)]
struct SignedS {
    #[pad(2)]
    tag: &'static str,
    #[twos_complement]
    delta: Option<i64>,
}

#[derive(RowKey)]
struct Bytes<'a> {
    #[pad(2)]
    tag: &'a str,
    #[desc]
    raw: Option<[u8; 3]>,
}
#[derive(RowKey)]
struct BytesS {
    #[pad(2)]
    tag: &'static str,
    #[desc]
    raw: Option<[u8; 3]>,
}

#[test]
fn an_option_ending_the_key_by_each_width_rule() {
    for (tag, on) in [("ab", Some(true)), ("", None), ("abc", Some(false))] {
        same!(Flags, FlagsS, { tag: tag, on: on });
    }
    for (id, tag, uid) in [
        (7u32, "t", Some(0xab_cdefu64)),
        (0, "", None),
        (u32::MAX, "abc", Some(0)),
    ] {
        same!(Widths, WidthsS, { id: id, tag: tag, uid: uid });
    }
    for (host, n) in [("web1", Some(12_345u32)), ("", None), ("h", Some(7))] {
        same!(Digits, DigitsS, { host: host, n: n });
    }
    for (name, ts) in [
        ("m", Some(1_700_000_000_000u64)),
        ("", None),
        ("x", Some(0)),
    ] {
        same!(Stamps, StampsS, { name: name, ts: ts });
    }
    for (tag, delta) in [("a", Some(-5i64)), ("", None), ("ab", Some(i64::MAX))] {
        same!(Signed, SignedS, { tag: tag, delta: delta });
    }
    for (tag, raw) in [
        ("a", Some([0u8, 1, 0xFF])),
        ("", None),
        ("ab", Some([0; 3])),
    ] {
        same!(Bytes, BytesS, { tag: tag, raw: raw });
    }
}

/// A field type that decodes any length while it says it writes at most 3
/// bytes: as the last `Option` of a key, the key's widest length still
/// holds it (the last field checks where the key ends only when its width
/// is fixed).
#[derive(Debug, PartialEq)]
struct Loose(Vec<u8>);

impl rowkey::KeyPart for Loose {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = Some(3);
    fn encoded_len(&self) -> usize {
        self.0.len()
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(&self.0);
        Ok(())
    }
}

impl rowkey::DecodePart<'_> for Loose {
    fn decode_part(bytes: &[u8]) -> Result<Self, rowkey::ErrorKind> {
        Ok(Loose(bytes.to_vec()))
    }
}

#[derive(RowKey, Debug, PartialEq)]
struct LooseTail {
    id: u8,
    rest: Option<Loose>,
}

#[test]
fn a_last_option_of_no_fixed_width_is_held_to_the_widest_key() {
    assert_eq!(LooseTail::MAX_LEN, 5);
    let key = LooseTail {
        id: 7,
        rest: Some(Loose(vec![1, 2, 3])),
    };
    let bytes = key.to_vec().unwrap();
    assert_eq!(LooseTail::decode(&bytes).unwrap(), key);
    for extra in [1, 40, 40_000] {
        let mut long = bytes.clone();
        long.resize(bytes.len() + extra, 9);
        let err = LooseTail::decode(&long).expect_err("longer than the widest key");
        assert_eq!(err.key_name(), "LooseTail");
        if long.len() > 32_767 {
            assert_eq!(
                err.kind(),
                &rowkey::ErrorKind::KeyTooLong { len: long.len() }
            );
        }
    }
}
