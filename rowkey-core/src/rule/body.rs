//! Bodies that are the type's own bytes: as `KeyPart` writes them, in
//! two's complement (`#[twos_complement]`), or reversed (`#[reverse]`).

use super::{Body, BodyLen, Restored};
use super::{ReadBody, Shape};
use crate::part::{DecodePart, KeyPart, OrderedPart, Reversible, TwosComplement};
use crate::ErrorKind;
use core::marker::PhantomData;

/// The type's own bytes (`KeyPart::encode_part`).
pub struct Part;

impl<V: KeyPart + ?Sized> BodyLen<V> for Part {
    #[inline(always)]
    fn len(v: &V) -> usize {
        v.encoded_len()
    }
}

impl<V: KeyPart + ?Sized> Body<V> for Part {
    #[inline(always)]
    fn ends_with(v: &V, byte: u8) -> Option<bool> {
        v.body_ends_with(byte)
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        v.encode_part(out)
    }
}

impl<T: for<'b> DecodePart<'b>> Restored<T> for Part {
    #[inline(always)]
    fn decode(raw: &[u8]) -> Result<T, ErrorKind> {
        T::decode_part(raw)
    }
}

/// The type's own bytes, of a type whose bytes sort as its values
/// (`OrderedPart`): what `#[desc]` inverts. Apart from [`Part`] so that a
/// type that keeps no order is refused there, with the trait's message.
pub struct Sorted;

impl<V: KeyPart + ?Sized> BodyLen<V> for Sorted {
    #[inline(always)]
    fn len(v: &V) -> usize {
        v.encoded_len()
    }
}

impl<V: OrderedPart + ?Sized> Body<V> for Sorted {
    #[inline(always)]
    fn ends_with(v: &V, byte: u8) -> Option<bool> {
        v.body_ends_with(byte)
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        v.encode_part(out)
    }
}

impl<T: for<'b> DecodePart<'b>> Restored<T> for Sorted {
    #[inline(always)]
    fn decode(raw: &[u8]) -> Result<T, ErrorKind> {
        T::decode_part(raw)
    }
}

/// `#[twos_complement]`: plain two's complement, as Java's
/// `Bytes.toBytes(int)` writes it (negative values sort after positive).
pub struct Twos;

impl<V: KeyPart> BodyLen<V> for Twos {
    #[inline(always)]
    fn len(v: &V) -> usize {
        v.encoded_len()
    }
}

impl<V: KeyPart + TwosComplement> Body<V> for Twos {
    #[inline(always)]
    fn ends_with(_: &V, _: u8) -> Option<bool> {
        None
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        v.encode_twos(out)
    }
}

impl<T: TwosComplement> Restored<T> for Twos {
    #[inline(always)]
    fn decode(raw: &[u8]) -> Result<T, ErrorKind> {
        T::decode_twos(raw)
    }
}

/// `#[reverse]`: the type's bytes, stored back to front, so keys that
/// share a suffix (phone numbers, user ids) spread over the keyspace. `T`
/// is the field's type, which says how its bytes reverse; the value
/// written may be any type that encodes as it does (a scan's `&str` for a
/// `String` field).
pub struct Rev<T>(PhantomData<T>);

impl<V: KeyPart + ?Sized, T> BodyLen<V> for Rev<T> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        v.encoded_len()
    }
}

impl<V: KeyPart + ?Sized, T: Reversible> Body<V> for Rev<T> {
    const REVERSED: bool = true;

    #[inline(always)]
    fn ends_with(_: &V, _: u8) -> Option<bool> {
        None
    }

    #[inline(always)]
    fn write(v: &V, out: &mut [u8]) -> Result<(), ErrorKind> {
        v.encode_part(out)
    }

    #[inline(always)]
    fn finish(body: &mut [u8]) {
        T::reverse_body(body);
    }
}

impl<T: Reversible, U> Restored<T> for Rev<U> {
    #[inline(always)]
    fn decode(raw: &[u8]) -> Result<T, ErrorKind> {
        T::decode_reversed(raw)
    }
}

// How decode finds this body and reads it back (`fields`' read).
impl Shape for Part {}
impl Shape for Twos {}
impl Shape for Sorted {}
impl<U> Shape for Rev<U> {}
impl<'de, T: DecodePart<'de>> ReadBody<'de, T> for Part {
    #[inline(always)]
    fn read(body: &'de [u8]) -> Result<T, ErrorKind> {
        T::decode_part(body)
    }
}
impl<T: TwosComplement> ReadBody<'_, T> for Twos {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        T::decode_twos(body)
    }
}
impl<T: Reversible, U> ReadBody<'_, T> for Rev<U> {
    #[inline(always)]
    fn read(body: &[u8]) -> Result<T, ErrorKind> {
        T::decode_reversed(body)
    }
}
