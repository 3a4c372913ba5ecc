//! `#[decimal]` and `#[decimal(W)]`: an integer written as ASCII decimal
//! digits, the way text row keys built in Java hold numbers (the `RowKeyUtil` article:
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
pub const fn decimal_len(value: u128) -> usize {
    // Every value of the 64-bit and smaller fields: the digits of its bit
    // length (`bits * 1233 >> 12` is `floor(bits * log10 2)`), one more if
    // it reaches that power of ten: a few instructions where `ilog10`'s
    // divisions by powers of ten cost about 25 (callgrind, RowKeyUtil's
    // text key in benches/keys.rs, whose encode asks twice per field:
    // once for the key's length, once for the slot's).
    if value <= u64::MAX as u128 {
        // `| 1` gives 0 its one digit and changes no other count (a power
        // of ten is even, the number before it odd).
        #[allow(clippy::cast_possible_truncation)] // checked just above
        let v = value as u64 | 1;
        let bits = u64::BITS - v.leading_zeros();
        let t = ((bits * 1233) >> 12) as usize;
        return t + (v >= POW10[t]) as usize;
    }
    match value.checked_ilog10() {
        // ilog10 of a u128 is at most 38.
        Some(log) => log as usize + 1,
        None => 1,
    }
}

/// `10^i` for every `i` a `u64`'s digit count needs (0 to 19).
const POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// A stored `#[reverse_ts]` number, widened for `write_decimal` (a
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
    // One compare against `10^width`, constant once `width` is (every
    // `#[decimal(W)]`); the digits are counted only for the error.
    #[allow(clippy::cast_possible_truncation)] // `width` is at most 39
    let fits = match 10u128.checked_pow(width as u32) {
        // No width holds 0's one digit.
        Some(limit) => width > 0 && value < limit,
        None => true,
    };
    if !fits {
        return Err(ErrorKind::TooManyDigits {
            digits: decimal_len(value),
            width,
        });
    }
    Ok(())
}

/// A `#[decimal(W)]` range's bounds, read as a window over the values the
/// field stores (at most W digits), as `#[reverse_ts]` windows are clamped to
/// the storable timestamps: a lower bound past the greatest W-digit value
/// leaves nothing (`None`), an upper bound past it is no bound. A bound no
/// key holds is not a value the scan must refuse: `500..5000` on a
/// `#[decimal(3)]` field scans 500 to 999.
#[inline]
#[must_use]
pub fn clamp_wide_bounds<V>(
    lo: core::ops::Bound<V>,
    hi: core::ops::Bound<V>,
    too_wide: impl Fn(&V) -> bool,
) -> Option<(core::ops::Bound<V>, core::ops::Bound<V>)> {
    use core::ops::Bound::{Excluded, Included, Unbounded};
    if let Included(v) | Excluded(v) = &lo {
        if too_wide(v) {
            return None;
        }
    }
    let hi = match hi {
        Included(v) | Excluded(v) if too_wide(&v) => Unbounded,
        hi => hi,
    };
    Some((lo, hi))
}

/// Writes `value` as exactly `out.len()` digits, zero-padded on the left.
/// The caller has checked that it fits (`check_digits` or `decimal_len`).
#[inline]
pub fn write_decimal(value: u128, out: &mut [u8]) {
    // Every value of the 64-bit and smaller fields, and every stored
    // timestamp, fits a u64, whose division is several times cheaper than a
    // u128's (measured: benches/text.rs, inbox encode).
    if let Ok(mut v) = u64::try_from(value) {
        for o in out.iter_mut().rev() {
            // v % 10 < 10: the cast cannot truncate.
            #[allow(clippy::cast_possible_truncation)]
            let digit = (v % 10) as u8;
            *o = b'0' + digit;
            v /= 10;
        }
        return;
    }
    let mut v = value;
    for o in out.iter_mut().rev() {
        #[allow(clippy::cast_possible_truncation)]
        let digit = (v % 10) as u8;
        *o = b'0' + digit;
        v /= 10;
    }
}

/// Reads digits back. `padded` (a `#[decimal(W)]` slot) allows leading
/// zeros; otherwise the text must be canonical, as `Long.toString` writes it:
/// no leading zero unless the value is 0, so that one value has one key.
///
/// # Errors
/// No digits, a byte that is not a digit, a leading zero in unpadded text, or
/// a number over `u128::MAX`.
///
/// Inlined: out of line, each field paid a call returning a `u128` through
/// memory, and a `#[decimal(W)]` field's loop did not unroll to its W
/// digits (the `RowKeyUtil` text key decoded in 538 instructions against a
/// hand-written 433, callgrind).
#[inline]
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
    // Up to 19 digits cannot overflow a u64, whose arithmetic is cheaper.
    if bytes.len() <= 19 {
        let mut value: u64 = 0;
        for &b in bytes {
            if !b.is_ascii_digit() {
                return Err(NOT_A_DIGIT);
            }
            value = value * 10 + u64::from(b - b'0');
        }
        return Ok(u128::from(value));
    }
    let mut value: u128 = 0;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return Err(NOT_A_DIGIT);
        }
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u128::from(b - b'0')))
            .ok_or(OUT_OF_RANGE)?;
    }
    Ok(value)
}

const NOT_A_DIGIT: ErrorKind = ErrorKind::Invalid {
    reason: "a #[decimal] field holds a byte that is not a digit 0-9",
};

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
/// `Long.MAX_VALUE - ts` (the `RowKeyUtil` article's inbox key).
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
        // Each side of every power of ten, in and past a u64.
        let mut p: u128 = 1;
        for digits in 1..=39 {
            assert_eq!(decimal_len(p), digits, "{p}");
            assert_eq!(decimal_len(p - 1), (digits - 1).max(1), "{p} - 1");
            assert_eq!(check_digits(p, digits), Ok(()));
            assert_eq!(
                check_digits(p - 1, digits - 1),
                if digits == 1 {
                    Err(ErrorKind::TooManyDigits {
                        digits: 1,
                        width: 0,
                    })
                } else {
                    Ok(())
                }
            );
            assert_eq!(
                check_digits(p, digits - 1),
                Err(ErrorKind::TooManyDigits {
                    digits,
                    width: digits - 1,
                })
            );
            p = p.saturating_mul(10);
        }
        assert_eq!(check_digits(u128::MAX, 39), Ok(()));
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
