//! `#[bucket(N)]`: `value mod N` written before the field, one byte up to
//! 256 buckets, else two, so monotonically increasing keys spread over
//! `N` regions.

use super::{Prefix, PrefixWidth, ReadPrefix};
use crate::__private::{bucket_width, push_segment, read_bucket, take, write_bucket, SaltSink};
use crate::part::BucketValue;
use crate::{Error, ErrorKind, Segment, SegmentKind};

/// A bucket of `N`.
pub struct Bucket<const N: u32>;

impl<const N: u32> PrefixWidth for Bucket<N> {
    const WIDTH: usize = bucket_width(N);
}

impl<V: BucketValue + ?Sized, const N: u32> Prefix<V> for Bucket<N> {
    #[inline(always)]
    fn write(v: &V, head: &mut [u8], _: &[u8]) {
        write_bucket(v.bucket(N), &mut head[..bucket_width(N)]);
    }
}

impl<T: BucketValue, const N: u32> ReadPrefix<T> for Bucket<N> {
    type Taken = u32;

    #[inline(always)]
    fn take<const S: usize>(
        input: &[u8],
        pos: &mut usize,
        segs: &mut [Segment; S],
        seg: &mut usize,
        field: &'static str,
    ) -> Result<u32, ErrorKind> {
        let start = *pos;
        let bucket = read_bucket(take(input, pos, bucket_width(N))?);
        push_segment(segs, seg, field, SegmentKind::Bucket, start, *pos);
        Ok(bucket)
    }

    #[inline(always)]
    fn verify<const VERIFY: bool, S: SaltSink>(
        stored: u32,
        value: &T,
        _: &[u8],
        _: &[u8],
        _: usize,
        _: &mut S,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        let computed = value.bucket(N);
        if VERIFY && computed != stored {
            return Err(Error::field(
                key,
                field,
                ErrorKind::BucketMismatch { stored, computed },
            ));
        }
        Ok(())
    }
}
