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
//!     // Each field's rules, named once as a type (index, type, prefix, body, frame):
//!     type __RowkeyF0<'a> = Field<0, &'a str, rule::Salt<4>, rule::Part, Pad<16, 0>>;
//!     type __RowkeyF1<'a> = Field<1, &'a str, rule::NoPrefix, rule::Part, Pad<8, 0>>;
//!     type __RowkeyF2<'a> = Field<2, u64, rule::NoPrefix, rule::RevTs, Open>;
//!
//!     impl<'a> rowkey::RowKey for MetricKey<'a> {
//!         // The layout as data; SPREAD, TIME, MAX_WIDTH = Some(36), MAX_LEN = 36
//!         // and SCAN_CAP = 37 are the trait's defaults, read from it. Each field
//!         // is its encoding, frame and attributes as integer codes, which
//!         // `rowkey::layout` decodes in a constant (rowkey-core/src/layout.rs):
//!         const LAYOUT: Layout = Layout {
//!             name: "MetricKey",
//!             spread: Spread::HexSalt { chars: 4 },
//!             fields: &[layout_field("host", "&'a str", 1152921526081683498, Some(16), None), ..],
//!             time: Some(TimeField { name: "ts", newest_first: true }),
//!             ..
//!         };
//!         type Buf = [u8; 36];
//!         type ScanBuf = [u8; 37];
//!         type Key<'k> = MetricKey<'k>;
//!         type Scan = __MetricKeyScan<'a>;
//!         type Explained<'k> = Explain<'k, 4>;              // salt, host, metric, ts
//!         fn encoded_len(&self) -> usize {
//!             len3::<__RowkeyF0<'a>, __RowkeyF1<'a>, __RowkeyF2<'a>>(&self.host, &self.metric, &self.ts)
//!         }
//!         fn encode_into(&self, buf: &mut [u8]) -> Result<usize, Error> {
//!             // one runtime call per eight fields; each field's bytes are its rules' (rowkey-core/src/rule):
//!             let mut pos = encode_start(self, buf)?;
//!             write3::<Self, __RowkeyF0<'a>, __RowkeyF1<'a>, __RowkeyF2<'a>>(buf, &mut pos, &self.host, ..)
//!         }
//!         fn explain(bytes: &[u8]) -> Result<Explain<'_, 4>, Error> { .. }
//!         fn scan() -> __MetricKeyScan<'a> { .. }
//!         #[doc(hidden)] fn __encode_deferred(..) { .. } // encode_batch: Deferred<__RowkeyF0<'a>>, the salt
//!                                                        // left for the SIMD lanes
//!         // to_vec: provided
//!     }
//!
//!     // The items every key has, from the runtime's `macro_rules!` templates
//!     // (decode_impls!, scan_builder!), given the key's name, lifetimes and walk:
//!     impl<'de> MetricKey<'de> {
//!         pub fn decode(bytes: &'de [u8]) -> Result<Self, Error> { .. }  // also RowKey::decode
//!     }
//!
//!     // Decode's walk: one short call per field. `rowkey::DecodeKey` is the
//!     // runtime's, for every key with a walk.
//!     impl<'de> Walk<'de> for MetricKey<'de> {
//!         type Out = Self;
//!         #[doc(hidden)] fn __verify_deferred(..) { .. }  // verify_batch: the salt left to the lanes
//!         // `segs`: SegsOf<Self>, the `[Segment; 4]` of `Explained`'s `Explain<'_, 4>`
//!         fn __rowkey_read<const VERIFY: bool>(bytes: &'de [u8], segs: &mut SegsOf<Self>) -> Result<Self, Error> {
//!             let mut w = Walker::<Self, VERIFY, _>::new(bytes, segs);
//!             let key = Self {
//!                 host: w.read::<__RowkeyF0<'de>>()?,
//!                 metric: w.read::<__RowkeyF1<'de>>()?,
//!                 ts: w.read::<__RowkeyF2<'de>>()?,
//!             };
//!             w.finish(key)                                   // trailing bytes
//!         }
//!     }
//!
//!     // The scan builder: STAGE is the marker type of the field expected next.
//!     pub struct __MetricKeyScan<'a, STAGE = host, S = ()> { .. }
//!     pub struct host {} pub struct metric {} pub struct ts {} pub struct none {}
//!
//!     impl<'a> MetricKey<'a> {
//!         pub fn scan() -> __MetricKeyScan<'a> { .. }                 // also RowKey::scan
//!     }
//!
//!     impl<'a, STAGE, S> __MetricKeyScan<'a, STAGE, S> {
//!         pub fn ranges(self) -> Result<ScanRanges<MetricKey<'a>>, Error>;
//!         // Each method forwards to the runtime with the field's scan rule as a type
//!         // (a pad is named through the field's alias: FrameOf<__RowkeyF0<'a>> is
//!         // Pad<16, 0>); it is called only when STAGE is its own marker (else:
//!         // "`metric` cannot come here: the next field of this `MetricKey<'_>`
//!         // scan is `host`").
//!         pub fn host<'v, A: ScanValue<&'v str>>(self, value: A)
//!             -> NextEq<.., Salt<4, FrameOf<__RowkeyF0<'a>>>, metric>;    // a value only
//!         pub fn metric<'v, A: ScanArg<&'v str>>(self, arg: A)
//!             -> <A as ScanArg<&'v str>>::Next<.., Text<FrameOf<__RowkeyF1<'a>>>, ts, none>;
//!                                                                         // a value or a range
//!         pub fn ts<A: ScanArg<u64>>(self, arg: A) -> <A as ScanArg<u64>>::Next<.., Last<RevTs>, none, none>;
//!         // (a step's field index is the number of steps before it: no constant here)
//!     }
//!     impl<'a, STAGE, S> Builder<MetricKey<'a>> for __MetricKeyScan<'a, STAGE, S> { .. } // ScanBuilder
//!     // With #[rowkey(scan(Clone, Debug))] on the struct: impl Clone, Debug for the builder.
//!
//!     // Compile-time layout checks that depend on the field types, as trait bounds with
//!     // their own messages (none here: the derive can tell these widths itself).
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
