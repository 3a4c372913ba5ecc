//! `#[pad(N)]` and `#[pad(N, b' ')]`: a body right-padded to N bytes with
//! the pad byte; a body that ends in the pad byte is refused, since the pad
//! could not be told from it when read back.

#![allow(
    clippy::missing_errors_doc,
    reason = "each refusal is the ErrorKind the function names"
)]

use crate::ErrorKind;

/// Starts a `#[pad(n, byte)]` slot (`slot` is all `n` bytes): refuses a
/// body of `len` bytes that does not fit, else fills the slot with the pad
/// byte, for the body to be written over its front. Filling the whole slot
/// is one store of constant width once inlined; filling only what follows
/// the body would be a fill of variable length, a `memset` call.
#[inline]
pub fn start_pad(slot: &mut [u8], len: usize, byte: u8) -> Result<(), ErrorKind> {
    if len > slot.len() {
        return Err(ErrorKind::TooLongForPad {
            len,
            pad: slot.len(),
        });
    }
    slot.fill(byte);
    Ok(())
}

/// Refuses a padded body (as stored) that ends in its pad byte: decode could
/// not tell its last byte from padding.
#[inline]
pub fn check_pad_end(body: &[u8], byte: u8) -> Result<(), ErrorKind> {
    if body.last() == Some(&byte) {
        return Err(ErrorKind::EndsWithPadByte { byte });
    }
    Ok(())
}

/// The body of a padded slot: the slot without its trailing pad bytes.
///
/// Compares 16 and then 8 bytes at a time from the end: the first word that
/// is not all padding gives the end without a branch per byte (whose exit
/// the branch predictor misses as body lengths vary); the first word of the
/// slot needs no branch at all. Always inlined: the slot width is a constant
/// there, so only the word compares it needs are left.
#[inline(always)]
#[must_use]
pub fn strip_pad(slot: &[u8], byte: u8) -> &[u8] {
    let mut end = slot.len();
    while end > 16 {
        let cut = pad_in_16(&slot[end - 16..end], byte);
        if cut < 16 {
            return &slot[..end - cut];
        }
        end -= 16;
    }
    if end == 16 {
        return &slot[..16 - pad_in_16(&slot[..16], byte)];
    }
    if end > 8 {
        let cut = pad_in_8(&slot[end - 8..end], byte);
        if cut < 8 {
            return &slot[..end - cut];
        }
        end -= 8;
    }
    if end == 8 {
        return &slot[..8 - pad_in_8(&slot[..8], byte)];
    }
    while end > 0 && slot[end - 1] == byte {
        end -= 1;
    }
    &slot[..end]
}

/// How many of the 16 bytes of `word` are trailing `byte`s (0 to 16).
#[inline(always)]
fn pad_in_16(word: &[u8], byte: u8) -> usize {
    let mut w = [0u8; 16];
    w.copy_from_slice(word);
    // Little-endian: the last byte is the most significant, so the leading
    // zero bytes of `w ^ padding` are the trailing pad bytes.
    let diff = u128::from_le_bytes(w) ^ u128::from_le_bytes([byte; 16]);
    (diff.leading_zeros() / 8) as usize
}

/// How many of the 8 bytes of `word` are trailing `byte`s (0 to 8).
#[inline(always)]
fn pad_in_8(word: &[u8], byte: u8) -> usize {
    let mut w = [0u8; 8];
    w.copy_from_slice(word);
    let diff = u64::from_le_bytes(w) ^ u64::from_le_bytes([byte; 8]);
    (diff.leading_zeros() / 8) as usize
}

/// Refuses a `#[reverse]` padded body (as stored, reversed) that ends in its
/// pad byte: the value starts with it.
#[inline]
pub fn check_reversed_pad_end(body: &[u8], byte: u8) -> Result<(), ErrorKind> {
    if body.last() == Some(&byte) {
        return Err(ErrorKind::StartsWithPadByte { byte });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::strip_pad;

    /// The word-at-a-time `strip_pad` against the byte loop it replaced, for
    /// every slot width up to 40 and every body length, with pad bytes inside
    /// the body too.
    #[test]
    fn strip_pad_matches_byte_loop() {
        fn naive(slot: &[u8], byte: u8) -> &[u8] {
            let mut end = slot.len();
            while end > 0 && slot[end - 1] == byte {
                end -= 1;
            }
            &slot[..end]
        }
        for byte in [0u8, b'x', 0xff] {
            for width in 0..=40usize {
                for len in 0..=width {
                    let mut slot = [byte; 40];
                    for (i, b) in slot[..len].iter_mut().enumerate() {
                        // Every third byte of the body is the pad byte.
                        *b = if i % 3 == 1 { byte } else { byte ^ 0x5a };
                    }
                    let slot = &slot[..width];
                    assert_eq!(
                        strip_pad(slot, byte),
                        naive(slot, byte),
                        "{byte} {width} {len}"
                    );
                }
            }
        }
    }
}
