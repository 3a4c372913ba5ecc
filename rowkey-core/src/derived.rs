//! What `#[derive(KeyPart)]` expands to calls: the byte copies and width
//! checks of a code enum and a fixed-width struct, kept here so the derive
//! emits no slicing that could panic on a caller's buffer.

use crate::part::{DecodePart, KeyPart};
use crate::ErrorKind;

fn wrong_width() -> ErrorKind {
    ErrorKind::Invalid {
        reason: "field body has the wrong width",
    }
}

/// Copies a variant's code into an `out` of exactly its length.
///
/// # Errors
/// An `out` of another length (the derive never passes one).
#[inline]
pub fn write_code(out: &mut [u8], code: &[u8]) -> Result<(), ErrorKind> {
    if out.len() != code.len() {
        return Err(wrong_width());
    }
    out.copy_from_slice(code);
    Ok(())
}

/// A part's width for a struct of fixed-width parts, in the struct's
/// `WIDTH` (const evaluation only). A variable-width part has none: the
/// derive refuses one by name, and one behind a generic parameter stops the
/// build here, at compile time, with the rule.
///
/// # Panics
/// For `None`, in const evaluation only: the build stops with the rule.
#[must_use]
pub const fn fixed_part_width(width: Option<usize>) -> usize {
    match width {
        Some(w) => w,
        None => panic!(
            "a #[derive(KeyPart)] struct writes its fields back to back, so every field needs a fixed width (KeyPart::WIDTH = Some(n)); use #[rowkey(transparent)] for one variable-width field"
        ),
    }
}

/// Writes one field of a fixed-width struct at `*at`, then moves `*at` past it.
///
/// # Errors
/// The field's own refusal; an `out` too short (never, as the struct
/// checks its width first).
#[inline]
pub fn write_fixed<T: KeyPart + ?Sized>(
    out: &mut [u8],
    at: &mut usize,
    value: &T,
) -> Result<(), ErrorKind> {
    let width = T::WIDTH.ok_or_else(wrong_width)?;
    let end = at.checked_add(width).ok_or_else(wrong_width)?;
    let slot = out.get_mut(*at..end).ok_or_else(wrong_width)?;
    value.encode_part(slot)?;
    *at = end;
    Ok(())
}

/// Reads one field of a fixed-width struct at `*at`, then moves `*at` past it.
///
/// # Errors
/// The field's own refusal; bytes too short (never, as the struct checks
/// its width first).
#[inline]
pub fn read_fixed<'de, T: DecodePart<'de>>(
    bytes: &'de [u8],
    at: &mut usize,
) -> Result<T, ErrorKind> {
    let width = T::WIDTH.ok_or_else(wrong_width)?;
    let end = at.checked_add(width).ok_or_else(wrong_width)?;
    let slot = bytes.get(*at..end).ok_or_else(wrong_width)?;
    let value = T::decode_part(slot)?;
    *at = end;
    Ok(value)
}

/// Refuses a buffer or a body that is not exactly a fixed-width struct's width.
///
/// # Errors
/// A length other than `width`.
#[inline]
pub fn check_fixed(len: usize, width: usize) -> Result<(), ErrorKind> {
    if len == width {
        Ok(())
    } else {
        Err(wrong_width())
    }
}

// The primitive types the forwarded `ReverseTs` signatures name, as the
// derive spells them (a user's own `u64` cannot capture them).
pub use core::primitive::{i128, u128, u64};

// `K::MAX_LEN` of an unbounded key stops the build naming the field.
pub use core::panic;

/// The fixed-width rule of a `#[derive(KeyPart)]` struct's fields, for a
/// field type only the compiler knows the width of: `C` is
/// `Check<T, { is_fixed(T::WIDTH) }>`, and only the fixed one meets the bound.
#[diagnostic::on_unimplemented(
    message = "`{T}` has no fixed width, and a #[derive(KeyPart)] struct writes its fields back to back",
    label = "this field's type has KeyPart::WIDTH = None",
    note = "use a fixed-width type here ([u8; N], an integer, a fixed-width KeyPart); for one variable-width field, put #[rowkey(transparent)] on the struct"
)]
pub trait FixedWidthPart<T: ?Sized> {}
impl<T: ?Sized> FixedWidthPart<T> for crate::__private::Check<T, true> {}

/// Compiles only for a fixed-width field type (the bound is the check).
#[inline(always)]
pub const fn require_fixed_part<C: FixedWidthPart<T>, T: ?Sized>() {}

/// Writes the low `width` bytes of an unsigned integer, big-endian, at
/// `*at` (a `#[width(W)]` field of a `#[derive(KeyPart)]` struct:
/// OpenTSDB's 3-byte UIDs), then moves `*at` past them: the byte rule of a
/// key's own `#[width(W)]` field (`width::write_narrow`).
///
/// # Errors
/// A value of `2^(8 width)` or more ([`ErrorKind::TooWide`]): it would not
/// fit, and is refused, not truncated.
#[inline]
pub fn write_uint(
    out: &mut [u8],
    at: &mut usize,
    value: u128,
    width: usize,
) -> Result<(), ErrorKind> {
    if width > 16 {
        return Err(wrong_width());
    }
    let end = at.checked_add(width).ok_or_else(wrong_width)?;
    let slot = out.get_mut(*at..end).ok_or_else(wrong_width)?;
    crate::width::write_narrow(value, slot)?;
    *at = end;
    Ok(())
}

/// Reads what [`write_uint`] wrote at `*at`, then moves `*at` past it
/// (`width::read_narrow`, as a key's own `#[width(W)]` field is read).
///
/// # Errors
/// Too few bytes, or a value `T` cannot hold.
#[inline]
pub fn read_uint<T: crate::width::Narrow>(
    bytes: &[u8],
    at: &mut usize,
    width: usize,
) -> Result<T, ErrorKind> {
    if width > 16 {
        return Err(wrong_width());
    }
    let end = at.checked_add(width).ok_or_else(wrong_width)?;
    let slot = bytes.get(*at..end).ok_or_else(wrong_width)?;
    let value = crate::width::read_narrow(slot)?;
    *at = end;
    Ok(value)
}
