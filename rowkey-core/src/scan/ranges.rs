//! The ranges of a finished scan: [`ScanRanges`] yields one [`KeyRange`] per
//! salt or bucket the prefix leaves open, each a blank range with the
//! template rows copied in and its salt and bucket patched over them
//! (`shape.rs`), or copied around them where the layout fixes their place
//! (`slots.rs`; see docs/performance.md's "Scan building" for why it is
//! built that way).

use super::shape::{copy_row, fan_bits, range_rows, First, Shape, SpreadFan};
use super::slots::{copy_around, Slots};
use super::SMALL_ROW;
use crate::{KeyBuf, KeyRange, RowKey};

/// The ranges of one scan, one per salt value and bucket the prefix leaves
/// open, in key order; none when the scan can select nothing. Computed as
/// they are taken: no allocation.
pub struct ScanRanges<K: RowKey> {
    pub(super) shape: Shape,
    /// A `#[spread]` field the scan left open, fanned out over.
    pub(super) spread: Option<SpreadFan>,
    /// Every range is the template with its salt and bucket written in.
    pub(super) shared: bool,
    /// Otherwise, the template bytes the last range's successor rules
    /// incremented, put back before the next one is worked out.
    pub(super) bumped: [Option<u16>; 2],
    /// The next range; past `count` (`count + 1`) when the scan selects
    /// nothing, so that `fan_out` tells that from a scan taken to its end.
    pub(super) next: u32,
    /// Ranges the scan fans out to, whether or not it selects anything: a
    /// constant of the layout and the fields given, so that the caller's
    /// loop ends on a compare with a constant. Were it 0 for an empty scan,
    /// the optimizer would test that choice again for every range (a
    /// two-byte bucket: 18 -> 16 instructions per range, callgrind).
    pub(super) count: u32,
    /// The template rows: every range of a scan whose ranges share their
    /// rows is a blank range with these copied in up to the shape's bound
    /// and its salt and bucket patched in (`range`). When the ranges share
    /// their rows (`shared`), its lengths are theirs.
    pub(super) rows: KeyRange<K>,
}

impl<K: RowKey> Clone for ScanRanges<K> {
    fn clone(&self) -> Self {
        ScanRanges {
            rows: self.rows,
            shape: self.shape,
            spread: self.spread,
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
        if self.fan_out() <= 1 {
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
        if self.next > self.count {
            0
        } else {
            self.count as usize
        }
    }

    /// Range `i`, built as a careful hand would build it: a blank range,
    /// then the template's rows up to the longest row the scan's fields
    /// can make (a bound known when the scan is compiled, `Shape::bound`),
    /// the first 16 bytes of each patched with this range's salt and
    /// bucket in a register (`fan_bits`), the rest in one constant-size
    /// piece; or, where the layout fixes the place of a Java-hash salt or
    /// bucket (`Slots`), in pieces around it, its value stored on its own
    /// (`copy_around`). Every write into the range is then at a constant
    /// offset and of a constant size, so the optimizer builds it where the
    /// caller's loop binds it: a byte stored at a runtime position, or a
    /// piece of a runtime size, makes it build the range aside and copy all
    /// of it there. The template is not written per range, so its reads never
    /// wait on narrow stores to the same bytes.
    #[inline(always)]
    pub(super) fn range(&self, i: u32) -> KeyRange<K> {
        let sh = &self.shape;
        let slots = const { Slots::of::<K>() };
        let shares = self.shares_rows();
        // A range worked out in place (not shared) holds its own salt and
        // bucket, possibly carried into by a successor rule: nothing is
        // patched. Masked with bit operations, not branched on, so that
        // both ways of taking a range build it the same way.
        let (mask, bits) = if sh.fans() && (sh.n <= 16 || slots.any()) {
            fan_bits(sh, i, slots.salt == 0, slots.width == 0)
        } else {
            (0, 0)
        };
        let keep = u128::from(shares).wrapping_neg();
        let (mask, bits) = (mask & keep, bits & keep);
        let bound = sh.row_bound();
        let (mut start, mut stop) = (K::ScanBuf::ZERO, K::ScanBuf::ZERO);
        if slots.any() {
            // The slots' values, where the scan fans out over them.
            let salt = (shares && (sh.java_fan > 0 || sh.salt_fan > 0)).then(|| i / sh.buckets);
            let bucket = (shares && slots.width > 0 && sh.n > sh.len).then(|| i % sh.buckets);
            for (src, dst) in [(&self.rows.start, &mut start), (&self.rows.stop, &mut stop)] {
                copy_around(
                    slots,
                    crate::buf(src),
                    crate::buf_mut(dst),
                    bound,
                    (salt, bucket),
                    (mask, bits),
                );
            }
        } else {
            copy_row(
                crate::buf(&self.rows.start),
                crate::buf_mut(&mut start),
                bound,
                mask,
                bits,
            );
            copy_row(
                crate::buf(&self.rows.stop),
                crate::buf_mut(&mut stop),
                bound,
                mask,
                bits,
            );
        }
        // Field by field: a blank range written whole stores its padding
        // too, once per range (a two-byte bucket: 21 -> 20 instructions per
        // range, callgrind).
        KeyRange {
            start,
            stop,
            start_len: self.rows.start_len,
            stop_len: self.rows.stop_len,
            _key: core::marker::PhantomData,
        }
    }

    /// Whether every range is the template with its salt and bucket patched
    /// in: the flag `first_range` set, or the shape's word for it.
    #[inline(always)]
    fn shares_rows(&self) -> bool {
        let known = self.shape.never_bumps(self.spread.as_ref())
            && const { Slots::of::<K>() }.writes_fan(&self.shape, <K::ScanBuf as KeyBuf>::LEN);
        // `first_range` finds the same for every scan that yields a range.
        debug_assert!(!known || self.shared || self.fan_out() == 0);
        self.shared || known
    }

    /// Sets the iterator's state once the rows are written. Stored last,
    /// after every byte written into the rows at a runtime position (any of
    /// which, as far as the optimizer can tell, might overwrite it): then it
    /// can follow these stores to where the ranges are taken and fold the
    /// shape there.
    #[inline(always)]
    pub(super) fn start(
        &mut self,
        shape: Shape,
        spread: Option<SpreadFan>,
        first: &First,
        count: usize,
    ) {
        if let Some((start, stop)) = first.lens {
            (self.rows.start_len, self.rows.stop_len) = (start, stop);
        }
        self.shape = shape;
        self.spread = spread;
        self.shared = first.shared;
        self.bumped = [None, None];
        // At most `MAX_FAN_OUT`.
        self.count = u32::try_from(count).unwrap_or(0);
        self.next = if first.selects {
            0
        } else {
            self.count.saturating_add(1)
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
    pub(super) fn work_out_next(
        (rows, shape, spread): &mut (KeyRange<K>, Shape, Option<SpreadFan>),
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
            let r = range_rows(shape, spread.as_ref(), i, a, b);
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
        if !self.shape.fans() && <K::ScanBuf as KeyBuf>::LEN <= SMALL_ROW {
            // At most one range: the count said again, so that the
            // caller's loop is seen to end after it.
            self.next = self.count;
            // Field by field: the padding of the template is not copied.
            let r = &self.rows;
            return Some(KeyRange {
                start: r.start,
                stop: r.stop,
                start_len: r.start_len,
                stop_len: r.stop_len,
                _key: core::marker::PhantomData,
            });
        }
        if self.shares_rows() || !self.shape.fans() {
            self.next += 1;
        } else {
            // On a copy of the rows and shape, so that no address inside
            // `self` reaches the call (see `work_out_next`).
            let mut work = (self.rows, self.shape, self.spread);
            let (next, bumped) = Self::work_out_next(&mut work, self.bumped, self.next, self.count);
            self.rows = work.0;
            self.next = next;
            self.bumped = bumped.unwrap_or_default();
            bumped?;
        }
        Some(self.range(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.count.saturating_sub(self.next) as usize;
        (left, Some(left))
    }
}

impl<K: RowKey> ExactSizeIterator for ScanRanges<K> {}

/// A scan that has not started: the generated `ranges()` fills it in place
/// ([`scan_state`](super::scan_state), [`scan_finish`](super::scan_finish)). Hidden, not public API.
pub trait ScanStart {
    /// Nothing given yet.
    const START: Self;
}

impl<K: RowKey> ScanStart for ScanRanges<K> {
    const START: Self = ScanRanges {
        rows: KeyRange::EMPTY,
        shape: Shape::START,
        spread: None,
        shared: false,
        bumped: [None, None],
        next: 0,
        count: 0,
    };
}

impl<K: RowKey> ScanRanges<K> {
    /// [`ScanStart::START`] written field by field: a constant of the whole
    /// struct is copied whole, the bytes an empty `spread` leaves unused
    /// included, which passes the size the optimizer copies inline and
    /// costs every scan a `memcpy` call (metric scan 209 -> 231
    /// instructions, callgrind).
    #[inline(always)]
    pub(super) fn blank() -> Self {
        ScanRanges {
            rows: KeyRange::EMPTY,
            shape: Shape::START,
            spread: None,
            shared: false,
            bumped: [None, None],
            next: 0,
            count: 0,
        }
    }
}
