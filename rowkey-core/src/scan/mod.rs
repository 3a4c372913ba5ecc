//! Scan state, built without allocating: the rows a builder's calls write.
//! The state is here; its exact prefix is written in `prefix.rs`, the range
//! on the next field in `bounds.rs`, the salts and the fan-out at the end in
//! `finish.rs`. The ranges a finished scan yields are in `ranges.rs`, the
//! shape they share and how each is patched from the template rows in
//! `shape.rs`, what field methods take in `args.rs`.
//!
//! The derive's typed builder records each field's value or range; its
//! `ranges()` replays them into a [`Scan`], which writes each leading field's
//! exact bytes once, into the front of both rows, and a range on the next
//! field as two tails. [`ScanRanges`] then yields one [`KeyRange`] per salt or
//! bucket the prefix leaves open, each a copy of the two rows with its salt
//! or bucket written in.

pub(crate) mod args;
mod bounds;
pub(crate) mod cut;
mod finish;
mod prefix;
mod ranges;
pub mod rules;
mod shape;
mod slots;
pub mod steps;

#[cfg(feature = "alloc")]
pub(crate) use args::IntoBounds;
pub use args::{ScanArg, ScanValue};
pub use ranges::{ScanRanges, ScanStart};
pub use rules::{range_reverse_ts, reverse_ts_bounds, reverse_ts_lower, reverse_ts_upper};

use crate::__private::HBASE_MAX_KEY;
use crate::{Error, ErrorKind, KeyBuf, RowKey};

/// HBase's stop row for a prefix scan: drop trailing `0xFF` bytes and add one
/// to the last byte left. Returns the new length, or `None` when the prefix is
/// empty or all `0xFF` (scan to the end of the table).
pub fn prefix_stop(prefix: &mut [u8]) -> Option<usize> {
    let mut len = prefix.len();
    while len > 0 && prefix[len - 1] == 0xFF {
        len -= 1;
    }
    if len == 0 {
        return None;
    }
    prefix[len - 1] += 1;
    Some(len)
}

/// Rows up to this long are copied whole (a constant-size copy, inlined)
/// rather than up to a runtime length (a `memcpy` call).
const SMALL_ROW: usize = 64;

/// The most fields a struct-level salt may hash (checked at compile time).
pub const MAX_SALT_FIELDS: usize = 8;

/// The most ranges one scan may fan out to (open salt values × open buckets).
/// A 4-char struct-level salt alone is 65536.
pub const MAX_FAN_OUT: usize = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tail {
    Unbounded,
    Included,
    Excluded,
}

/// The state of one scan while the derived `ranges()` replays the builder's
/// calls: the two rows it writes belong to the [`ScanRanges`] it fills (a
/// borrow), the rest is a local of `ranges()` that the optimizer keeps in
/// registers, so nothing of it is copied into the ranges but their
/// shape. Both rows start with the struct-level salt's room, then the
/// exact prefix of the fields given (written once, into the start row, and
/// copied to the stop row before the bounds or at the end), then room for a fanned-out
/// bucket, then the lower bound's bytes in the start row and the upper
/// bound's in the stop row. Made and driven by the derived builder; not a
/// public API.
// Independent facts about the fields given, set once each: no state
// machine hides in them.
#[allow(clippy::struct_excessive_bools)]
pub struct Scan<'r, K: RowKey> {
    /// The ranges being filled: their template rows, written in place.
    ranges: &'r mut ScanRanges<K>,
    /// End of the prefix (salt room included).
    len: usize,
    /// Bytes of the bucket fanned out after the prefix (0, 1 or 2).
    gap: usize,
    lo_len: usize,
    hi_len: usize,
    lo: Tail,
    hi: Tail,
    /// The ranged field is the unframed last field: `v` matches only the key
    /// ending exactly in `v`, not every key it prefixes.
    open: bool,
    /// A bound no value of the field reaches: the scan selects nothing.
    nothing: bool,
    /// The ranged field's values all take the same bytes or are framed (pad
    /// or delimiter): a bound of all zero bytes is its least value.
    framed: bool,
    /// The bucket count fanned out after the prefix, 0 for none.
    buckets: u32,
    /// The struct-level salt: hex chars, delimiter, fields hashed.
    salt: Option<(u8, Option<u8>, u8)>,
    /// A Java-hash salt instead, and the fields it hashes (0: every byte
    /// after it, known only once the whole key is given).
    java: Option<(crate::__private::JavaSalt, u8)>,
    /// The scan gives every field a value: its prefix is a whole key.
    whole: bool,
    /// Where each field the struct-level salt hashes sits in the prefix.
    salt_slots: [(u16, u16); MAX_SALT_FIELDS],
    /// What of each slot the salt hashes (the value without its frame, when
    /// the salt has a delimiter).
    salt_parts: [crate::__private::SaltPart; MAX_SALT_FIELDS],
    salt_seen: u8,
    /// The field pushed or ranged last, named if the rows do not fit.
    last_field: &'static str,
    /// The stop row holds the start row's prefix already (all of it but a
    /// struct-level salt written at the end).
    copied: bool,
    /// The longest row this scan's fields can make, from their static
    /// widths (`__private::scan_row_bound`); `usize::MAX` when unknown.
    row_bound: usize,
    /// The end of the prefix the fields before the ranged one make, from
    /// their static widths (`prefix_bound`); `usize::MAX` when not fixed.
    prefix_bound: usize,
    error: Option<Error>,
    /// Phoenix: where the key ends if no column after those given is
    /// written (trailing NULLs leave no separator behind).
    keep: usize,
    /// The byte a successor rule appends (see `Shape::succ`).
    succ: u8,
    /// A `#[spread]` field given a value (or range): no fan-out over it.
    spread_given: bool,
    /// A `#[spread]` field left open: its place and writer (`Shape::spread`).
    spread: Option<(u16, shape::ShardWriter)>,
    spread_width: u16,
    /// The struct-level salt hashes the open spread's bytes (a Java-hash
    /// salt over the whole key, or a salt listing the spread field): each
    /// shard's range has a salt of its own, worked out as the range is
    /// (`ShardSalt`).
    shard_salt: bool,
    /// The open spread's place in the struct-level salt's `fields(..)`.
    spread_order: u8,
}

impl<K: RowKey> Scan<'_, K> {
    const CAP: usize = <K::ScanBuf as KeyBuf>::LEN;

    /// The longest row a scan may write before the successor rule: one byte
    /// short of the buffer, so that `row 00` fits, unless the buffer is
    /// HBase's limit, where the successor of a row of the limit's length is
    /// computed without growing it (`KeyRange`'s clamp).
    const ROW_MAX: usize = if Self::CAP >= HBASE_MAX_KEY {
        HBASE_MAX_KEY
    } else {
        Self::CAP.saturating_sub(1)
    };

    /// Refuses the scan; the first error wins (`ranges()` returns it).
    #[inline(always)]
    pub fn fail(&mut self, error: Error) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }

    /// Made out of line and without `self`, so that the state's address is
    /// never taken and it stays in registers.
    #[cold]
    #[inline(never)]
    fn overflow_error(field: &'static str) -> Error {
        let reason = if Self::CAP >= HBASE_MAX_KEY {
            "the scan's rows would be longer than HBase's 32767-byte row-key limit; no \
             key holds this value here"
        } else {
            "the scan's rows would pass the key's SCAN_CAP, which counts 256 encoded bytes \
             for each delimited, escaped or unpadded field (an escaped 0x00 or 0xFF byte \
             takes two); give the field #[pad(N)] to scan longer values"
        };
        Error::field(K::NAME, field, ErrorKind::Invalid { reason })
    }
}

impl<K: RowKey> core::fmt::Debug for Scan<'_, K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scan")
            .field("key", &K::NAME)
            .field(
                "prefix",
                &crate::Binary(&crate::buf(&self.ranges.rows.start)[..self.len]),
            )
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

/// The scan state filling a [`ScanStart::START`], with `K`'s struct-level
/// salt set: (hex chars, delimiter, number of fields it hashes). The derive
/// passes the layout's checked values; anything else is refused by
/// [`scan_finish`].
#[inline(always)]
pub fn scan_state<K: RowKey>(
    ranges: &mut ScanRanges<K>,
    salt: Option<(usize, Option<u8>, usize)>,
) -> Scan<'_, K> {
    let mut s = Scan {
        ranges,
        len: 0,
        gap: 0,
        lo_len: 0,
        hi_len: 0,
        lo: Tail::Unbounded,
        hi: Tail::Unbounded,
        open: false,
        nothing: false,
        framed: false,
        buckets: 0,
        salt: None,
        java: None,
        whole: false,
        salt_slots: [(0, 0); MAX_SALT_FIELDS],
        salt_parts: [crate::__private::SaltPart::Whole; MAX_SALT_FIELDS],
        salt_seen: 0,
        last_field: "",
        copied: false,
        row_bound: usize::MAX,
        prefix_bound: usize::MAX,
        error: None,
        keep: 0,
        succ: 0,
        spread_given: false,
        spread: None,
        spread_width: 0,
        shard_salt: false,
        spread_order: 0,
    };
    if let Some((chars, delim, fields)) = salt {
        match (u8::try_from(chars), u8::try_from(fields)) {
            (Ok(c), Ok(f)) if (1..=32).contains(&c) && usize::from(f) <= MAX_SALT_FIELDS => {
                s.salt = Some((c, delim, f));
                s.len = chars + usize::from(delim.is_some());
            }
            _ => s.fail(Error::field(
                K::NAME,
                "salt",
                ErrorKind::Invalid {
                    reason: "a struct-level salt has 1 to 32 hex characters and hashes 1 \
                             to 8 fields",
                },
            )),
        }
    }
    s
}

/// [`scan_state`] for a key with a Java-hash salt (`fields` of them hashed,
/// 0 for every byte after the salt).
#[inline(always)]
pub fn scan_state_java<K: RowKey>(
    ranges: &mut ScanRanges<K>,
    salt: crate::__private::JavaSalt,
    fields: usize,
) -> Scan<'_, K> {
    let mut s = scan_state(ranges, None);
    match u8::try_from(fields) {
        Ok(f)
            if (1..=4).contains(&salt.width)
                && (2..=crate::java_hash::java_salt_max(salt.width)).contains(&salt.buckets)
                && usize::from(f) <= MAX_SALT_FIELDS =>
        {
            s.java = Some((salt, f));
            s.len = salt.width;
        }
        _ => s.fail(Error::field(
            K::NAME,
            "salt",
            ErrorKind::Invalid {
                reason: "a Java-hash salt has 1 to 4 bytes, 2 to min(256^width, 2^31 - 1) \
                         values, and hashes at most 8 fields",
            },
        )),
    }
    s
}

/// The ranges `fill` builds, filled inside the value returned: the rows
/// are not built in a local and moved into the `Result` after (a move of
/// two rows the optimizer does not always remove).
///
/// # Errors
/// What `fill` returns.
#[inline(always)]
pub fn scan_ranges<K: RowKey>(
    fill: impl FnOnce(&mut ScanRanges<K>) -> Result<(), Error>,
) -> Result<ScanRanges<K>, Error> {
    let mut out = Ok(ScanRanges::blank());
    if let Ok(ranges) = &mut out {
        if let Err(e) = fill(ranges) {
            out = Err(e);
        }
    }
    out
}

/// Ends the scan, leaving the ranges it fills ready to iterate.
///
/// # Errors
/// As [`ScanBuilder::ranges`].
#[inline(always)]
pub fn scan_finish<K: RowKey>(scan: Scan<'_, K>) -> Result<(), Error> {
    scan.finish()
}

/// A typed scan builder, as [`RowKey::scan`] returns it: the derive's
/// builder at any stage. Its field methods are inherent (one per field,
/// in key order); this trait gives generic code the end of every scan.
pub trait ScanBuilder<K: RowKey> {
    /// The row ranges of this scan: one, or one per salt or bucket the
    /// prefix leaves open, in key order; none when it selects nothing.
    ///
    /// A range bound no key holds selects the stored values inside it: a
    /// `#[decimal(W)]` bound past W digits, a `#[reverse_ts]` one outside
    /// the storable timestamps, a string or byte string bound longer than
    /// its `#[pad(N)]`, ending in the pad byte or holding its `#[delim]`
    /// (`..b` takes the stored values up to the longest storable value `b`
    /// starts with, `b..` those after it), a time between two milliseconds
    /// or before 1970 (the whole milliseconds inside the window).
    ///
    /// # Errors
    /// An exact value the layout refuses (too long for its pad, holding its
    /// delimiter, a timestamp out of range, ...), naming the field, and a
    /// range bound on a padded field of a type of your own.
    fn ranges(self) -> Result<ScanRanges<K>, Error>;
}

/// One recorded builder call, replayed into a [`Scan`] by `ranges()`: the
/// derive emits one per field for a value and one for a range. The builder
/// holds only these (the values given), not the rows, so each builder stage
/// is as small as its arguments.
pub trait Step<K: RowKey> {
    /// The builder's stage after these calls: the fields given (the next
    /// field's index), `usize::MAX` after a range.
    const STAGE: usize;

    /// Writes this call (after the calls before it) into the scan.
    ///
    /// # Errors
    /// The first refusal of a value or bound: the calls after it are not
    /// replayed.
    fn apply(self, scan: &mut Scan<'_, K>) -> Result<(), Error>;
}

impl<K: RowKey> Step<K> for () {
    const STAGE: usize = 0;

    #[inline(always)]
    fn apply(self, _: &mut Scan<'_, K>) -> Result<(), Error> {
        Ok(())
    }
}
