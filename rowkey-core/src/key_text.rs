//! Keys as text: a key printed as the HBase shell prints a row
//! (`Bytes.toStringBinary`), and that text read back, canonical form only,
//! for the `serde` form of a range.

use core::fmt;

use crate::{Binary, KeyBuf};

/// An encoded key that prints as the HBase shell prints a row
/// (`Bytes.toStringBinary`: printable ASCII as itself, every other byte and
/// the backslash as `\xNN`). Made by [`RowKey::display`](crate::RowKey::display);
/// the bytes live in the key's stack buffer, so printing allocates nothing.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct SellerOrder { seller_id: u64, #[pad(4)] region: String }
///
/// let key = SellerOrder { seller_id: 42, region: "eu".into() };
/// assert_eq!(key.display()?.to_string(), r"\x00\x00\x00\x00\x00\x00\x00*eu\x00\x00");
/// # Ok::<(), rowkey::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyText<B: KeyBuf> {
    buf: B,
    len: usize,
}

impl<B: KeyBuf> KeyText<B> {
    /// The key's bytes as written into `buf` (`encode_into` returned `len`).
    pub(crate) fn new(buf: B, len: usize) -> Self {
        KeyText { buf, len }
    }

    /// The encoded key.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.buf.as_ref().get(..self.len).unwrap_or_default()
    }
}

impl<B: KeyBuf> fmt::Display for KeyText<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Binary(self.as_bytes()), f)
    }
}

impl<B: KeyBuf> fmt::Debug for KeyText<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", Binary(self.as_bytes()))
    }
}

#[cfg(any(feature = "serde", test))]
/// Why a text is not a row in `Bytes.toStringBinary` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextError {
    /// A character that form never writes: outside printable ASCII.
    NotPrintable,
    /// A backslash not followed by `x` and two upper-case hex digits.
    BadEscape,
    /// `\xNN` for a byte that form writes as itself (`\x41` for `A`).
    NotCanonical,
}

#[cfg(any(feature = "serde", test))]
impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextError::NotPrintable => {
                "a row is written as Bytes.toStringBinary writes it: printable ASCII, other bytes as \\xNN"
            }
            TextError::BadEscape => {
                "a backslash starts \\xNN, two upper-case hex digits (a backslash itself is \\x5C)"
            }
            TextError::NotCanonical => {
                "\\xNN of a printable byte: Bytes.toStringBinary writes it as itself, so this text is not one it wrote"
            }
        })
    }
}

#[cfg(any(feature = "serde", test))]
fn printable(b: u8) -> bool {
    (b' '..=b'~').contains(&b) && b != b'\\'
}

#[cfg(any(feature = "serde", test))]
fn hex(d: u8) -> Option<u8> {
    match d {
        b'0'..=b'9' => Some(d - b'0'),
        b'A'..=b'F' => Some(d - b'A' + 10),
        _ => None,
    }
}

#[cfg(any(feature = "serde", test))]
/// Reads `Bytes.toStringBinary` text back, handing each byte to `put`
/// (which returns `false` to stop: the row is too long). Only the one text
/// that form writes for a row is accepted, so every row has one text.
pub(crate) fn parse_binary(text: &str, mut put: impl FnMut(u8) -> bool) -> Result<bool, TextError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let byte = if b == b'\\' {
            let (Some(b'x'), Some(hi), Some(lo)) = (
                bytes.get(i + 1),
                bytes.get(i + 2).copied().and_then(hex),
                bytes.get(i + 3).copied().and_then(hex),
            ) else {
                return Err(TextError::BadEscape);
            };
            let v = (hi << 4) | lo;
            if printable(v) {
                return Err(TextError::NotCanonical);
            }
            i += 4;
            v
        } else if printable(b) {
            i += 1;
            b
        } else {
            return Err(TextError::NotPrintable);
        };
        if !put(byte) {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::{parse_binary, TextError};
    use crate::Binary;

    fn read(text: &str) -> Result<([u8; 64], usize), TextError> {
        let mut out = [0u8; 64];
        let mut n = 0;
        parse_binary(text, |b| {
            out[n] = b;
            n += 1;
            true
        })?;
        Ok((out, n))
    }

    #[test]
    fn every_byte_reads_back_from_its_text() {
        let all: [u8; 256] = core::array::from_fn(|i| u8::try_from(i).unwrap_or(0));
        for chunk in all.chunks(16) {
            let text = alloc::format!("{}", Binary(chunk));
            let (out, n) = read(&text).unwrap();
            assert_eq!(&out[..n], chunk, "{text}");
        }
    }

    #[test]
    fn other_spellings_are_refused() {
        for (text, err) in [
            (r"\x41", TextError::NotCanonical),
            (r"\x5c", TextError::BadEscape),
            (r"\xff", TextError::BadEscape),
            (r"\x0", TextError::BadEscape),
            (r"\", TextError::BadEscape),
            (r"\n", TextError::BadEscape),
            ("\n", TextError::NotPrintable),
            ("é", TextError::NotPrintable),
            ("\u{7f}", TextError::NotPrintable),
        ] {
            assert_eq!(read(text).map(|_| ()), Err(err), "{text:?}");
        }
        assert_eq!(
            read(r"a\x5C\x00~").map(|(o, n)| o[..n].to_vec()),
            Ok(b"a\\\0~".to_vec())
        );
    }
}
