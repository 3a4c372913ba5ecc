//! `#[width(W)]`: an unsigned integer in its low W bytes, big-endian, as
//! OpenTSDB writes its 3-byte UIDs (`UniqueId.longToUID`). The bytes keep
//! value order, so ranges work; a value that needs more than W bytes is
//! refused, never cut.

use crate::ErrorKind;

/// An unsigned integer `#[width(W)]` can narrow.
#[diagnostic::on_unimplemented(
    message = "#[width] does not fit `{Self}`",
    label = "#[width(W)] needs an unsigned integer field (u16..u128)",
    note = "it writes the low W bytes of an unsigned value, as OpenTSDB's UniqueId.longToUID does; make the field u16, u32, u64 or u128"
)]
pub trait Narrow: Sized {
    /// The value, widened.
    fn to_wide(&self) -> u128;
    /// The value back, if the type holds it.
    fn from_wide(value: u128) -> Option<Self>;
}

macro_rules! narrow {
    ($($t:ty),*) => {$(
        impl Narrow for $t {
            #[inline]
            fn to_wide(&self) -> u128 {
                u128::from(*self)
            }
            #[inline]
            fn from_wide(value: u128) -> Option<Self> {
                <$t>::try_from(value).ok()
            }
        }
    )*};
}
narrow!(u16, u32, u64, u128);

/// Whether `value` needs more than `width` bytes (`>= 2^(8·width)`).
#[inline]
#[must_use]
pub const fn too_wide(value: u128, width: usize) -> bool {
    width < 16 && value >> (8 * width) != 0
}

/// Writes `value` as exactly `out.len()` bytes, big-endian.
///
/// # Errors
/// [`ErrorKind::TooWide`] when the value needs more bytes.
#[inline]
pub fn write_narrow(value: u128, out: &mut [u8]) -> Result<(), ErrorKind> {
    let width = out.len();
    if too_wide(value, width) {
        return Err(ErrorKind::TooWide { value, width });
    }
    let bytes = value.to_be_bytes();
    // width < 16 here (16 bytes hold every u128 and the derive allows less).
    out.copy_from_slice(&bytes[16 - width.min(16)..]);
    Ok(())
}

/// Reads a `#[width(W)]` field back from its W bytes.
///
/// # Errors
/// A value the field's type cannot hold (never, for the bytes encode
/// writes: W is below the type's size).
#[inline]
pub fn read_narrow<T: Narrow>(bytes: &[u8]) -> Result<T, ErrorKind> {
    // Up to 8 bytes (every width of the 64-bit and smaller types), copied
    // behind zeros into one big-endian word: a byte at a time, each byte
    // was a load, a shift and an or (OpenTSDB's row, five 3-byte UIDs,
    // decoded in 51 instructions against a hand-written 45, callgrind).
    let value = if bytes.len() <= 8 {
        let mut word = [0u8; 8];
        word[8 - bytes.len()..].copy_from_slice(bytes);
        u128::from(u64::from_be_bytes(word))
    } else {
        bytes
            .iter()
            .take(16)
            .fold(0u128, |acc, &b| (acc << 8) | u128::from(b))
    };
    T::from_wide(value).ok_or(ErrorKind::Invalid {
        reason: "the stored value does not fit the field's type",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_bytes_big_endian() {
        let mut out = [0u8; 3];
        write_narrow(0x000A_0B0C, &mut out).unwrap();
        assert_eq!(out, [0x0A, 0x0B, 0x0C]);
        assert_eq!(read_narrow::<u32>(&out), Ok(0x000A_0B0C));
        assert_eq!(
            write_narrow(1 << 24, &mut out),
            Err(ErrorKind::TooWide {
                value: 1 << 24,
                width: 3
            })
        );
        assert!(write_narrow((1 << 24) - 1, &mut out).is_ok());
        assert!(!too_wide(u128::MAX, 16));
    }

    /// Every width, either side of the word the short ones are read in.
    #[test]
    fn every_width_reads_back() {
        for width in 1..16 {
            let value: u128 =
                (0..width).fold(0, |v, i| (v << 8) | (0xF1 - u128::try_from(i).unwrap()));
            let mut out = [0u8; 15];
            write_narrow(value, &mut out[..width]).unwrap();
            assert_eq!(read_narrow::<u128>(&out[..width]), Ok(value), "{width}");
            if width < 8 {
                assert_eq!(
                    read_narrow::<u64>(&out[..width]),
                    Ok(u64::try_from(value).unwrap())
                );
            }
        }
        assert!(read_narrow::<u16>(&[1, 0, 0]).is_err());
    }
}
