//! `#[decimal]` and `#[decimal(W)]`: a number stored as its ASCII decimal
//! digits, as Java's `Long.toString(v)` and `String.format("%0Wd", v)`
//! write them: the value of an unsigned field, or `i64::MAX - ts` under
//! `#[reverse_ts]`. W digits are zero-padded and sort as the numbers do.

use super::{Body, BodyLen, Restored, RevTs};
use super::{Fix, ReadBody, Shape};
use crate::__private::{decimal_len, widen, write_decimal};
use crate::part::{KeyPart, ReverseTs};
use crate::text::check_digits;
use crate::text::{decode_decimal, decode_decimal_reversed, Decimal};
use crate::ErrorKind;
use core::marker::PhantomData;

/// Exactly `W` digits of the number `N` takes from the value.
pub struct Digits<const W: usize, N = Unsigned>(PhantomData<N>);

/// As many digits as the number `N` takes from the value needs.
pub struct AnyDigits<N = Unsigned>(PhantomData<N>);

/// The number of an unsigned field: its value.
pub struct Unsigned;

/// The number a `#[decimal]` body writes for a value of `V`, and the value
/// read back from its digits. (`RevTs`: `i64::MAX - ts`.)
pub trait Number<V> {
    /// The number.
    ///
    /// # Errors
    /// A value that has none (a timestamp out of range).
    fn number(v: &V) -> Result<u128, ErrorKind>;

    /// The value back from its digits (`padded`: exactly a width's, zeros
    /// in front).
    ///
    /// # Errors
    /// Bytes that are no digits of a value.
    fn read(digits: &[u8], padded: bool) -> Result<V, ErrorKind>;
}

impl<V: Decimal> Number<V> for Unsigned {
    #[inline(always)]
    fn number(v: &V) -> Result<u128, ErrorKind> {
        Ok(v.to_u128())
    }

    #[inline(always)]
    fn read(digits: &[u8], padded: bool) -> Result<V, ErrorKind> {
        decode_decimal(digits, padded)
    }
}

impl<V: ReverseTs> Number<V> for RevTs {
    #[inline(always)]
    fn number(v: &V) -> Result<u128, ErrorKind> {
        Ok(widen(v.to_reversed()?))
    }

    #[inline(always)]
    fn read(digits: &[u8], padded: bool) -> Result<V, ErrorKind> {
        decode_decimal_reversed(digits, padded)
    }
}

impl<V: ?Sized, N, const W: usize> BodyLen<V> for Digits<W, N> {
    #[inline(always)]
    fn len(_: &V) -> usize {
        W
    }
}

impl<V: KeyPart, N: Number<V>, const W: usize> Body<V> for Digits<W, N> {
    const SEARCH_DELIM: Option<bool> = Some(false);

    #[inline(always)]
    fn ends_with(_: &V, _: u8) -> Option<bool> {
        None
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        let n = N::number(v)?;
        check_digits(n, W)?;
        write_decimal(n, out);
        Ok(())
    }
}

impl<T, N: Number<T>, const W: usize> Restored<T> for Digits<W, N> {
    #[inline(always)]
    fn decode(raw: &[u8]) -> Result<T, ErrorKind> {
        N::read(raw, true)
    }
}

impl<N, const W: usize> Digits<W, N> {
    /// Decode's reader of the digits.
    ///
    /// # Errors
    /// Bytes that are no W digits of a value of `T`.
    #[inline(always)]
    pub fn read<T>(digits: &[u8]) -> Result<T, ErrorKind>
    where
        N: Number<T>,
    {
        N::read(digits, true)
    }
}

// The length asks for the number (the digits it has), which a value out
// of range has none of: 0, and the write refuses it.
impl<V, N: Number<V>> BodyLen<V> for AnyDigits<N> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        decimal_len(N::number(v).unwrap_or(0))
    }
}

impl<V: KeyPart, N: Number<V>> Body<V> for AnyDigits<N> {
    const SEARCH_DELIM: Option<bool> = Some(true);

    // Searching the digits for a `_` cost RowKeyUtil's text key 130 of
    // its 574 instructions (callgrind, benches/keys.rs `text_order`).
    #[inline(always)]
    fn may_hold(byte: u8) -> bool {
        byte.is_ascii_digit()
    }

    #[inline(always)]
    fn ends_with(_: &V, _: u8) -> Option<bool> {
        None
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        write_decimal(N::number(v)?, out);
        Ok(())
    }
}

impl<N> AnyDigits<N> {
    /// Decode's reader of the digits.
    ///
    /// # Errors
    /// Bytes that are no digits of a value of `T`.
    #[inline(always)]
    pub fn read<T>(digits: &[u8]) -> Result<T, ErrorKind>
    where
        N: Number<T>,
    {
        N::read(digits, false)
    }
}

// How decode finds this body and reads it back (`fields`' read).
impl<N, const W: usize> Shape for Digits<W, N> {
    const WIDTH: Fix = Fix::Attr(W);
}
impl<N> Shape for AnyDigits<N> {
    const WIDTH: Fix = Fix::Value;
}
impl<T, N: Number<T>, const W: usize> ReadBody<'_, T> for Digits<W, N> {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        Digits::<W, N>::read::<T>(body)
    }
}
impl<T, N: Number<T>> ReadBody<'_, T> for AnyDigits<N> {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        AnyDigits::<N>::read::<T>(body)
    }
}
