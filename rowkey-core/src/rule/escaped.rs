//! `#[escaped]`: a string or byte string with each `0x00` and `0xFF`
//! escaped and a two-byte terminator, as Google's OrderedCode writes
//! strings, so that it ends itself and keeps its order whatever follows.

use super::{Body, BodyLen, Restored};
use super::{Fix, ReadBody, Shape};
use crate::__private::EscapeBytes;
use crate::desc::restore;
use crate::escape::escaped_len;
use crate::escape::write_escaped;
use crate::part::DecodePart;
use crate::ErrorKind;

/// The value's bytes, escaped and terminated.
pub struct Escaped;

impl<V: EscapeBytes + ?Sized> BodyLen<V> for Escaped {
    #[inline(always)]
    fn len(v: &V) -> usize {
        escaped_len(v.raw_bytes())
    }
}

impl<V: EscapeBytes + ?Sized> Body<V> for Escaped {
    const SEARCH_DELIM: Option<bool> = Some(false);

    #[inline(always)]
    fn ends_with(_: &V, _: u8) -> Option<bool> {
        None
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        write_escaped(v.raw_bytes(), out);
        Ok(())
    }
}

impl<T: for<'b> DecodePart<'b>> Restored<T> for Escaped {
    const ESCAPED: bool = true;

    #[inline(always)]
    fn decode(raw: &[u8]) -> Result<T, ErrorKind> {
        T::decode_part(raw)
    }
}

impl Escaped {
    /// Decode's reader: the value from its stored bytes (escapes checked,
    /// terminator off), unescaped into a buffer of its own.
    ///
    /// # Errors
    /// Bytes that are no value of `T`.
    #[inline(always)]
    pub fn read<T: for<'b> DecodePart<'b>>(stored: &[u8]) -> Result<T, ErrorKind> {
        restore(stored, 0, true, <Self as Restored<T>>::decode)
    }
}

// How decode finds this body and reads it back (`fields`' read).
impl Shape for Escaped {
    const WIDTH: Fix = Fix::Value;
    const ESCAPED: bool = true;
}
impl<T: for<'b> DecodePart<'b>> ReadBody<'_, T> for Escaped {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        Escaped::read::<T>(body)
    }
}
