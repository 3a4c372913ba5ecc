//! `#[decimal]` in a scan: an unsigned integer stored as its ASCII decimal
//! digits, as Java's `String.valueOf(n)` writes them. `#[decimal(W)]` pads
//! them with leading zeros to `W` digits, so they sort as the numbers do: a
//! range's bounds are clamped to the values `W` digits hold (a window past
//! them selects nothing, or has no upper bound). Without a width the digits
//! do not keep value order: a scan takes one exact value.

use super::{field_name, push_slot, ScanRule, Slot};
use crate::__private::{clamp_wide_bounds, decimal_len, WriteFrame};
use crate::part::KeyPart;
use crate::rule::{self, field_len, write_field, NoPrefix};
use crate::scan::{Scan, Step};
use crate::text::Decimal;
use crate::{Error, RowKey};
use core::ops::Bound;

/// An unframed `#[decimal(W)]` integer: exactly `W` digits.
pub struct Digits<const W: usize>;

/// An unframed `#[decimal]` integer: its shortest digits.
pub struct AnyDigits;

impl<V: KeyPart + Decimal, const W: usize> Slot<V> for Digits<W> {
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
        write_field::<V, NoPrefix, rule::Digits<W>, true, false>(
            v,
            buf,
            pos,
            WriteFrame::End,
            key,
            field,
        )
    }
}

impl<V: KeyPart + Decimal> Slot<V> for AnyDigits {
    #[inline(always)]
    fn len(v: &V) -> usize {
        field_len::<V, NoPrefix, rule::AnyDigits, true>(v, WriteFrame::End)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, NoPrefix, rule::AnyDigits, true, false>(
            v,
            buf,
            pos,
            WriteFrame::End,
            key,
            field,
        )
    }
}

impl<K: RowKey, V: KeyPart + Decimal, const W: usize, X: Step<K>> ScanRule<K, V, X> for Digits<W> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let Some((lo, hi)) = clamp_wide_bounds(lo, hi, |v: &V| decimal_len(v.to_u128()) > W) else {
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

impl<K: RowKey, V: KeyPart + Decimal, X: Step<K>> ScanRule<K, V, X> for AnyDigits {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }
}
