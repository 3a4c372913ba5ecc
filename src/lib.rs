//! HBase and Bigtable row keys, correct by construction.
//!
//! Every team on HBase hand-writes the same row-key idioms — an MD5 salt
//! against hot regions, `Long.MAX_VALUE - ts` so the newest row sorts first,
//! fixed-width padding so a scan for `host1` does not return `host12`, a
//! `ts % N` bucket for increasing keys — as string concatenation, a parser
//! written twice, and scan rows computed by hand. `rowkey` turns a layout into
//! a declaration and generates allocation-free encode, decode and scan ranges,
//! byte-compatible with the Java idioms already in production tables.
//!
//! ```
//! use rowkey::RowKey;
//!
//! #[derive(RowKey, Debug, PartialEq)]
//! struct MetricKey<'a> {
//!     #[salt(md5, 4)]
//!     #[pad(16)]
//!     host: &'a str,
//!     #[pad(8)]
//!     metric: &'a str,
//!     #[reverse_ts]
//!     ts: u64,
//! }
//!
//! let key = MetricKey { host: "web01", metric: "cpu", ts: 1_700_000_000_000 };
//!
//! // Encode into a stack buffer (no allocation) or a Vec.
//! let mut buf = [0u8; MetricKey::MAX_LEN];
//! let n = key.encode_into(&mut buf)?;
//! assert_eq!(&buf[..n], key.to_vec()?.as_slice());
//! // Java: DigestUtils.md5Hex("web01").substring(0, 4) + rpad("web01", 16) + ...
//! assert_eq!(&buf[..4], b"2f52");
//!
//! // Decode borrows the strings from the key and checks the salt.
//! assert_eq!(MetricKey::decode(&buf[..n])?, key);
//!
//! // Scan: one minute of web01/cpu, newest first.
//! let t = 1_700_000_000_000;
//! let range = MetricKey::scan().host("web01").metric("cpu").ts(t..t + 60_000).ranges()?.next();
//! assert!(range.is_some_and(|r| r.contains(&buf[..n])));
//! # Ok::<(), rowkey::Error>(())
//! ```
//!
//! # What the derive generates
//!
//! For `#[derive(RowKey)] struct K { .. }`:
//!
//! | item | what it does |
//! | --- | --- |
//! | [`RowKey`] impl | `key.encode_into(&mut buf) -> Result<usize, Error>`, `key.to_vec()`, `key.encoded_len()`, `K::MAX_WIDTH`, `K::SPREAD` |
//! | `K::MAX_LEN` | the widest key, for a stack buffer (a compile error if the last field is unbounded) |
//! | `K::decode(&bytes)` | the key back, borrowing `&str` / `&[u8]` fields; also [`DecodeKey`] |
//! | `K::explain(&bytes)` | the key split into salt, bucket and field segments, printable ([`Explain`]) |
//! | `K::scan()` | a typed builder `KScan`: one method per field, in key order; a value continues, a range (`a..b`, `a..=b`, `a..`, `..b`, `..`) ends; `.ranges()` yields [`KeyRange`]s ([`ScanRanges`]) |
//!
//! A [`KeyRange`] has HBase `Scan` semantics (start inclusive, stop exclusive,
//! no stop = end of table), [`KeyRange::contains`] and [`KeyRange::bounds`] for
//! `BTreeMap::range` or an embedded store. When the prefix leaves a bucket or
//! salt open the scan fans out into one range per bucket; [`merge_sorted`]
//! puts their rows back into one stream in key order without the bucket.
//! [`split_keys`] pre-splits a table over the keyspace the leading salt or
//! bucket really uses, and [`CreateTable`] prints the HBase shell text.
//!
//! # Attributes
//!
//! See [`attributes`] for every attribute, the bytes it writes and what it
//! refuses. Layouts that cannot work do not compile: a variable-width field
//! in the middle without `#[pad]` or `#[delim]`, an attribute on a type it does
//! not fit, out-of-range arguments, conflicting attributes, a key over HBase's
//! 32767-byte limit.
//!
//! # Your own field types
//!
//! Implement [`KeyPart`] and [`DecodePart`] (and [`OrderedPart`] if byte order
//! is value order) for newtypes and short-code enums; their `WIDTH` takes part
//! in the compile-time layout checks.
//!
//! # Features
//!
//! `std` (default) and `alloc` add `to_vec`, owned `String`/`Vec<u8>` fields,
//! [`merge_sorted`] and split-key lists; without them the runtime is `no_std`.
//! `derive` (default) re-exports the macro.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::pedantic)]

#[cfg(feature = "std")]
extern crate std;

pub use rowkey_core::*;

/// Derives [`RowKey`] and friends for a struct; see [`attributes`].
#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;

pub mod attributes {
    //! Every attribute of `#[derive(RowKey)]`.
    //!
    //! A key is the concatenation of its fields' encodings, in declaration
    //! order, compared as unsigned bytes (HBase `Bytes.compareTo`). A salt or
    //! bucket is written immediately **before** the field it is derived from,
    //! so put that field first for the seeds' `[salt][...]` layouts.
    //!
    //! # Field types
    //!
    //! | type | bytes | Java equivalent |
    //! | --- | --- | --- |
    //! | `u8` .. `u128` | big-endian, fixed width | `Bytes.toBytes(long)` for non-negative values |
    //! | `i8` .. `i128` | big-endian with the sign bit flipped: byte order is value order | Apache Phoenix's `BIGINT`; `#[twos_complement]` for `Bytes.toBytes(long)` |
    //! | `bool` | one byte, 0 or 1 | |
    //! | `[u8; N]` | the N bytes | UUIDs, fixed binary ids |
    //! | `&str`, `String` | UTF-8 bytes, variable width | `Bytes.toBytes(String)` |
    //! | `&[u8]`, `Vec<u8>` | the bytes, variable width | |
    //! | your type | through [`KeyPart`](crate::KeyPart) | short codes (`淘寶 => tb`), newtypes |
    //!
    //! A variable-width field may stand unadorned only as the **last** field.
    //!
    //! # Field attributes
    //!
    //! | attribute | on | bytes written | encode refuses | decode checks |
    //! | --- | --- | --- | --- | --- |
    //! | `#[salt(md5, K)]`, 1 ≤ K ≤ 32 | any field | K lowercase hex chars of MD5 over the field's body (a string's UTF-8 bytes, unpadded; an integer's encoded bytes), then the field | nothing | salt recomputed and compared |
    //! | `#[bucket(N)]`, 2 ≤ N ≤ 65536 | integers | `value mod N` (Euclidean) as 1 byte when N ≤ 256, else 2 bytes big-endian, then the field | nothing | bucket recomputed and compared |
    //! | `#[reverse_ts]` | `u64`, `i64` | 8 bytes big-endian of `i64::MAX - ts`: newest first | `ts < 0`, `ts > i64::MAX` | value in range |
    //! | `#[pad(N)]`, `#[pad(N, b'x')]`, 1 ≤ N ≤ 32767 | variable-width types | the value right-padded to exactly N bytes (default pad `0x00`) | longer than N; ending in the pad byte | trailing pad bytes stripped |
    //! | `#[delim]`, `#[delim(b'_')]` | variable-width types | the value, then one delimiter byte (default `0x00`) | a value containing the delimiter | delimiter found |
    //! | `#[reverse]` | `String`, `Vec<u8>`, `[u8; N]` | the value reversed (strings by character, as Java's `StringBuilder.reverse()`), before padding | as its pad/delim | reversed back |
    //! | `#[twos_complement]` | `i8` .. `i128` | plain two's complement big-endian, as `Bytes.toBytes(long)` | nothing | |
    //!
    //! Java equivalents: `#[salt(md5, 4)]` on `user_id: &str` is
    //! `DigestUtils.md5Hex(userId).substring(0, 4) + userId`; `#[reverse_ts] ts: u64`
    //! is `Bytes.toBytes(Long.MAX_VALUE - ts)`; `#[pad(20)]` is `rpad(col, '\0', 20)`.
    //!
    //! Scans take ranges only on fields whose bytes keep value order: not on a
    //! `#[salt]`, `#[reverse]` or `#[twos_complement]` field, nor one padded or
    //! delimited with a byte other than `0x00` (those take one exact value).
    //!
    //! # Struct attributes
    //!
    //! | attribute | meaning |
    //! | --- | --- |
    //! | `#[rowkey(crate = "path")]` | where the `rowkey` crate is, when renamed or re-exported |
    //! | `#[rowkey(salt(md5, K, fields(a, b, ..)))]` | K hex chars of MD5 over the listed fields' bytes as written (padding and delimiters included), hashed in the order `fields(..)` lists them (which need not be key order), at the front of the key. A field cannot also have its own `#[salt]` |
    //! | `#[rowkey(salt(md5, K, fields(..), delim = b'_'))]` | the same, then a delimiter: seed 001's `MD5(uid_type)_uid_type` |
    //!
    //! ```
    //! use rowkey::RowKey;
    //!
    //! // OpenTSDB-style: the salt covers metric and tags, not the time, so
    //! // one series stays in one salt bucket.
    //! #[derive(RowKey)]
    //! #[rowkey(salt(md5, 1, fields(metric, tags)))]
    //! struct Point<'a> {
    //!     #[pad(8)]
    //!     metric: &'a str,
    //!     ts: u64,
    //!     tags: &'a str,
    //! }
    //!
    //! let a = Point { metric: "cpu", ts: 1, tags: "host=a" }.to_vec()?;
    //! let b = Point { metric: "cpu", ts: 2, tags: "host=a" }.to_vec()?;
    //! assert_eq!(a[0], b[0]);
    //! # Ok::<(), rowkey::Error>(())
    //! ```
}
