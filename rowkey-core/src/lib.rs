//! The runtime of [rowkey](https://docs.rs/rowkey): what `#[derive(RowKey)]`
//! generates calls into this crate. It is `#![no_std]`; the `alloc` feature
//! adds `to_vec` and owned `String` / `Vec<u8>` fields, `std` (the default)
//! implies `alloc`.
//!
//! Most users depend on the `rowkey` facade, which re-exports everything here
//! together with the derive.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::pedantic)]
#![allow(
    clippy::inline_always,
    reason = "the decode helpers of private.rs are measured: plain #[inline] left calls in the hot loop (benches/keys.rs)"
)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod batch;
mod binary;
mod checks;
#[cfg(feature = "alloc")]
mod codec;
mod desc;
#[cfg(feature = "alloc")]
mod elements;
mod error;
mod escape;
mod external;
mod fields;
#[macro_use]
mod templates;
mod hotspot;
mod java_hash;
pub mod layout;
mod md5x;
#[cfg(feature = "alloc")]
mod merge;
mod names;
mod option;
mod part;
#[doc(hidden)]
pub mod phoenix;
mod range;
mod rule;
mod scan;
#[cfg(feature = "serde")]
mod serde_impls;
mod shell;
mod slot;
mod split;
mod spread;
#[cfg(feature = "alloc")]
mod store;
mod text;
mod walk;
mod width;
mod widths;
// What #[derive(KeyPart)] calls (through __private).
mod derived;
// The scan builder's key-order bound (through __private).
mod scan_order;
// Keys as HBase shell text, and that text read back (serde).
mod key_text;

use batch::DeferredSalts;
pub use batch::{encode_batch, verify_batch, BatchDecode, BatchKey, MAX_DEFERRED};
pub use binary::{Binary, Explain, Segment, SegmentKind};
#[cfg(feature = "postcard")]
pub use codec::Postcard;
#[cfg(feature = "alloc")]
pub use codec::{Codec, CodecError};
#[cfg(feature = "alloc")]
pub use elements::Element;
pub use error::{Error, ErrorKind};
pub use escape::EscapeBytes;
pub use hotspot::{Hotspot, Load};
pub use key_text::KeyText;
pub use layout::Layout;
#[cfg(feature = "async")]
pub use merge::MergeStreams;
#[cfg(feature = "alloc")]
pub use merge::{merge_sorted, Merge, MergeSorted, Order};
pub use names::{check_family, check_names, check_table_id, NameRefused, MAX_FAMILY, MAX_TABLE_ID};
pub use option::Presence;
pub use part::{
    BucketValue, DecodePart, KeyPart, OrderedPart, ReverseTs, Reversible, TwosComplement,
};
pub use phoenix::{PhoenixColumn, PhoenixTimestamp};
pub use range::KeyRange;
#[cfg(feature = "alloc")]
pub use range::OwnedKeyRange;
pub use scan::{
    prefix_stop, ScanArg, ScanBuilder, ScanRanges, ScanValue, MAX_FAN_OUT, MAX_SALT_FIELDS,
};
pub use shell::{BloomFilter, Compression, CreateTable, ShellKey, ShellScan};
pub use split::{split_keys, split_keys_for, Regions, SplitKey, SplitKeys, SplitKeysIter};
pub use spread::{Candidate, Candidates, SpreadValue};
#[cfg(feature = "alloc")]
pub use store::{
    latest_order, sort_merged, sort_merged_by, table_split_keys, Cell, Database, IntoRanges, Page,
    Ranges, RawRow, RegionsError, Row, Store,
};
pub use text::Decimal;
pub use width::Narrow;
// The key-order bound of a scan builder, named in its error (`rowkey::NextField`
// reads better there than the `__private` path).
#[doc(hidden)]
pub use scan_order::NextField;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

/// The field a key keeps its rows' time in, and which way it is stored, as
/// the derive reads them from the declaration ([`RowKey::TIME`]). Table
/// adapters read it to run "latest N" the way the rows are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeField {
    /// The field's name.
    pub name: &'static str,
    /// Whether an ascending scan meets the newest row first: the field has
    /// `#[reverse_ts]` (which stores `i64::MAX - ts`) or `#[desc]` (which
    /// inverts its bytes), not both (the derive refuses the two together,
    /// which would be oldest first again).
    pub newest_first: bool,
}

/// How the front of a key spreads writes over regions: what
/// [`split_keys`] splits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    /// The key starts with a field's own bytes.
    None,
    /// The key starts with `chars` lowercase hex characters of an MD5 salt.
    HexSalt {
        /// Salt length in characters (1 to 32).
        chars: usize,
    },
    /// The key starts with a `#[bucket(count)]` prefix: one byte up to 256
    /// buckets, else two bytes big-endian.
    Bucket {
        /// Number of buckets (2 to 65536).
        count: u32,
    },
    /// The key starts with a Java-hash salt
    /// (`#[rowkey(salt(java_hash, buckets = N))]`): `width` bytes,
    /// big-endian, of a value below `buckets` (Apache Phoenix's salt byte,
    /// OpenTSDB's salt).
    JavaHash {
        /// Number of salt values (2 to `min(256^width, i32::MAX)`).
        buckets: u32,
        /// Bytes of the salt (1 to 4).
        width: usize,
    },
}

impl Spread {
    /// Bytes the spread prefix takes at the front of the key.
    #[must_use]
    pub const fn width(&self) -> usize {
        match *self {
            Spread::None => 0,
            Spread::HexSalt { chars } => chars,
            Spread::Bucket { count } => __private::bucket_width(count),
            Spread::JavaHash { width, .. } => width,
        }
    }
}

/// A row key: a struct whose fields, in declaration order, make up the key's
/// bytes. Implemented by `#[derive(RowKey)]`; every attribute, its bytes and
/// its refusals: [`rowkey::attributes`](https://docs.rs/rowkey/latest/rowkey/attributes/index.html).
///
/// Everything the derive generates is reachable through this trait, so code
/// generic over the key type (a data-access layer's table of `K` keys) needs this
/// one bound, `K: RowKey`:
///
/// | item | what it gives generic code |
/// | --- | --- |
/// | [`Buf`](RowKey::Buf) | a stack buffer that holds any key: `[u8; MAX_LEN]` |
/// | [`Key<'a>`](RowKey::Key) | the key type with its lifetimes set to `'a` |
/// | [`decode`](RowKey::decode), [`decode_unverified`](RowKey::decode_unverified) | a `K::Key<'de>` borrowing the bytes |
/// | [`scan`](RowKey::scan) | the typed scan builder; [`ScanBuilder::ranges`] takes its ranges |
/// | [`check`](RowKey::check) | whether a key encodes, before writing it anywhere (no allocation) |
/// | [`explain`](RowKey::explain), [`split_keys`](RowKey::split_keys) | a key split into its salt, bucket and field segments; region split points over the leading salt's or bucket's keyspace |
/// | [`MAX_LEN`](RowKey::MAX_LEN), [`SCAN_CAP`](RowKey::SCAN_CAP) | the widest key and the longest scan row, as constants: `[0u8; MetricKey::MAX_LEN]` |
/// | [`TIME`](RowKey::TIME), [`LAYOUT`](RowKey::LAYOUT) | the key's time field (for "latest N") and its layout as data |
///
/// # Borrowed and owned keys
///
/// A key with a `&'a str` field decodes into a value borrowing the input,
/// so "decodable from any bytes" cannot be one type: `Heartbeat<'a>` decodes
/// from `&'a [u8]` only. serde has the same problem and answers it with
/// `Deserialize<'de>` (borrowing) beside `DeserializeOwned`; here the answer
/// is a lifetime family, as `yoke`'s `Yokeable` has: [`Key<'a>`](RowKey::Key)
/// is the same struct with every lifetime set to `'a` (for a key without
/// lifetimes, the key itself). So a table is named by the key's `'static`
/// form, `Table<Heartbeat<'static>>`, takes any `&K::Key<'_>` to write,
/// and reads back a `K::Key<'t>` borrowing its own buffer:
///
/// ```
/// use rowkey::{KeyBuf, RowKey, ScanBuilder};
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct Heartbeat<'a> {
///     #[pad(16)]
///     host: &'a str,
///     #[reverse_ts]
///     ts: u64,
/// }
///
/// /// A generic sorted table: one bound, `K: RowKey`.
/// struct Table<K: RowKey> {
///     rows: std::collections::BTreeMap<Vec<u8>, u32>,
///     _key: std::marker::PhantomData<K>,
/// }
///
/// impl<K: RowKey> Table<K> {
///     fn put(&mut self, key: &K::Key<'_>, value: u32) -> Result<(), rowkey::Error> {
///         let mut buf = K::Buf::ZERO; // on the stack: no allocation
///         let n = key.encode_into(buf.as_mut())?;
///         self.rows.insert(buf.as_ref()[..n].to_vec(), value);
///         Ok(())
///     }
///
///     /// Keys borrow from the table.
///     fn keys(&self) -> impl Iterator<Item = Result<K::Key<'_>, rowkey::Error>> {
///         self.rows.keys().map(|k| K::decode(k))
///     }
///
///     fn scan(&self, ranges: rowkey::ScanRanges<K>) -> Vec<u32> {
///         ranges
///             .flat_map(|r| self.rows.range::<[u8], _>(r.bounds()).map(|(_, v)| *v))
///             .collect()
///     }
/// }
///
/// let mut t = Table::<Heartbeat<'static>> { rows: Default::default(), _key: Default::default() };
/// let host = String::from("web01"); // not 'static
/// t.put(&Heartbeat { host: &host, ts: 5 }, 1)?;
/// let first: Heartbeat<'_> = t.keys().next().unwrap()?;
/// assert_eq!(first.host, "web01");
/// assert_eq!(t.scan(Heartbeat::scan().host("web01").ranges()?), [1]);
/// // Generic code can start a scan too: all of the table.
/// assert_eq!(t.scan(<Heartbeat<'static> as RowKey>::scan().ranges()?), [1]);
/// # Ok::<(), rowkey::Error>(())
/// ```
///
/// Ranges are typed by their key ([`KeyRange<K>`](KeyRange)): the ranges of
/// another key's scan do not compile where `MetricKey` ranges are expected.
pub trait RowKey: Sized {
    /// The struct's name, used in error messages: its layout's.
    const NAME: &'static str = Self::LAYOUT.name;

    /// The widest key any value encodes to, or `None` when a field leaves it
    /// unbounded: a variable-width last field without `#[pad]`, or a
    /// `#[delim]`, `#[escaped]` or unwidthed `#[decimal]` field anywhere. A bounded key can be encoded into a
    /// stack buffer of this size ([`MAX_LEN`](RowKey::MAX_LEN)).
    /// The default sums the widest slot widths the derive records.
    const MAX_WIDTH: Option<usize> = __private::sum_widths(Self::__SCAN_WIDTHS);

    /// The widest key as a constant, for a stack buffer:
    /// `[0u8; MetricKey::MAX_LEN]`. Naming it for a key whose width is
    /// unbounded ([`MAX_WIDTH`](RowKey::MAX_WIDTH) `None`) is a compile
    /// error naming the field; encode such a key into
    /// [`Buf`](RowKey::Buf), or with [`encoded_len`](RowKey::encoded_len)
    /// or `to_vec`.
    const MAX_LEN: usize = __private::bounded(Self::MAX_WIDTH);

    /// What the key's leading salt or bucket is, if it has one: its
    /// layout's.
    const SPREAD: Spread = Self::LAYOUT.spread;

    /// The key's layout as data: each field's type, encoding, frame,
    /// salt, bucket and width ([`layout`]), for `explain`, docs and table
    /// adapters.
    const LAYOUT: Layout;

    /// The longest row a scan of this key builds: the size of each of a
    /// [`KeyRange`]'s two rows ([`ScanBuf`](RowKey::ScanBuf)). It is the
    /// key's width with 256 bytes (plus a delimiter) counted for each
    /// unpadded, delimited or escaped field, plus one, at most HBase's 32767.
    /// A stored key can be longer than that when such a field holds a longer
    /// value: scanning for that value is refused (give the field
    /// `#[pad(N)]`), and resuming a page after such a row needs an
    /// [`OwnedKeyRange`], which holds rows of any length. The default is
    /// computed from the widest slot widths the derive records.
    const SCAN_CAP: usize = __private::scan_cap(Self::__SCAN_WIDTHS);

    /// The key's time field and which way it is stored; `None` for a key
    /// without one. The derive takes, in this order:
    ///
    /// 1. the field `#[rowkey(time = field)]` names on the struct (it must
    ///    be an integer or time field whose bytes keep its order);
    /// 2. else the first `#[reverse_ts]` field;
    /// 3. else the first field of a time type: `std::time::SystemTime`,
    ///    `chrono::DateTime`, `time::OffsetDateTime`,
    ///    `rowkey::PhoenixTimestamp`;
    /// 4. else the first integer field named `ts`, `time` or `timestamp`,
    ///    or whose name ends in `_ts`, `_time` or `_at`.
    ///
    /// Steps 3 and 4 skip fields whose bytes are not in their values' order
    /// (salted, `#[reverse]`, `#[spread]`, `Option`, `#[decimal]` without a
    /// width). The field is stored newest first ([`TimeField::newest_first`])
    /// when it has `#[reverse_ts]` or `#[desc]`, and oldest first otherwise.
    ///
    /// "Latest N" (`rowkey::Store::latest`) reads ascending when the time
    /// is stored newest first and descending otherwise, so the caller
    /// never picks the direction. Without a time field it reads
    /// descending: the rows with the greatest keys, which are the newest
    /// only if time grows with the key. A key whose time field the rules
    /// above miss (an integer named `created`, a type alias of a time
    /// type) names it: `#[rowkey(time = created)]`.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Reading {
    ///     sensor: u32,
    ///     #[desc]
    ///     ts: u64, // newest first: an ascending scan meets the newest row first
    /// }
    /// let t = Reading::TIME.unwrap();
    /// assert_eq!((t.name, t.newest_first), ("ts", true));
    ///
    /// #[derive(RowKey)]
    /// #[rowkey(time = created)]
    /// struct Order {
    ///     #[desc]
    ///     created: i64,
    ///     id: u64,
    /// }
    /// assert_eq!(Order::TIME.unwrap().name, "created");
    /// ```
    const TIME: Option<TimeField> = Self::LAYOUT.time;

    /// The widest width of each slot (the struct-level salt, then prefix
    /// and body per field), from which a scan's steps take their static
    /// row bounds (`__private::scan_row_bound_upto`), once for every key:
    /// the layout's.
    #[doc(hidden)]
    const __SCAN_WIDTHS: &'static [Option<usize>] = Self::LAYOUT.__slot_widths;

    /// The exact width of each slot, as `__SCAN_WIDTHS` (the same unless
    /// an `Option` field's varies): `Some(w)` only when every key writes
    /// those `w` bytes. A field's constant offset in `encode_into` when
    /// every width before it is fixed; a slot of `Some(w > 0)` also tells
    /// `encode_start` that no key is empty.
    #[doc(hidden)]
    const __WIDTHS: &'static [Option<usize>] = Self::__SCAN_WIDTHS;

    /// The index of the first `Option` field, `usize::MAX` for none: a
    /// range after it has no static prefix bound (its `None` is one byte).
    #[doc(hidden)]
    const __FIRST_OPTION: usize = usize::MAX;

    /// The index and bucket count of the key's `#[bucket]` field when it
    /// has exactly one: a scan that fans out over it writes each range's
    /// bucket where the static widths put it (`ScanRanges`).
    #[doc(hidden)]
    const __BUCKET: Option<(usize, u32)> = Self::LAYOUT.__single_bucket();

    /// The struct-level MD5 salt of a key whose fields the runtime's field
    /// list walks (`__private::KeySaltSpec`).
    #[doc(hidden)]
    const __KEY_SALT: Option<__private::KeySaltSpec> = None;

    /// A stack buffer that holds any key [`encode_into`](RowKey::encode_into)
    /// writes: `[u8; MAX_LEN]` for a bounded key. An unbounded key (see
    /// [`MAX_WIDTH`](RowKey::MAX_WIDTH)) gets `[u8; 32767]`, HBase's
    /// row-key limit, which encode never exceeds; that is 32 KiB of stack, so
    /// for such keys prefer a buffer of [`encoded_len`](RowKey::encoded_len)
    /// bytes when stack matters. Create one with [`KeyBuf::ZERO`].
    type Buf: KeyBuf;

    /// The storage of one row of a [`KeyRange`] of this key:
    /// `[u8; SCAN_CAP]`.
    type ScanBuf: KeyBuf;

    /// This key type with every lifetime set to `'a`: what
    /// [`decode`](RowKey::decode) returns for bytes borrowed for `'a`. For a
    /// key without lifetimes it is the key itself. See "Borrowed and owned
    /// keys" above.
    type Key<'a>: RowKey + DecodeKey<'a>;

    /// The typed scan builder [`scan`](RowKey::scan) returns (the derive's
    /// `K::scan()`): one method per field in key order, and
    /// [`ScanBuilder::ranges`].
    type Scan: ScanBuilder<Self>;

    /// What [`explain`](RowKey::explain) returns: an [`Explain`] with one
    /// segment per salt, bucket and field.
    type Explained<'a>: core::fmt::Display
        + core::fmt::Debug
        + Clone
        + AsRef<[Segment]>
        + __private::HasSegs;

    /// The exact length [`encode_into`](RowKey::encode_into) will write, if it
    /// succeeds.
    fn encoded_len(&self) -> usize;

    /// Writes the key into the front of `buf` and returns its length. Never
    /// allocates. Refuses (naming the field) values the layout cannot hold
    /// unambiguously; nothing is ever truncated.
    ///
    /// # Errors
    /// A value too long for its pad or ending in the pad byte, a value holding
    /// its delimiter, a timestamp out of range, a key over 32767 bytes, or a
    /// buffer shorter than [`encoded_len`](RowKey::encoded_len).
    fn encode_into(&self, buf: &mut [u8]) -> Result<usize, Error>;

    /// `encode_into`, except that each salt slot [`encode_batch`] computes
    /// is left as it was and described in `salts` instead. The default, for
    /// a key with no salt (nothing to defer), is `encode_into` itself: the
    /// derive then emits no second copy of it.
    ///
    /// # Errors
    /// As `encode_into`.
    #[doc(hidden)]
    #[inline]
    fn __encode_deferred(&self, buf: &mut [u8], salts: &mut DeferredSalts) -> Result<usize, Error> {
        let _ = salts;
        self.encode_into(buf)
    }

    /// Encodes into a new `Vec` of exactly the key's length.
    ///
    /// # Errors
    /// As [`encode_into`](RowKey::encode_into).
    #[cfg(feature = "alloc")]
    fn to_vec(&self) -> Result<alloc::vec::Vec<u8>, Error> {
        let mut out = alloc::vec![0u8; self.encoded_len()];
        let n = self.encode_into(&mut out)?;
        out.truncate(n);
        Ok(out)
    }

    /// Checks that the key encodes, without keeping its bytes: every check
    /// [`encode_into`](RowKey::encode_into) makes (a value too long for its
    /// pad, a delimiter inside a value, a timestamp out of range, ...),
    /// into the key's stack buffer [`Buf`](RowKey::Buf), no allocation.
    /// Returns the key's length. For a write that spans tables with no
    /// transaction across them (a row and its secondary-index row): check
    /// every key first, so a key that cannot be written fails before any
    /// row is.
    ///
    /// A store may refuse more than the layout does: both table adapters
    /// refuse an empty key (length 0), and Bigtable a key over 4 KiB
    /// (`rowkey_bigtable::MAX_ROW_KEY`).
    ///
    /// ```
    /// use rowkey::{ErrorKind, RowKey};
    ///
    /// #[derive(RowKey)]
    /// struct Order<'a> {
    ///     #[pad(8)]
    ///     buyer: &'a str,
    ///     id: u64,
    /// }
    ///
    /// assert_eq!(Order { buyer: "b1", id: 7 }.check()?, 16);
    /// let err = Order { buyer: "a-long-buyer", id: 7 }.check().unwrap_err();
    /// assert_eq!(err.field_name(), Some("buyer"));
    /// assert_eq!(err.kind(), &ErrorKind::TooLongForPad { len: 12, pad: 8 });
    /// # Ok::<(), rowkey::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`encode_into`](RowKey::encode_into).
    fn check(&self) -> Result<usize, Error> {
        let mut buf = Self::Buf::ZERO;
        self.encode_into(buf.as_mut())
    }

    /// The key as the HBase shell prints its row (`Bytes.toStringBinary`):
    /// `println!("{}", key.display()?)`. Encodes into the key's stack
    /// buffer, [`Buf`](RowKey::Buf); no allocation.
    ///
    /// # Errors
    /// As [`encode_into`](RowKey::encode_into).
    fn display(&self) -> Result<KeyText<Self::Buf>, Error> {
        let mut buf = Self::Buf::ZERO;
        let len = self.encode_into(buf.as_mut())?;
        Ok(KeyText::new(buf, len))
    }

    /// Reads a key back, checking every salt, bucket, pad and delimiter;
    /// `&str` and `&[u8]` fields borrow from `bytes`.
    ///
    /// # Errors
    /// As [`DecodeKey::decode`].
    fn decode(bytes: &[u8]) -> Result<Self::Key<'_>, Error> {
        <Self::Key<'_> as DecodeKey<'_>>::decode(bytes)
    }

    /// Reads a key back without recomputing its salts and buckets (an MD5
    /// per salted row): for rows this program read from its own table.
    /// Lengths, pads, delimiters, UTF-8 and timestamps are still checked.
    ///
    /// # Errors
    /// As [`decode`](RowKey::decode), except salt and bucket mismatches.
    fn decode_unverified(bytes: &[u8]) -> Result<Self::Key<'_>, Error> {
        <Self::Key<'_> as DecodeKey<'_>>::__decode_unverified(bytes)
    }

    /// Splits a key into its salt, bucket and field segments, for printing.
    ///
    /// # Errors
    /// As [`decode`](RowKey::decode).
    fn explain(bytes: &[u8]) -> Result<Self::Explained<'_>, Error>;

    /// Starts a typed scan; see [`Scan`](RowKey::Scan).
    fn scan() -> Self::Scan;

    /// Split points for `n` regions over the keyspace this key's leading
    /// salt or bucket really uses: [`split_keys`].
    ///
    /// # Errors
    /// As [`split_keys`].
    fn split_keys(n: usize) -> Result<SplitKeys, Error> {
        split::split_keys::<Self>(n)
    }
}

/// Decoding at one lifetime, separate from [`RowKey`] because a decoded key
/// may borrow from the bytes (`&'de str` fields). Generic code rarely names
/// it: [`RowKey::decode`] returns [`RowKey::Key<'de>`](RowKey::Key), which
/// implements it. Not a subtrait of [`RowKey`], so that `K::decode` is never
/// ambiguous under either bound; a derived key implements it through the
/// runtime, and has `decode` as an inherent function too, so that
/// `MetricKey::decode` is not ambiguous where both traits are imported.
pub trait DecodeKey<'de>: Sized {
    /// Reads a key back, checking every salt, bucket, pad and delimiter.
    ///
    /// # Errors
    /// Short input, trailing bytes, bad UTF-8, a missing delimiter, a salt or
    /// bucket that does not match the value, or a value its type refuses.
    fn decode(bytes: &'de [u8]) -> Result<Self, Error>;

    /// [`RowKey::decode_unverified`] at one lifetime. Hidden, and named
    /// apart, so that `K::decode_unverified` is not ambiguous where both
    /// traits are imported. The default verifies anyway; a derived key
    /// skips the MD5 (for a key with neither, the two are the same).
    ///
    /// # Errors
    /// As [`decode`](DecodeKey::decode), except salt and bucket mismatches.
    #[doc(hidden)]
    #[inline]
    fn __decode_unverified(bytes: &'de [u8]) -> Result<Self, Error> {
        <Self as DecodeKey<'de>>::decode(bytes)
    }

    /// `decode`'s checks for [`verify_batch`], except that salts whose
    /// bytes are ranges of the input are handed to `salts` instead of
    /// hashed; the value itself is dropped. The default, for a key with no
    /// salt (nothing to hand over), is `decode` itself, whose walk a second
    /// one would only repeat.
    ///
    /// # Errors
    /// As `decode`, for every check not handed over; with several failing
    /// checks, not necessarily `decode`'s error.
    #[doc(hidden)]
    #[inline]
    fn __verify_deferred(bytes: &'de [u8], salts: &mut DeferredSalts) -> Result<(), Error> {
        let _ = salts;
        <Self as DecodeKey<'de>>::decode(bytes).map(|_| ())
    }
}

/// A key type's fixed-size byte buffer: `[u8; N]`, the type of
/// [`RowKey::Buf`] and [`RowKey::ScanBuf`]. It exists because
/// `[u8; K::MAX_LEN]` cannot be written in generic code on stable Rust.
/// Sealed: implemented for byte arrays only.
pub trait KeyBuf:
    AsRef<[u8]>
    + AsMut<[u8]>
    + Copy
    + Eq
    + Ord
    + core::hash::Hash
    + core::fmt::Debug
    + Send
    + Sync
    + Unpin
    + 'static
    + buf::Sealed
{
    /// The buffer filled with zeros.
    const ZERO: Self;
    /// Its size in bytes.
    const LEN: usize;
}

impl<const N: usize> KeyBuf for [u8; N] {
    const ZERO: Self = [0; N];
    const LEN: usize = N;
}

/// A key buffer's bytes (`AsRef` alone leaves the slice type to infer).
#[inline(always)]
pub(crate) fn buf<B: KeyBuf>(b: &B) -> &[u8] {
    b.as_ref()
}

/// A key buffer's bytes, writable.
#[inline(always)]
pub(crate) fn buf_mut<B: KeyBuf>(b: &mut B) -> &mut [u8] {
    b.as_mut()
}

mod buf {
    pub trait Sealed {}
    impl<const N: usize> Sealed for [u8; N] {}
}
