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

/// A struct-level salt that hashes its fields in another order than the key
/// stores them: Java's `md5Hex(kind + "_" + uid)` in front of `uid`, `kind_`.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 4, fields(kind, uid)))]
pub struct KindUid<'a> {
    /// A 10-digit account number, as ASCII.
    pub uid: [u8; 10],
    #[delim(b'_')]
    pub kind: &'a str,
    pub ts: u64,
}
