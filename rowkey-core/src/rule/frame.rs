//! Taking a slot's bytes when read: a fixed number of them, up to a
//! `#[delim]` byte, or the rest of the key; and the delimiter's own check
//! when written.

use crate::ErrorKind;

/// Refuses a body that holds its own delimiter, which would end it early
/// when read back.
///
/// # Errors
/// The body holds `byte`.
#[inline]
pub fn check_no_delim(body: &[u8], byte: u8) -> Result<(), ErrorKind> {
    match body.iter().position(|&b| b == byte) {
        Some(index) => Err(ErrorKind::ContainsDelimiter { byte, index }),
        None => Ok(()),
    }
}

/// Takes `n` bytes at `*pos`.
///
/// # Errors
/// Fewer than `n` bytes are left.
#[inline]
pub fn take<'a>(input: &'a [u8], pos: &mut usize, n: usize) -> Result<&'a [u8], ErrorKind> {
    let available = input.len() - *pos;
    if available < n {
        return Err(ErrorKind::UnexpectedEnd {
            needed: n,
            available,
        });
    }
    let out = &input[*pos..*pos + n];
    *pos += n;
    Ok(out)
}

/// Takes the bytes up to the next `byte` and steps over it.
///
/// # Errors
/// No `byte` is left.
#[inline]
pub fn take_delimited<'a>(
    input: &'a [u8],
    pos: &mut usize,
    byte: u8,
) -> Result<&'a [u8], ErrorKind> {
    let rest = &input[*pos..];
    match rest.iter().position(|&b| b == byte) {
        Some(i) => {
            *pos += i + 1;
            Ok(&rest[..i])
        }
        None => Err(ErrorKind::MissingDelimiter { byte }),
    }
}

/// Steps over the delimiter after a field whose end is known without
/// searching (fixed width, or escaped): it must be there.
///
/// # Errors
/// The next byte is another or missing.
#[inline]
pub fn expect_delim(input: &[u8], pos: &mut usize, byte: u8) -> Result<(), ErrorKind> {
    match input.get(*pos) {
        Some(&b) if b == byte => {
            *pos += 1;
            Ok(())
        }
        _ => Err(ErrorKind::MissingDelimiter { byte }),
    }
}

/// Takes everything left.
#[inline]
pub fn take_rest<'a>(input: &'a [u8], pos: &mut usize) -> &'a [u8] {
    let out = &input[*pos..];
    *pos = input.len();
    out
}
