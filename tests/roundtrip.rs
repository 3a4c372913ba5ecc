//! SPEC §1's promises as properties, for every field type of §2 and every
//! attribute of §3, alone and combined:
//!
//! - uniqueness: `decode(encode(k)) == k` for every value the layout accepts;
//! - order: where every field is order-preserving, comparing two keys' bytes
//!   gives the same answer as comparing the structs (`derive(Ord)` compares
//!   fields in declaration order, as the key lays them out); `#[reverse_ts]`
//!   reverses it; a bucket keeps it within one bucket;
//! - `encoded_len()` is what `encode_into` writes, `MAX_LEN` bounds it, and
//!   `explain` accounts for every byte.
//!
//! §3a adds: `#[desc]` reverses the order, `#[escaped]` keeps the byte order
//! of any content, `Option` sorts None first, `#[decimal(W)]` sorts as
//! numbers, and decode refuses every non-canonical input.
//!
//! Values a layout must refuse are constructed away from the round-trip
//! strategies and checked to be refused in the `refuses_*` properties at the
//! end (errors.rs pins each error exactly).

mod common;

use common::hex;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::string::string_regex;
use proptest::test_runner::TestCaseError;
use rowkey::{DecodePart, ErrorKind, KeyPart, OrderedPart, RowKey, Segment};
use std::cmp::{Ordering, Reverse};
use std::fmt::Debug;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 512,
        // A failure prints its shrunk input; no regression files are written
        // into the source tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Checks shared by every layout.

/// Encodes `key` every way the API offers and checks they agree: `to_vec`,
/// `encode_into` an exact buffer, into a larger one (only the front is
/// written), into one a byte short (refused, nothing claimed written).
fn encode_checked<K: RowKey + Debug>(key: &K) -> Result<Vec<u8>, TestCaseError> {
    let len = key.encoded_len();
    let bytes = key
        .to_vec()
        .map_err(|e| TestCaseError::fail(format!("{key:?} refused: {e}")))?;
    prop_assert_eq!(
        bytes.len(),
        len,
        "to_vec length vs encoded_len of {:?}",
        key
    );

    let mut exact = vec![0u8; len];
    let n = key
        .encode_into(&mut exact)
        .map_err(|e| TestCaseError::fail(format!("{key:?} refused an exact buffer: {e}")))?;
    prop_assert_eq!(n, len);
    prop_assert_eq!(&exact, &bytes);

    let mut roomy = vec![0xA5u8; len + 9];
    let n = key
        .encode_into(&mut roomy)
        .map_err(|e| TestCaseError::fail(format!("{key:?} refused a large buffer: {e}")))?;
    prop_assert_eq!(n, len);
    prop_assert_eq!(&roomy[..n], &bytes[..]);
    prop_assert!(
        roomy[n..].iter().all(|&b| b == 0xA5),
        "encode_into wrote past the key's end"
    );

    if len > 0 {
        let mut short = vec![0u8; len - 1];
        let err = key.encode_into(&mut short).unwrap_err();
        prop_assert_eq!(
            err.kind(),
            &ErrorKind::BufferTooSmall {
                needed: len,
                available: len - 1
            }
        );
    }
    if let Some(max) = K::MAX_WIDTH {
        prop_assert!(len <= max, "{} bytes > MAX_WIDTH {}", len, max);
    }
    Ok(bytes)
}

/// `explain`'s segments lie in key order and cover every byte exactly once.
fn explain_checked(segments: &[Segment], len: usize) -> Result<(), TestCaseError> {
    let mut at = 0;
    for s in segments {
        prop_assert_eq!(
            s.start,
            at,
            "segment {:?} does not start where the last ended",
            s
        );
        prop_assert!(
            s.end >= s.start && s.end <= len,
            "segment {:?} out of 0..{}",
            s,
            len
        );
        at = s.end;
    }
    prop_assert_eq!(at, len, "explain leaves bytes after the last segment");
    Ok(())
}

/// Round trip through every encode entry point, `decode` and `explain`;
/// evaluates to the key's bytes.
macro_rules! roundtrip {
    ($ty:ident, $key:expr) => {{
        let key = &$key;
        let bytes = encode_checked(key)?;
        match $ty::decode(&bytes) {
            Ok(back) => prop_assert_eq!(&back, key, "bytes {}", hex(&bytes)),
            Err(e) => {
                return Err(TestCaseError::fail(format!(
                    "{key:?} encoded to {} but does not decode: {e}",
                    hex(&bytes)
                )))
            }
        }
        match $ty::explain(&bytes) {
            Ok(ex) => explain_checked(ex.segments(), bytes.len())?,
            Err(e) => return Err(TestCaseError::fail(format!("explain {key:?}: {e}"))),
        }
        bytes
    }};
}

/// As `roundtrip!`, for layouts with a maximum width: also encodes into a
/// stack buffer of exactly `MAX_LEN` bytes.
macro_rules! roundtrip_bounded {
    ($ty:ident, $key:expr) => {{
        let key = &$key;
        let bytes = roundtrip!($ty, *key);
        let mut stack = [0u8; $ty::MAX_LEN];
        let n = key
            .encode_into(&mut stack)
            .map_err(|e| TestCaseError::fail(format!("{key:?} into MAX_LEN: {e}")))?;
        prop_assert_eq!(&stack[..n], &bytes[..]);
        prop_assert_eq!(Some($ty::MAX_LEN), <$ty as RowKey>::MAX_WIDTH);
        bytes
    }};
}

/// Byte order of two keys against the order the test says their values have.
fn same_order(
    value_order: Ordering,
    a: &[u8],
    b: &[u8],
    what: &dyn Debug,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        a.cmp(b),
        value_order,
        "byte order of {} vs {} disagrees with value order for {:?}",
        hex(a),
        hex(b),
        what
    );
    Ok(())
}

// ---------------------------------------------------------------------------
// Strategies.

/// Integers with their edges: MIN, MAX, 0, ±1 and their neighbours turn up
/// far more often than `any` alone would give them.
trait Int: Copy + Debug + Ord + Arbitrary + 'static {
    fn edges() -> Vec<Self>;
    /// Values next to `self`, so that order tests compare close neighbours
    /// and equal values, not just two random numbers.
    fn near(self) -> Vec<Self>;
}

macro_rules! int_edges {
    (unsigned: $($t:ty),*) => {$(
        impl Int for $t {
            fn edges() -> Vec<Self> {
                vec![0, 1, 2, <$t>::MAX, <$t>::MAX - 1, <$t>::MAX / 2, <$t>::MAX / 2 + 1]
            }
            fn near(self) -> Vec<Self> {
                vec![self, self.wrapping_add(1), self.wrapping_sub(1), !self]
            }
        }
    )*};
    (signed: $($t:ty),*) => {$(
        impl Int for $t {
            fn edges() -> Vec<Self> {
                vec![0, 1, -1, 2, -2, <$t>::MIN, <$t>::MIN + 1, <$t>::MAX, <$t>::MAX - 1]
            }
            fn near(self) -> Vec<Self> {
                vec![self, self.wrapping_add(1), self.wrapping_sub(1), self.wrapping_neg()]
            }
        }
    )*};
}
int_edges!(unsigned: u8, u16, u32, u64, u128);
int_edges!(signed: i8, i16, i32, i64, i128);

fn int<T: Int>() -> impl Strategy<Value = T> {
    prop_oneof![2 => any::<T>(), 1 => select(T::edges())]
}

/// Two integers, often equal or adjacent.
fn int_pair<T: Int>() -> impl Strategy<Value = (T, T)> {
    prop_oneof![
        (int::<T>(), int::<T>()),
        int::<T>().prop_flat_map(|a| (Just(a), select(a.near()))),
    ]
}

/// A `#[reverse_ts]` timestamp: `0..=i64::MAX`, edges included.
fn ts() -> impl Strategy<Value = u64> {
    const MAX: u64 = i64::MAX as u64;
    prop_oneof![
        2 => 0..=MAX,
        1 => select(vec![0, 1, MAX, MAX - 1, 1_700_000_000_000]),
    ]
}

fn ts_pair() -> impl Strategy<Value = (u64, u64)> {
    const MAX: u64 = i64::MAX as u64;
    prop_oneof![
        (ts(), ts()),
        ts().prop_flat_map(|a| (
            Just(a),
            select(vec![a, a.saturating_add(1).min(MAX), a.saturating_sub(1)])
        )),
    ]
}

fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>(),
        // The pad and delimiter bytes, ASCII neighbours of them, and 2-, 3-
        // and 4-byte UTF-8 (seed 000's 淘寶).
        2 => select(vec![
            '\0', '\u{1}', 'a', 'x', 'z', '_', '|', '/', '\u{7f}', 'é', 'ÿ', '淘', '寶', '\u{FFFF}',
            '🦀', '\u{10FFFF}',
        ]),
        // A small alphabet, so that values share prefixes and collide.
        2 => proptest::char::range('a', 'c'),
    ]
}

/// Strings up to `max_chars` characters: empty, control characters, NUL,
/// multi-byte UTF-8, and printable text from a regex.
fn text(max_chars: usize) -> BoxedStrategy<String> {
    prop_oneof![
        1 => Just(String::new()),
        5 => proptest::collection::vec(any_char(), 0..=max_chars).prop_map(String::from_iter),
        2 => string_regex(&format!("\\PC{{0,{max_chars}}}")).expect("valid regex"),
    ]
    .boxed()
}

/// Two strings that share a prefix, so that one is often a prefix of the other
/// or equal to it: the cases where framing decides the order.
fn text_pair(max_chars: usize) -> impl Strategy<Value = (String, String)> {
    (text(max_chars), text(max_chars), text(max_chars))
        .prop_map(|(p, a, b)| (format!("{p}{a}"), format!("{p}{b}")))
}

fn any_byte() -> impl Strategy<Value = u8> {
    prop_oneof![3 => any::<u8>(), 2 => select(vec![0u8, 1, b'_', b'x', 0x7f, 0x80, 0xfe, 0xff])]
}

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any_byte(), 0..=max)
}

fn bytes_pair(max: usize) -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    (bytes(max), bytes(max), bytes(max))
        .prop_map(|(p, a, b)| ([&p[..], &a].concat(), [p, b].concat()))
}

/// The longest prefix of `s` that fits `width` bytes, without its trailing
/// pad characters: a value `#[pad(width, pad)]` accepts.
fn fit(s: &str, width: usize, pad: char) -> String {
    let mut end = 0;
    for (i, c) in s.char_indices() {
        if i + c.len_utf8() > width {
            break;
        }
        end = i + c.len_utf8();
    }
    s[..end].trim_end_matches(pad).to_owned()
}

fn fit_bytes(v: &[u8], width: usize, pad: u8) -> Vec<u8> {
    let v = &v[..v.len().min(width)];
    let end = v.iter().rposition(|&b| b != pad).map_or(0, |i| i + 1);
    v[..end].to_vec()
}

fn without(s: &str, delim: char) -> String {
    s.replace(delim, "")
}

fn without_byte(v: &[u8], delim: u8) -> Vec<u8> {
    v.iter().copied().filter(|&b| b != delim).collect()
}

/// What `#[pad(width, pad)]` writes for an accepted value.
fn rpad(body: &[u8], width: usize, pad: u8) -> Vec<u8> {
    let mut out = body.to_vec();
    out.resize(width, pad);
    out
}

fn is_lower_hex(bytes: &[u8]) -> bool {
    bytes.iter().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

// ---------------------------------------------------------------------------
// Integers: every width, signed and unsigned, as a leading fixed-width field
// and as the last field. The expected bytes are written independently of the
// runtime: big-endian, and for signed types offset binary (value - MIN), which
// is the sign-bit flip stated arithmetically.

macro_rules! int_layouts {
    ($($name:ident / $test:ident: $t:ty => $oracle:expr;)*) => {$(
        #[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
        struct $name {
            a: $t,
            b: $t,
        }

        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $test((a, c) in int_pair::<$t>(), (b, d) in int_pair::<$t>()) {
                let oracle: fn($t) -> Vec<u8> = $oracle;
                let x = $name { a, b };
                let y = $name { a: c, b: d };
                let ex = roundtrip_bounded!($name, x);
                let ey = roundtrip_bounded!($name, y);
                prop_assert_eq!(&ex, &[oracle(a), oracle(b)].concat());
                prop_assert_eq!($name::MAX_LEN, 2 * std::mem::size_of::<$t>());
                same_order(x.cmp(&y), &ex, &ey, &(x, y))?;
            }
        }
    )*};
}

int_layouts! {
    KeyU8 / int_u8: u8 => |v| v.to_be_bytes().to_vec();
    KeyU16 / int_u16: u16 => |v| v.to_be_bytes().to_vec();
    KeyU32 / int_u32: u32 => |v| v.to_be_bytes().to_vec();
    KeyU64 / int_u64: u64 => |v| v.to_be_bytes().to_vec();
    KeyU128 / int_u128: u128 => |v| v.to_be_bytes().to_vec();
    KeyI8 / int_i8: i8 => |v| (v.wrapping_sub(i8::MIN) as u8).to_be_bytes().to_vec();
    KeyI16 / int_i16: i16 => |v| (v.wrapping_sub(i16::MIN) as u16).to_be_bytes().to_vec();
    KeyI32 / int_i32: i32 => |v| (v.wrapping_sub(i32::MIN) as u32).to_be_bytes().to_vec();
    KeyI64 / int_i64: i64 => |v| (v.wrapping_sub(i64::MIN) as u64).to_be_bytes().to_vec();
    KeyI128 / int_i128: i128 => |v| (v.wrapping_sub(i128::MIN) as u128).to_be_bytes().to_vec();
}

/// `#[twos_complement]`: Java's `Bytes.toBytes` of negative values, every
/// signed width. Not order-preserving (negatives sort last), so round trip
/// and bytes only.
#[derive(RowKey, Debug, PartialEq)]
struct Twos {
    #[twos_complement]
    a: i8,
    #[twos_complement]
    b: i16,
    #[twos_complement]
    c: i32,
    #[twos_complement]
    d: i64,
    #[twos_complement]
    e: i128,
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn twos_complement(a in int::<i8>(), b in int::<i16>(), c in int::<i32>(), d in int::<i64>(), e in int::<i128>()) {
        let key = Twos { a, b, c, d, e };
        let bytes = roundtrip_bounded!(Twos, key);
        let expected = [
            &a.to_be_bytes()[..], &b.to_be_bytes(), &c.to_be_bytes(), &d.to_be_bytes(), &e.to_be_bytes(),
        ].concat();
        prop_assert_eq!(bytes, expected);
    }
}

// ---------------------------------------------------------------------------
// bool and [u8; N], leading and last.

#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Fixed {
    flag: bool,
    id: [u8; 16],
    code: [u8; 2],
    last: bool,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct FixedLast {
    n: u16,
    id: [u8; 3],
}

fn array<const N: usize>() -> impl Strategy<Value = [u8; N]> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), N),
        // A small alphabet, so that two arrays often share a prefix.
        proptest::collection::vec(select(vec![0u8, 1, 0x7f, 0x80, 0xff]), N),
    ]
    .prop_map(|v| v.try_into().expect("N bytes"))
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn bool_and_arrays(
        (f1, f2) in (any::<bool>(), any::<bool>()),
        (i1, i2) in (array::<16>(), array::<16>()),
        (c1, c2) in (array::<2>(), array::<2>()),
        (l1, l2) in (any::<bool>(), any::<bool>()),
        same_id in any::<bool>(),
    ) {
        let x = Fixed { flag: f1, id: i1, code: c1, last: l1 };
        let y = Fixed { flag: f2, id: if same_id { i1 } else { i2 }, code: c2, last: l2 };
        let ex = roundtrip_bounded!(Fixed, x);
        let ey = roundtrip_bounded!(Fixed, y);
        prop_assert_eq!(&ex, &[&[u8::from(f1)][..], &i1, &c1, &[u8::from(l1)]].concat());
        prop_assert_eq!(Fixed::MAX_LEN, 20);
        same_order(x.cmp(&y), &ex, &ey, &(x, y))?;
    }

    #[test]
    fn array_last((n1, n2) in int_pair::<u16>(), (a, b) in (array::<3>(), array::<3>())) {
        let x = FixedLast { n: n1, id: a };
        let y = FixedLast { n: n2, id: b };
        let ex = roundtrip_bounded!(FixedLast, x);
        let ey = roundtrip_bounded!(FixedLast, y);
        prop_assert_eq!(&ex, &[&n1.to_be_bytes()[..], &a].concat());
        same_order(x.cmp(&y), &ex, &ey, &(x, y))?;
    }
}

// ---------------------------------------------------------------------------
// Strings and bytes, borrowed and owned, in the three order-preserving frames:
// `#[pad(N)]` with 0x00, `#[delim]` with 0x00, and last.

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Strs<'a> {
    #[pad(24)]
    padded: &'a str,
    #[delim]
    delimited: &'a str,
    last: &'a str,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct OwnedStrs {
    #[pad(24)]
    padded: String,
    #[delim]
    delimited: String,
    last: String,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Bytes<'a> {
    #[pad(12)]
    padded: &'a [u8],
    #[delim]
    delimited: Vec<u8>,
    last: &'a [u8],
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct OwnedBytesLast {
    #[pad(4)]
    padded: Vec<u8>,
    last: Vec<u8>,
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn strings((p1, p2) in text_pair(8), (d1, d2) in text_pair(6), (l1, l2) in text_pair(6)) {
        let (p1, p2) = (fit(&p1, 24, '\0'), fit(&p2, 24, '\0'));
        let (d1, d2) = (without(&d1, '\0'), without(&d2, '\0'));
        let x = Strs { padded: &p1, delimited: &d1, last: &l1 };
        let y = Strs { padded: &p2, delimited: &d2, last: &l2 };
        let ex = roundtrip!(Strs, x);
        let ey = roundtrip!(Strs, y);
        let expected = [rpad(p1.as_bytes(), 24, 0), d1.clone().into_bytes(), vec![0], l1.clone().into_bytes()].concat();
        prop_assert_eq!(&ex, &expected);
        same_order(x.cmp(&y), &ex, &ey, &(&x, &y))?;

        // The owned types write the same bytes and order the same way.
        let ox = OwnedStrs { padded: p1.clone(), delimited: d1.clone(), last: l1.clone() };
        let oy = OwnedStrs { padded: p2.clone(), delimited: d2.clone(), last: l2.clone() };
        prop_assert_eq!(roundtrip!(OwnedStrs, ox), ex);
        prop_assert_eq!(roundtrip!(OwnedStrs, oy), ey);
    }

    #[test]
    fn byte_strings((p1, p2) in bytes_pair(8), (d1, d2) in bytes_pair(6), (l1, l2) in bytes_pair(6)) {
        let (p1, p2) = (fit_bytes(&p1, 12, 0), fit_bytes(&p2, 12, 0));
        let (d1, d2) = (without_byte(&d1, 0), without_byte(&d2, 0));
        let x = Bytes { padded: &p1, delimited: d1.clone(), last: &l1 };
        let y = Bytes { padded: &p2, delimited: d2, last: &l2 };
        let ex = roundtrip!(Bytes, x);
        let ey = roundtrip!(Bytes, y);
        prop_assert_eq!(&ex, &[rpad(&p1, 12, 0), d1, vec![0], l1.clone()].concat());
        same_order(x.cmp(&y), &ex, &ey, &(&x, &y))?;
    }

    #[test]
    fn owned_bytes_last(p in bytes(4), l in bytes(40)) {
        let p = fit_bytes(&p, 4, 0);
        let key = OwnedBytesLast { padded: p.clone(), last: l.clone() };
        prop_assert_eq!(roundtrip!(OwnedBytesLast, key), [rpad(&p, 4, 0), l].concat());
    }
}

// ---------------------------------------------------------------------------
// User types through rowkey::KeyPart / DecodePart: a fixed-width newtype, an
// enum stored as two-letter codes (seed 000: 淘寶 => tb), and a variable-width
// newtype that takes #[pad] and #[delim] like a string.

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct CustomerId(u32);

impl KeyPart for CustomerId {
    const WIDTH: Option<usize> = Some(4);
    fn encoded_len(&self) -> usize {
        4
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(&self.0.to_be_bytes());
        Ok(())
    }
}

impl DecodePart<'_> for CustomerId {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        let arr: [u8; 4] = bytes.try_into().map_err(|_| ErrorKind::Invalid {
            reason: "a customer id is 4 bytes",
        })?;
        Ok(CustomerId(u32::from_be_bytes(arr)))
    }
}
impl OrderedPart for CustomerId {}

/// Declared in the order of its codes, so `derive(Ord)` agrees with the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Platform {
    /// 京東
    Jd,
    /// 淘寶
    Taobao,
    /// 天貓
    Tmall,
}

impl Platform {
    const ALL: [Platform; 3] = [Platform::Jd, Platform::Taobao, Platform::Tmall];
    fn code(self) -> &'static [u8; 2] {
        match self {
            Platform::Jd => b"jd",
            Platform::Taobao => b"tb",
            Platform::Tmall => b"tm",
        }
    }
}

impl KeyPart for Platform {
    const WIDTH: Option<usize> = Some(2);
    fn encoded_len(&self) -> usize {
        2
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(self.code());
        Ok(())
    }
}

impl DecodePart<'_> for Platform {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        Platform::ALL
            .into_iter()
            .find(|p| &p.code()[..] == bytes)
            .ok_or(ErrorKind::Invalid {
                reason: "platform code is not jd, tb or tm",
            })
    }
}
impl OrderedPart for Platform {}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Sku(String);

impl KeyPart for Sku {
    const WIDTH: Option<usize> = None;
    fn encoded_len(&self) -> usize {
        self.0.len()
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(self.0.as_bytes());
        Ok(())
    }
}

impl DecodePart<'_> for Sku {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        let s = std::str::from_utf8(bytes).map_err(|e| ErrorKind::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        })?;
        Ok(Sku(s.to_owned()))
    }
}
impl OrderedPart for Sku {}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Listing {
    platform: Platform,
    customer: CustomerId,
    #[pad(12)]
    sku: Sku,
    #[delim]
    variant: Sku,
    title: Sku,
}

/// A user type under a salt, and a newtype as the last, fixed-width field.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(spread_not_first)]
struct SaltedCustomer {
    #[salt(md5, 2)]
    platform: Platform,
    #[salt(md5, 6)]
    customer: CustomerId,
}

fn platform() -> impl Strategy<Value = Platform> {
    select(Platform::ALL.to_vec())
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn user_types(
        (p1, p2) in (platform(), platform()),
        (c1, c2) in int_pair::<u32>(),
        (s1, s2) in text_pair(6),
        (v1, v2) in text_pair(4),
        (t1, t2) in text_pair(4),
    ) {
        let x = Listing {
            platform: p1,
            customer: CustomerId(c1),
            sku: Sku(fit(&s1, 12, '\0')),
            variant: Sku(without(&v1, '\0')),
            title: Sku(t1),
        };
        let y = Listing {
            platform: p2,
            customer: CustomerId(c2),
            sku: Sku(fit(&s2, 12, '\0')),
            variant: Sku(without(&v2, '\0')),
            title: Sku(t2),
        };
        let ex = roundtrip!(Listing, x);
        let ey = roundtrip!(Listing, y);
        let expected = [
            &p1.code()[..], &c1.to_be_bytes(), &rpad(x.sku.0.as_bytes(), 12, 0),
            x.variant.0.as_bytes(), &[0], x.title.0.as_bytes(),
        ].concat();
        prop_assert_eq!(&ex, &expected);
        same_order(x.cmp(&y), &ex, &ey, &(&x, &y))?;
    }

    #[test]
    fn salted_user_types(p in platform(), c in int::<u32>()) {
        let key = SaltedCustomer { platform: p, customer: CustomerId(c) };
        let bytes = roundtrip_bounded!(SaltedCustomer, key);
        prop_assert_eq!(SaltedCustomer::MAX_LEN, 2 + 2 + 6 + 4);
        prop_assert!(is_lower_hex(&bytes[..2]) && is_lower_hex(&bytes[4..10]));
        prop_assert_eq!(&bytes[2..4], &p.code()[..]);
        prop_assert_eq!(&bytes[10..], &c.to_be_bytes()[..]);
        // A salt is a function of its field alone: an integer salted over
        // its encoded bytes gets the same salt as those bytes salted as a
        // byte string.
        let same = SaltLastBytes { b: &c.to_be_bytes() }.to_vec().unwrap();
        prop_assert_eq!(&bytes[4..10], &same[..6]);
    }
}

// ---------------------------------------------------------------------------
// Salt.

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltPad<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

/// The same salt with no pad: a reference for what the salt over a value is.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltLast<'a> {
    #[salt(md5, 4)]
    s: &'a str,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltLastBytes<'a> {
    #[salt(md5, 32)]
    b: &'a [u8],
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SaltInt {
    #[salt(md5, 8)]
    id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(spread_not_first)]
struct SaltSigned {
    #[salt(md5, 32)]
    a: i32,
    #[salt(md5, 1)]
    #[twos_complement]
    b: i64,
    #[salt(md5, 3)]
    flag: bool,
}

/// A salted timestamp: the salt hashes the bytes the key stores,
/// `i64::MAX - ts`, as it does for any integer's encoding.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(spread_not_first)]
struct SaltRts {
    #[salt(md5, 4)]
    #[reverse_ts]
    ts: u64,
    #[salt(md5, 2)]
    n: u8,
}

/// Salt with reverse, pad, delim and a `[u8; N]`; the salt hashes the value,
/// not its reversed bytes (Java: md5Hex(userId) + reverse(userId)).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(spread_not_first)]
struct SaltMix {
    #[salt(md5, 4)]
    #[reverse]
    #[pad(12)]
    user: String,
    #[salt(md5, 3)]
    #[delim(b'|')]
    name: String,
    #[salt(md5, 5)]
    id: [u8; 4],
    #[salt(md5, 4)]
    rest: Vec<u8>,
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn salt_pad(u in text(16), o in int::<u64>()) {
        let u = fit(&u, 16, '\0');
        let bytes = roundtrip_bounded!(SaltPad, SaltPad { user_id: &u, order_id: o });
        prop_assert_eq!(SaltPad::MAX_LEN, 4 + 16 + 8);
        prop_assert_eq!(bytes.len(), 28);
        let reference = SaltLast { s: &u }.to_vec().unwrap();
        prop_assert_eq!(&bytes[..4], &reference[..4], "the salt ignores padding");
        prop_assert!(is_lower_hex(&bytes[..4]));
        prop_assert_eq!(&bytes[4..20], &rpad(u.as_bytes(), 16, 0)[..]);
        prop_assert_eq!(&bytes[20..], &o.to_be_bytes()[..]);
    }

    #[test]
    fn salt_last(s in text(12), b in bytes(20)) {
        let bytes = roundtrip!(SaltLast, SaltLast { s: &s });
        prop_assert_eq!(&bytes[4..], s.as_bytes());
        let full = roundtrip!(SaltLastBytes, SaltLastBytes { b: &b });
        prop_assert_eq!(&full[32..], &b[..]);
        prop_assert!(is_lower_hex(&full[..32]));
        // A shorter salt is a prefix of the longer one (substring(0, K)).
        let as_str_salt = SaltLastBytes { b: s.as_bytes() }.to_vec().unwrap();
        prop_assert_eq!(&as_str_salt[..4], &bytes[..4]);
    }

    #[test]
    fn salt_on_integers(id in int::<u64>(), a in int::<i32>(), b in int::<i64>(), flag in any::<bool>()) {
        let bytes = roundtrip_bounded!(SaltInt, SaltInt { id });
        prop_assert_eq!(&bytes[8..], &id.to_be_bytes()[..]);
        let reference = SaltLastBytes { b: &id.to_be_bytes() }.to_vec().unwrap();
        prop_assert_eq!(&bytes[..8], &reference[..8], "an integer salts over its encoded bytes");

        let key = SaltSigned { a, b, flag };
        let bytes = roundtrip_bounded!(SaltSigned, key);
        prop_assert_eq!(SaltSigned::MAX_LEN, 32 + 4 + 1 + 8 + 3 + 1);
        let a_enc = (a.wrapping_sub(i32::MIN) as u32).to_be_bytes();
        prop_assert_eq!(&bytes[32..36], &a_enc[..]);
        let reference = SaltLastBytes { b: &a_enc }.to_vec().unwrap();
        prop_assert_eq!(&bytes[..32], &reference[..32]);
        prop_assert_eq!(&bytes[37..45], &b.to_be_bytes()[..]);
        let reference = SaltLastBytes { b: &b.to_be_bytes() }.to_vec().unwrap();
        prop_assert_eq!(bytes[36], reference[0]);
    }

    #[test]
    fn salt_reverse_ts(t in ts(), n in int::<u8>()) {
        let bytes = roundtrip_bounded!(SaltRts, SaltRts { ts: t, n });
        let stored = (i64::MAX as u64 - t).to_be_bytes();
        prop_assert_eq!(&bytes[4..12], &stored[..]);
        let reference = SaltLastBytes { b: &stored }.to_vec().unwrap();
        prop_assert_eq!(&bytes[..4], &reference[..4]);
        let reference = SaltLastBytes { b: &[n] }.to_vec().unwrap();
        prop_assert_eq!(&bytes[12..14], &reference[..2]);
        prop_assert_eq!(bytes[14], n);
    }

    #[test]
    fn salt_mix(u in text(12), n in text(6), id in array::<4>(), rest in bytes(10)) {
        let user = fit(&u, 12, '\0').trim_start_matches('\0').to_owned();
        let name = without(&n, '|');
        let key = SaltMix { user: user.clone(), name: name.clone(), id, rest: rest.clone() };
        let bytes = roundtrip!(SaltMix, key);
        let reference = SaltLast { s: &user }.to_vec().unwrap();
        prop_assert_eq!(&bytes[..4], &reference[..4], "the salt hashes the unreversed value");
        let reversed: String = user.chars().rev().collect();
        prop_assert_eq!(&bytes[4..16], &rpad(reversed.as_bytes(), 12, 0)[..]);
        let reference = SaltLastBytes { b: name.as_bytes() }.to_vec().unwrap();
        prop_assert_eq!(&bytes[16..19], &reference[..3]);
        let at = 19 + name.len();
        prop_assert_eq!(&bytes[19..at], name.as_bytes());
        prop_assert_eq!(bytes[at], b'|');
        prop_assert_eq!(&bytes[at + 1 + 5..at + 10], &id[..]);
        prop_assert_eq!(&bytes[at + 10 + 4..], &rest[..]);
    }
}

// ---------------------------------------------------------------------------
// Bucket, alone and with reverse_ts; one- and two-byte buckets.

#[derive(RowKey, Debug, Clone, PartialEq)]
struct BucketRts<'a> {
    #[bucket(16)]
    #[reverse_ts]
    ts: u64,
    host: &'a str,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct BucketRtsI64<'a> {
    #[bucket(16)]
    #[reverse_ts]
    ts: i64,
    #[pad(8)]
    host: &'a str,
    seq: u16,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Bucket1000<'a> {
    #[bucket(1000)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    event: &'a str,
}

/// Bucket widths at their edges (256: one byte, 257: two, 65536: two) and
/// Euclidean buckets of negative values.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(spread_not_first)]
struct Buckets {
    #[bucket(7)]
    a: i32,
    #[bucket(256)]
    b: i64,
    #[bucket(257)]
    c: i16,
    #[bucket(65536)]
    d: u128,
    #[bucket(2)]
    #[twos_complement]
    e: i8,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct BucketOrder {
    #[bucket(16)]
    v: i64,
    seq: u8,
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn bucket_reverse_ts(t in ts(), h in text(6), seq in int::<u16>()) {
        let bytes = roundtrip!(BucketRts, BucketRts { ts: t, host: &h });
        prop_assert_eq!(u64::from(bytes[0]), t % 16);
        prop_assert_eq!(&bytes[1..9], &(i64::MAX as u64 - t).to_be_bytes()[..]);
        prop_assert_eq!(&bytes[9..], h.as_bytes());

        let h = fit(&h, 8, '\0');
        let ti = i64::try_from(t).unwrap();
        let bytes = roundtrip_bounded!(BucketRtsI64, BucketRtsI64 { ts: ti, host: &h, seq });
        prop_assert_eq!(BucketRtsI64::MAX_LEN, 1 + 8 + 8 + 2);
        prop_assert_eq!(i64::from(bytes[0]), ti % 16);
        prop_assert_eq!(&bytes[1..9], &(i64::MAX - ti).to_be_bytes()[..]);
    }

    #[test]
    fn bucket_two_bytes(t in int::<u64>(), h in text(16), e in text(6)) {
        let h = fit(&h, 16, '\0');
        let bytes = roundtrip!(Bucket1000, Bucket1000 { ts: t, host: &h, event: &e });
        prop_assert_eq!(u64::from(u16::from_be_bytes([bytes[0], bytes[1]])), t % 1000);
        prop_assert_eq!(&bytes[2..10], &t.to_be_bytes()[..]);
        prop_assert_eq!(&bytes[10..26], &rpad(h.as_bytes(), 16, 0)[..]);
        prop_assert_eq!(&bytes[26..], e.as_bytes());
    }

    #[test]
    fn bucket_widths(a in int::<i32>(), b in int::<i64>(), c in int::<i16>(), d in int::<u128>(), e in int::<i8>()) {
        let bytes = roundtrip_bounded!(Buckets, Buckets { a, b, c, d, e });
        prop_assert_eq!(Buckets::MAX_LEN, (1 + 4) + (1 + 8) + (2 + 2) + (2 + 16) + (1 + 1));
        prop_assert_eq!(i64::from(bytes[0]), i64::from(a).rem_euclid(7));
        prop_assert_eq!(i128::from(bytes[5]), i128::from(b).rem_euclid(256));
        prop_assert_eq!(i32::from(u16::from_be_bytes([bytes[14], bytes[15]])), i32::from(c).rem_euclid(257));
        prop_assert_eq!(u128::from(u16::from_be_bytes([bytes[18], bytes[19]])), d % 65536);
        prop_assert_eq!(i16::from(bytes[36]), i16::from(e).rem_euclid(2));
        prop_assert_eq!(bytes[37], e.to_be_bytes()[0]);
    }

    /// Within one bucket, key order is value order; a step of 16 keeps the
    /// bucket, so many pairs share one.
    #[test]
    fn bucket_order(a in int::<i64>(), k in -3i64..=3, other in int::<i64>(), same in any::<bool>(), s1 in any::<u8>(), s2 in any::<u8>()) {
        let b = if same { a.wrapping_add(16 * k) } else { other };
        let x = BucketOrder { v: a, seq: s1 };
        let y = BucketOrder { v: b, seq: s2 };
        let ex = roundtrip_bounded!(BucketOrder, x);
        let ey = roundtrip_bounded!(BucketOrder, y);
        prop_assert_eq!(i64::from(ex[0]), a.rem_euclid(16));
        if ex[0] == ey[0] {
            same_order(x.cmp(&y), &ex, &ey, &(x, y))?;
        } else {
            prop_assert_eq!(ex.cmp(&ey), ex[0].cmp(&ey[0]));
        }
    }
}

// ---------------------------------------------------------------------------
// reverse_ts: newest first.

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Latest<'a> {
    #[pad(8)]
    host: &'a str,
    #[reverse_ts]
    ts: u64,
    seq: i16,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct LatestI64 {
    #[reverse_ts]
    ts: i64,
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn reverse_ts_order((h1, h2) in text_pair(4), (t1, t2) in ts_pair(), (s1, s2) in int_pair::<i16>()) {
        let (h1, h2) = (fit(&h1, 8, '\0'), fit(&h2, 8, '\0'));
        let x = Latest { host: &h1, ts: t1, seq: s1 };
        let y = Latest { host: &h2, ts: t2, seq: s2 };
        let ex = roundtrip_bounded!(Latest, x);
        let ey = roundtrip_bounded!(Latest, y);
        prop_assert_eq!(&ex[8..16], &(i64::MAX as u64 - t1).to_be_bytes()[..]);
        let value_order = (&h1, Reverse(t1), s1).cmp(&(&h2, Reverse(t2), s2));
        same_order(value_order, &ex, &ey, &(&x, &y))?;

        let (i1, i2) = (i64::try_from(t1).unwrap(), i64::try_from(t2).unwrap());
        let ex = roundtrip_bounded!(LatestI64, LatestI64 { ts: i1 });
        let ey = roundtrip_bounded!(LatestI64, LatestI64 { ts: i2 });
        same_order(i2.cmp(&i1), &ex, &ey, &(i1, i2))?;
    }
}

// ---------------------------------------------------------------------------
// reverse, pad with a byte, delim with a byte.

#[derive(RowKey, Debug, Clone, PartialEq)]
struct RevPad {
    #[reverse]
    #[pad(16)]
    user_id: String,
    order_id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct RevDelim {
    #[reverse]
    #[delim]
    data: Vec<u8>,
    tail: u16,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct RevMisc {
    #[reverse]
    id: [u8; 6],
    #[reverse]
    #[delim(b'|')]
    name: String,
    #[reverse]
    #[pad(6, b'x')]
    code: Vec<u8>,
    #[reverse]
    last: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct PadX<'a> {
    #[pad(8, b'x')]
    c1: &'a str,
    c2: &'a str,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Delims<'a> {
    #[delim(b'_')]
    c1: &'a str,
    #[delim]
    c2: &'a [u8],
    #[delim(0xff)]
    c3: Vec<u8>,
    c4: String,
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn reverse_pad(u in text(16), o in int::<u64>()) {
        // Reversed, the first character ends the body: it must not be the pad.
        let u = fit(&u, 16, '\0').trim_start_matches('\0').to_owned();
        let bytes = roundtrip_bounded!(RevPad, RevPad { user_id: u.clone(), order_id: o });
        let reversed: String = u.chars().rev().collect();
        prop_assert_eq!(&bytes[..16], &rpad(reversed.as_bytes(), 16, 0)[..]);
        prop_assert_eq!(&bytes[16..], &o.to_be_bytes()[..]);
    }

    #[test]
    fn reverse_delim(d in bytes(12), tail in int::<u16>()) {
        let d = without_byte(&d, 0);
        let bytes = roundtrip!(RevDelim, RevDelim { data: d.clone(), tail });
        let mut reversed = d.clone();
        reversed.reverse();
        prop_assert_eq!(bytes, [reversed, vec![0], tail.to_be_bytes().to_vec()].concat());
    }

    #[test]
    fn reverse_misc(id in array::<6>(), n in text(6), c in bytes(6), l in text(6)) {
        let name = without(&n, '|');
        let mut code = fit_bytes(&c, 6, b'x');
        // The reversed body ends in the first byte.
        while code.first() == Some(&b'x') {
            code.remove(0);
        }
        let key = RevMisc { id, name: name.clone(), code: code.clone(), last: l.clone() };
        let bytes = roundtrip!(RevMisc, key);
        let rev = |s: &str| s.chars().rev().collect::<String>().into_bytes();
        let mut id_rev = id;
        id_rev.reverse();
        let mut code_rev = code;
        code_rev.reverse();
        let expected = [id_rev.to_vec(), rev(&name), vec![b'|'], rpad(&code_rev, 6, b'x'), rev(&l)].concat();
        prop_assert_eq!(bytes, expected);
    }

    #[test]
    fn pad_with_byte(c1 in text(8), c2 in text(6)) {
        let c1 = fit(&c1, 8, 'x');
        let bytes = roundtrip!(PadX, PadX { c1: &c1, c2: &c2 });
        prop_assert_eq!(bytes, [rpad(c1.as_bytes(), 8, b'x'), c2.clone().into_bytes()].concat());
    }

    #[test]
    fn delim_with_byte(c1 in text(6), c2 in bytes(6), c3 in bytes(6), c4 in text(6)) {
        let c1 = without(&c1, '_');
        let c2 = without_byte(&c2, 0);
        let c3 = without_byte(&c3, 0xff);
        let key = Delims { c1: &c1, c2: &c2, c3: c3.clone(), c4: c4.clone() };
        let bytes = roundtrip!(Delims, key);
        let expected = [c1.as_bytes(), b"_", &c2, &[0], &c3, &[0xff], c4.as_bytes()].concat();
        prop_assert_eq!(bytes, expected);
    }
}

// ---------------------------------------------------------------------------
// Struct-level salt over several fields.

/// Seed 001: `MD5(uid_type)_uid_type`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(md5, 4, fields(uid, kind), delim = b'_'))]
struct UidType<'a> {
    #[delim(b'_')]
    uid: &'a str,
    kind: &'a str,
}

/// OpenTSDB: the salt covers metric and tags, not the timestamp, so one
/// series stays in one bucket.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(md5, 6, fields(metric, tags)))]
struct Tsdb<'a> {
    #[pad(12)]
    metric: &'a str,
    ts: u32,
    tags: &'a [u8],
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn multi_field_salt(uid in text(8), kind in text(6)) {
        let uid = without(&uid, '_');
        let bytes = roundtrip!(UidType, UidType { uid: &uid, kind: &kind });
        let joined = format!("{uid}_{kind}");
        prop_assert_eq!(&bytes[5..], joined.as_bytes());
        prop_assert_eq!(bytes[4], b'_');
        let reference = SaltLast { s: &joined }.to_vec().unwrap();
        prop_assert_eq!(&bytes[..4], &reference[..4], "the salt is md5Hex(uid + \"_\" + kind)");
    }

    #[test]
    fn multi_field_salt_skips_unlisted(m in text(12), (t1, t2) in int_pair::<u32>(), tags in bytes(12)) {
        let m = fit(&m, 12, '\0');
        let a = roundtrip!(Tsdb, Tsdb { metric: &m, ts: t1, tags: &tags });
        let b = roundtrip!(Tsdb, Tsdb { metric: &m, ts: t2, tags: &tags });
        prop_assert!(is_lower_hex(&a[..6]));
        prop_assert_eq!(&a[..6], &b[..6], "the timestamp does not move a series");
        prop_assert_eq!(&a[6..18], &rpad(m.as_bytes(), 12, 0)[..]);
        prop_assert_eq!(&a[18..22], &t1.to_be_bytes()[..]);
        prop_assert_eq!(&a[22..], &tags[..]);
    }
}

// ---------------------------------------------------------------------------
// Every attribute in one key.

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(spread_not_first)]
struct Everything<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user: &'a str,
    #[bucket(16)]
    #[reverse_ts]
    ts: u64,
    #[delim]
    tag: &'a str,
    #[pad(8, b'x')]
    kind: &'a [u8],
    flag: bool,
    #[reverse]
    #[delim(b'/')]
    path: String,
    #[twos_complement]
    n: i32,
    #[bucket(300)]
    m: i16,
    id: [u8; 4],
    platform: Platform,
    rest: &'a [u8],
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn everything(
        user in text(16), t in ts(), tag in text(6), kind in bytes(8), flag in any::<bool>(),
        path in text(6), n in int::<i32>(), m in int::<i16>(), id in array::<4>(),
        platform in platform(), rest in bytes(10),
    ) {
        let user = fit(&user, 16, '\0');
        let tag = without(&tag, '\0');
        let kind = fit_bytes(&kind, 8, b'x');
        let path = without(&path, '/');
        let key = Everything {
            user: &user, ts: t, tag: &tag, kind: &kind, flag, path: path.clone(), n, m, id, platform, rest: &rest,
        };
        let bytes = roundtrip!(Everything, key);
        let salt = SaltLast { s: &user }.to_vec().unwrap();
        let expected = [
            &salt[..4],
            &rpad(user.as_bytes(), 16, 0),
            &[(t % 16) as u8],
            &(i64::MAX as u64 - t).to_be_bytes(),
            tag.as_bytes(), &[0],
            &rpad(&kind, 8, b'x'),
            &[u8::from(flag)],
            path.chars().rev().collect::<String>().as_bytes(), b"/",
            &n.to_be_bytes(),
            &(i32::from(m).rem_euclid(300) as u16).to_be_bytes(),
            &(m.wrapping_sub(i16::MIN) as u16).to_be_bytes(),
            &id, platform.code(), &rest,
        ].concat();
        prop_assert_eq!(hex(&bytes), hex(&expected));
    }
}

// ---------------------------------------------------------------------------
// Values each layout must refuse: refused, never truncated or accepted.

proptest! {
    #![proptest_config(config())]
    #[test]
    fn refuses_too_long_for_pad(s in "\\PC{17,40}", o in int::<u64>()) {
        let err = SaltPad { user_id: &s, order_id: o }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::TooLongForPad { len: s.len(), pad: 16 });
        prop_assert_eq!(err.field_name(), Some("user_id"));
        let err = RevPad { user_id: s.clone(), order_id: o }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::TooLongForPad { len: s.len(), pad: 16 });
    }

    #[test]
    fn refuses_ending_in_pad_byte(s in text(6), pads in 1usize..4, o in int::<u64>()) {
        let s = fit(&s, 8, '\0');
        let ended = format!("{s}{}", "\0".repeat(pads));
        let err = SaltPad { user_id: &ended, order_id: o }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::EndsWithPadByte { byte: 0 });
        let x_ended = format!("{}x", fit(&s, 7, 'x'));
        let err = PadX { c1: &x_ended, c2: "" }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::EndsWithPadByte { byte: b'x' });
        // Reversed, the value's first character is what ends the body: the
        // refusal says the value starts with the pad byte.
        let led = format!("\0{s}");
        let err = RevPad { user_id: led, order_id: o }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::StartsWithPadByte { byte: 0 });
        // A user type cannot tell its last byte before writing it: checked
        // as written.
        let listing = Listing {
            platform: Platform::Jd,
            customer: CustomerId(1),
            sku: Sku(ended.clone()),
            variant: Sku(String::new()),
            title: Sku(String::new()),
        };
        let err = listing.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::EndsWithPadByte { byte: 0 });
        prop_assert_eq!(err.field_name(), Some("sku"));
    }

    #[test]
    fn refuses_delimiter(s in text(8), at in any::<prop::sample::Index>()) {
        let mut chars: Vec<char> = without(&s, '_').chars().collect();
        let i = at.index(chars.len() + 1);
        chars.insert(i, '_');
        let with: String = chars.into_iter().collect();
        let index = with.find('_').unwrap();
        let err = UidType { uid: &with, kind: "k" }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::ContainsDelimiter { byte: b'_', index });
        prop_assert_eq!(err.field_name(), Some("uid"));
    }

    #[test]
    fn refuses_timestamp_out_of_range(u in (i64::MAX as u64 + 1)..=u64::MAX, i in i64::MIN..0) {
        let err = BucketRts { ts: u, host: "" }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::TimestampOutOfRange { value: i128::from(u) });
        let err = LatestI64 { ts: i }.to_vec().unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::TimestampOutOfRange { value: i128::from(i) });
    }
}

// ---------------------------------------------------------------------------
// SPEC §3a: `#[desc]`, `#[escaped]`, `Option<T>` and `#[decimal(W)]` keep the
// order each promises; `#[decimal]` and the text keys of seed 004 round-trip.

/// Every field descending: the whole key sorts in reverse value order.
#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct AllDesc {
    #[desc]
    a: u16,
    #[desc]
    b: i32,
    #[desc]
    #[delim]
    s: String,
    #[desc]
    #[pad(6)]
    p: Vec<u8>,
    #[desc]
    #[decimal(5)]
    w: u32,
    #[desc]
    #[escaped]
    e: Vec<u8>,
    #[desc]
    o: Option<u8>,
    #[desc]
    last: [u8; 2],
}

/// Bytes with runs of the escaped bytes (0x00, 0xFF) and their neighbours.
fn escape_bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![3 => select(vec![0x00u8, 0xFF, 0x01, 0xFE]), 1 => any::<u8>()],
        0..=max,
    )
}

fn escape_pair(max: usize) -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    (escape_bytes(max), escape_bytes(max), escape_bytes(max))
        .prop_map(|(p, a, b)| ([&p[..], &a].concat(), [p, b].concat()))
}

fn small_decimal(max: u32) -> impl Strategy<Value = u32> {
    prop_oneof![0..=max, select(vec![0, 1, 9, 10, max - 1, max])]
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn desc_reverses_order(
        (a1, a2) in int_pair::<u16>(),
        (b1, b2) in int_pair::<i32>(),
        (s1, s2) in text_pair(5),
        (p1, p2) in bytes_pair(4),
        (w1, w2) in (small_decimal(99_999), small_decimal(99_999)),
        (e1, e2) in escape_pair(4),
        (o1, o2) in (proptest::option::of(any::<u8>()), proptest::option::of(any::<u8>())),
        (l1, l2) in (any::<[u8; 2]>(), any::<[u8; 2]>()),
    ) {
        let (s1, s2) = (without(&s1, '\0'), without(&s2, '\0'));
        let (p1, p2) = (fit_bytes(&p1, 6, 0), fit_bytes(&p2, 6, 0));
        let x = AllDesc { a: a1, b: b1, s: s1, p: p1, w: w1, e: e1, o: o1, last: l1 };
        let y = AllDesc { a: a2, b: b2, s: s2, p: p2, w: w2, e: e2, o: o2, last: l2 };
        let ex = roundtrip!(AllDesc, x);
        let ey = roundtrip!(AllDesc, y);
        same_order(y.cmp(&x), &ex, &ey, &(&x, &y))?;
        // Phoenix's DESC: the bytes are the ascending layout's, inverted.
        let asc = [
            x.a.to_be_bytes().to_vec(),
            ((x.b as u32) ^ 0x8000_0000).to_be_bytes().to_vec(),
            [x.s.as_bytes(), &[0]].concat(),
            rpad(&x.p, 6, 0),
            format!("{:05}", x.w).into_bytes(),
            ordered_code(&x.e),
            x.o.map_or(vec![0], |v| vec![1, v]),
            x.last.to_vec(),
        ]
        .concat();
        prop_assert_eq!(ex, asc.iter().map(|b| !b).collect::<Vec<u8>>());
    }

    #[test]
    fn escaped_keeps_byte_order_of_any_content(
        (a1, a2) in escape_pair(8),
        (s1, s2) in text_pair(4),
        (t1, t2) in escape_pair(3),
    ) {
        let x = Escaped { a: a1, s: s1, tail: t1 };
        let y = Escaped { a: a2, s: s2, tail: t2 };
        let ex = roundtrip!(Escaped, x);
        let ey = roundtrip!(Escaped, y);
        same_order(x.cmp(&y), &ex, &ey, &(&x, &y))?;
        prop_assert_eq!(
            ex,
            [ordered_code(&x.a), ordered_code(x.s.as_bytes()), x.tail.clone()].concat()
        );
    }

    #[test]
    fn option_sorts_none_first(
        (a1, a2) in (proptest::option::of(int::<u16>()), proptest::option::of(int::<u16>())),
        (b1, b2) in text_pair(4),
        (nb1, nb2) in (any::<bool>(), any::<bool>()),
        (c1, c2) in (proptest::option::of(bytes(4)), proptest::option::of(bytes(4))),
    ) {
        let b1 = (!nb1).then(|| without(&b1, '\0'));
        let b2 = (!nb2).then(|| without(&b2, '\0'));
        let x = Optional { a: a1, b: b1, c: c1 };
        let y = Optional { a: a2, b: b2, c: c2 };
        let ex = roundtrip!(Optional, x);
        let ey = roundtrip!(Optional, y);
        same_order(x.cmp(&y), &ex, &ey, &(&x, &y))?;
        prop_assert_eq!(ex.first() == Some(&0), x.a.is_none());
    }

    #[test]
    fn fixed_decimal_sorts_numerically(
        (a1, a2) in (small_decimal(999_999), small_decimal(999_999)),
        (b1, b2) in int_pair::<u64>(),
        (c1, c2) in int_pair::<u128>(),
        (t1, t2) in ts_pair(),
    ) {
        let x = Digits { a: a1, b: b1, c: c1, ts: t1 };
        let y = Digits { a: a2, b: b2, c: c2, ts: t2 };
        let ex = roundtrip_bounded!(Digits, x);
        let ey = roundtrip_bounded!(Digits, y);
        // The timestamp is newest first; the rest ascend.
        let order = (x.a, x.b, x.c, Reverse(x.ts)).cmp(&(y.a, y.b, y.c, Reverse(y.ts)));
        same_order(order, &ex, &ey, &(&x, &y))?;
        let expected = format!(
            "{:06}_{:020}_{:039}{:019}",
            x.a, x.b, x.c, i64::MAX as u64 - x.ts
        );
        prop_assert_eq!(ex, expected.into_bytes());
    }

    #[test]
    fn unpadded_decimal_is_long_to_string(n in int::<u64>(), m in int::<u128>(), t in ts()) {
        let key = Plain { n, m, ts: t };
        let bytes = roundtrip!(Plain, key);
        prop_assert_eq!(bytes, format!("{n}_{m}_{}", i64::MAX as u64 - t).into_bytes());
    }

    #[test]
    fn refuses_more_digits_than_the_width(a in 1_000_000u32.., b in int::<u64>()) {
        let err = Digits { a, b, c: 0, ts: 0 }.to_vec().unwrap_err();
        prop_assert_eq!(
            err.kind(),
            &ErrorKind::TooManyDigits { digits: a.to_string().len(), width: 6 }
        );
        prop_assert_eq!(err.field_name(), Some("a"));
    }

    #[test]
    fn times_are_epoch_millis(ms in 0u64..=253_402_300_799_999, nanos in 1u32..1_000_000) {
        use std::time::{Duration, UNIX_EPOCH};
        let at = UNIX_EPOCH + Duration::from_millis(ms);
        let key = Times { at, seen: at };
        let bytes = roundtrip!(Times, key);
        prop_assert_eq!(bytes, [ms.to_be_bytes(), (i64::MAX as u64 - ms).to_be_bytes()].concat());
        // A sub-millisecond part would be lost: refused.
        let err = Times { at: at + Duration::from_nanos(u64::from(nanos)), seen: at }.to_vec().unwrap_err();
        prop_assert_eq!(err.field_name(), Some("at"));
    }
}

/// Google OrderedCode's string encoding, from its published rule.
fn ordered_code(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in raw {
        out.push(b);
        match b {
            0x00 => out.push(0xFF),
            0xFF => out.push(0x00),
            _ => {}
        }
    }
    out.extend([0x00, 0x01]);
    out
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Escaped {
    #[escaped]
    a: Vec<u8>,
    #[escaped]
    s: String,
    tail: Vec<u8>,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Optional {
    a: Option<u16>,
    #[delim]
    b: Option<String>,
    c: Option<Vec<u8>>,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq)]
struct Digits {
    #[decimal(6)]
    #[delim(b'_')]
    a: u32,
    #[decimal(20)]
    #[delim(b'_')]
    b: u64,
    #[decimal(39)]
    c: u128,
    #[reverse_ts]
    #[decimal(19)]
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq)]
struct Plain {
    #[decimal]
    #[delim(b'_')]
    n: u64,
    #[decimal]
    #[delim(b'_')]
    m: u128,
    #[reverse_ts]
    #[decimal]
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq)]
struct Times {
    at: std::time::SystemTime,
    #[reverse_ts]
    seen: std::time::SystemTime,
}

/// Non-canonical input is refused, so that every key decodes from one byte
/// string only: a decimal with a leading zero or a non-digit, a broken
/// escape, a presence byte other than 0 and 1, a missing salt delimiter.
#[test]
fn decode_refuses_non_canonical_input() {
    fn invalid(r: Result<impl Debug, rowkey::Error>) -> String {
        match r {
            Err(e) => e.to_string(),
            Ok(v) => panic!("accepted {v:?}"),
        }
    }
    let ok = Plain { n: 7, m: 0, ts: 0 }.to_vec().unwrap();
    assert_eq!(ok, b"7_0_9223372036854775807");
    assert!(invalid(Plain::decode(b"07_0_9223372036854775807")).contains("leading zero"));
    assert!(invalid(Plain::decode(b"7_00_9223372036854775807")).contains("leading zero"));
    assert!(invalid(Plain::decode(b"7a_0_9223372036854775807")).contains("not a digit"));
    assert!(invalid(Plain::decode(b"_0_9223372036854775807")).contains("no digits"));
    assert!(invalid(Plain::decode(b"+7_0_9223372036854775807")).contains("not a digit"));
    // i64::MAX + 1 stored: no timestamp reverses to it.
    assert!(invalid(Plain::decode(b"7_0_9223372036854775808")).contains("outside"));
    // decimal(W): exactly W digits, zeros allowed; still digits only.
    let d = Digits {
        a: 5,
        b: 0,
        c: 0,
        ts: 0,
    }
    .to_vec()
    .unwrap();
    let mut bad = d.clone();
    bad[0] = b' ';
    assert!(invalid(Digits::decode(&bad)).contains("not a digit"));
    assert_eq!(Digits::decode(&d).unwrap().a, 5);

    let e = Escaped {
        a: vec![0x00, 0xFF],
        s: "x".into(),
        tail: vec![],
    }
    .to_vec()
    .unwrap();
    assert_eq!(e, [0x00, 0xFF, 0xFF, 0x00, 0x00, 0x01, b'x', 0x00, 0x01]);
    for broken in [
        &[0x00, 0x02, 0x00, 0x01, 0x00, 0x01][..],
        &[0xFF, 0x01, 0x00, 0x01, 0x00, 0x01],
        &[0x00, 0xFF],
        b"a",
    ] {
        let msg = invalid(Escaped::decode(broken));
        assert!(
            msg.contains("escape") || msg.contains("terminator"),
            "{msg}"
        );
    }

    let o = Optional {
        a: None,
        b: Some("q".into()),
        c: None,
    }
    .to_vec()
    .unwrap();
    assert_eq!(o, [0x00, 0x01, b'q', 0x00, 0x00]);
    for presence in [2u8, 0x80, 0xFF] {
        let mut bad = o.clone();
        bad[0] = presence;
        assert!(invalid(Optional::decode(&bad)).contains("presence byte"));
    }
    // None is one byte: anything after the last field's None is trailing.
    assert!(invalid(Optional::decode(&[0x00, 0x00, 0x00, 0x00])).contains("left after"));

    let h = common::seeds::HashedId { id: "u1" }.to_vec().unwrap();
    let mut bad = h.clone();
    bad[8] = b'-';
    assert!(invalid(common::seeds::HashedId::decode(&bad)).contains("delimiter"));
}

/// A `#[desc]` last field of a variable-width user type: its bytes are the
/// value's inverted, as for a string, but inverted a value sorts after its
/// own extensions, so a range on it is refused (naming the field and the
/// fix) while an exact value scans.
#[derive(RowKey, Debug, Clone, PartialEq, Eq)]
struct DescSku {
    shop: u16,
    #[desc]
    sku: Sku,
}

#[test]
fn desc_variable_width_user_type_last_takes_no_range() {
    let key = DescSku {
        shop: 1,
        sku: Sku("ab".into()),
    };
    let bytes = key.to_vec().unwrap();
    assert_eq!(bytes, [0, 1, !b'a', !b'b']);
    assert_eq!(DescSku::decode(&bytes).unwrap(), key);
    let err = DescSku::scan()
        .shop(1)
        .sku(Sku("a".into())..Sku("b".into()))
        .ranges()
        .unwrap_err();
    assert_eq!(err.field_name(), Some("sku"));
    assert!(err.to_string().contains("#[delim]"), "{err}");
    let exact: Vec<_> = DescSku::scan()
        .shop(1)
        .sku(Sku("ab".into()))
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(exact.len(), 1);
    assert!(exact[0].contains(&bytes));
    let longer = DescSku {
        shop: 1,
        sku: Sku("abc".into()),
    };
    assert!(!exact[0].contains(&longer.to_vec().unwrap()));
}

/// Time fields scan like the integers they are stored as: a plain time as a
/// value, a `#[reverse_ts]` time window newest first.
#[test]
fn time_fields_scan() {
    use std::time::{Duration, UNIX_EPOCH};
    let t = |ms: u64| UNIX_EPOCH + Duration::from_millis(ms);
    let key = Times {
        at: t(1_700_000_000_000),
        seen: t(1_700_000_000_500),
    };
    let bytes = key.to_vec().unwrap();
    let window: Vec<_> = Times::scan()
        .at(key.at)
        .seen(t(1_700_000_000_000)..t(1_700_000_001_000))
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(window.len(), 1);
    assert!(window[0].contains(&bytes));
    let later: Vec<_> = Times::scan()
        .at(key.at)
        .seen(t(1_700_000_000_501)..)
        .ranges()
        .unwrap()
        .collect();
    assert!(!later[0].contains(&bytes));
}

/// The desc variants of every non-canonical form: stored inverted, a broken
/// escape, a non-digit, a presence byte other than the inverted 0 and 1, a
/// missing delimiter are refused just the same, naming the field; and the
/// ascending forms of the desc layouts' valid bytes are refused too (they
/// are no key of the desc layout).
#[test]
fn decode_refuses_non_canonical_desc_input() {
    use common::seeds::{
        DescDelimMid, DescNameId, DescWindow, EscapedDesc, OptionDecimal, OptionalDesc,
        OptionalDescName,
    };
    fn refused<T: Debug>(r: Result<T, rowkey::Error>, field: &str, what: &str) {
        match r {
            Err(e) => {
                assert_eq!(e.field_name(), Some(field), "{e}");
                assert!(e.to_string().contains(what), "{e}: wanted {what:?}");
            }
            Ok(v) => panic!("accepted {v:?}"),
        }
    }
    let inv = |b: &[u8]| b.iter().map(|x| !x).collect::<Vec<u8>>();

    // #[desc] #[escaped]: each broken escape of the ascending test, inverted.
    let n = [0, 0, 0, 7];
    let ok = [inv(&[b'a', 0x00, 0xFF, 0x00, 0x01]), n.to_vec()].concat();
    assert_eq!(
        EscapedDesc::decode(&ok).unwrap(),
        EscapedDesc {
            a: b"a\0".to_vec(),
            n: 7
        }
    );
    for broken in [
        &[0x00, 0x02, 0x00, 0x01][..], // 0x00 then neither 0xFF nor 0x01
        &[0x00, 0x00, 0x00, 0x01],
        &[0xFF, 0x01, 0x00, 0x01], // 0xFF then not 0x00
        &[0xFF, 0xFF, 0x00, 0x01],
    ] {
        let stored = [inv(broken), n.to_vec()].concat();
        refused(EscapedDesc::decode(&stored), "a", "escape");
    }
    // Truncated: no terminator, or cut inside an escape.
    for cut in [&[b'a'][..], &[0x00], &[0x00, 0xFF], &[0xFF]] {
        refused(EscapedDesc::decode(&inv(cut)), "a", "");
    }
    // The ascending bytes of the same value are no desc key.
    let asc = [&[b'a', 0x00, 0xFF, 0x00, 0x01][..], &n].concat();
    assert!(EscapedDesc::decode(&asc).is_err());

    // #[desc] #[decimal(10)]: W digits, inverted; a non-digit is refused.
    let ok = [inv(b"0000000042"), b"cpu".to_vec()].concat();
    assert_eq!(DescWindow::decode(&ok).unwrap().window, 42);
    for bad in [&b"000000004a"[..], b"+000000042", b" 000000042"] {
        let stored = [inv(bad), b"cpu".to_vec()].concat();
        refused(DescWindow::decode(&stored), "window", "digit");
    }
    // The digits not inverted: 0x30..0x39 inverted are 0xC6..0xCF.
    refused(DescWindow::decode(b"0000000042cpu"), "window", "digit");

    // Option under #[desc]: the presence byte is stored inverted (0xFF for
    // None, 0xFE for Some); anything else is refused.
    let none = [vec![0xFF], b"t".to_vec()].concat();
    assert_eq!(OptionalDesc::decode(&none).unwrap().v, None);
    for presence in [0x00u8, 0x01, 0xFD, 0x80] {
        let stored = [vec![presence], inv(&7u64.to_be_bytes()), b"t".to_vec()].concat();
        refused(OptionalDesc::decode(&stored), "v", "presence byte");
    }
    let some = [
        vec![0xFE],
        b"q".iter().map(|b| !b).collect(),
        vec![0xFF],
        9u32.to_be_bytes().to_vec(),
    ]
    .concat();
    assert_eq!(
        OptionalDescName::decode(&some).unwrap(),
        OptionalDescName {
            name: Some("q".into()),
            n: 9
        }
    );
    let mut bad = some.clone();
    bad[0] = 0x02;
    refused(OptionalDescName::decode(&bad), "name", "presence byte");

    // Option<#[decimal(10)]>: the presence byte, then W digits.
    let ok = [vec![1], b"0000000042".to_vec(), b"m".to_vec()].concat();
    assert_eq!(OptionDecimal::decode(&ok).unwrap().w, Some(42));
    let mut bad = ok.clone();
    bad[0] = 2;
    refused(OptionDecimal::decode(&bad), "w", "presence byte");
    let mut bad = ok.clone();
    bad[3] = b'x';
    refused(OptionDecimal::decode(&bad), "w", "digit");

    // #[desc] #[delim]: Phoenix's 0xFF separator; without it the value has no
    // end. #[desc] #[delim(b'_')]: the inverted '_' (0xA0).
    let ok = DescNameId {
        name: "ab".into(),
        id: 1,
    }
    .to_vec()
    .unwrap();
    assert_eq!(&ok[..3], &[!b'a', !b'b', 0xFF]);
    refused(DescNameId::decode(&inv(b"ab")), "name", "");
    let ok = DescDelimMid {
        name: "ab".into(),
        id: 1,
    }
    .to_vec()
    .unwrap();
    assert_eq!(&ok[..3], &[!b'a', !b'b', 0xA0]);
    assert_eq!(DescDelimMid::decode(&ok).unwrap().name, "ab");
    // An ascending '_' where the inverted one belongs is no delimiter.
    let mut bad = ok.clone();
    bad[2] = b'_';
    assert!(DescDelimMid::decode(&bad).is_err());
}

/// A `#[reverse_ts]` time range whose bounds have a sub-millisecond part
/// selects exactly the whole-millisecond keys inside it: an inclusive lower
/// bound and an exclusive upper bound round up, the others down (1.5 ms..2.5
/// ms holds the key at 2 ms only, never the one at 1 ms), for every time type.
#[test]
fn reverse_ts_time_ranges_with_sub_millisecond_bounds_are_exact() {
    use std::ops::Bound::{self, Excluded, Included, Unbounded};
    macro_rules! check_type {
        ($name:ident, $t:ty, $from_micros:expr) => {{
            #[derive(RowKey, Debug, Clone, PartialEq)]
            struct $name {
                id: u8,
                #[reverse_ts]
                ts: $t,
            }
            let at = |micros: i64| -> $t { $from_micros(micros) };
            let bounds = |micros: i64| [Included(at(micros)), Excluded(at(micros)), Unbounded];
            // Bounds on whole milliseconds and between them.
            for lo_us in [1_000i64, 1_500, 1_999, 2_000, 2_001] {
                for hi_us in [2_000i64, 2_500, 2_999, 3_000, 3_001] {
                    for lo in bounds(lo_us) {
                        for hi in bounds(hi_us) {
                            let ranges: Vec<_> = $name::scan()
                                .id(7)
                                .ts((lo.clone(), hi.clone()))
                                .ranges()
                                .unwrap()
                                .collect();
                            for ms in 0..6i64 {
                                let key = $name {
                                    id: 7,
                                    ts: at(ms * 1000),
                                }
                                .to_vec()
                                .unwrap();
                                let us = ms * 1000;
                                let inside = match lo {
                                    Included(_) => us >= lo_us,
                                    Excluded(_) => us > lo_us,
                                    Unbounded => true,
                                } && match hi {
                                    Included(_) => us <= hi_us,
                                    Excluded(_) => us < hi_us,
                                    Unbounded => true,
                                };
                                let found = ranges.iter().any(|r| r.contains(&key));
                                assert_eq!(
                                    found,
                                    inside,
                                    "{}: key at {ms} ms in ({lo:?}, {hi:?})",
                                    stringify!($t)
                                );
                            }
                        }
                    }
                }
            }
            let _: Bound<$t> = Unbounded;
        }};
    }
    check_type!(AtSystemTime, std::time::SystemTime, |us: i64| {
        std::time::UNIX_EPOCH + std::time::Duration::from_micros(us as u64)
    });
    check_type!(AtChrono, chrono::DateTime<chrono::Utc>, |us: i64| {
        chrono::DateTime::from_timestamp_micros(us).unwrap()
    });
    check_type!(AtTime, time::OffsetDateTime, |us: i64| {
        time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(us) * 1000).unwrap()
    });
}

/// A time stored ascending takes a range bound between two milliseconds as
/// the whole milliseconds inside it (a `#[reverse_ts]` range's rule): the
/// window `2.5 ms..` starts at 3 ms, `..=2.5 ms` ends at 2 ms; an exact value
/// with a sub-millisecond part names no key and is refused, naming the field.
#[test]
fn ascending_time_range_bound_with_sub_millisecond_part_selects_whole_milliseconds() {
    use std::time::{Duration, UNIX_EPOCH};
    #[derive(RowKey, Debug, Clone, PartialEq)]
    struct Seen {
        id: u8,
        at: std::time::SystemTime,
    }
    let ms = |n| {
        Seen {
            id: 1,
            at: UNIX_EPOCH + Duration::from_millis(n),
        }
        .to_vec()
        .unwrap()
    };
    let sub = UNIX_EPOCH + Duration::from_micros(2_500);
    let from: Vec<_> = Seen::scan().id(1).at(sub..).ranges().unwrap().collect();
    assert!(!from.iter().any(|r| r.contains(&ms(2))));
    assert!(from.iter().any(|r| r.contains(&ms(3))));
    let to: Vec<_> = Seen::scan().id(1).at(..=sub).ranges().unwrap().collect();
    assert!(to.iter().any(|r| r.contains(&ms(2))));
    assert!(!to.iter().any(|r| r.contains(&ms(3))));
    let Err(err) = Seen::scan().id(1).at(sub).ranges() else {
        panic!("a sub-millisecond exact value was accepted");
    };
    assert_eq!(err.field_name(), Some("at"), "{err}");
    assert!(err.to_string().contains("sub-millisecond"), "{err}");
}

/// `Option` of a `#[reverse_ts]` timestamp: None first, then Some newest
/// first; it round-trips, and a scan takes one value of it (a range of
/// Option values over reversed timestamps is no one key range).
#[test]
fn optional_reverse_ts_round_trips_and_scans_by_value() {
    use common::seeds::SaltReverseTs;
    let keys: Vec<_> = [None, Some(0), Some(5), Some(i64::MAX as u64)]
        .into_iter()
        .map(|seen| SaltReverseTs { ts: 9, seen })
        .collect();
    let bytes: Vec<Vec<u8>> = keys.iter().map(|k| k.to_vec().unwrap()).collect();
    for (k, b) in keys.iter().zip(&bytes) {
        assert_eq!(&SaltReverseTs::decode(b).unwrap(), k);
        let ranges: Vec<_> = SaltReverseTs::scan()
            .ts(9)
            .seen(k.seen)
            .ranges()
            .unwrap()
            .collect();
        for (other, ob) in keys.iter().zip(&bytes) {
            assert_eq!(
                ranges.iter().any(|r| r.contains(ob)),
                other == k,
                "scan for {:?} and key {:?}",
                k.seen,
                other.seen
            );
        }
    }
    // None, then the newest Some first.
    let mut sorted = bytes.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [&bytes[0], &bytes[3], &bytes[2], &bytes[1]].map(Clone::clone)
    );
    // Negative or out-of-range timestamps are refused, naming the field.
    #[derive(RowKey, Debug)]
    struct Signed {
        #[reverse_ts]
        at: Option<i64>,
    }
    let err = Signed { at: Some(-1) }.to_vec().unwrap_err();
    assert_eq!(err.field_name(), Some("at"));
}
