//! `#[reverse]` in a scan: the value's bytes stored back to front (a
//! string by character, as Java's `StringBuilder.reverse()`), then its
//! frame, so that keys spread over regions by their last characters. Such
//! a field keeps no value order: a scan takes one exact value of it.

use super::plain::Frame;
use super::{push_slot, BodySlot, ScanRule, Slot};
use crate::__private::{plain_len, WriteFrame};
use crate::part::{KeyPart, Reversible};
use crate::rule::{write_field, NoPrefix, Rev};
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::marker::PhantomData;

/// A field of type `T` (whose `Reversible` impl reverses the bytes of the
/// values given for it, which may be views of it) reversed in the frame
/// `F`.
pub struct Reverse<T, F>(PhantomData<(fn() -> T, F)>);

impl<V: KeyPart, T: Reversible, F: Frame> Slot<V> for Reverse<T, F> {
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
        write_field::<V, NoPrefix, Rev<T>, true, false>(v, buf, pos, F::FRAME, key, field)
    }
}

impl<V: KeyPart, T: Reversible, F: Frame> BodySlot<V> for Reverse<T, F> {
    type Body = Rev<T>;
    const FRAME: WriteFrame = F::FRAME;
}

impl<K: RowKey, V: KeyPart, T: Reversible, F: Frame, X: Step<K>> ScanRule<K, V, X>
    for Reverse<T, F>
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }
}
