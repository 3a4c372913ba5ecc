//! `#[decimal]` and `#[decimal(W)]`: an integer written as ASCII decimal
//! digits, the way text row keys built in Java hold numbers (seed 004:
//! `Long.toString(v)`, `String.format("%010d", v)`).
//!
//! Without a width the digits are as short as the value (no sign, no leading
//! zero), so they keep no order: `"9" > "10"`. With a width they are
//! zero-padded to exactly `W` digits, and byte order is numeric order.

use crate::part::ReverseTs;
use crate::ErrorKind;

/// An unsigned integer that `#[decimal]` can write as digits.
#[diagnostic::on_unimplemented(
    message = "#[decimal] does not fit `{Self}`",
    label = "#[decimal] needs an unsigned integer field (u8..u128), or u64/i64 with #[reverse_ts]",
    note = "it writes the value as Java's Long.toString does, with no sign: use an unsigned field, or add #[reverse_ts] to store Long.MAX_VALUE - ts as digits"
)]
pub trait Decimal: Sized {
    /// The value, widened.
    fn to_u128(&self) -> u128;
    /// The value back, if it fits the type.
    fn from_u128(value: u128) -> Option<Self>;
}

macro_rules! decimal {
    ($($t:ty),*) => {$(
        impl Decimal for $t {
            #[inline]
            fn to_u128(&self) -> u128 {
                u128::from(*self)
            }
            #[inline]
            fn from_u128(value: u128) -> Option<Self> {
                <$t>::try_from(value).ok()
            }
        }
    )*};
}
decimal!(u8, u16, u32, u64, u128);

/// How many digits `value` has (1 for 0).
#[inline]
#[must_use]
pub const fn decimal_len(mut value: u128) -> usize {
    let mut n = 1;
    while value >= 10 {
        value /= 10;
        n += 1;
    }
    n
}

/// A stored `#[reverse_ts]` number, widened for [`write_decimal`] (a
/// function, so generated code needs no `From` in scope).
#[inline]
#[must_use]
pub fn widen(stored: u64) -> u128 {
    u128::from(stored)
}

/// Refuses a value with more digits than a `#[decimal(W)]` holds: Java's
/// `%0Wd` would write it wider, and a fixed-width slot cannot.
///
/// # Errors
/// [`ErrorKind::TooManyDigits`] for a value over `width` digits.
#[inline]
pub fn check_digits(value: u128, width: usize) -> Result<(), ErrorKind> {
    let digits = decimal_len(value);
    if digits > width {
        return Err(ErrorKind::TooManyDigits { digits, width });
    }
    Ok(())
}

/// Writes `value` as exactly `out.len()` digits, zero-padded on the left.
/// The caller has checked that it fits ([`check_digits`] or [`decimal_len`]).
#[inline]
pub fn write_decimal(mut value: u128, out: &mut [u8]) {
    for o in out.iter_mut().rev() {
        // value % 10 < 10: the cast cannot truncate.
        #[allow(clippy::cast_possible_truncation)]
        let digit = (value % 10) as u8;
        *o = b'0' + digit;
        value /= 10;
    }
}

/// Reads digits back. `padded` (a `#[decimal(W)]` slot) allows leading
/// zeros; otherwise the text must be canonical, as `Long.toString` writes it:
/// no leading zero unless the value is 0, so that one value has one key.
///
/// # Errors
/// No digits, a byte that is not a digit, a leading zero in unpadded text, or
/// a number over `u128::MAX`.
pub fn parse_decimal(bytes: &[u8], padded: bool) -> Result<u128, ErrorKind> {
    if bytes.is_empty() {
        return Err(ErrorKind::Invalid {
            reason: "a #[decimal] field has no digits",
        });
    }
    if !padded && bytes.len() > 1 && bytes[0] == b'0' {
        return Err(ErrorKind::Invalid {
            reason: "a #[decimal] field has a leading zero, which Long.toString never writes",
        });
    }
    let mut value: u128 = 0;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return Err(ErrorKind::Invalid {
                reason: "a #[decimal] field holds a byte that is not a digit 0-9",
            });
        }
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u128::from(b - b'0')))
            .ok_or(OUT_OF_RANGE)?;
    }
    Ok(value)
}

const OUT_OF_RANGE: ErrorKind = ErrorKind::Invalid {
    reason: "a #[decimal] field's number is too large for the field's type",
};

/// Reads a `#[decimal]` field of type `T`.
///
/// # Errors
/// As `parse_decimal`, or a number `T` cannot hold.
#[inline]
pub fn decode_decimal<T: Decimal>(bytes: &[u8], padded: bool) -> Result<T, ErrorKind> {
    T::from_u128(parse_decimal(bytes, padded)?).ok_or(OUT_OF_RANGE)
}

/// Reads a `#[reverse_ts] #[decimal]` field: the digits of
/// `Long.MAX_VALUE - ts` (seed 004's inbox key).
///
/// # Errors
/// As `parse_decimal`, or a stored number over `i64::MAX`.
#[inline]
pub fn decode_decimal_reversed<T: ReverseTs>(bytes: &[u8], padded: bool) -> Result<T, ErrorKind> {
    let stored = parse_decimal(bytes, padded)?;
    let stored = u64::try_from(stored).map_err(|_| ErrorKind::TimestampOutOfRange {
        value: i128::from(i64::MAX) - i128::try_from(stored).unwrap_or(i128::MAX),
    })?;
    T::from_reversed(stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_and_digits_agree_with_formatting() {
        extern crate std;
        use std::format;
        for v in [
            0u128,
            1,
            9,
            10,
            99,
            100,
            12345,
            u128::from(u64::MAX),
            u128::MAX,
        ] {
            let text = format!("{v}");
            assert_eq!(decimal_len(v), text.len());
            let mut out = [0u8; 45];
            write_decimal(v, &mut out[..text.len()]);
            assert_eq!(&out[..text.len()], text.as_bytes());
            write_decimal(v, &mut out[..45]);
            assert_eq!(&out[..45], format!("{v:045}").as_bytes());
            assert_eq!(parse_decimal(text.as_bytes(), false), Ok(v));
        }
        // The largest #[decimal(W)] the derive accepts.
        assert_eq!(decimal_len(u128::MAX), 39);
    }

    #[test]
    fn non_canonical_text_is_refused() {
        assert!(parse_decimal(b"", false).is_err());
        assert!(parse_decimal(b"01", false).is_err());
        assert_eq!(parse_decimal(b"01", true), Ok(1));
        assert_eq!(parse_decimal(b"0", false), Ok(0));
        assert!(parse_decimal(b"1a", true).is_err());
        assert!(parse_decimal(b"-1", false).is_err());
        assert!(parse_decimal(b"+1", false).is_err());
        // u128::MAX + 1
        assert!(parse_decimal(b"340282366920938463463374607431768211456", false).is_err());
        assert!(decode_decimal::<u8>(b"256", false).is_err());
        assert_eq!(decode_decimal::<u8>(b"255", false), Ok(255));
    }
}
