//! Scan state, built without allocating: the rows a builder's calls write.
//! The ranges a finished scan yields are in `ranges.rs`, what field methods
//! take in `args.rs`.
//!
//! The derive's typed builder records each field's value or range; its
//! `ranges()` replays them into a [`Scan`], which writes each leading field's
//! exact bytes once, into the front of both rows, and a range on the next
//! field as two tails. [`ScanRanges`] then yields one [`KeyRange`] per salt or
//! bucket the prefix leaves open, each a copy of the two rows with its salt
//! or bucket written in.

pub(crate) mod args;
pub(crate) mod cut;
mod ranges;
pub mod rules;
mod slots;
pub mod steps;

#[cfg(feature = "alloc")]
pub(crate) use args::IntoBounds;
pub use args::{ScanArg, ScanValue};
use ranges::{first_range, First, Shape, SpreadFan};
pub use ranges::{ScanRanges, ScanStart};
pub use rules::{range_reverse_ts, reverse_ts_bounds, reverse_ts_lower, reverse_ts_upper};

use crate::__private::{WriteFrame, HBASE_MAX_KEY};
use crate::part::KeyPart;
use crate::{Error, ErrorKind, KeyBuf, RowKey};
use core::num::NonZeroU32;
use core::ops::Bound;

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
    spread: Option<(u16, ranges::ShardWriter)>,
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

    /// Appends one field's exact bytes through `put`, which writes at most
    /// `max` bytes at the given position and advances it. A refusal ends
    /// the scan at once (the derived steps return it with `?`), so that the
    /// state after the last step is the success path's alone, which the
    /// optimizer can fold (a padded prefix's length is a constant).
    ///
    /// # Errors
    /// The value's refusal, or rows that would pass `SCAN_CAP`.
    #[inline(always)]
    pub fn push(
        &mut self,
        field: &'static str,
        max: usize,
        put: impl FnOnce(&mut [u8], &mut usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.last_field = field;
        let Some(end) = self.len.checked_add(max).filter(|&e| e <= Self::ROW_MAX) else {
            return Err(Self::overflow_error(field));
        };
        let mut pos = self.len;
        put(
            &mut crate::buf_mut(&mut self.ranges.rows.start)[..end],
            &mut pos,
        )?;
        self.len = pos.min(end);
        Ok(())
    }

    /// [`push`](Scan::push) of a field's value by its length and writer
    /// functions: the derive's call, with no closure of its own per field.
    ///
    /// # Errors
    /// As [`push`](Scan::push).
    #[inline(always)]
    pub fn push_value<V>(
        &mut self,
        field: &'static str,
        value: &V,
        len: impl FnOnce(&V) -> usize,
        put: impl FnOnce(&V, &mut [u8], &mut usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.push(field, len(value), |buf, pos| put(value, buf, pos))
    }

    /// [`push_value`](Scan::push_value) of a plain field (no salt, bucket,
    /// digits, escape, reversal or inversion), written by the runtime's
    /// plain writer: such a field has no writer of its own.
    ///
    /// # Errors
    /// As [`push`](Scan::push).
    #[inline(always)]
    pub fn push_plain<V: KeyPart>(
        &mut self,
        field: &'static str,
        value: &V,
        frame: WriteFrame,
    ) -> Result<(), Error> {
        crate::rule::push_field::<K, V, crate::rule::NoPrefix, crate::rule::Part>(
            self, field, value, frame,
        )
    }

    /// Records the slot of the field a struct-level salt hashes `order`-th
    /// (its place in `fields(..)`, which need not be key order): its start,
    /// its end once pushed, and what of it the salt hashes. Call after
    /// [`push`](Scan::push).
    ///
    /// # Errors
    /// A position past `u16` (not below HBase's limit).
    #[inline(always)]
    pub fn salt_slot(
        &mut self,
        order: usize,
        start: usize,
        part: crate::__private::SaltPart,
    ) -> Result<(), Error> {
        // Positions are below SCAN_CAP, which HBase's 32767-byte limit
        // keeps within `u16`.
        let (Ok(start), Ok(end)) = (u16::try_from(start), u16::try_from(self.len)) else {
            return Err(Self::overflow_error(self.last_field));
        };
        if let (Some(slot), Some(how)) = (
            self.salt_slots.get_mut(order),
            self.salt_parts.get_mut(order),
        ) {
            *slot = (start, end);
            *how = part;
            self.salt_seen += 1;
        }
        Ok(())
    }

    /// Bytes of the exact prefix so far.
    #[must_use]
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was pushed.
    #[must_use]
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `#[spread]` field is given (a value or a range): it does not fan
    /// out.
    #[inline(always)]
    pub fn spread_given(&mut self) {
        self.spread_given = true;
    }

    /// The field after a `#[spread(count)]` field is given and the spread
    /// was not: the prefix makes room for the spread's `width` bytes, which
    /// each range fills with its shard through `put` (the spread field's
    /// own writer), and the ranges fan out over the `count` shards.
    ///
    /// `salt_slot` is the spread field's place in the struct-level salt's
    /// `fields(..)` and what of it the salt hashes, when listed: the salt
    /// then depends on the shard.
    ///
    /// # Errors
    /// A spread whose width depends on its value (`#[decimal]` without a
    /// width), which no one range can hold a room for; rows past the cap.
    #[inline(always)]
    pub fn fan_spread(
        &mut self,
        field: &'static str,
        count: u32,
        width: Option<usize>,
        put: ranges::ShardWriter,
        salt_slot: Option<(usize, crate::__private::SaltPart)>,
    ) -> Result<(), Error> {
        if self.spread_given || self.spread.is_some() {
            return Ok(());
        }
        let Some(width) = width else {
            return Err(Error::field(
                K::NAME,
                field,
                ErrorKind::Invalid {
                    reason: "a scan can leave a #[spread] field open only when every shard \
                             takes the same bytes; give it #[decimal(W)] instead of #[decimal], \
                             or give the scan its value",
                },
            ));
        };
        let end = self.len + width;
        if end > Self::ROW_MAX || self.buckets != 0 {
            return Err(Self::overflow_error(field));
        }
        let at = u16::try_from(self.len).map_err(|_| Self::overflow_error(field))?;
        put(
            0,
            &mut crate::buf_mut(&mut self.ranges.rows.start)[self.len..end],
        );
        self.spread = Some((at, put));
        self.spread_width = u16::try_from(width).unwrap_or(0);
        self.buckets = count;
        self.len = end;
        // A Java-hash salt over every byte hashes the shard; a salt over
        // listed fields, when the spread is one of them (its slot is the
        // room).
        self.shard_salt = matches!(self.java, Some((_, 0)));
        if let (Some((order, how)), true) = (salt_slot, self.java.is_some() || self.salt.is_some())
        {
            self.salt_slot(order, usize::from(at), how)?;
            self.shard_salt = true;
            // A place past the slots kept is not recorded (`salt_slot`):
            // the salt is then never known.
            self.spread_order = u8::try_from(order).unwrap_or(u8::MAX);
        }
        Ok(())
    }

    /// The next field is bucketed and not fixed by the prefix: fan out.
    #[inline(always)]
    pub fn fan_bucket(&mut self, count: u32) {
        if self.spread.is_some() {
            // One fan-out per scan: the ranges' counter is the spread's.
            self.fail(Error::key(
                K::NAME,
                ErrorKind::Invalid {
                    reason: "this scan leaves a #[spread] field open and would fan out over a \
                             #[bucket] as well; give the spread field a value (or the \
                             bucketed field one)",
                },
            ));
            return;
        }
        if self.buckets == 0 && (2..=65536).contains(&count) {
            self.buckets = count;
            self.gap = crate::__private::bucket_width(count);
        }
    }

    /// Sets the range on the next field. `len` and `put` measure and write a
    /// bound's bytes (the field without its salt or bucket); `open` marks the
    /// unframed last field, whose value is not a prefix of longer ones.
    ///
    /// # Errors
    /// A bound's refusal, or rows that would pass `SCAN_CAP`.
    #[inline(always)]
    pub fn range<V: KeyPart>(
        &mut self,
        field: &'static str,
        open: bool,
        lo: Bound<V>,
        hi: Bound<V>,
        len: impl Fn(&V) -> usize,
        put: impl Fn(&V, &mut [u8], &mut usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.last_field = field;
        self.open = open;
        self.framed = !open || V::WIDTH.is_some();
        if Self::CAP <= SMALL_ROW {
            // Before the bounds are written, the stop row is blank: the
            // prefix is copied over it up to its static bound, a copy of
            // constant size (a few moves), where the prefix's own length
            // would take a `memcpy` call. Without a static bound (or
            // should the prefix pass it), the whole row.
            let rows = &mut self.ranges.rows;
            let (start, stop) = (crate::buf(&rows.start), crate::buf_mut(&mut rows.stop));
            let p = self.prefix_bound;
            if p <= Self::CAP && self.len <= p {
                stop[..p].copy_from_slice(&start[..p]);
            } else {
                stop.copy_from_slice(start);
            }
            self.copied = true;
            if p != usize::MAX {
                // Fixed-width fields end where their static widths say:
                // the prefix's end is then a constant the optimizer folds
                // into the bounds' writes and successor rules. Should a
                // value not, the scan is refused rather than built on a
                // runtime end. (Not done for longer rows: for a fan-out
                // over a struct-level salt it cost more than it saved,
                // tsdb 1027 -> 1494 instructions per query.)
                if self.len != p {
                    return Err(Self::overflow_error(field));
                }
                self.len = p;
            }
        }
        let at = self.len + self.gap;
        let (lo, lo_len) = self.tail(field, lo, at, &len, &put, true)?;
        let (hi, hi_len) = self.tail(field, hi, at, &len, &put, false)?;
        (self.lo, self.lo_len, self.hi, self.hi_len) = (lo, lo_len, hi, hi_len);
        Ok(())
    }

    /// [`range`](Scan::range) on a plain field (see
    /// [`push_plain`](Scan::push_plain)).
    ///
    /// # Errors
    /// As [`range`](Scan::range).
    #[inline(always)]
    pub fn range_plain<V: KeyPart>(
        &mut self,
        field: &'static str,
        open: bool,
        lo: Bound<V>,
        hi: Bound<V>,
        frame: WriteFrame,
    ) -> Result<(), Error> {
        crate::rule::range_field::<K, V, crate::rule::NoPrefix, crate::rule::Part>(
            self, field, open, lo, hi, frame,
        )
    }

    /// Writes one bound's bytes at `at` in the start (`lower`) or stop row.
    #[inline(always)]
    fn tail<V>(
        &mut self,
        field: &'static str,
        bound: Bound<V>,
        at: usize,
        len: &impl Fn(&V) -> usize,
        put: &impl Fn(&V, &mut [u8], &mut usize) -> Result<(), Error>,
        lower: bool,
    ) -> Result<(Tail, usize), Error> {
        let (kind, v) = match bound {
            Bound::Unbounded => return Ok((Tail::Unbounded, 0)),
            Bound::Included(v) => (Tail::Included, v),
            Bound::Excluded(v) => (Tail::Excluded, v),
        };
        let Some(end) = at.checked_add(len(&v)).filter(|&e| e <= Self::ROW_MAX) else {
            return Err(Self::overflow_error(field));
        };
        let row = if lower {
            crate::buf_mut(&mut self.ranges.rows.start)
        } else {
            crate::buf_mut(&mut self.ranges.rows.stop)
        };
        let mut pos = at;
        put(&v, &mut row[..end], &mut pos)?;
        Ok((kind, pos.min(end) - at))
    }

    /// The longest row the fields given can make, from their static widths
    /// (`__private::scan_row_bound`): a constant, where the row lengths
    /// worked out from the values are not, as far as the optimizer sees.
    #[inline(always)]
    pub fn row_bound(&mut self, bound: usize) {
        self.row_bound = bound;
    }

    /// The end of the prefix (salt room and the fields before the ranged
    /// one) that the fields' static widths fix, as
    /// `__private::scan_row_bound` gives it (one byte over; `usize::MAX`
    /// when a slot is variable-width or an `Option`).
    #[inline(always)]
    pub fn prefix_bound(&mut self, bound: usize) {
        self.prefix_bound = bound.saturating_sub(usize::from(bound != usize::MAX));
    }

    /// The prefix is a whole key: match it exactly, not as a prefix.
    #[inline(always)]
    pub fn exact(&mut self) {
        (self.lo, self.lo_len, self.hi, self.hi_len) = (Tail::Included, 0, Tail::Included, 0);
        self.open = true;
        self.whole = true;
    }

    /// Phoenix: the key may end at `keep` if no later column is written
    /// (after a non-null value; a NULL leaves it where it was).
    #[inline(always)]
    pub fn phx_keep(&mut self, keep: usize) {
        self.keep = keep;
    }

    /// Phoenix: the last column is given, so the key is the prefix up to
    /// where it may end, matched exactly.
    #[inline(always)]
    pub fn phx_exact(&mut self) {
        self.len = self.keep.min(self.len);
        self.exact();
    }

    /// Phoenix: the ranged column is a variable-width value that ends the
    /// key when every column after it is NULL, and is followed by a `00`
    /// separator otherwise: its bounds are written without the separator,
    /// and the row right after a bound's value is the bound then `01`.
    #[inline(always)]
    pub fn phx_maybe_separated(&mut self) {
        self.succ = 1;
    }

    /// Phoenix: a prefix scan whose next columns are all nullable. The
    /// key of the given values with every later column NULL ends at
    /// `keep`, before the separators the prefix holds: the start row stops
    /// there, the stop row stays past the whole prefix.
    #[inline(always)]
    pub(crate) fn phx_prefix_end(&mut self) {
        if self.keep >= self.len || self.lo != Tail::Unbounded || self.hi != Tail::Unbounded {
            return;
        }
        let rows = &mut self.ranges.rows;
        let (start, stop) = (crate::buf(&rows.start), crate::buf_mut(&mut rows.stop));
        stop[..self.len].copy_from_slice(&start[..self.len]);
        (self.hi, self.hi_len) = (Tail::Included, self.len - self.keep);
        self.len = self.keep;
        self.open = false;
        self.framed = true;
    }

    /// Marks the scan empty (a bound no value of the field can reach).
    #[inline(always)]
    pub fn empty(&mut self) {
        self.nothing = true;
    }

    /// The shape of the ranges (see [`Shape`]), with the static row bound.
    ///
    /// # Errors
    /// Rows longer than the bound (which every value should keep to).
    #[inline(always)]
    fn shape(&self, buckets: usize, salt_fan: Option<usize>) -> Result<Shape, Error> {
        // Positions are at most `ROW_MAX` (checked by the caller), within
        // `u16`; a fanned-out salt has at most 5 chars and buckets at most
        // 65536 ranges (`count <= MAX_FAN_OUT`): a small shape, cheap to
        // move.
        let pos = |x: usize| u16::try_from(x).unwrap_or(u16::MAX);
        let shape = Shape {
            len: pos(self.len),
            n: pos(self.len + self.gap),
            lo_len: pos(self.lo_len),
            hi_len: pos(self.hi_len),
            lo: self.lo,
            hi: self.hi,
            open: self.open,
            framed: self.framed,
            buckets: u32::try_from(buckets)
                .ok()
                .and_then(NonZeroU32::new)
                .unwrap_or(NonZeroU32::MIN),
            salt_fan: salt_fan.map_or(0, |c| u8::try_from(c).unwrap_or(0)),
            java_fan: 0,
            bound: u16::try_from(self.row_bound).unwrap_or(u16::MAX),
            succ: self.succ,
        };
        // The static bound holds for every value (each slot counted in it
        // has a fixed width); should it not, the rows are refused rather
        // than copied short. The shape keeps the constant, not the rows'
        // own end, so that the optimizer sees it where the ranges are
        // copied. Short rows are copied whole, without it.
        if Self::CAP > SMALL_ROW && shape.rows_end() > self.row_bound {
            return Err(Self::overflow_error(self.last_field));
        }
        Ok(shape)
    }

    /// The open `#[spread]` field the ranges fan out over, if any.
    #[inline(always)]
    fn spread_fan(&self) -> Option<SpreadFan> {
        let (at, put) = self.spread?;
        Some(SpreadFan {
            at,
            width: self.spread_width,
            put,
            salt: self.shard_salt(),
        })
    }

    /// Whether the scan gives every input of its Java-hash salt (an open
    /// spread's bytes are given by each range).
    #[inline(always)]
    fn java_known(&self) -> bool {
        match self.java {
            Some((_, 0)) => self.whole,
            Some((_, fields)) => self.salt_seen == fields,
            None => false,
        }
    }

    /// A struct-level salt over an open spread's bytes, whose inputs the
    /// scan gives otherwise: each range hashes its own (`ranges::write_fan`).
    #[inline(always)]
    fn shard_salt(&self) -> Option<ranges::ShardSalt> {
        if !self.shard_salt || self.spread.is_none() {
            return None;
        }
        let mut shard = ranges::ShardSalt {
            slots: self.salt_slots,
            java_buckets: 0,
            width: 0,
            zero_first: false,
            delim: None,
            fields: 0,
            spread_order: self.spread_order,
            spread_part: crate::__private::SaltPart::Whole,
        };
        match (self.java, self.salt) {
            (Some((salt, fields)), _) if self.java_known() => {
                shard.java_buckets = salt.buckets;
                // 1 to 4 bytes (`scan_state_java`).
                shard.width = u8::try_from(salt.width).ok()?;
                shard.zero_first = salt.zero_first;
                shard.fields = fields;
            }
            (None, Some((chars, delim, fields))) if self.salt_seen == fields => {
                (shard.width, shard.delim, shard.fields) = (chars, delim, fields);
                let order = usize::from(self.spread_order);
                shard.spread_part = *self.salt_parts.get(order)?;
                // The other slots' bytes are the prefix's, the same in
                // every range: cut to what the salt hashes once, here.
                let c = usize::from(chars);
                let rest = crate::buf(&self.ranges.rows.start).get(c..).unwrap_or(&[]);
                let listed = shard.slots.iter_mut().zip(&self.salt_parts);
                for (j, (slot, &how)) in listed.enumerate().take(usize::from(fields)) {
                    let (s, e) = (usize::from(slot.0), usize::from(slot.1));
                    if j == order {
                        continue;
                    }
                    if let Some(bytes) = rest.get(s.saturating_sub(c)..e.saturating_sub(c)) {
                        let cut = bytes.len() - crate::__private::salt_part(bytes, how).len();
                        slot.1 = u16::try_from(e - cut).unwrap_or(slot.1);
                    }
                }
            }
            _ => return None,
        }
        Some(shard)
    }

    /// Writes a Java-hash salt the scan gives every input of into both rows;
    /// returns the salt when its inputs are left open (the ranges fan out
    /// over its values).
    #[inline(always)]
    fn java_salt(&mut self) -> Option<crate::__private::JavaSalt> {
        let (salt, fields) = self.java?;
        if !self.java_known() {
            return Some(salt);
        }
        if self.shard_salt && self.spread.is_some() {
            // The salt depends on the shard: each range works out its own
            // (`ranges::write_fan`), from the rows with its shard written.
            return None;
        }
        let w = salt.width;
        let rows = &mut self.ranges.rows;
        let (head, prefix) = crate::buf_mut(&mut rows.start)[..self.len].split_at_mut(w);
        let value = if fields == 0 {
            crate::__private::java_salt_of(&[prefix], salt)
        } else {
            let mut parts: [&[u8]; MAX_SALT_FIELDS] = [&[]; MAX_SALT_FIELDS];
            let slots = &self.salt_slots[..usize::from(fields)];
            for (part, &(s, e)) in parts.iter_mut().zip(slots) {
                let (s, e) = (usize::from(s), usize::from(e));
                *part = prefix
                    .get(s.saturating_sub(w)..e.saturating_sub(w))
                    .unwrap_or(&[]);
            }
            crate::__private::java_salt_of(&parts[..usize::from(fields)], salt)
        };
        crate::__private::write_be(value, head);
        if self.copied {
            let (start, stop) = (crate::buf(&rows.start), crate::buf_mut(&mut rows.stop));
            stop[..w].copy_from_slice(&start[..w]);
        }
        None
    }

    /// Ends the scan: writes a given struct-level salt, copies the prefix to
    /// the stop row, and decides the fan-out (0 when nothing can match) and
    /// the rows every range shares (see [`first_range`](ScanRanges::first_range)).
    #[inline(always)]
    fn finish(mut self) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.len + self.gap > Self::ROW_MAX {
            return Err(Self::overflow_error(self.last_field));
        }
        let len = self.len;
        let java_fan = self.java_salt();
        let rows = &mut self.ranges.rows;
        let mut salt_fan = None;
        if let Some((chars, delim, fields)) = self.salt {
            let (chars, fields) = (usize::from(chars), usize::from(fields));
            if usize::from(self.salt_seen) == fields {
                let mut parts: [&[u8]; MAX_SALT_FIELDS] = [&[]; MAX_SALT_FIELDS];
                let (head, prefix) = crate::buf_mut(&mut rows.start)[..len].split_at_mut(chars);
                for ((part, &(s, e)), &how) in parts
                    .iter_mut()
                    .zip(&self.salt_slots[..fields])
                    .zip(&self.salt_parts)
                {
                    let (s, e) = (usize::from(s), usize::from(e));
                    let slot = prefix
                        .get(s.saturating_sub(chars)..e.saturating_sub(chars))
                        .unwrap_or(&[]);
                    *part = crate::__private::salt_part(slot, how);
                }
                crate::__private::md5_hex_joined_into(&parts[..fields], delim, head);
            } else {
                salt_fan = Some(chars);
            }
            let room = chars + usize::from(delim.is_some());
            let (start, stop) = (
                crate::buf_mut(&mut rows.start),
                crate::buf_mut(&mut rows.stop),
            );
            if let Some(d) = delim {
                start[chars] = d;
            }
            if self.copied {
                // The salt room is the part of the prefix written since.
                stop[..room].copy_from_slice(&start[..room]);
            }
        }
        let buckets = if self.buckets == 0 {
            1
        } else {
            self.buckets as usize
        };
        let salts = match (salt_fan, java_fan) {
            (_, Some(salt)) => salt.buckets as usize,
            (Some(chars), _) if chars <= 4 => 1usize << (4 * chars),
            (Some(_), _) => usize::MAX,
            (None, None) => 1,
        };
        let count = salts.saturating_mul(buckets);
        if count > MAX_FAN_OUT {
            return Err(Error::field(
                K::NAME,
                "salt",
                ErrorKind::Invalid {
                    reason: "the scan would fan out over more than 2^20 (1048576) salt and \
                             bucket ranges: give the scan every field the struct-level salt \
                             hashes, so that the salt is known (a Java-hash salt over the \
                             whole key is known only when every field is given)",
                },
            ));
        }
        // Both rows share the prefix (salt room included).
        if !self.copied {
            let (start, stop) = (crate::buf(&rows.start), crate::buf_mut(&mut rows.stop));
            stop[..len].copy_from_slice(&start[..len]);
        }
        let n = self.len + self.gap;
        let mut shape = self.shape(buckets, salt_fan)?;
        let spread = self.spread_fan();
        if let Some(salt) = java_fan {
            // 1 to 4 bytes (`scan_state_java`).
            shape.java_fan = u8::try_from(salt.width).unwrap_or(0);
        }
        // Whether a range is empty depends on its bounds alone, not on the
        // salt or bucket in front of them (a carry out of a bound moves start
        // and stop alike): the first range decides for all. It is worked out
        // on the rows themselves, which are put back after.
        // Below a framed field's least value (its slot all zero bytes: `..0`,
        // `..""` on a padded string) no key sorts: the range would be a byte
        // range holding no key. (An unframed last field's values are not
        // framed: `..[0]` still holds the key ending in an empty value.)
        // Below a bound as long as that least value (or longer) the range
        // is empty already, which `first_range` finds: the zero bytes are
        // looked at only when the start row may be shorter.
        // A key that starts with a salt or bucket keeps the check first,
        // before the rows are worked out: when the range count is known
        // not to be zero, the optimizer unrolls the caller's loop over the
        // 16 ranges of a fan-out, zeroing each range with inline stores
        // (log_event: fewer instructions, 1.31x the hand-written loop in
        // wall time). `SPREAD` is a constant, so each layout has one way.
        let spreads = !matches!(K::SPREAD, crate::Spread::None);
        let below_least = self.hi == Tail::Excluded
            && self.framed
            && (spreads || self.lo == Tail::Unbounded || self.lo_len < self.hi_len)
            && crate::buf(&self.ranges.rows.stop)[n..n + self.hi_len]
                .iter()
                .all(|&b| b == 0);
        let ranges = self.ranges;
        // Otherwise worked out whenever the bounds were written, so that
        // the row lengths stored do not depend on whether the range is
        // empty.
        let first = if self.nothing || (spreads && below_least) {
            First {
                shared: false,
                lens: None,
                selects: false,
            }
        } else {
            let mut first = first_range(&shape, spread.as_ref(), &mut ranges.rows, count > 1);
            first.selects &= !below_least;
            first
        };
        ranges.start(shape, spread, &first, count);
        Ok(())
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
