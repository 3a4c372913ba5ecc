//! A plain field's scan bytes (no salt, digits, escape, reversal or
//! inversion): its body by `KeyPart`, then its frame (`#[pad]`,
//! `#[delim]`, nothing), through the runtime's plain writer. The frame
//! types here are the rules the derive names for such a field.

use super::{field_name, BodySlot, ScanRule, Slot};
use crate::__private::{plain_len, write_plain, WriteFrame};
use crate::part::KeyPart;
use crate::rule::Part;
use crate::scan::cut::{cut_bounds, fit_bounds, Cut, CutBound};
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::marker::PhantomData;
use core::ops::Bound;

/// How a plain slot ends.
pub trait Frame {
    /// The frame as the plain writer takes it.
    const FRAME: WriteFrame;
    /// The unframed last field: a value matches only the key ending in it,
    /// not every key it prefixes.
    const OPEN: bool = false;
}

/// `#[pad(W, B)]`.
pub struct Pad<const W: usize, const B: u8>;
/// `#[delim(B)]`.
pub struct Delim<const B: u8>;
/// Nothing after the body, of a field before the last or of a last field
/// whose width the type fixes.
pub struct Fixed;
/// Nothing after the body of the last field, whose width the value sets.
pub struct Open;

impl<const W: usize, const B: u8> Frame for Pad<W, B> {
    const FRAME: WriteFrame = WriteFrame::Pad(W, B);
}
impl<const B: u8> Frame for Delim<B> {
    const FRAME: WriteFrame = WriteFrame::Delim(B);
}
impl Frame for Fixed {
    const FRAME: WriteFrame = WriteFrame::End;
}
impl Frame for Open {
    const FRAME: WriteFrame = WriteFrame::End;
    const OPEN: bool = true;
}

impl<V: KeyPart, F: Frame> Slot<V> for F {
    const OPEN: bool = F::OPEN;

    #[inline(always)]
    fn len(v: &V) -> usize {
        plain_len(v, F::FRAME)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        // `inline(always)`: left to the inliner, the writer stays a call
        // (seller_order scan 23 -> 219 instructions, callgrind).
        write_plain::<V, false>(v, buf, pos, F::FRAME, key, field)
    }
}

impl<V: KeyPart, F: Frame> BodySlot<V> for F {
    type Body = Part;
    const FRAME: WriteFrame = F::FRAME;
}

impl<K: RowKey, V: KeyPart, F: Frame, X: Step<K>> ScanRule<K, V, X> for F {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        scan.push_plain(const { field_name::<K>(X::STAGE) }, &value, F::FRAME)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        scan.range_plain(
            const { field_name::<K>(X::STAGE) },
            F::OPEN,
            lo,
            hi,
            F::FRAME,
        )
    }
}

/// A padded or delimited string or byte string: a range bound the field
/// could not store (longer than the pad, ending in the pad byte, holding
/// the delimiter) is read as the stored values it means, not refused
/// (`cut_bounds`).
pub struct Text<F>(PhantomData<F>);

impl<V, F: Slot<V>> Slot<V> for Text<F> {
    const OPEN: bool = F::OPEN;
    const ENDS_ITSELF: bool = F::ENDS_ITSELF;

    #[inline(always)]
    fn len(v: &V) -> usize {
        F::len(v)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        F::write(v, buf, pos, key, field)
    }
}

/// The cut of a frame that can hold a text bound only cut.
pub trait CutFrame: Frame {
    /// What the frame cannot store.
    const CUT: Cut;
}
impl<const W: usize, const B: u8> CutFrame for Pad<W, B> {
    const CUT: Cut = Cut::Pad { width: W, byte: B };
}
impl<const B: u8> CutFrame for Delim<B> {
    const CUT: Cut = Cut::Delim(B);
}

impl<K: RowKey, V: KeyPart + CutBound, F: CutFrame, X: Step<K>> ScanRule<K, V, X> for Text<F> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        <F as ScanRule<K, V, X>>::eq(value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let (lo, hi) = cut_bounds(&lo, &hi, F::CUT);
        <F as ScanRule<K, _, X>>::range(lo, hi, scan)
    }
}

/// A field of a type the derive does not know (a time, a user type): each
/// range bound is read as the stored values on its inner side
/// (`KeyPart::bound_fit`), so that a time between two milliseconds or
/// before 1970 bounds the window rather than being refused.
pub struct Fit<R>(PhantomData<R>);

impl<K: RowKey, V: KeyPart, R: ScanRule<K, V, X>, X: Step<K>> ScanRule<K, V, X> for Fit<R> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        R::eq(value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let Some((lo, hi)) = fit_bounds(lo, hi) else {
            scan.empty();
            return Ok(());
        };
        R::range(lo, hi, scan)
    }
}

impl<V, R: Slot<V>> Slot<V> for Fit<R> {
    const OPEN: bool = R::OPEN;
    const ENDS_ITSELF: bool = R::ENDS_ITSELF;

    #[inline(always)]
    fn len(v: &V) -> usize {
        R::len(v)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        R::write(v, buf, pos, key, field)
    }
}
