//! `#[twos_complement]` in a scan: a signed integer's plain two's
//! complement bytes, big-endian, as Java's `Bytes.toBytes(int)` writes
//! them (negative values sort after positive ones). Such a field keeps no
//! value order: a scan takes one exact value of it.

use super::{push_slot, BodySlot, ScanRule, Slot};
use crate::__private::WriteFrame;
use crate::part::{KeyPart, TwosComplement};
use crate::rule::{self, write_field, NoPrefix};
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};

/// An unframed `#[twos_complement]` integer.
pub struct Twos;

impl<V: TwosComplement> BodySlot<V> for Twos {
    type Body = rule::Twos;
    const FRAME: WriteFrame = WriteFrame::End;
}

impl<V: TwosComplement> Slot<V> for Twos {
    #[inline(always)]
    fn len(v: &V) -> usize {
        v.encoded_len()
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_field::<V, NoPrefix, rule::Twos, true, false>(
            v,
            buf,
            pos,
            WriteFrame::End,
            key,
            field,
        )
    }
}

impl<K: RowKey, V: KeyPart + TwosComplement, X: Step<K>> ScanRule<K, V, X> for Twos {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }
}
