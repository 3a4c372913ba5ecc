//! Scan state, built without allocating.
//!
//! The derive's typed builder records each field's value or range; its
//! `ranges()` replays them into a [`Scan`], which writes each leading field's
//! exact bytes once, into the front of both rows, and a range on the next
//! field as two tails. [`ScanRanges`] then yields one [`KeyRange`] per salt or
//! bucket the prefix leaves open, each a copy of the two rows with its salt
//! or bucket written in.

use crate::__private::HBASE_MAX_KEY;
use crate::part::{KeyPart, OrderedPart, ReverseTs};
use crate::{Error, ErrorKind, KeyBuf, KeyRange, RowKey};
use core::num::NonZeroU32;
use core::ops::{
    Bound, Range, RangeBounds, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive,
};

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
    error: Option<Error>,
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

    /// The next field is bucketed and not fixed by the prefix: fan out.
    #[inline(always)]
    pub fn fan_bucket(&mut self, count: u32) {
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
            // whole start row is copied over it, a copy of constant size
            // (a few moves), where the prefix alone would take a `memcpy`
            // call of its runtime length.
            let rows = &mut self.ranges.rows;
            crate::buf_mut(&mut rows.stop).copy_from_slice(crate::buf(&rows.start));
            self.copied = true;
        }
        let at = self.len + self.gap;
        let (lo, lo_len) = self.tail(field, lo, at, &len, &put, true)?;
        let (hi, hi_len) = self.tail(field, hi, at, &len, &put, false)?;
        (self.lo, self.lo_len, self.hi, self.hi_len) = (lo, lo_len, hi, hi_len);
        Ok(())
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

    /// Sets a `#[reverse_ts]` range: timestamps `lo..hi` become stored values
    /// `i64::MAX - hi ..= i64::MAX - lo`, so the window comes newest first.
    ///
    /// # Errors
    /// As [`range`](Scan::range).
    #[inline(always)]
    pub fn range_reverse_ts(
        &mut self,
        field: &'static str,
        lo: Bound<i128>,
        hi: Bound<i128>,
    ) -> Result<(), Error> {
        match reverse_ts_bounds(lo, hi) {
            None => {
                self.nothing = true;
                Ok(())
            }
            Some((a, b)) => self.range(
                field,
                false,
                Bound::Included(a),
                Bound::Included(b),
                |_| 8,
                |v, out, pos| {
                    out[*pos..*pos + 8].copy_from_slice(&v.to_be_bytes());
                    *pos += 8;
                    Ok(())
                },
            ),
        }
    }

    /// The longest row the fields given can make, from their static widths
    /// (`__private::scan_row_bound`): a constant, where the row lengths
    /// worked out from the values are not, as far as the optimizer sees.
    #[inline(always)]
    pub fn row_bound(&mut self, bound: usize) {
        self.row_bound = bound;
    }

    /// The prefix is a whole key: match it exactly, not as a prefix.
    #[inline(always)]
    pub fn exact(&mut self) {
        (self.lo, self.lo_len, self.hi, self.hi_len) = (Tail::Included, 0, Tail::Included, 0);
        self.open = true;
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
            bound: u16::try_from(self.row_bound).unwrap_or(u16::MAX),
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

    /// Ends the scan: writes a given struct-level salt, copies the prefix to
    /// the stop row, and decides the fan-out (0 when nothing can match) and
    /// the rows every range shares (see [`first_range`](ScanRanges::first_range)).
    #[inline(always)]
    fn finish(self) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.len + self.gap > Self::ROW_MAX {
            return Err(Self::overflow_error(self.last_field));
        }
        let len = self.len;
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
        let salts = match salt_fan {
            Some(chars) if chars <= 4 => 1usize << (4 * chars),
            Some(_) => usize::MAX,
            None => 1,
        };
        let count = salts.saturating_mul(buckets);
        if count > MAX_FAN_OUT {
            return Err(Error::field(
                K::NAME,
                "salt",
                ErrorKind::Invalid {
                    reason: "the scan would fan out over more than 2^20 (1048576) salt and \
                             bucket ranges: give the scan every field the struct-level salt \
                             hashes, so that the salt is known",
                },
            ));
        }
        // Both rows share the prefix (salt room included).
        if !self.copied {
            let (start, stop) = (crate::buf(&rows.start), crate::buf_mut(&mut rows.stop));
            stop[..len].copy_from_slice(&start[..len]);
        }
        let n = self.len + self.gap;
        let shape = self.shape(buckets, salt_fan)?;
        // Whether a range is empty depends on its bounds alone, not on the
        // salt or bucket in front of them (a carry out of a bound moves start
        // and stop alike): the first range decides for all. It is worked out
        // on the rows themselves, which are put back after.
        // Below a framed field's least value (its slot all zero bytes: `..0`,
        // `..""` on a padded string) no key sorts: the range would be a byte
        // range holding no key. (An unframed last field's values are not
        // framed: `..[0]` still holds the key ending in an empty value.)
        let below_least = self.hi == Tail::Excluded
            && self.framed
            && crate::buf(&self.ranges.rows.stop)[n..n + self.hi_len]
                .iter()
                .all(|&b| b == 0);
        let selects = !(self.nothing || below_least);
        let ranges = self.ranges;
        let first = if selects {
            first_range(&shape, &mut ranges.rows, count > 1)
        } else {
            First {
                shared: false,
                lens: None,
                selects: false,
            }
        };
        ranges.start(shape, &first, count);
        Ok(())
    }
}

/// The shape of one scan's ranges: everything range `i` is computed from
/// besides the two template rows.
#[derive(Clone, Copy)]
struct Shape {
    /// End of the prefix, salt room included.
    len: u16,
    /// End of the prefix and the fanned-out bucket: where the bounds start.
    n: u16,
    lo_len: u16,
    hi_len: u16,
    lo: Tail,
    hi: Tail,
    open: bool,
    framed: bool,
    /// Hex chars of the struct-level salt left open (fanned out), 0 for none.
    salt_fan: u8,
    /// Buckets fanned out, 1 for none (never 0: range `i`'s bucket is
    /// `i % buckets`, with no check for a zero divisor).
    buckets: NonZeroU32,
    /// The longest row of any range (`Shape::row_bound`).
    bound: u16,
}

impl Shape {
    /// Whether a salt or bucket fans out: known from constants where the
    /// range count is not, so that a scan of one range has no fan code.
    #[inline(always)]
    fn fans(&self) -> bool {
        self.salt_fan > 0 || self.buckets.get() > 1
    }

    /// The longest row any range of the scan holds: the bounds' end, and
    /// one byte a successor rule may add (`range_rows`).
    #[inline(always)]
    fn row_bound(&self) -> usize {
        usize::from(self.bound)
    }

    /// The bounds' end and one byte a successor rule may add
    /// (`range_rows`): the longest row of any range, worked out from the
    /// values.
    #[inline(always)]
    fn rows_end(&self) -> usize {
        usize::from(self.n) + usize::from(self.lo_len.max(self.hi_len)) + 1
    }
}

/// What working out range 0 found (see [`first_range`]).
struct First {
    /// Every range is the template with its salt and bucket patched in.
    shared: bool,
    /// When shared, the row lengths of every range.
    lens: Option<(usize, usize)>,
    /// Whether range 0 selects anything (whether any range does).
    selects: bool,
}

/// Range 0 worked out in place on the template rows: whether it selects
/// anything, and, when its successor rules changed no byte before the
/// bounds, its row lengths (`shared`). Then the rows are every range's
/// once its own salt and bucket are patched in, and a range costs one copy.
/// That is every scan but one whose bound is all `0xFF` bytes and carries
/// into a fanned-out bucket or salt, or whose fan does not end within the
/// first 16 bytes (`ScanRanges::range` patches those only); for those the
/// rows are put back and each range is worked out as it is taken.
#[inline(always)]
fn first_range<K: RowKey>(shape: &Shape, rows: &mut KeyRange<K>, fans: bool) -> First {
    let (a, b) = (
        crate::buf_mut(&mut rows.start),
        crate::buf_mut(&mut rows.stop),
    );
    let r = range_rows(shape, 0, a, b);
    let n = usize::from(shape.n);
    let patchable = n <= 16 && <K::ScanBuf as KeyBuf>::LEN >= 16;
    if !fans || (patchable && r.bumped.iter().all(|j| j.is_none_or(|j| j >= n))) {
        return First {
            shared: true,
            lens: Some((r.start, r.stop.unwrap_or(0))),
            selects: r.selects,
        };
    }
    // Salt and bucket bytes are rewritten for every range; only the bytes
    // a successor rule incremented are the template's own.
    if let Some(j) = r.bumped[0] {
        a[j] = a[j].wrapping_sub(1);
    }
    if let Some(j) = r.bumped[1] {
        b[j] = b[j].wrapping_sub(1);
    }
    First {
        shared: false,
        lens: None,
        selects: r.selects,
    }
}

/// Range `i`'s row lengths, and which bytes a successor rule incremented
/// (`prefix_stop` adds one to one byte), so that the template can be put
/// back when the rows were worked out in place.
struct Rows {
    start: usize,
    stop: Option<usize>,
    bumped: [Option<usize>; 2],
    selects: bool,
}

/// Turns the template rows `a` and `b` (start and stop, holding the prefix
/// and the bounds) into range `i`'s rows: its salt and bucket written in,
/// then the bounds' successor rules.
#[inline(always)]
fn range_rows(sh: &Shape, i: u32, a: &mut [u8], b: &mut [u8]) -> Rows {
    let n = usize::from(sh.n);
    write_fan(sh, i, a, b);
    let (lo_end, hi_end) = (n + usize::from(sh.lo_len), n + usize::from(sh.hi_len));
    let mut bumped = [None, None];
    let start = match sh.lo {
        Tail::Unbounded => Some(n),
        Tail::Included => Some(lo_end),
        // After a value of variable width: `v 00`. After a fixed-width
        // or framed one nothing extends it, so the next value's row: above
        // the greatest (all 0xFF) that carries out of the bound, past every
        // stop row, and the range is empty.
        Tail::Excluded if sh.open && !sh.framed => successor(a, lo_end, &mut bumped[0]),
        Tail::Excluded => bump(a, lo_end, &mut bumped[0]),
    };
    let Some(start) = start else {
        // Nothing sorts after an all-0xFF row's extensions.
        return Rows {
            start: 0,
            stop: None,
            bumped,
            selects: false,
        };
    };
    let stop = match sh.hi {
        Tail::Excluded => Some(hi_end),
        Tail::Included if sh.open => successor(b, hi_end, &mut bumped[1]),
        Tail::Included => bump(b, hi_end, &mut bumped[1]),
        Tail::Unbounded => bump(b, n, &mut bumped[1]),
    };
    // The rows agree up to the bounds, or up to a byte a successor rule
    // incremented before them: compare from there.
    let same = bumped.iter().fold(n, |m, j| j.map_or(m, |j| m.min(j)));
    let selects = stop.is_none_or(|l| after(&b[same..l], &a[same..start]));
    Rows {
        start,
        stop,
        bumped,
        selects,
    }
}

/// A template row into a blank one of the same length, up to `bound`
/// bytes, its first 16 with `mask`'s bytes replaced by `bits`' (read
/// little-endian): 1, 2 or 4 words of 16 bytes, whichever cover `bound`,
/// moved as integers (so that the optimizer sees each word and the zero
/// bytes after them as parts of the range written once each), else the
/// whole row.
#[inline(always)]
fn copy_row(src: &[u8], dst: &mut [u8], bound: usize, mask: u128, bits: u128) {
    let patch = |row: &mut [u8]| {
        if let Some(h) = row.first_chunk_mut::<16>() {
            *h = (u128::from_le_bytes(*h) & !mask | bits).to_le_bytes();
        }
    };
    // A short row (a constant length) is copied whole: a few moves.
    if dst.len() <= SMALL_ROW {
        dst.copy_from_slice(src);
        patch(dst);
        return;
    }
    macro_rules! words {
        ($($n:literal),*) => {$(
            if bound <= 16 * $n {
                if let (Some(s), Some(d)) = (
                    src.first_chunk::<{ 16 * $n }>(),
                    dst.first_chunk_mut::<{ 16 * $n }>(),
                ) {
                    for (j, (s, d)) in s.chunks_exact(16).zip(d.chunks_exact_mut(16)).enumerate() {
                        let mut w = u128::from_le_bytes(s.try_into().unwrap_or([0; 16]));
                        if j == 0 {
                            w = w & !mask | bits;
                        }
                        d.copy_from_slice(&w.to_le_bytes());
                    }
                    return;
                }
            }
        )*};
    }
    words!(1, 2, 4);
    dst.copy_from_slice(src);
    patch(dst);
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Writes range `i`'s salt and bucket (those fanned out) into both rows,
/// byte by byte: a fanned-out salt is at most 5 hex chars (`MAX_FAN_OUT`)
/// and a bucket 1 or 2 bytes, too short for a call to `memcpy`.
#[inline(always)]
fn write_fan(sh: &Shape, i: u32, a: &mut [u8], b: &mut [u8]) {
    let (len, n) = (usize::from(sh.len), usize::from(sh.n));
    if sh.salt_fan > 0 {
        let mut salt = i / sh.buckets;
        for j in (0..usize::from(sh.salt_fan)).rev() {
            let hex = HEX[(salt & 0xf) as usize];
            salt >>= 4;
            a[j] = hex;
            b[j] = hex;
        }
    }
    if n > len {
        #[allow(clippy::cast_possible_truncation)] // i % buckets < 65536
        let [hi, lo] = ((i % sh.buckets) as u16).to_be_bytes();
        if n - len == 1 {
            (a[len], b[len]) = (lo, lo);
        } else {
            (a[len], b[len]) = (hi, hi);
            (a[len + 1], b[len + 1]) = (lo, lo);
        }
    }
}

/// Range `i`'s salt and bucket bytes (those fanned out) as they lie in
/// the first 16 bytes of a row read little-endian, and the mask of their
/// positions: what [`write_fan`] writes, for rows whose fan ends by byte 16.
#[inline(always)]
fn fan_bits(sh: &Shape, i: u32) -> (u128, u128) {
    let (len, n) = (u32::from(sh.len), u32::from(sh.n));
    let (mut mask, mut bits) = (0u128, 0u128);
    let mut salt = i / sh.buckets;
    for j in (0..u32::from(sh.salt_fan)).rev() {
        let hex = HEX[(salt & 0xf) as usize];
        salt >>= 4;
        mask |= 0xff << (8 * j);
        bits |= u128::from(hex) << (8 * j);
    }
    if n > len {
        let bucket = i % sh.buckets;
        // One byte, or two big-endian: the low byte last, at `n - 1`.
        mask |= 0xff << (8 * (n - 1));
        bits |= u128::from(bucket & 0xff) << (8 * (n - 1));
        if n - len == 2 {
            mask |= 0xff << (8 * len);
            bits |= u128::from((bucket >> 8) & 0xff) << (8 * len);
        }
    }
    (mask, bits)
}

/// `stop > start`, as slices compare, without a `memcmp` call when their
/// first 8 bytes differ (bounds of a fixed-width field mostly do).
#[inline(always)]
fn after(stop: &[u8], start: &[u8]) -> bool {
    if let (Some(s), Some(t)) = (stop.first_chunk::<8>(), start.first_chunk::<8>()) {
        let (s, t) = (u64::from_be_bytes(*s), u64::from_be_bytes(*t));
        if s != t {
            return s > t;
        }
    }
    stop > start
}

/// `prefix_stop` on `row[..len]`, noting the byte it incremented.
#[inline(always)]
fn bump(row: &mut [u8], len: usize, bumped: &mut Option<usize>) -> Option<usize> {
    let l = prefix_stop(&mut row[..len])?;
    *bumped = Some(l - 1);
    Some(l)
}

/// The row right after exactly `row[..len]`: `row 00`, or at HBase's limit,
/// where no longer key exists, the first row after every extension of it.
/// The scan keeps its rows one byte short of the buffer below the limit
/// (`Scan::ROW_MAX`), so `00` fits.
#[inline(always)]
fn successor(row: &mut [u8], len: usize, bumped: &mut Option<usize>) -> Option<usize> {
    if len < HBASE_MAX_KEY && len < row.len() {
        row[len] = 0;
        Some(len + 1)
    } else {
        bump(row, len, bumped)
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

/// The ranges of one scan, one per salt value and bucket the prefix leaves
/// open, in key order; none when the scan can select nothing. Computed as
/// they are taken: no allocation.
pub struct ScanRanges<K: RowKey> {
    shape: Shape,
    /// Every range is the template with its salt and bucket written in.
    shared: bool,
    /// Otherwise, the template bytes the last range's successor rules
    /// incremented, put back before the next one is worked out.
    bumped: [Option<u16>; 2],
    next: u32,
    count: u32,
    /// The template rows: every range of a scan whose ranges share their
    /// rows is a blank range with these copied in up to the shape's bound
    /// and its salt and bucket patched in (`range`). When the ranges share
    /// their rows (`shared`), its lengths are theirs.
    rows: KeyRange<K>,
}

impl<K: RowKey> Clone for ScanRanges<K> {
    fn clone(&self) -> Self {
        ScanRanges {
            rows: self.rows,
            shape: self.shape,
            shared: self.shared,
            bumped: self.bumped,
            next: self.next,
            count: self.count,
        }
    }
}

impl<K: RowKey> core::fmt::Debug for ScanRanges<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ScanRanges")
            .field("key", &K::NAME)
            .field(
                "prefix",
                &crate::Binary(&crate::buf(&self.rows.start)[..usize::from(self.shape.len)]),
            )
            .field("next", &self.next)
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

impl<K: RowKey> ScanRanges<K> {
    /// How many leading bytes to skip so that rows of different ranges merge
    /// in the order of the key without its salt and bucket (see
    /// [`merge_sorted`](crate::merge_sorted)). Every row of one scan is
    /// `[salt][prefix][bucket][rest]` with the same prefix, so skipping past
    /// the bucket leaves exactly the order-deciding rest.
    #[must_use]
    pub fn merge_skip(&self) -> usize {
        if self.count <= 1 {
            return 0;
        }
        usize::from(self.shape.n)
    }

    /// The number of ranges (fan-out) the scan yields in all; one when
    /// nothing fans out, zero when the scan selects nothing. Unlike
    /// `len()` (the ranges not yet taken), it does not change as the
    /// iterator is consumed.
    ///
    /// Only a bucket or a struct-level salt whose fields the scan leaves
    /// open fans out. A field-level `#[salt]` is either given (its value
    /// fixes the salt: one range) or left open with everything after it,
    /// and then the scan is one range over the whole table, in stored
    /// (salt) order, with `merge_skip() == 0`.
    #[must_use]
    pub fn fan_out(&self) -> usize {
        self.count as usize
    }

    /// Range `i`, built as a careful hand would build it: a blank range,
    /// then the template's rows up to the longest row the scan's fields
    /// can make (a bound known when the scan is compiled, `Shape::bound`),
    /// the first 16 bytes of each patched with this range's salt and
    /// bucket in a register (`fan_bits`), the rest in one constant-size
    /// piece. Every write into the range is then at a constant offset and
    /// of a constant size, so the optimizer builds it where the caller's
    /// loop binds it: a byte stored at a runtime position, or a piece of a
    /// runtime size, makes it build the range aside and copy all of it
    /// there. The template is not written per range, so its reads never
    /// wait on narrow stores to the same bytes.
    #[inline(always)]
    fn range(&self, i: u32) -> KeyRange<K> {
        let sh = &self.shape;
        // A range worked out in place (not shared) holds its own salt and
        // bucket, possibly carried into by a successor rule: nothing is
        // patched. Masked with bit operations, not branched on, so that
        // both ways of taking a range build it the same way.
        let (mask, bits) = if sh.fans() && sh.n <= 16 {
            fan_bits(sh, i)
        } else {
            (0, 0)
        };
        let keep = u128::from(self.shared).wrapping_neg();
        let (mask, bits) = (mask & keep, bits & keep);
        let mut r = KeyRange::EMPTY;
        (r.start_len, r.stop_len) = (self.rows.start_len, self.rows.stop_len);
        let bound = sh.row_bound();
        copy_row(
            crate::buf(&self.rows.start),
            crate::buf_mut(&mut r.start),
            bound,
            mask,
            bits,
        );
        copy_row(
            crate::buf(&self.rows.stop),
            crate::buf_mut(&mut r.stop),
            bound,
            mask,
            bits,
        );
        r
    }

    /// Sets the iterator's state once the rows are written. Stored last,
    /// after every byte written into the rows at a runtime position (any of
    /// which, as far as the optimizer can tell, might overwrite it): then it
    /// can follow these stores to where the ranges are taken and fold the
    /// shape there.
    #[inline(always)]
    fn start(&mut self, shape: Shape, first: &First, count: usize) {
        if let Some((start, stop)) = first.lens {
            (self.rows.start_len, self.rows.stop_len) = (start, stop);
        }
        self.shape = shape;
        self.shared = first.shared;
        self.bumped = [None, None];
        self.next = 0;
        self.count = if first.selects {
            u32::try_from(count).unwrap_or(0)
        } else {
            0
        };
    }

    /// The rows of the next range of a scan whose ranges share no rows (a
    /// bound of all `0xFF` bytes carrying into a fanned-out bucket), worked
    /// out in place on the template `rows`, lengths included, from range
    /// `next` on, after putting back the bytes the last range's successor
    /// rules incremented (`bumped`). Returns the range after it, and, when
    /// there is a range, the bytes to put back on the next call.
    ///
    /// Out of line, it takes the rows alone and the rest by value: were the
    /// whole `ScanRanges` passed by reference, its address would escape and
    /// its counters and shape would live in memory on the common path too,
    /// reloaded for every range instead of folded.
    #[inline(never)]
    fn work_out_next(
        (rows, shape): &mut (KeyRange<K>, Shape),
        bumped: [Option<u16>; 2],
        mut next: u32,
        count: u32,
    ) -> (u32, Option<[Option<u16>; 2]>) {
        let (a, b) = (
            crate::buf_mut(&mut rows.start),
            crate::buf_mut(&mut rows.stop),
        );
        let undo = |a: &mut [u8], b: &mut [u8], bumped: [Option<usize>; 2]| {
            if let Some(j) = bumped[0] {
                a[j] = a[j].wrapping_sub(1);
            }
            if let Some(j) = bumped[1] {
                b[j] = b[j].wrapping_sub(1);
            }
        };
        undo(a, b, bumped.map(|j| j.map(usize::from)));
        while next < count {
            let i = next;
            next += 1;
            let r = range_rows(shape, i, a, b);
            // Never false after the first range (see `Scan::finish`);
            // skipped, not yielded, should it be.
            if r.selects {
                (rows.start_len, rows.stop_len) = (r.start, r.stop.unwrap_or(0));
                // Bumped bytes are row positions, below 32768.
                return (
                    next,
                    Some(r.bumped.map(|j| j.and_then(|j| u16::try_from(j).ok()))),
                );
            }
            undo(a, b, r.bumped);
        }
        (next, None)
    }
}

impl<K: RowKey> Iterator for ScanRanges<K> {
    type Item = KeyRange<K>;

    #[inline]
    fn next(&mut self) -> Option<KeyRange<K>> {
        // Past the last range on either path (`work_out_next` stops there
        // too).
        if self.next >= self.count {
            return None;
        }
        let i = self.next;
        // A scan that does not fan out always shares its rows; said from
        // the shape as well, which the optimizer folds, so that such a scan
        // has no code for the other way.
        if self.shared || !self.shape.fans() {
            self.next += 1;
        } else {
            // On a copy of the rows and shape, so that no address inside
            // `self` reaches the call (see `work_out_next`).
            let mut work = (self.rows, self.shape);
            let (next, bumped) = Self::work_out_next(&mut work, self.bumped, self.next, self.count);
            self.rows = work.0;
            self.next = next;
            self.bumped = bumped.unwrap_or_default();
            bumped?;
        }
        Some(self.range(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.count - self.next) as usize;
        (left, Some(left))
    }
}

impl<K: RowKey> ExactSizeIterator for ScanRanges<K> {}

/// A scan that has not started: the generated `ranges()` fills it in place
/// ([`scan_state`], [`scan_finish`]). Hidden, not public API.
pub trait ScanStart {
    /// Nothing given yet.
    const START: Self;
}

impl<K: RowKey> ScanStart for ScanRanges<K> {
    const START: Self = ScanRanges {
        rows: KeyRange::EMPTY,
        shape: Shape {
            len: 0,
            n: 0,
            lo_len: 0,
            hi_len: 0,
            lo: Tail::Unbounded,
            hi: Tail::Unbounded,
            open: false,
            framed: false,
            buckets: NonZeroU32::MIN,
            salt_fan: 0,
            bound: u16::MAX,
        },
        shared: false,
        bumped: [None, None],
        next: 0,
        count: 0,
    };
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
        salt_slots: [(0, 0); MAX_SALT_FIELDS],
        salt_parts: [crate::__private::SaltPart::Whole; MAX_SALT_FIELDS],
        salt_seen: 0,
        last_field: "",
        copied: false,
        row_bound: usize::MAX,
        error: None,
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
    let mut out = Ok(<ScanRanges<K> as ScanStart>::START);
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
    /// # Errors
    /// A scan value the layout refuses (too long for its pad, holding its
    /// delimiter, a timestamp out of range, ...), naming the field.
    fn ranges(self) -> Result<ScanRanges<K>, Error>;
}

/// One recorded builder call, replayed into a [`Scan`] by `ranges()`: the
/// derive emits one per field for a value and one for a range. The builder
/// holds only these (the values given), not the rows, so each builder stage
/// is as small as its arguments.
pub trait Step<K: RowKey> {
    /// Writes this call (after the calls before it) into the scan.
    ///
    /// # Errors
    /// The first refusal of a value or bound: the calls after it are not
    /// replayed.
    fn apply(self, scan: &mut Scan<'_, K>) -> Result<(), Error>;
}

impl<K: RowKey> Step<K> for () {
    #[inline(always)]
    fn apply(self, _: &mut Scan<'_, K>) -> Result<(), Error> {
        Ok(())
    }
}

/// What a derived scan builder's field method takes: a value of the field's
/// type (the prefix continues) or a range of them (the scan ends there).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a `{T}` nor a range of `{T}`",
    label = "pass a value, or a range such as `a..b`, `a..=b`, `a..` or `..`",
    note = "ranges need an order-preserving field: not #[salt], #[reverse], #[twos_complement], #[decimal] without a width, or a pad/delim byte other than 0x00 after a variable-width value"
)]
pub trait ScanArg<T> {
    /// The type encoded: `T` itself, or a borrowed view (`&str` for `String`).
    type Value: KeyPart;
    /// The builder stage the method returns: `E` for a value, `R` for a range.
    type Out<E, R>;
    /// Hands the value to `eq`, or the range's bounds to `range`.
    fn apply<S, E, R>(
        self,
        state: S,
        eq: impl FnOnce(S, Self::Value) -> E,
        range: impl FnOnce(S, Bound<Self::Value>, Bound<Self::Value>) -> R,
    ) -> Self::Out<E, R>;
}

impl<T: KeyPart> ScanArg<T> for T {
    type Value = T;
    type Out<E, R> = E;
    #[inline]
    fn apply<S, E, R>(
        self,
        state: S,
        eq: impl FnOnce(S, T) -> E,
        _: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
    ) -> E {
        eq(state, self)
    }
}

/// What a builder method of a field that keeps no value order takes: one
/// exact value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value of `{T}`",
    label = "this field can only be scanned for one exact value",
    note = "a #[salt], #[reverse], #[twos_complement] or #[decimal] (no width) field, a variable-width value padded or delimited with a byte other than 0x00, an unframed variable-width #[desc] last field, or an Option of a #[reverse_ts] timestamp does not keep value order, so it takes no range; #[decimal(W)] and #[desc] #[delim] do"
)]
pub trait ScanValue<T> {
    /// The type encoded: `T` itself, or a borrowed view (`&str` for `String`).
    type Value: KeyPart;
    /// The value to encode.
    fn into_value(self) -> Self::Value;
}

impl<T: KeyPart> ScanValue<T> for T {
    type Value = T;
    #[inline]
    fn into_value(self) -> T {
        self
    }
}

// Borrowed views of owned field types, and an owned `String` for a
// borrowed `&str` field: the caller need not convert.
macro_rules! view_arg {
    ($($field:ty => $arg:ty as $value:ty: |$v:ident| $view:expr;)*) => {$(
        #[cfg(feature = "alloc")]
        impl<'a> ScanArg<$field> for $arg {
            type Value = $value;
            type Out<E, R> = E;
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                eq: impl FnOnce(S, $value) -> E,
                _: impl FnOnce(S, Bound<$value>, Bound<$value>) -> R,
            ) -> E {
                let $v = self;
                eq(state, $view)
            }
        }

        #[cfg(feature = "alloc")]
        impl<'a> ScanValue<$field> for $arg {
            type Value = $value;
            #[inline]
            fn into_value(self) -> $value {
                let $v = self;
                $view
            }
        }
    )*};
}

view_arg! {
    alloc::string::String => &'a str as &'a str: |v| v;
    alloc::string::String => &'a alloc::string::String as &'a str: |v| v.as_str();
    alloc::vec::Vec<u8> => &'a [u8] as &'a [u8]: |v| v;
    alloc::vec::Vec<u8> => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
    &'a str => &'a alloc::string::String as &'a str: |v| v.as_str();
    &'a [u8] => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
}

/// A range as its two bounds.
type BoundPair<T> = (Bound<T>, Bound<T>);

/// A std range taken apart into owned bounds, as [`RangeBounds`] reads it:
/// an exhausted `a..=b` (iterated to its end, empty by std's rules) has an
/// excluded end, not the `b` that `into_inner` would give back.
trait IntoBounds<T> {
    fn into_bounds(self) -> BoundPair<T>;
}

impl<T> IntoBounds<T> for Range<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Included(self.start), Bound::Excluded(self.end))
    }
}

impl<T> IntoBounds<T> for RangeInclusive<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        let exhausted = matches!(self.end_bound(), Bound::Excluded(_));
        let (a, b) = self.into_inner();
        let end = if exhausted {
            Bound::Excluded(b)
        } else {
            Bound::Included(b)
        };
        (Bound::Included(a), end)
    }
}

impl<T> IntoBounds<T> for RangeFrom<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Included(self.start), Bound::Unbounded)
    }
}

impl<T> IntoBounds<T> for RangeTo<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Unbounded, Bound::Excluded(self.end))
    }
}

impl<T> IntoBounds<T> for RangeToInclusive<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Unbounded, Bound::Included(self.end))
    }
}

impl<T> IntoBounds<T> for BoundPair<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        self
    }
}

macro_rules! range_arg {
    ($($r:ident),*) => {$(
        impl<T: OrderedPart> ScanArg<T> for $r<T> {
            type Value = T;
            type Out<E, R> = R;
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                _: impl FnOnce(S, T) -> E,
                range: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
            ) -> R {
                let (lo, hi) = self.into_bounds();
                range(state, lo, hi)
            }
        }
    )*};
}

range_arg!(
    Range,
    RangeInclusive,
    RangeFrom,
    RangeTo,
    RangeToInclusive,
    BoundPair
);

impl<T: OrderedPart> ScanArg<T> for RangeFull {
    type Value = T;
    type Out<E, R> = R;
    #[inline]
    fn apply<S, E, R>(
        self,
        state: S,
        _: impl FnOnce(S, T) -> E,
        range: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
    ) -> R {
        range(state, Bound::Unbounded, Bound::Unbounded)
    }
}

// Ranges of the same views: `"a".."b"` on a `String` field, `&String`
// bounds on a `&str` one.
macro_rules! view_range_arg {
    ($r:ident: $($field:ty => $arg:ty as $value:ty: |$v:ident| $view:expr;)*) => {$(
        #[cfg(feature = "alloc")]
        impl<'a> ScanArg<$field> for $r<$arg>
        where
            $value: OrderedPart,
        {
            type Value = $value;
            type Out<E, R> = R;
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                _: impl FnOnce(S, $value) -> E,
                range: impl FnOnce(S, Bound<$value>, Bound<$value>) -> R,
            ) -> R {
                let (lo, hi) = self.into_bounds();
                let view = |$v: $arg| -> $value { $view };
                range(state, lo.map(view), hi.map(view))
            }
        }
    )*};
}

macro_rules! view_ranges {
    ($($r:ident),*) => {$(
        view_range_arg! { $r:
            alloc::string::String => &'a str as &'a str: |v| v;
            alloc::string::String => &'a alloc::string::String as &'a str: |v| v.as_str();
            alloc::vec::Vec<u8> => &'a [u8] as &'a [u8]: |v| v;
            alloc::vec::Vec<u8> => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
            &'a str => &'a alloc::string::String as &'a str: |v| v.as_str();
            &'a [u8] => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
        }
    )*};
}

view_ranges!(
    Range,
    RangeInclusive,
    RangeFrom,
    RangeTo,
    RangeToInclusive,
    BoundPair
);

/// A `#[reverse_ts]` range's lower bound as a position among stored units:
/// an inclusive bound between two units starts at the next one.
#[inline]
#[must_use]
pub fn reverse_ts_lower<T: ReverseTs>(bound: Bound<&T>) -> Bound<i128> {
    match bound {
        Bound::Included(v) => Bound::Included(v.to_i128_ceil()),
        Bound::Excluded(v) => Bound::Excluded(v.to_i128()),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// A `#[reverse_ts]` range's upper bound: an exclusive bound between two
/// units still holds the unit below it.
#[inline]
#[must_use]
pub fn reverse_ts_upper<T: ReverseTs>(bound: Bound<&T>) -> Bound<i128> {
    match bound {
        Bound::Included(v) => Bound::Included(v.to_i128()),
        Bound::Excluded(v) => Bound::Excluded(v.to_i128_ceil()),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// A `#[reverse_ts]` range in the stored domain (`i64::MAX - ts`), as an
/// inclusive pair: newest first, so the bounds swap. `None` when no storable
/// timestamp is in range.
#[inline]
#[must_use]
pub fn reverse_ts_bounds(lo: Bound<i128>, hi: Bound<i128>) -> Option<(u64, u64)> {
    const MAX: i128 = i64::MAX as i128;
    let a = match lo {
        Bound::Included(v) => v,
        Bound::Excluded(v) => v + 1,
        Bound::Unbounded => 0,
    }
    .max(0);
    let b = match hi {
        Bound::Included(v) => v,
        Bound::Excluded(v) => v - 1,
        Bound::Unbounded => MAX,
    }
    .min(MAX);
    if a > b {
        return None;
    }
    // 0 <= a <= b <= MAX, so both differences fit u64.
    let to_u64 = |v: i128| u64::try_from(MAX - v).unwrap_or(0);
    Some((to_u64(b), to_u64(a)))
}
