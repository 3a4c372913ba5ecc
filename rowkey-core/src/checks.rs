//! The derive's compile-time layout checks that depend on the field types:
//! a const-generic marker whose `true` instance alone implements each rule,
//! so a violated rule is a trait error on the field, with the message here.
#![allow(
    missing_docs,
    reason = "hidden: named only by the derive's checks, through __private"
)]

use crate::__private::HBASE_MAX_KEY;
use core::marker::PhantomData;

// Compile-time layout checks. Each is a trait implemented only for the `true`
// instance of a const-generic marker, so a violated rule is a trait error the
// compiler reports on the field's span, with the message below.

pub struct Check<T: ?Sized, const OK: bool>(PhantomData<T>);

#[diagnostic::on_unimplemented(
    message = "a variable-width field is not last in the row key",
    label = "this field's type `{T}` has no fixed width and other fields follow it",
    note = "give it #[pad(N)] or #[delim], or move it to the end of the struct, so that a prefix scan cannot run into the next field"
)]
pub trait FixedWidthOrLast<T: ?Sized> {}
impl<T: ?Sized> FixedWidthOrLast<T> for Check<T, true> {}

#[diagnostic::on_unimplemented(
    message = "#[pad] does not fit the fixed-width type `{T}`",
    label = "`{T}` always writes the same number of bytes",
    note = "remove the attribute: #[pad(N)] fits variable-width fields (&str, String, &[u8], Vec<u8>, or a KeyPart with WIDTH = None); to write a separator after a fixed-width field, use #[delim(b'_')]"
)]
pub trait VariableWidth<T: ?Sized> {}
impl<T: ?Sized> VariableWidth<T> for Check<T, true> {}

#[diagnostic::on_unimplemented(
    message = "#[pad] on `{T}`, whose bytes say where they end",
    label = "`{T}` delimits itself (KeyPart::SELF_DELIMITING: an Option of a fixed-width type, say)",
    note = "a pad only adds bytes to a value that ends itself, as it would to an #[escaped] one: remove #[pad]; the field may stand anywhere without it"
)]
pub trait Undelimited<T: ?Sized> {}
impl<T: ?Sized> Undelimited<T> for Check<T, true> {}

#[diagnostic::on_unimplemented(
    message = "this row key is wider than HBase's row-key limit of 32767 bytes",
    label = "the fixed widths of this key's fields add up to more than 32767 bytes",
    note = "HBase refuses longer row keys: shorten the #[pad(N)] widths or the fixed-size fields ([u8; N], or a KeyPart's WIDTH)"
)]
pub trait WithinHBaseLimit<T: ?Sized> {}
impl<T: ?Sized> WithinHBaseLimit<T> for Check<T, true> {}

#[inline(always)]
pub const fn require_fixed_or_last<C: FixedWidthOrLast<T>, T: ?Sized>() {}
#[inline(always)]
pub const fn require_variable<C: VariableWidth<T>, T: ?Sized>() {}
#[inline(always)]
pub const fn require_undelimited<C: Undelimited<T>, T: ?Sized>() {}
#[inline(always)]
pub const fn require_within_limit<C: WithinHBaseLimit<T>, T: ?Sized>() {}

#[must_use]
pub const fn is_fixed(width: Option<usize>) -> bool {
    width.is_some()
}

/// Whether the fixed part of a layout (unbounded fields count 0) fits HBase.
#[must_use]
pub const fn within_limit(widths: &[Option<usize>]) -> bool {
    let mut total = 0usize;
    let mut i = 0;
    while i < widths.len() {
        if let Some(w) = widths[i] {
            total += w;
        }
        i += 1;
    }
    total <= HBASE_MAX_KEY
}
