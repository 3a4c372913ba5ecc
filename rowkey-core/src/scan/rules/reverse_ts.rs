//! `#[reverse_ts]` in a scan: a timestamp is stored as `i64::MAX - ts`,
//! eight big-endian bytes, so the newest sorts first; a range's bounds swap
//! ends and are clamped to the storable timestamps.

use super::{field_name, push_slot, ScanRule, Slot};
use crate::__private::WriteFrame;
use crate::part::{KeyPart, ReverseTs};
use crate::rule::{self, write_field, NoPrefix};
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::ops::Bound;

/// An unframed `#[reverse_ts]` timestamp.
pub struct RevTs;

impl<V: KeyPart + ReverseTs> Slot<V> for RevTs {
    #[inline(always)]
    fn len(_: &V) -> usize {
        8
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, NoPrefix, rule::RevTs, true, false>(
            v,
            buf,
            pos,
            WriteFrame::End,
            key,
            field,
        )
    }
}

impl<K: RowKey, V: KeyPart + ReverseTs, X: Step<K>> ScanRule<K, V, X> for RevTs {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        range_reverse_ts(
            scan,
            const { field_name::<K>(X::STAGE) },
            reverse_ts_lower(lo.as_ref()),
            reverse_ts_upper(hi.as_ref()),
        )
    }
}

/// Sets a `#[reverse_ts]` range: timestamps `lo..hi` become stored values
/// `i64::MAX - hi ..= i64::MAX - lo`, so the window comes newest first.
///
/// # Errors
/// As [`Scan::range`].
#[inline(always)]
pub fn range_reverse_ts<K: RowKey>(
    scan: &mut Scan<'_, K>,
    field: &'static str,
    lo: Bound<i128>,
    hi: Bound<i128>,
) -> Result<(), Error> {
    match reverse_ts_bounds(lo, hi) {
        None => {
            scan.empty();
            Ok(())
        }
        Some((a, b)) => scan.range(
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
