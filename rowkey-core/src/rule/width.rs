//! `#[width(W)]`: an unsigned integer stored in its low `W` big-endian
//! bytes (a `u64` in 5, as OpenTSDB's `UniqueId.longToUID` writes a UID),
//! refused when it needs more.

use super::{Body, BodyLen, Restored};
use super::{Fix, ReadBody, Shape};
use crate::__private::Narrow;
use crate::part::KeyPart;
use crate::width::read_narrow;
use crate::width::write_narrow;
use crate::ErrorKind;

/// The low `W` bytes of the value.
pub struct Width<const W: usize>;

impl<V: ?Sized, const W: usize> BodyLen<V> for Width<W> {
    #[inline(always)]
    fn len(_: &V) -> usize {
        W
    }
}

impl<V: KeyPart + Narrow, const W: usize> Body<V> for Width<W> {
    const SEARCH_DELIM: Option<bool> = Some(false);

    // The type's own last byte is the low byte, the narrow body's last too.
    #[inline(always)]
    fn ends_with(v: &V, byte: u8) -> Option<bool> {
        v.body_ends_with(byte)
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        write_narrow(v.to_wide(), out)
    }
}

impl<T: Narrow, const W: usize> Restored<T> for Width<W> {
    #[inline(always)]
    fn decode(raw: &[u8]) -> Result<T, ErrorKind> {
        read_narrow(raw)
    }
}

impl<const W: usize> Width<W> {
    /// Decode's reader of the W bytes.
    ///
    /// # Errors
    /// A value `T` cannot hold.
    #[inline(always)]
    pub fn read<T: Narrow>(bytes: &[u8]) -> Result<T, ErrorKind> {
        read_narrow(bytes)
    }
}

// How decode finds this body and reads it back (`fields`' read).
impl<const W: usize> Shape for Width<W> {
    const WIDTH: Fix = Fix::Attr(W);
}
impl<T: crate::Narrow, const W: usize> ReadBody<'_, T> for Width<W> {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        Width::<W>::read::<T>(body)
    }
}
