//! `Vec<T>` as a last field of fixed-width elements: the elements' bytes
//! back to back, with no count and no terminator (OpenTSDB's tag pairs,
//! `Vec<[u8; 6]>`). The key's end is the list's end, so the field must be
//! last; decode cuts the rest of the key into elements of `T`'s width.
//! `Vec<u8>` stays a byte string (the same bytes: elements of width 1).

use crate::part::{DecodePart, KeyPart, OrderedPart};
use crate::scan::{IntoBounds, ScanArg, ScanValue};
use crate::ErrorKind;
use alloc::vec::Vec;
use core::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo, RangeToInclusive};

/// A range as its two bounds.
type BoundPair<T> = (Bound<T>, Bound<T>);

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

/// A slice of elements, as a `Vec<T>` field writes them (a scan value
/// borrowed from a `Vec<T>` is one).
impl<T: Element> KeyPart for [T] {
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

impl<T: Element> KeyPart for Vec<T> {
    const WIDTH: Option<usize> = None;

    #[inline]
    fn encoded_len(&self) -> usize {
        self.as_slice().encoded_len()
    }

    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        self.as_slice().encode_part(out)
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
impl<T: Element + OrderedPart> OrderedPart for [T] {}

// A `Vec<T>` field scanned with a borrowed list (`&[T]`, `&Vec<T>`), or a
// range of them, as a `Vec<u8>` field is with `&[u8]`.
macro_rules! views {
    ($($arg:ty => |$v:ident| $view:expr;)*) => {$(
        impl<'a, T: Element> ScanArg<Vec<T>> for $arg {
            type Value = &'a [T];
            type Out<E, R> = E;
            crate::scan::args::next_step!(Vec<T>);
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                eq: impl FnOnce(S, &'a [T]) -> E,
                _: impl FnOnce(S, Bound<&'a [T]>, Bound<&'a [T]>) -> R,
            ) -> E {
                let $v = self;
                eq(state, $view)
            }
        }

        impl<'a, T: Element> ScanValue<Vec<T>> for $arg {
            type Value = &'a [T];
            #[inline]
            fn into_value(self) -> &'a [T] {
                let $v = self;
                $view
            }
        }
    )*};
}

views! {
    &'a [T] => |v| v;
    &'a Vec<T> => |v| v.as_slice();
}

macro_rules! view_ranges {
    ($($r:ident),*) => {$(
        views_in_range!($r: &'a [T] => |v| v; &'a Vec<T> => |v| v.as_slice(););
    )*};
}

macro_rules! views_in_range {
    ($r:ident: $($arg:ty => |$v:ident| $view:expr;)*) => {$(
        impl<'a, T: Element + OrderedPart> ScanArg<Vec<T>> for $r<$arg> {
            type Value = &'a [T];
            type Out<E, R> = R;
            crate::scan::args::next_step!(Vec<T>);
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                _: impl FnOnce(S, &'a [T]) -> E,
                range: impl FnOnce(S, Bound<&'a [T]>, Bound<&'a [T]>) -> R,
            ) -> R {
                let (lo, hi) = IntoBounds::into_bounds(self);
                let view = |$v: $arg| -> &'a [T] { $view };
                range(state, lo.map(view), hi.map(view))
            }
        }
    )*};
}

view_ranges!(
    Range,
    RangeInclusive,
    RangeFrom,
    RangeTo,
    RangeToInclusive,
    BoundPair
);
