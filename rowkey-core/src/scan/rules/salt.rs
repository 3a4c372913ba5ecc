//! A field's own `#[salt(md5, C)]` in a scan: the first `C` hex characters
//! of the MD5 of the value's bytes, then the salt's delimiter if it has
//! one, in front of the slot, as encode writes it (`crate::rule`'s
//! `Salt`). Such a field keeps no value order: a scan takes one exact
//! value of it.

use super::plain::Frame;
use super::{push_slot, ScanRule, Slot};
use crate::part::KeyPart;
use crate::rule::{self, field_len, write_field, Part};
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::marker::PhantomData;

/// `C` hex characters of MD5 in front of the plain slot `F`.
pub struct Salt<const C: usize, F>(PhantomData<F>);

/// [`Salt`] followed by the delimiter `D` (`#[salt(md5, C, delim = D)]`).
pub struct SaltDelim<const C: usize, const D: u8, F>(PhantomData<F>);

impl<V: KeyPart, F: Frame, const C: usize> Slot<V> for Salt<C, F> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        field_len::<V, rule::Salt<C>, Part, true>(v, F::FRAME)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, rule::Salt<C>, Part, true, false>(v, buf, pos, F::FRAME, key, field)
    }
}

impl<V: KeyPart, F: Frame, const C: usize, const D: u8> Slot<V> for SaltDelim<C, D, F> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        field_len::<V, rule::SaltDelim<C, D>, Part, true>(v, F::FRAME)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, rule::SaltDelim<C, D>, Part, true, false>(
            v,
            buf,
            pos,
            F::FRAME,
            key,
            field,
        )
    }
}

impl<K: RowKey, V: KeyPart, F: Frame, const C: usize, X: Step<K>> ScanRule<K, V, X> for Salt<C, F> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }
}

impl<K: RowKey, V: KeyPart, F: Frame, const C: usize, const D: u8, X: Step<K>> ScanRule<K, V, X>
    for SaltDelim<C, D, F>
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }
}
