//! What `#[derive(RowKey)]` emits, on a metric key. Only in the
//! documentation (as bitflags's `example_generated`): not part of the API.
//!
//! [`MetricKey`] below is declared as
//!
//! ```
//! use rowkey::RowKey;
//!
//! #[derive(RowKey, Debug, PartialEq)]
//! pub struct MetricKey<'a> {
//!     #[salt(md5, 4)]
//!     #[pad(16)]
//!     pub host: &'a str,
//!     #[pad(8)]
//!     pub metric: &'a str,
//!     #[reverse_ts]
//!     pub ts: u64,
//! }
//! ```
//!
//! and its key is `md5Hex(host)[0..4] + rpad(host, 16) + rpad(metric, 8) +
//! Bytes.toBytes(Long.MAX_VALUE - ts)`: 36 bytes, newest row first within a
//! host and metric. The derive expands to the following (abbreviated: bodies
//! elided, `rowkey::__private` paths, which the expansion names through
//! one `use rowkey::__private as __rowkey`, shortened). The items are real: this
//! page's [`MetricKey`] has them, and its trait implementations are listed
//! below it.
//!
//! ```text
//! const _: () = {
//!     impl<'a> rowkey::RowKey for MetricKey<'a> {
//!         const NAME: &'static str = "MetricKey";
//!         const MAX_WIDTH: Option<usize> = Some(36);       // 4 + 16 + 8 + 8
//!         const SPREAD: Spread = Spread::HexSalt { chars: 4 };
//!         const SCAN_CAP: usize = 37;                       // widths + 1
//!         const LAYOUT: Layout = Layout { name: "MetricKey", fields: &[..], .. }; // rowkey::layout
//!         type Buf = [u8; 36];
//!         type ScanBuf = [u8; 37];
//!         type Key<'k> = MetricKey<'k>;
//!         type Scan = __MetricKeyScan<'a, 0>;
//!         type Explained<'k> = Explain<'k, 4>;              // salt, host, metric, ts
//!         fn encoded_len(&self) -> usize { .. }
//!         fn encode_into(&self, buf: &mut [u8]) -> Result<usize, Error> { .. }
//!         fn explain(bytes: &[u8]) -> Result<Explain<'_, 4>, Error> { .. }
//!         fn scan() -> __MetricKeyScan<'a, 0> { .. }
//!         // decode, decode_unverified, to_vec, split_keys: provided
//!     }
//!
//!     impl<'de> rowkey::DecodeKey<'de> for MetricKey<'de> {
//!         fn decode(bytes: &'de [u8]) -> Result<Self, Error> { .. }           // checks the salt
//!         fn decode_unverified(bytes: &'de [u8]) -> Result<Self, Error> { .. } // skips the MD5
//!     }
//!
//!     impl<'a> MetricKey<'a> {
//!         pub const MAX_LEN: usize = 36;
//!         pub fn split_keys(n: usize) -> Result<SplitKeys, Error> { .. }
//!         #[doc(hidden)] pub fn __rowkey_write_0<V, const PREFIX: bool, const KNOWN: bool>(..) { .. } // one writer
//!         #[doc(hidden)] pub fn __rowkey_len_0<V, const PREFIX: bool>(..) { .. } // per field,
//!         // .. __rowkey_write/len_2                                           // for encode and scans
//!         // (none for `metric`, a plain field: the runtime's writer writes it)
//!     }
//!
//!     impl<'de> MetricKey<'de> {
//!         pub fn decode(bytes: &'de [u8]) -> Result<Self, Error> { .. }
//!         pub fn decode_unverified(bytes: &'de [u8]) -> Result<Self, Error> { .. }
//!         pub fn explain(bytes: &'de [u8]) -> Result<Explain<'de, 4>, Error> { .. }
//!     }
//!
//!     // The scan builder: STAGE counts the fields given so far.
//!     pub struct __MetricKeyScan<'a, const STAGE: usize> { .. }
//!
//!     impl<'a> MetricKey<'a> {
//!         pub const SCAN_CAP: usize = 37;
//!         pub fn scan() -> __MetricKeyScan<'a, 0> { .. }
//!     }
//!
//!     impl<'a, const STAGE: usize> __MetricKeyScan<'a, STAGE> {
//!         // Only at stage 0; a value goes on to stage 1.
//!         pub fn host<'v, A: ScanValue<&'v str>>(self, value: A) -> __MetricKeyScan<'a, 1>;
//!         // Only at stage 1; a value goes on to 2, a range ends the scan (3).
//!         pub fn metric<'v, A: ScanArg<&'v str>>(self, arg: A) -> A::Out<__MetricKeyScan<'a, 2>, __MetricKeyScan<'a, 3>>;
//!         // Only at stage 2; a value or a range ends the scan.
//!         pub fn ts<'v, A: ScanArg<u64>>(self, arg: A) -> A::Out<__MetricKeyScan<'a, 3>, __MetricKeyScan<'a, 3>>;
//!         pub fn ranges(self) -> Result<ScanRanges<MetricKey<'a>>, Error>;
//!     }
//!     impl<'a, const STAGE: usize> rowkey::ScanBuilder<MetricKey<'a>> for __MetricKeyScan<'a, STAGE> { .. }
//!
//!     // Compile-time layout checks, as trait bounds with their own messages.
//!     fn __rowkey_checks() { .. }
//! };
//! ```
//!
//! `host` takes one exact value (a salted field keeps no order to range
//! over); `metric` and `ts` take a value or a range. In use:
//!
//! ```
//! # use rowkey::RowKey;
//! # #[derive(RowKey, Debug, PartialEq)]
//! # pub struct MetricKey<'a> { #[salt(md5, 4)] #[pad(16)] pub host: &'a str, #[pad(8)] pub metric: &'a str, #[reverse_ts] pub ts: u64 }
//! let key = MetricKey { host: "web01", metric: "cpu", ts: 1_700_000_000_000 };
//! let mut buf = [0u8; MetricKey::MAX_LEN];
//! let n = key.encode_into(&mut buf)?;
//! assert_eq!(
//!     MetricKey::explain(&buf[..n])?.to_string(),
//!     concat!(
//!         r"  host       salt   [0..4)     2f52", "\n",
//!         r"  host       utf8   [4..20)    web01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "\n",
//!         r"  metric     utf8   [20..28)   cpu\x00\x00\x00\x00\x00", "\n",
//!         r"  ts         rev-ts [28..36)   \x7F\xFF\xFEt0\x1A\x97\xFF", "\n",
//!     )
//! );
//! let ranges = MetricKey::scan().host("web01").metric("cpu").ts(..).ranges()?;
//! assert!(ranges.into_iter().any(|r| r.contains(&buf[..n])));
//! # Ok::<(), rowkey::Error>(())
//! ```

use crate::RowKey;

/// The Alibaba Cloud design note's metric key: a salted, padded host, a padded metric and a
/// reverse timestamp. See the [module](self) for what the derive emitted.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(crate = "crate")]
pub struct MetricKey<'a> {
    /// The host, salted with 4 hex chars of its MD5, padded to 16 bytes.
    #[salt(md5, 4)]
    #[pad(16)]
    pub host: &'a str,
    /// The metric, padded to 8 bytes.
    #[pad(8)]
    pub metric: &'a str,
    /// Milliseconds, stored as `i64::MAX - ts`.
    #[reverse_ts]
    pub ts: u64,
}
