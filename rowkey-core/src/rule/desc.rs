//! `#[desc]`: the whole slot of body `B` (its pad or delimiter too)
//! stored inverted, each byte `b` as `!b`, as Apache Phoenix stores a DESC
//! column: the greatest value sorts first.

use super::{Body, BodyLen, Restored};
use super::{Fix, ReadBody, Shape};
use crate::__private::invert;
use crate::desc::restore;
use crate::ErrorKind;
use core::marker::PhantomData;

/// The slot of body `B`, inverted.
pub struct Desc<B>(PhantomData<B>);

impl<V: ?Sized, B: BodyLen<V>> BodyLen<V> for Desc<B> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        B::len(v)
    }
}

impl<V: ?Sized, B: Body<V>> Body<V> for Desc<B> {
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
        B::write(v, out)
    }

    #[inline(always)]
    fn finish(body: &mut [u8]) {
        B::finish(body);
    }

    #[inline(always)]
    fn seal(buf: &mut [u8], start: usize, end: usize) {
        B::seal(buf, start, end);
        invert(&mut buf[start..end]);
    }
}

impl<B> Desc<B> {
    /// Decode's reader: the value from its stored bytes, inverted back
    /// (and unescaped, under `#[escaped]`) into a buffer of their own.
    ///
    /// # Errors
    /// Bytes that are no value of `T`.
    #[inline(always)]
    pub fn read<T>(stored: &[u8]) -> Result<T, ErrorKind>
    where
        B: Restored<T>,
    {
        restore(stored, 0xFF, B::ESCAPED, B::decode)
    }
}

// How decode finds this body and reads it back (`fields`' read).
impl<B: Shape> Shape for Desc<B> {
    const WIDTH: Fix = B::WIDTH;
    const MASK: u8 = 0xFF;
    const ESCAPED: bool = B::ESCAPED;
}
impl<T, B: Restored<T>> ReadBody<'_, T> for Desc<B> {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        Desc::<B>::read::<T>(body)
    }
}
