//! `#[desc]` in a scan: the slot's bytes inverted (each `b` stored as
//! `!b`), so that the greatest value sorts first. A range's bounds swap
//! ends; an unframed last field of variable width keeps no order a range
//! can use (inverted, a value sorts after its own extensions), so a range
//! on one is refused.

use super::plain::{CutFrame, Text};
use super::{field_name, push_slot, BodySlot, ScanRule, Slot};
use crate::part::KeyPart;
use crate::rule::{self, write_field, NoPrefix};
use crate::scan::cut::{cut_bounds, CutBound};
use crate::scan::{Scan, Step};
use crate::{Error, ErrorKind, RowKey};
use core::marker::PhantomData;
use core::ops::Bound;

/// The slot `S` writes, inverted (`rule::Desc` over its body).
pub struct Desc<S>(PhantomData<S>);

impl<V: KeyPart, S: BodySlot<V>> Slot<V> for Desc<S> {
    const OPEN: bool = S::OPEN;
    const ENDS_ITSELF: bool = S::ENDS_ITSELF;

    #[inline(always)]
    fn len(v: &V) -> usize {
        S::len(v)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, NoPrefix, rule::Desc<S::Body>, true, false>(
            v,
            buf,
            pos,
            S::FRAME,
            key,
            field,
        )
    }
}

impl<K: RowKey, V: KeyPart, S: BodySlot<V>, X: Step<K>> ScanRule<K, V, X> for Desc<S> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let field = const { field_name::<K>(X::STAGE) };
        if S::OPEN && !S::ENDS_ITSELF && V::WIDTH.is_none() {
            return Err(Error::field(
                K::NAME,
                field,
                ErrorKind::Invalid {
                    reason: "a #[desc] variable-width last field keeps no order a range can \
                             use; give it #[delim] (stored as Phoenix's 0xFF separator)",
                },
            ));
        }
        // Stored inverted, the greatest value has the smallest key.
        scan.range(
            field,
            S::OPEN,
            hi,
            lo,
            <Self as Slot<V>>::len,
            |v, out, pos| <Self as Slot<V>>::write(v, out, pos, K::NAME, field),
        )
    }
}

// A padded or delimited text field, inverted: its bounds are cut as an
// ascending one's are (`Text`), then swapped.
impl<K: RowKey, V: KeyPart + CutBound, F: CutFrame, X: Step<K>> ScanRule<K, V, X>
    for Text<Desc<F>>
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        <Desc<F> as ScanRule<K, V, X>>::eq(value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let (lo, hi) = cut_bounds(&lo, &hi, F::CUT);
        <Desc<F> as ScanRule<K, _, X>>::range(lo, hi, scan)
    }
}
