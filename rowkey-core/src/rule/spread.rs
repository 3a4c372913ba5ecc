//! `#[spread(N)]`: a shard number `0..N` the caller picks, stored as body
//! `B` writes it (HBaseWD's distributed keys); a shard out of range is
//! refused before its bytes are written.

use super::{Body, BodyLen};
use crate::__private::{check_spread, SpreadValue};
use crate::ErrorKind;
use core::marker::PhantomData;

/// Body `B` of a shard `0..N`.
pub struct Spread<const N: u32, B>(PhantomData<B>);

impl<V: ?Sized, B: BodyLen<V>, const N: u32> BodyLen<V> for Spread<N, B> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        B::len(v)
    }
}

impl<V: SpreadValue, B: Body<V>, const N: u32> Body<V> for Spread<N, B> {
    const REVERSED: bool = B::REVERSED;
    const SEARCH_DELIM: Option<bool> = B::SEARCH_DELIM;

    #[inline(always)]
    fn may_hold(byte: u8) -> bool {
        B::may_hold(byte)
    }

    #[inline(always)]
    fn ends_with(v: &V, byte: u8) -> Option<bool> {
        B::ends_with(v, byte)
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        check_spread(v, N)?;
        B::write(v, out)
    }

    #[inline(always)]
    fn finish(body: &mut [u8]) {
        B::finish(body);
    }

    #[inline(always)]
    fn seal(buf: &mut [u8], start: usize, end: usize) {
        B::seal(buf, start, end);
    }
}
