//! The seed layouts of the HBase row-key notes, as tests/golden.rs checks
//! them against Java-built keys; shared by the tests that need them.

use rowkey::RowKey;

#[derive(RowKey, Debug, PartialEq)]
pub struct UserOrder<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    pub user_id: &'a str,
    pub order_id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct Metric<'a> {
    #[pad(16)]
    pub host: &'a str,
    #[pad(8)]
    pub event: &'a str,
    #[reverse_ts]
    pub ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct LogEvent<'a> {
    #[bucket(16)]
    pub ts: u64,
    #[pad(16)]
    pub host: &'a str,
    pub event: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct WideLogEvent<'a> {
    #[bucket(1000)]
    pub ts: u64,
    #[pad(16)]
    pub host: &'a str,
    pub event: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct SellerOrder {
    pub seller_id: u64,
    pub ts: u64,
    pub order_no: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct Columns<'a> {
    #[pad(20)]
    pub c1: &'a str,
    pub c2: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct XColumns<'a> {
    #[pad(20, b'x')]
    pub c1: &'a str,
    pub c2: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct Delimited<'a> {
    #[delim(b'_')]
    pub c1: &'a str,
    pub c2: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct ReversedUser {
    #[reverse]
    #[pad(16)]
    pub user_id: String,
    pub order_id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct Signed {
    pub v: i64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct SignedJava {
    #[twos_complement]
    pub v: i64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct SaltedId {
    #[salt(md5, 8)]
    pub id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct RecentEvent<'a> {
    #[bucket(16)]
    #[reverse_ts]
    pub ts: u64,
    pub host: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 4, fields(uid, kind), delim = b'_'))]
pub struct UidType<'a> {
    #[delim(b'_')]
    pub uid: &'a str,
    pub kind: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct Blob {
    pub id: [u8; 16],
    pub part: u32,
}

/// Seed 001's layout with a salt that hashes its fields in another order
/// than the key stores them: Java's `md5Hex(kind + "_" + uid)` in front of
/// `_uid_kind`.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 4, fields(kind, uid), delim = b'_'))]
pub struct KindUid<'a> {
    #[delim(b'_')]
    pub uid: &'a str,
    pub kind: &'a str,
}

// SPEC §3a: seed 004's text keys, descending order, escaping, absent values.

/// Seed 004's `hashRowKey`: `MD5(id).substring(0, 8) + "_" + id`.
#[derive(RowKey, Debug, PartialEq)]
pub struct HashedId<'a> {
    #[salt(md5, 8, delim = b'_')]
    pub id: &'a str,
}

/// Seed 004's `RowKeyUtil.metricRowKey`: `hash(host)_host_%010d(ts / 15 min)_metric`.
/// The caller computes the window number.
#[derive(RowKey, Debug, PartialEq)]
pub struct MetricText<'a> {
    #[salt(md5, 8, delim = b'_')]
    #[delim(b'_')]
    pub host: &'a str,
    #[decimal(10)]
    #[delim(b'_')]
    pub window: u64,
    pub metric: &'a str,
}

/// Seed 004's `RowKeyUtil.inboxRowKey`: `receiver_%013d(Long.MAX_VALUE - ts)_sender`.
#[derive(RowKey, Debug, PartialEq)]
pub struct Inbox<'a> {
    #[delim(b'_')]
    pub receiver_id: &'a str,
    #[reverse_ts]
    #[decimal(19)]
    #[delim(b'_')]
    pub ts: u64,
    pub sender_id: &'a str,
}

/// Seed 004's `userId + "_" + timestamp`.
#[derive(RowKey, Debug, PartialEq)]
pub struct UserTimestamp<'a> {
    #[delim(b'_')]
    pub user_id: &'a str,
    #[decimal]
    pub ts: u64,
}

/// Seed 004's `MD5(region).substring(0, 4) + "_" + region + "_" + timestamp`.
#[derive(RowKey, Debug, PartialEq)]
pub struct RegionTimestamp<'a> {
    #[salt(md5, 4, delim = b'_')]
    #[delim(b'_')]
    pub region: &'a str,
    #[decimal]
    pub ts: u64,
}

/// `hash(Long.toString(id)) + "_" + id`: a salt over a number's digits.
#[derive(RowKey, Debug, PartialEq)]
pub struct HashedNumber {
    #[salt(md5, 8, delim = b'_')]
    #[decimal]
    pub id: u64,
}

/// A delimiter after a fixed-width field is written, not searched for.
#[derive(RowKey, Debug, PartialEq)]
pub struct DelimFixed<'a> {
    #[delim(b'_')]
    pub id: u64,
    pub name: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct DescU64 {
    #[desc]
    pub v: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct DescI64 {
    #[desc]
    pub v: i64,
}

/// Phoenix's DESC VARCHAR: inverted bytes, then the 0xFF separator.
#[derive(RowKey, Debug, PartialEq)]
pub struct DescNameId {
    #[desc]
    #[delim]
    pub name: String,
    pub id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct DescWindow<'a> {
    #[desc]
    #[decimal(10)]
    pub window: u64,
    pub metric: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct DescPadded {
    #[desc]
    #[pad(8)]
    pub code: String,
    pub n: u32,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct BucketDesc<'a> {
    #[bucket(16)]
    #[desc]
    pub ts: u64,
    pub host: &'a str,
}

/// Google OrderedCode's string, then bytes that may start with 0xFF.
#[derive(RowKey, Debug, PartialEq)]
pub struct EscapedPair<'a> {
    #[escaped]
    pub a: Vec<u8>,
    pub b: &'a [u8],
}

/// OrderedCode's decreasing string: every byte of the escaped form inverted.
#[derive(RowKey, Debug, PartialEq)]
pub struct EscapedDesc {
    #[desc]
    #[escaped]
    pub a: Vec<u8>,
    pub n: u32,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct EscapedDelim<'a> {
    #[escaped]
    #[delim(b'_')]
    pub a: Vec<u8>,
    pub b: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct Optional<'a> {
    pub a: Option<u32>,
    #[delim]
    pub b: Option<&'a str>,
    pub c: Option<&'a str>,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct OptionalDesc<'a> {
    #[desc]
    pub v: Option<u64>,
    pub tail: &'a str,
}

/// A trade: the last field an `Option` of a fixed width, which checks
/// where the key ends itself.
#[derive(RowKey, Debug, PartialEq)]
pub struct OptionalTail {
    pub account: u64,
    #[desc]
    pub ts: u64,
    pub venue: Option<i32>,
}

/// A padded `Option` ending the key, stored inverted.
#[derive(RowKey, Debug, PartialEq)]
pub struct OptionalPadTail {
    pub n: u16,
    #[desc]
    #[pad(6, b' ')]
    pub note: Option<String>,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct OptionalPad<'a> {
    #[pad(4)]
    pub a: Option<&'a str>,
    pub b: u8,
}

/// `Long.toString(Long.MAX_VALUE - ts)`.
#[derive(RowKey, Debug, PartialEq)]
pub struct ReverseTsDigits {
    #[reverse_ts]
    #[decimal]
    pub ts: u64,
}

// SPEC §3a attributes combined (java/GoldenKeys.java 38-48).

/// Phoenix DESC with seed 004's `_`: the delimiter is stored inverted (0xA0).
#[derive(RowKey, Debug, PartialEq)]
pub struct DescDelimMid {
    #[desc]
    #[delim(b'_')]
    pub name: String,
    pub id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct OptionDecimal<'a> {
    #[decimal(10)]
    pub w: Option<u64>,
    pub metric: &'a str,
}

/// The salt hashes the digits the key stores.
#[derive(RowKey, Debug, PartialEq)]
pub struct SaltDecimalW<'a> {
    #[salt(md5, 4, delim = b'_')]
    #[decimal(10)]
    #[delim(b'_')]
    pub id: u64,
    pub name: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct BucketDecimal<'a> {
    #[bucket(16)]
    #[decimal(10)]
    pub w: u64,
    pub host: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct OptionalDescName {
    #[desc]
    #[delim]
    pub name: Option<String>,
    pub n: u32,
}

#[derive(RowKey, Debug, PartialEq)]
pub struct OptionalEscaped<'a> {
    #[escaped]
    pub a: Option<Vec<u8>>,
    pub b: &'a [u8],
}

#[derive(RowKey, Debug, PartialEq)]
pub struct DescPadX {
    #[desc]
    #[pad(8, b'x')]
    pub code: String,
    pub n: u32,
}

/// Delimiters after fixed-width fields, inverted with them under `#[desc]`.
#[derive(RowKey, Debug, PartialEq)]
pub struct DescFixedDelim<'a> {
    #[desc]
    #[delim(b'_')]
    pub id: u64,
    #[desc]
    #[decimal(4)]
    #[delim(b'_')]
    pub w: u32,
    #[reverse_ts]
    #[delim(b'_')]
    pub ts: u64,
    pub name: &'a str,
}

/// A salt over an escaped field hashes its raw bytes (Java's `md5Hex(bytes)`).
#[derive(RowKey, Debug, PartialEq)]
pub struct SaltEscaped<'a> {
    #[salt(md5, 4, delim = b'_')]
    #[escaped]
    pub a: Vec<u8>,
    pub b: &'a str,
}

/// A salt over a `#[reverse_ts]` field hashes the bytes stored
/// (`Long.MAX_VALUE - ts`); an `Option` of a reversed timestamp.
#[derive(RowKey, Debug, PartialEq)]
pub struct SaltReverseTs {
    #[salt(md5, 4, delim = b'_')]
    #[reverse_ts]
    pub ts: u64,
    #[reverse_ts]
    pub seen: Option<u64>,
}
