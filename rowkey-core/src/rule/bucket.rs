//! `#[bucket(N)]`: `value mod N` written before the field, one byte up to
//! 256 buckets, else two, so monotonically increasing keys spread over
//! `N` regions.

use super::{Prefix, PrefixWidth, ReadPrefix};
use crate::__private::{push_segment, take, SaltSink};
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

/// Bytes a `#[bucket(n)]` prefix takes: one up to 256 buckets, else two.
#[must_use]
pub const fn bucket_width(n: u32) -> usize {
    if n <= 256 {
        1
    } else {
        2
    }
}

/// Writes bucket `bucket` into its one or two bytes, big-endian.
#[inline]
#[allow(clippy::cast_possible_truncation)] // bucket < n <= 65536 fits the width chosen for n
pub fn write_bucket(bucket: u32, out: &mut [u8]) {
    match out.len() {
        1 => out[0] = bucket as u8,
        _ => out.copy_from_slice(&(bucket as u16).to_be_bytes()),
    }
}

/// Reads a bucket back from its one or two bytes.
#[inline]
#[must_use]
pub fn read_bucket(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b))
}
