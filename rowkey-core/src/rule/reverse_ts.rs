//! `#[reverse_ts]`: a timestamp stored as `Long.MAX_VALUE - ts`, eight
//! big-endian bytes, so the newest row sorts first.

use super::{Body, BodyLen};
use super::{Fix, ReadBody, Shape};
use crate::part::{KeyPart, ReverseTs};
use crate::ErrorKind;

/// An `i64::MAX - ts` body.
pub struct RevTs;

impl<V: ?Sized> BodyLen<V> for RevTs {
    #[inline(always)]
    fn len(_: &V) -> usize {
        8
    }
}

impl<V: KeyPart + ReverseTs> Body<V> for RevTs {
    #[inline(always)]
    fn ends_with(_: &V, _: u8) -> Option<bool> {
        None
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        out.copy_from_slice(&v.to_reversed()?.to_be_bytes());
        Ok(())
    }
}

impl RevTs {
    /// Reads the timestamp back from its eight stored bytes.
    ///
    /// # Errors
    /// A stored value no timestamp of `V` writes.
    #[inline(always)]
    pub fn read<V: ReverseTs>(body: &[u8]) -> Result<V, ErrorKind> {
        V::from_reversed(read_u64(body))
    }
}

/// Eight big-endian bytes as a `u64`.
#[inline]
#[must_use]
pub fn read_u64(bytes: &[u8]) -> u64 {
    let mut arr = [0u8; 8];
    arr.copy_from_slice(bytes);
    u64::from_be_bytes(arr)
}

// How decode finds this body and reads it back (`fields`' read).
impl Shape for RevTs {
    const WIDTH: Fix = Fix::Attr(8);
}
impl<T: crate::ReverseTs> ReadBody<'_, T> for RevTs {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        RevTs::read::<T>(body)
    }
}
