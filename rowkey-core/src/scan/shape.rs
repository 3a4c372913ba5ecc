//! What every range of a fanned-out scan shares, and how each is made from
//! the template rows: the shape ([`Shape`]), the first range, the salt,
//! bucket and shard patched in (`write_fan`, `fan_bits`), and HBase's
//! successor rule for a stop row. [`ScanRanges`](super::ScanRanges), in
//! `ranges.rs`, walks the ranges with them.

use super::slots::Slots;
use super::{prefix_stop, Tail, SMALL_ROW};
use crate::__private::HBASE_MAX_KEY;
use crate::{KeyBuf, KeyRange, RowKey};
use core::num::NonZeroU32;

/// Writes shard `i`'s bytes of a `#[spread]` field into the room a fanned
/// out scan keeps for it (`Scan::fan_spread`).
pub type ShardWriter = fn(u32, &mut [u8]);

/// A struct-level salt over the bytes of an open `#[spread]` field: range
/// `i`'s salt is hashed from its own rows once its shard is written in.
///
/// Flat and small (no enum, no list of what each slot hashes): it is part
/// of every scan's [`ScanRanges`], moved with them whether the layout has a
/// spread or not, and bytes the optimizer cannot see written (an enum's
/// other variant, an empty option's room) are copied at each move (an
/// enum with a list of parts, 64 bytes: metric scan 188 -> 209
/// instructions, callgrind).
#[derive(Clone, Copy)]
pub(super) struct ShardSalt {
    /// Where each hashed field sits in the rows, in the listed order. An
    /// MD5 salt's slots other than the spread's are cut to the bytes it
    /// hashes (`__private::salt_part`) when the scan ends: they are the
    /// same in every range.
    pub(super) slots: [(u16, u16); super::MAX_SALT_FIELDS],
    /// A Java-hash salt's value count (2 or more); 0 for an MD5 salt.
    pub(super) java_buckets: u32,
    /// The Java-hash salt's bytes, or the MD5 salt's hex chars.
    pub(super) width: u8,
    /// The Java-hash salt's `zero_first`.
    pub(super) zero_first: bool,
    /// The MD5 salt's delimiter between the values it joins.
    pub(super) delim: Option<u8>,
    /// Fields hashed, 0 for every byte after the salt (Java-hash only).
    pub(super) fields: u8,
    /// MD5: the spread's place in the listed fields and what of its slot
    /// the salt hashes.
    pub(super) spread_order: u8,
    pub(super) spread_part: crate::__private::SaltPart,
}

impl ShardSalt {
    /// Hashes the salt from the start row `a` (the prefix ends at `len`)
    /// and writes it into both rows.
    #[inline(always)]
    fn write(&self, len: usize, a: &mut [u8], b: &mut [u8]) {
        let fields = usize::from(self.fields);
        let mut parts: [&[u8]; super::MAX_SALT_FIELDS] = [&[]; super::MAX_SALT_FIELDS];
        let head = if self.java_buckets > 0 {
            let salt = crate::__private::JavaSalt {
                buckets: self.java_buckets,
                width: usize::from(self.width),
                zero_first: self.zero_first,
            };
            let w = salt.width;
            let value = if fields == 0 {
                crate::__private::java_salt_of(&[a.get(w..len).unwrap_or(&[])], salt)
            } else {
                for (part, &(s, e)) in parts.iter_mut().zip(&self.slots) {
                    *part = a.get(usize::from(s)..usize::from(e)).unwrap_or(&[]);
                }
                crate::__private::java_salt_of(&parts[..fields], salt)
            };
            crate::__private::write_be(value, &mut a[..w]);
            w
        } else {
            let chars = usize::from(self.width);
            let (head, rest) = a.split_at_mut(chars);
            for (j, (part, &(s, e))) in parts.iter_mut().zip(&self.slots).enumerate() {
                let slot = rest
                    .get(usize::from(s).saturating_sub(chars)..usize::from(e).saturating_sub(chars))
                    .unwrap_or(&[]);
                *part = if j == usize::from(self.spread_order) {
                    crate::__private::salt_part(slot, self.spread_part)
                } else {
                    slot
                };
            }
            crate::__private::md5_hex_joined_into(&parts[..fields], self.delim, head);
            chars
        };
        b[..head].copy_from_slice(&a[..head]);
    }
}

/// The shape of one scan's ranges: everything range `i` is computed from
/// besides the two template rows.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    /// End of the prefix, salt room included.
    pub(super) len: u16,
    /// End of the prefix and the fanned-out bucket: where the bounds start.
    pub(super) n: u16,
    pub(super) lo_len: u16,
    pub(super) hi_len: u16,
    pub(super) lo: Tail,
    pub(super) hi: Tail,
    pub(super) open: bool,
    pub(super) framed: bool,
    /// Hex chars of the struct-level salt left open (fanned out), 0 for none.
    pub(super) salt_fan: u8,
    /// Bytes of a Java-hash salt left open (its values fanned out,
    /// big-endian), 0 for none.
    pub(super) java_fan: u8,
    /// Buckets fanned out, 1 for none (never 0: range `i`'s bucket is
    /// `i % buckets`, with no check for a zero divisor).
    pub(super) buckets: NonZeroU32,
    /// The longest row of any range (`Shape::row_bound`).
    pub(super) bound: u16,
    /// The byte `successor` appends: 0, or 1 after a Phoenix value that a
    /// `00` separator may follow (`Scan::phx_maybe_separated`).
    pub(super) succ: u8,
}

/// A `#[spread(N)]` field the scan left open, kept beside the [`Shape`]
/// rather than in it: in the shape, its salt's slots made the shape too
/// big for the optimizer to keep in registers and fold, so that scans
/// which fan out over nothing kept the fan code (metric scan 231 -> 320
/// instructions, callgrind).
#[derive(Clone, Copy)]
pub(super) struct SpreadFan {
    /// Where its bytes start in the prefix.
    pub(super) at: u16,
    /// Its width.
    pub(super) width: u16,
    /// The writer of shard `i`'s bytes there (range `i`'s shard is
    /// `i % buckets`).
    pub(super) put: ShardWriter,
    /// A salt hashed over the spread's bytes, worked out per range.
    pub(super) salt: Option<ShardSalt>,
}

impl Shape {
    /// Nothing given yet.
    pub(super) const START: Shape = Shape {
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
        java_fan: 0,
        bound: u16::MAX,
        succ: 0,
    };

    /// Whether a salt or bucket fans out: known from constants where the
    /// range count is not, so that a scan of one range has no fan code.
    #[inline(always)]
    pub(super) fn fans(&self) -> bool {
        self.salt_fan > 0 || self.java_fan > 0 || self.buckets.get() > 1
    }

    /// No range's successor rules change a byte of it (a lower bound
    /// included or none, an upper bound excluded), and `range` writes its
    /// fan (`Slots::writes_fan`): every range is the template with its salt
    /// and bucket patched in, which `first_range` finds (`shared`). Said
    /// from the shape, which the optimizer folds where the flag is a load,
    /// so that such a scan has no code for working ranges out (a two-byte
    /// bucket: 33 -> 21 instructions per range; a 16-bucket log event scan
    /// 1109 -> 708 per query, callgrind).
    #[inline(always)]
    pub(super) fn never_bumps(&self, spread: Option<&SpreadFan>) -> bool {
        self.lo != Tail::Excluded && self.hi == Tail::Excluded && spread.is_none()
    }

    /// The longest row any range of the scan holds: the bounds' end, and
    /// one byte a successor rule may add (`range_rows`).
    #[inline(always)]
    pub(super) fn row_bound(&self) -> usize {
        usize::from(self.bound)
    }

    /// The bounds' end and one byte a successor rule may add
    /// (`range_rows`): the longest row of any range, worked out from the
    /// values.
    #[inline(always)]
    pub(super) fn rows_end(&self) -> usize {
        usize::from(self.n) + usize::from(self.lo_len.max(self.hi_len)) + 1
    }
}

/// What working out range 0 found (see [`first_range`]).
pub(super) struct First {
    /// Every range is the template with its salt and bucket patched in.
    pub(super) shared: bool,
    /// When shared, the row lengths of every range.
    pub(super) lens: Option<(usize, usize)>,
    /// Whether range 0 selects anything (whether any range does).
    pub(super) selects: bool,
}

/// Range 0 worked out in place on the template rows: whether it selects
/// anything, and, when its successor rules changed no byte before the
/// bounds, its row lengths (`shared`). Then the rows are every range's
/// once its own salt and bucket are patched in, and a range costs one copy.
/// That is every scan but one whose bound is all `0xFF` bytes and carries
/// into a fanned-out bucket or salt, or whose fan `ScanRanges::range` does
/// not write (`Slots::writes_fan`); for those the rows are put back and
/// each range is worked out as it is taken.
#[inline(always)]
pub(super) fn first_range<K: RowKey>(
    shape: &Shape,
    spread: Option<&SpreadFan>,
    rows: &mut KeyRange<K>,
    fans: bool,
) -> First {
    let (a, b) = (
        crate::buf_mut(&mut rows.start),
        crate::buf_mut(&mut rows.stop),
    );
    let r = range_rows(shape, spread, 0, a, b);
    let n = usize::from(shape.n);
    // A spread's bytes are its field's encoding, written by its own
    // writer: every range is worked out as it is taken.
    let patchable = spread.is_none()
        && const { Slots::of::<K>() }.writes_fan(shape, <K::ScanBuf as KeyBuf>::LEN);
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
pub(super) struct Rows {
    pub(super) start: usize,
    pub(super) stop: Option<usize>,
    pub(super) bumped: [Option<usize>; 2],
    pub(super) selects: bool,
}

/// Turns the template rows `a` and `b` (start and stop, holding the prefix
/// and the bounds) into range `i`'s rows: its salt and bucket written in,
/// then the bounds' successor rules.
#[inline(always)]
pub(super) fn range_rows(
    sh: &Shape,
    spread: Option<&SpreadFan>,
    i: u32,
    a: &mut [u8],
    b: &mut [u8],
) -> Rows {
    let n = usize::from(sh.n);
    write_fan(sh, spread, i, a, b);
    let (lo_end, hi_end) = (n + usize::from(sh.lo_len), n + usize::from(sh.hi_len));
    let mut bumped = [None, None];
    let start = match sh.lo {
        Tail::Unbounded => Some(n),
        Tail::Included => Some(lo_end),
        // After a value of variable width: `v 00`. After a fixed-width
        // or framed one nothing extends it, so the next value's row: above
        // the greatest (all 0xFF) that carries out of the bound, past every
        // stop row, and the range is empty.
        Tail::Excluded if sh.open && !sh.framed => successor(a, lo_end, sh.succ, &mut bumped[0]),
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
        Tail::Included if sh.open => successor(b, hi_end, sh.succ, &mut bumped[1]),
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
pub(super) fn copy_row(src: &[u8], dst: &mut [u8], bound: usize, mask: u128, bits: u128) {
    let patch = |row: &mut [u8]| {
        if let Some(h) = row.first_chunk_mut::<16>() {
            *h = (u128::from_le_bytes(*h) & !mask | bits).to_le_bytes();
        }
    };
    // Rows that end within 16 bytes are one patched word: the blank
    // range's bytes after it are the template's (zero past every row), so
    // they are constant stores, not loads of the template's tail.
    if bound <= 16 {
        if let (Some(s), Some(d)) = (src.first_chunk::<16>(), dst.first_chunk_mut::<16>()) {
            *d = (u128::from_le_bytes(*s) & !mask | bits).to_le_bytes();
            return;
        }
    }
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

pub(super) const HEX: &[u8; 16] = b"0123456789abcdef";

/// Writes range `i`'s salt and bucket (those fanned out) into both rows,
/// byte by byte: a fanned-out salt is at most 5 hex chars (`MAX_FAN_OUT`)
/// and a bucket 1 or 2 bytes, too short for a call to `memcpy`.
#[inline(always)]
pub(super) fn write_fan(
    sh: &Shape,
    spread: Option<&SpreadFan>,
    i: u32,
    a: &mut [u8],
    b: &mut [u8],
) {
    let (len, n) = (usize::from(sh.len), usize::from(sh.n));
    if sh.java_fan > 0 {
        let width = usize::from(sh.java_fan);
        let salt = i / sh.buckets;
        crate::__private::write_be(salt, &mut a[..width]);
        crate::__private::write_be(salt, &mut b[..width]);
    }
    if sh.salt_fan > 0 {
        let mut salt = i / sh.buckets;
        for j in (0..usize::from(sh.salt_fan)).rev() {
            let hex = HEX[(salt & 0xf) as usize];
            salt >>= 4;
            a[j] = hex;
            b[j] = hex;
        }
    }
    if let Some(sp) = spread {
        let (at, end) = (
            usize::from(sp.at),
            usize::from(sp.at) + usize::from(sp.width),
        );
        (sp.put)(i % sh.buckets, &mut a[at..end]);
        (sp.put)(i % sh.buckets, &mut b[at..end]);
        if let Some(salt) = &sp.salt {
            salt.write(len, a, b);
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
/// Without the struct-level salt's (`salted`) or the bucket's (`bucket`) when
/// the layout has a slot for it (`Slots`).
#[inline(always)]
pub(super) fn fan_bits(sh: &Shape, i: u32, salted: bool, bucket: bool) -> (u128, u128) {
    let (len, n) = (u32::from(sh.len), u32::from(sh.n));
    let (mut mask, mut bits) = (0u128, 0u128);
    let mut salt = i / sh.buckets;
    let w = if salted { u32::from(sh.java_fan) } else { 0 };
    for j in 0..w {
        // Big-endian: byte j holds bits 8 * (w - 1 - j) and up.
        let byte = (salt >> (8 * (w - 1 - j))) & 0xff;
        mask |= 0xff << (8 * j);
        bits |= u128::from(byte) << (8 * j);
    }
    let chars = if salted { u32::from(sh.salt_fan) } else { 0 };
    for j in (0..chars).rev() {
        let hex = HEX[(salt & 0xf) as usize];
        salt >>= 4;
        mask |= 0xff << (8 * j);
        bits |= u128::from(hex) << (8 * j);
    }
    if n > len && n <= 16 && bucket {
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
pub(super) fn after(stop: &[u8], start: &[u8]) -> bool {
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
pub(super) fn bump(row: &mut [u8], len: usize, bumped: &mut Option<usize>) -> Option<usize> {
    let l = prefix_stop(&mut row[..len])?;
    *bumped = Some(l - 1);
    Some(l)
}

/// The row right after exactly `row[..len]`: `row 00` (`row 01` for a
/// Phoenix value that a `00` separator may follow, `succ`), or at HBase's limit,
/// where no longer key exists, the first row after every extension of it.
/// The scan keeps its rows one byte short of the buffer below the limit
/// (`Scan::ROW_MAX`), so `00` fits.
#[inline(always)]
pub(super) fn successor(
    row: &mut [u8],
    len: usize,
    succ: u8,
    bumped: &mut Option<usize>,
) -> Option<usize> {
    if len < HBASE_MAX_KEY && len < row.len() {
        row[len] = succ;
        Some(len + 1)
    } else {
        bump(row, len, bumped)
    }
}
