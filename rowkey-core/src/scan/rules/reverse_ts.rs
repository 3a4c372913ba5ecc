//! `#[reverse_ts]` in a scan: a timestamp is stored as `i64::MAX - ts`,
//! eight big-endian bytes, so the newest sorts first; a range's bounds swap
//! ends and are clamped to the storable timestamps.

use super::{field_name, push_slot, ScanRule, Slot};
use crate::__private::InField;
use crate::part::{KeyPart, ReverseTs};
use crate::scan::{reverse_ts_lower, reverse_ts_upper, Scan};
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
        let at = *pos;
        let stored = v.to_reversed().__rowkey_in_field::<false>(key, field)?;
        buf[at..at + 8].copy_from_slice(&stored.to_be_bytes());
        *pos = at + 8;
        Ok(())
    }
}

impl<K: RowKey, V: KeyPart + ReverseTs, const I: usize> ScanRule<K, V, I> for RevTs {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, I>(&value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        scan.range_reverse_ts(
            const { field_name::<K>(I) },
            reverse_ts_lower(lo.as_ref()),
            reverse_ts_upper(hi.as_ref()),
        )
    }
}
