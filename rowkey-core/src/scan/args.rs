//! What a scan builder's field methods take: a value, a view of one
//! (`&str` for a `String` field), or a range of either.

use super::steps::Builder;
use crate::part::{KeyPart, OrderedPart};
use crate::RowKey;

use core::ops::{
    Bound, Range, RangeBounds, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive,
};

/// What a derived scan builder's field method takes: a value of the field's
/// type (the prefix continues) or a range of them (the scan ends there).
///
/// Implemented here for every field type's values, their borrowed views
/// and ranges of either; a type of your own is taken as an argument by
/// being a field type ([`KeyPart`]), not by implementing this trait, whose
/// hidden items are the derived builder's.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a `{T}` nor a range of `{T}`",
    label = "pass a value, or a range such as `a..b`, `a..=b`, `a..` or `..`",
    note = "ranges need an order-preserving field: not #[salt], #[reverse], #[twos_complement], #[decimal] without a width, or a pad/delim byte other than 0x00 after a variable-width value"
)]
pub trait ScanArg<T> {
    /// The type encoded: `T` itself, or a borrowed view (`&str` for `String`).
    type Value: KeyPart;
    /// The builder stage the method returns: `E` for a value, `R` for a range.
    type Out<E, R>;
    /// Hands the value to `eq`, or the range's bounds to `range`.
    fn apply<S, E, R>(
        self,
        state: S,
        eq: impl FnOnce(S, Self::Value) -> E,
        range: impl FnOnce(S, Bound<Self::Value>, Bound<Self::Value>) -> R,
    ) -> Self::Out<E, R>;
    /// What a derived builder `B` of the key `K` becomes once this argument
    /// is its step on a field written by the scan rule `R`: the builder
    /// expecting the field marked `EQ` after a value, none (`END`) after a
    /// range. One projection, so that a field method's signature is one
    /// type the compiler leaves as it is for a generic argument, rather
    /// than a nest of them it resolves per key.
    #[doc(hidden)]
    type Next<K: RowKey, B: Builder<K>, R, EQ, END>;
    /// Records this argument as `builder`'s next step ([`Next`](ScanArg::Next)).
    #[doc(hidden)]
    fn __step<K: RowKey, B: Builder<K>, R, EQ, END>(
        self,
        builder: B,
    ) -> Self::Next<K, B, R, EQ, END>;
}

/// [`ScanArg`]'s `Next` and `__step`, the same in every implementation: a
/// value's step or a range's, as the argument's `Out` picks.
macro_rules! next_step {
    ($field:ty) => {
        type Next<K: $crate::RowKey, B: $crate::__private::Builder<K>, R, EQ, END> = Self::Out<
            $crate::__private::EqAt<K, B, Self::Value, R, EQ>,
            $crate::__private::RangeAt<K, B, Self::Value, R, END>,
        >;
        #[inline(always)]
        fn __step<K: $crate::RowKey, B: $crate::__private::Builder<K>, R, EQ, END>(
            self,
            builder: B,
        ) -> Self::Next<K, B, R, EQ, END> {
            <Self as $crate::ScanArg<$field>>::apply(
                self,
                builder,
                $crate::__private::eq_step::<K, B, Self::Value, R, EQ>,
                $crate::__private::range_step::<K, B, Self::Value, R, END>,
            )
        }
    };
}
pub(crate) use next_step;

impl<T: KeyPart> ScanArg<T> for T {
    type Value = T;
    type Out<E, R> = E;
    next_step!(T);
    #[inline]
    fn apply<S, E, R>(
        self,
        state: S,
        eq: impl FnOnce(S, T) -> E,
        _: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
    ) -> E {
        eq(state, self)
    }
}

/// What a builder method of a field that keeps no value order takes: one
/// exact value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value of `{T}`",
    label = "this field can only be scanned for one exact value",
    note = "a #[salt], #[reverse], #[twos_complement] or #[decimal] (no width) field, a variable-width value padded or delimited with a byte other than 0x00, an unframed variable-width #[desc] last field, or an Option of a #[reverse_ts] timestamp does not keep value order, so it takes no range; #[decimal(W)] and #[desc] #[delim] do"
)]
pub trait ScanValue<T> {
    /// The type encoded: `T` itself, or a borrowed view (`&str` for `String`).
    type Value: KeyPart;
    /// The value to encode.
    fn into_value(self) -> Self::Value;
}

impl<T: KeyPart> ScanValue<T> for T {
    type Value = T;
    #[inline]
    fn into_value(self) -> T {
        self
    }
}

// Borrowed views of owned field types, and an owned `String` for a
// borrowed `&str` field: the caller need not convert.
macro_rules! view_arg {
    ($($field:ty => $arg:ty as $value:ty: |$v:ident| $view:expr;)*) => {$(
        #[cfg(feature = "alloc")]
        impl<'a> ScanArg<$field> for $arg {
            type Value = $value;
            type Out<E, R> = E;
            next_step!($field);
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                eq: impl FnOnce(S, $value) -> E,
                _: impl FnOnce(S, Bound<$value>, Bound<$value>) -> R,
            ) -> E {
                let $v = self;
                eq(state, $view)
            }
        }

        #[cfg(feature = "alloc")]
        impl<'a> ScanValue<$field> for $arg {
            type Value = $value;
            #[inline]
            fn into_value(self) -> $value {
                let $v = self;
                $view
            }
        }
    )*};
}

view_arg! {
    alloc::string::String => &'a str as &'a str: |v| v;
    alloc::string::String => &'a alloc::string::String as &'a str: |v| v.as_str();
    alloc::vec::Vec<u8> => &'a [u8] as &'a [u8]: |v| v;
    alloc::vec::Vec<u8> => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
    &'a str => &'a alloc::string::String as &'a str: |v| v.as_str();
    &'a [u8] => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
}

/// A range as its two bounds.
type BoundPair<T> = (Bound<T>, Bound<T>);

/// A std range taken apart into owned bounds, as [`RangeBounds`] reads it:
/// an exhausted `a..=b` (iterated to its end, empty by std's rules) has an
/// excluded end, not the `b` that `into_inner` would give back.
pub(crate) trait IntoBounds<T> {
    fn into_bounds(self) -> BoundPair<T>;
}

impl<T> IntoBounds<T> for Range<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Included(self.start), Bound::Excluded(self.end))
    }
}

impl<T> IntoBounds<T> for RangeInclusive<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        let exhausted = matches!(self.end_bound(), Bound::Excluded(_));
        let (a, b) = self.into_inner();
        let end = if exhausted {
            Bound::Excluded(b)
        } else {
            Bound::Included(b)
        };
        (Bound::Included(a), end)
    }
}

impl<T> IntoBounds<T> for RangeFrom<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Included(self.start), Bound::Unbounded)
    }
}

impl<T> IntoBounds<T> for RangeTo<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Unbounded, Bound::Excluded(self.end))
    }
}

impl<T> IntoBounds<T> for RangeToInclusive<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        (Bound::Unbounded, Bound::Included(self.end))
    }
}

impl<T> IntoBounds<T> for BoundPair<T> {
    #[inline(always)]
    fn into_bounds(self) -> BoundPair<T> {
        self
    }
}

macro_rules! range_arg {
    ($($r:ident),*) => {$(
        impl<T: OrderedPart> ScanArg<T> for $r<T> {
            type Value = T;
            type Out<E, R> = R;
            next_step!(T);
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                _: impl FnOnce(S, T) -> E,
                range: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
            ) -> R {
                let (lo, hi) = self.into_bounds();
                range(state, lo, hi)
            }
        }
    )*};
}

range_arg!(
    Range,
    RangeInclusive,
    RangeFrom,
    RangeTo,
    RangeToInclusive,
    BoundPair
);

impl<T: OrderedPart> ScanArg<T> for RangeFull {
    type Value = T;
    type Out<E, R> = R;
    next_step!(T);
    #[inline]
    fn apply<S, E, R>(
        self,
        state: S,
        _: impl FnOnce(S, T) -> E,
        range: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
    ) -> R {
        range(state, Bound::Unbounded, Bound::Unbounded)
    }
}

// Ranges of the same views: `"a".."b"` on a `String` field, `&String`
// bounds on a `&str` one.
macro_rules! view_range_arg {
    ($r:ident: $($field:ty => $arg:ty as $value:ty: |$v:ident| $view:expr;)*) => {$(
        #[cfg(feature = "alloc")]
        impl<'a> ScanArg<$field> for $r<$arg>
        where
            $value: OrderedPart,
        {
            type Value = $value;
            type Out<E, R> = R;
            next_step!($field);
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                _: impl FnOnce(S, $value) -> E,
                range: impl FnOnce(S, Bound<$value>, Bound<$value>) -> R,
            ) -> R {
                let (lo, hi) = self.into_bounds();
                let view = |$v: $arg| -> $value { $view };
                range(state, lo.map(view), hi.map(view))
            }
        }
    )*};
}

macro_rules! view_ranges {
    ($($r:ident),*) => {$(
        view_range_arg! { $r:
            alloc::string::String => &'a str as &'a str: |v| v;
            alloc::string::String => &'a alloc::string::String as &'a str: |v| v.as_str();
            alloc::vec::Vec<u8> => &'a [u8] as &'a [u8]: |v| v;
            alloc::vec::Vec<u8> => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
            &'a str => &'a alloc::string::String as &'a str: |v| v.as_str();
            &'a [u8] => &'a alloc::vec::Vec<u8> as &'a [u8]: |v| v.as_slice();
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
