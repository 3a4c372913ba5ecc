//! `#[bucket(N)]` in a scan: a value writes its bucket (`value mod N`, one
//! byte, two past 256 buckets) in front of its slot; a range on the field
//! leaves the bucket open, so the scan fans out over the `N` buckets.

use super::{push_slot, ScanRule, Slot};
use crate::__private::bucket_width;
use crate::part::BucketValue;
use crate::rule::bucket::write_bucket;
use crate::scan::{Scan, Step};
use crate::{Error, RowKey};
use core::marker::PhantomData;
use core::ops::Bound;

/// Bucket count `N` in front of the slot `S` writes.
pub struct Bucket<const N: u32, S>(PhantomData<S>);

impl<K, V, S, const N: u32, X: Step<K>> ScanRule<K, V, X> for Bucket<N, S>
where
    K: RowKey,
    V: BucketValue,
    S: Slot<V> + ScanRule<K, V, X>,
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, X>(&value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        scan.fan_bucket(N);
        S::range(lo, hi, scan)
    }
}

impl<V: BucketValue, S: Slot<V>, const N: u32> Slot<V> for Bucket<N, S> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        bucket_width(N) + S::len(v)
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
        let w = const { bucket_width(N) };
        write_bucket(v.bucket(N), &mut buf[at..at + w]);
        *pos = at + w;
        S::write(v, buf, pos, key, field)
    }
}
