//! The range on the field after the prefix: its lower bound's bytes in the
//! start row and its upper bound's in the stop row, the static bounds that
//! let the compiler drop the row-length checks, and Phoenix's trailing
//! columns.

use super::{Scan, Tail, SMALL_ROW};
use crate::__private::WriteFrame;
use crate::part::KeyPart;
use crate::{Error, RowKey};
use core::ops::Bound;

impl<K: RowKey> Scan<'_, K> {
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
}
