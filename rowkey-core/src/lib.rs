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

mod binary;
mod error;
#[cfg(feature = "alloc")]
mod merge;
mod part;
mod scan;
mod split;

pub use binary::{Binary, Explain, Segment, SegmentKind};
pub use error::{Error, ErrorKind};
#[cfg(feature = "async")]
pub use merge::MergeStreams;
#[cfg(feature = "alloc")]
pub use merge::{merge_sorted, Merge, MergeSorted, Order};
pub use part::{
    BucketValue, DecodePart, KeyPart, OrderedPart, ReverseTs, Reversible, TwosComplement,
};
pub use scan::{
    prefix_stop, KeyRange, Scan, ScanArg, ScanRanges, ScanValue, MAX_FAN_OUT, MAX_SALT_FIELDS,
};
pub use split::{
    split_keys, split_keys_for, BloomFilter, Compression, CreateTable, Hotspot, Load, Regions,
    ShellKey, SplitKey, SplitKeys, SplitKeysIter,
};

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

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
}

impl Spread {
    /// Bytes the spread prefix takes at the front of the key.
    #[must_use]
    pub const fn width(&self) -> usize {
        match *self {
            Spread::None => 0,
            Spread::HexSalt { chars } => chars,
            Spread::Bucket { count } => __private::bucket_width(count),
        }
    }
}

/// A row key: a struct whose fields, in declaration order, make up the key's
/// bytes. Implemented by `#[derive(RowKey)]`; see the facade crate's docs for
/// the attributes.
pub trait RowKey {
    /// The struct's name, used in error messages.
    const NAME: &'static str;

    /// The widest key any value encodes to, or `None` when a variable-width
    /// last field leaves it unbounded. A bounded key can be encoded into a
    /// stack buffer of this size (the derive also emits it as `MAX_LEN`).
    const MAX_WIDTH: Option<usize>;

    /// What the key's leading salt or bucket is, if it has one.
    const SPREAD: Spread;

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
}

/// Decoding, separate from [`RowKey`] because a decoded key may borrow from
/// the bytes (`&'de str` fields). The derive also emits an inherent
/// `T::decode`, so most code never names this trait.
pub trait DecodeKey<'de>: RowKey + Sized {
    /// Reads a key back, checking every salt, bucket, pad and delimiter.
    ///
    /// # Errors
    /// Short input, trailing bytes, bad UTF-8, a missing delimiter, a salt or
    /// bucket that does not match the value, or a value its type refuses.
    fn decode(bytes: &'de [u8]) -> Result<Self, Error>;
}
