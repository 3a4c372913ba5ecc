//! `Vec<T>` as a last field of fixed-width elements: the elements' bytes
//! back to back, with no count and no terminator (OpenTSDB's tag pairs,
//! `Vec<[u8; 6]>`). The key's end is the list's end, so the field must be
//! last; decode cuts the rest of the key into elements of `T`'s width.
//! `Vec<u8>` stays a byte string (the same bytes: elements of width 1).

use crate::part::{DecodePart, KeyPart, OrderedPart};
use crate::ErrorKind;
use alloc::vec::Vec;

/// A fixed-width field type that can be the element of a `Vec<T>` last
/// field. Implemented for the integers (but `u8`: `Vec<u8>` is bytes),
/// `bool` and `[u8; N]`; implement it for your own fixed-width
/// [`KeyPart`] types (their [`KeyPart::WIDTH`] must be `Some`, checked at
/// compile time).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the element of a Vec<T> row-key field",
    label = "a Vec<T> field's elements must have a fixed width",
    note = "the elements are written back to back with no separator, so each must take the same bytes: use [u8; N] or an integer, or implement rowkey::Element for a fixed-width type"
)]
pub trait Element: KeyPart {}

macro_rules! element {
    ($($t:ty),*) => {$( impl Element for $t {} )*};
}
element!(u16, u32, u64, u128, i8, i16, i32, i64, i128, bool);
impl<const N: usize> Element for [u8; N] {}

/// The element's width, refused at compile time when it is not fixed.
struct Width<T>(core::marker::PhantomData<T>);

impl<T: KeyPart> Width<T> {
    const W: usize = match T::WIDTH {
        Some(w) if w > 0 => w,
        _ => panic!("a Vec<T> row-key field needs elements of a fixed, non-zero KeyPart::WIDTH"),
    };
}

impl<T: Element> KeyPart for Vec<T> {
    const WIDTH: Option<usize> = None;

    #[inline]
    fn encoded_len(&self) -> usize {
        self.len() * Width::<T>::W
    }

    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        let w = Width::<T>::W;
        if out.len() != self.len() * w {
            return Err(ErrorKind::Invalid {
                reason: "field body has the wrong width",
            });
        }
        for (element, slot) in self.iter().zip(out.chunks_exact_mut(w)) {
            element.encode_part(slot)?;
        }
        Ok(())
    }
}

impl<'de, T: Element + DecodePart<'de>> DecodePart<'de> for Vec<T> {
    fn decode_part(bytes: &'de [u8]) -> Result<Self, ErrorKind> {
        let w = Width::<T>::W;
        if !bytes.len().is_multiple_of(w) {
            return Err(ErrorKind::PartialElement {
                len: bytes.len(),
                width: w,
            });
        }
        bytes.chunks_exact(w).map(T::decode_part).collect()
    }
}

/// Elements of the same width that keep their order compare as their
/// lists do (a list sorts before its extensions), so ranges work.
impl<T: Element + OrderedPart> OrderedPart for Vec<T> {}
