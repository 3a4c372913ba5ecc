//! `#[escaped]` in a scan: a string or byte string with each `0x00` and
//! `0xFF` byte escaped and a two-byte terminator, so that it ends itself
//! and keeps value order whatever bytes it holds.

use super::plain::Frame;
use super::{field_name, push_slot, BodySlot, ScanRule, Slot};
use crate::__private::{EscapeBytes, WriteFrame};
use crate::part::KeyPart;
use crate::rule::{self, field_len, write_field, NoPrefix};
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::marker::PhantomData;
use core::ops::Bound;

/// An escaped value in the frame `F` (nothing after it, or a delimiter,
/// which the escaping keeps out of the value).
pub struct Escaped<F>(PhantomData<F>);

impl<V: KeyPart + EscapeBytes, F: Frame> Slot<V> for Escaped<F> {
    const OPEN: bool = F::OPEN;
    const ENDS_ITSELF: bool = true;

    #[inline(always)]
    fn len(v: &V) -> usize {
        field_len::<V, NoPrefix, rule::Escaped, true>(v, F::FRAME)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, NoPrefix, rule::Escaped, true, false>(v, buf, pos, F::FRAME, key, field)
    }
}

impl<V: KeyPart + EscapeBytes, F: Frame> BodySlot<V> for Escaped<F> {
    type Body = rule::Escaped;
    const FRAME: WriteFrame = F::FRAME;
}

impl<K: RowKey, V: KeyPart + EscapeBytes, F: Frame, X: Step<K>> ScanRule<K, V, X> for Escaped<F> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let field = const { field_name::<K>(X::STAGE) };
        scan.range(
            field,
            F::OPEN,
            lo,
            hi,
            <Self as Slot<V>>::len,
            |v, out, pos| <Self as Slot<V>>::write(v, out, pos, K::NAME, field),
        )
    }
}
