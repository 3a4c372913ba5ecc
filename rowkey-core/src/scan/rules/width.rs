//! `#[width(W)]` in a scan: an unsigned integer stored in its low `W`
//! big-endian bytes (a `u64` in 5, say), refused when it needs more. A
//! range's bounds are clamped to the values `W` bytes hold: a window past
//! them selects nothing, or has no upper bound, rather than being refused.

use super::{field_name, push_slot, ScanRule, Slot};
use crate::__private::{clamp_wide_bounds, too_wide, Narrow, WriteFrame};
use crate::part::KeyPart;
use crate::rule::{self, write_field, NoPrefix};
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::ops::Bound;

/// An unframed `#[width(W)]` integer.
pub struct Width<const W: usize>;

impl<V: KeyPart + Narrow, const W: usize> Slot<V> for Width<W> {
    #[inline(always)]
    fn len(_: &V) -> usize {
        W
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, NoPrefix, rule::Width<W>, true, false>(
            v,
            buf,
            pos,
            WriteFrame::End,
            key,
            field,
        )
    }
}

impl<K: RowKey, V: KeyPart + Narrow, const W: usize, X: Step<K>> ScanRule<K, V, X> for Width<W> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let Some((lo, hi)) = clamp_wide_bounds(lo, hi, |v: &V| too_wide(v.to_wide(), W)) else {
            scan.empty();
            return Ok(());
        };
        let field = const { field_name::<K>(X::STAGE) };
        scan.range(
            field,
            false,
            lo,
            hi,
            |_| W,
            |v, out, pos| <Self as Slot<V>>::write(v, out, pos, K::NAME, field),
        )
    }
}
