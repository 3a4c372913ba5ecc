//! `#[escaped]`: strings and bytes that keep their order and end themselves
//! anywhere in a key, as Google's OrderedCode writes strings: `0x00` becomes
//! `0x00 0xFF`, `0xFF` becomes `0xFF 0x00`, and `0x00 0x01` ends the field.
//!
//! Why that terminator: inside the field a `0x00` is always followed by
//! `0xFF`, so the terminator's `0x00 0x01` sorts below every continuation of
//! the same bytes, whatever the next field holds. A lone `0x00` terminator
//! (FoundationDB's tuple layer) relies on a type code after it; here a next
//! field starting with `0xFF` would read as an escaped `0x00` and break both
//! order and decoding.
//!
//! A `#[desc]` escaped field is stored with every byte inverted, as
//! OrderedCode's decreasing order is; decode reads through the same mask.

use crate::ErrorKind;

/// A string or byte type whose bytes `#[escaped]` writes.
#[diagnostic::on_unimplemented(
    message = "#[escaped] does not fit `{Self}`",
    label = "#[escaped] needs a string or byte field: String, Vec<u8>, [u8; N]",
    note = "it escapes the 0x00 and 0xFF bytes of strings and byte strings; fixed-width types need no escaping: remove #[escaped]"
)]
pub trait EscapeBytes {
    /// The bytes to escape.
    fn raw_bytes(&self) -> &[u8];
}

impl EscapeBytes for str {
    #[inline]
    fn raw_bytes(&self) -> &[u8] {
        self.as_bytes()
    }
}
impl EscapeBytes for [u8] {
    #[inline]
    fn raw_bytes(&self) -> &[u8] {
        self
    }
}
impl<const N: usize> EscapeBytes for [u8; N] {
    #[inline]
    fn raw_bytes(&self) -> &[u8] {
        self
    }
}
impl<T: EscapeBytes + ?Sized> EscapeBytes for &T {
    #[inline]
    fn raw_bytes(&self) -> &[u8] {
        (**self).raw_bytes()
    }
}
#[cfg(feature = "alloc")]
impl EscapeBytes for alloc::string::String {
    #[inline]
    fn raw_bytes(&self) -> &[u8] {
        self.as_bytes()
    }
}
#[cfg(feature = "alloc")]
impl EscapeBytes for alloc::vec::Vec<u8> {
    #[inline]
    fn raw_bytes(&self) -> &[u8] {
        self
    }
}

/// The escaped length of `raw`: one extra byte per `0x00` and `0xFF`, and
/// the two-byte terminator.
#[inline]
#[must_use]
pub fn escaped_len(raw: &[u8]) -> usize {
    raw.len() + count_escapes(raw) + 2
}

/// How many bytes of `raw` are `0x00` or `0xFF`, a word at a time: an
/// encode asks twice (for the key's length and for the slot's), and a byte
/// at a time cost 110 instructions per ask for a 17-byte name (callgrind,
/// benches/keys.rs `blob`), about what a hand-written encoder pays once.
#[inline]
pub(crate) fn count_escapes(raw: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut words = raw.chunks_exact(8);
    let mut n = 0;
    for w in &mut words {
        // One bit per escaped byte, summed into the top byte (at most 8).
        let marks = escape_marks(le_word(w)) >> 7;
        n += (marks.wrapping_mul(ONES) >> 56) as usize;
    }
    n + words
        .remainder()
        .iter()
        .filter(|&&b| b == 0x00 || b == 0xFF)
        .count()
}

/// 0x80 in exactly the bytes of `x` that are 0x00 or 0xFF. No carry
/// crosses a byte, as `(b & 0x7F) + 0x7F` is at most 0xFE.
#[inline(always)]
fn escape_marks(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let zeros = |x: u64| !(((x & LOW7) + LOW7) | x | LOW7);
    zeros(x) | zeros(!x)
}

/// Eight bytes as a little-endian word: its first byte the lowest.
#[inline(always)]
fn le_word(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(word)
}

/// Writes `raw` escaped and terminated; `out` is exactly
/// `escaped_len``(raw)` bytes.
#[inline]
pub fn write_escaped(raw: &[u8], out: &mut [u8]) {
    let mut o = 0;
    for &b in raw {
        out[o] = b;
        o += 1;
        // Each escape byte is its byte inverted (0x00 0xFF, 0xFF 0x00):
        // one test, `b - 1 >= 0xFE`, where a match took two per byte.
        if b == 0x00 || b == 0xFF {
            out[o] = !b;
            o += 1;
        }
    }
    out[o] = 0x00;
    out[o + 1] = 0x01;
}

const BROKEN: ErrorKind = ErrorKind::Invalid {
    reason: "an #[escaped] field has a broken escape: 0x00 must be followed by 0xFF or the \
             terminator's 0x01, and 0xFF by 0x00",
};

/// Takes an escaped field at `*pos` (every byte read through `mask`: 0x00,
/// or 0xFF for `#[desc]`), checks its escapes, and steps over the
/// terminator. Returns the stored bytes before the terminator.
///
/// # Errors
/// A broken escape, or no terminator before the end of the input.
#[inline]
pub fn take_escaped<'a>(input: &'a [u8], pos: &mut usize, mask: u8) -> Result<&'a [u8], ErrorKind> {
    let rest = &input[*pos..];
    // Either way the mask is, 0x00 and 0xFF are the bytes to stop at.
    let mut i = 0;
    while i < rest.len() {
        // A word at a time up to the next 0x00 or 0xFF: a byte loop cost
        // 7 instructions a byte (callgrind, benches/keys.rs `blob`).
        if let Some(word) = rest.get(i..i + 8) {
            let marks = escape_marks(le_word(word));
            if marks == 0 {
                i += 8;
                continue;
            }
            i += (marks.trailing_zeros() / 8) as usize;
        }
        let b = rest[i] ^ mask;
        if b == 0x00 || b == 0xFF {
            let Some(&next) = rest.get(i + 1) else {
                break;
            };
            match (b, next ^ mask) {
                (0x00, 0x01) => {
                    *pos += i + 2;
                    return Ok(&rest[..i]);
                }
                (0x00, 0xFF) | (0xFF, 0x00) => i += 2,
                _ => return Err(BROKEN),
            }
        } else {
            i += 1;
        }
    }
    Err(ErrorKind::Invalid {
        reason: "an #[escaped] field has no 0x00 0x01 terminator",
    })
}

/// Unescapes bytes `take_escaped` returned (and so checked), through
/// `mask`, into the front of `out`; returns how many it wrote.
#[inline]
pub fn unescape_into(stored: &[u8], mask: u8, out: &mut [u8]) -> usize {
    let mut i = 0;
    let mut o = 0;
    while i < stored.len() {
        let b = stored[i] ^ mask;
        out[o] = b;
        o += 1;
        // Checked escapes: the byte after 0x00 or 0xFF is its pair.
        i += if b == 0x00 || b == 0xFF { 2 } else { 1 };
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escape(raw: &[u8]) -> ([u8; 64], usize) {
        let mut out = [0u8; 64];
        let n = escaped_len(raw);
        write_escaped(raw, &mut out[..n]);
        (out, n)
    }

    #[test]
    fn round_trip_through_both_masks() {
        for raw in [&b""[..], b"\x00", b"\xff\xff", b"a\x00\x01b\xff", b"foo"] {
            for mask in [0x00, 0xFF] {
                let (mut enc, n) = escape(raw);
                for b in &mut enc[..n] {
                    *b ^= mask;
                }
                // A next field starting with 0xFF (0x00 once inverted).
                enc[n] = 0xFF ^ mask;
                let mut pos = 0;
                let stored = take_escaped(&enc[..=n], &mut pos, mask).unwrap();
                assert_eq!(pos, n);
                let mut out = [0u8; 64];
                let len = unescape_into(stored, mask, &mut out);
                assert_eq!(&out[..len], raw);
            }
        }
    }

    #[test]
    fn escapes_are_counted_in_every_position() {
        // Each length up to three words, each byte 0x00, 0xFF, or their
        // neighbours (which a word-wise count could confuse), in turn.
        for len in 0..24 {
            for at in 0..len {
                for b in [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF] {
                    let mut raw = [0x61u8; 24];
                    raw[at] = b;
                    raw[len - 1 - at] ^= 0x80;
                    let raw = &raw[..len];
                    let slow = raw.iter().filter(|&&c| c == 0x00 || c == 0xFF).count();
                    assert_eq!(escaped_len(raw), len + slow + 2, "{raw:x?}");
                }
            }
        }
        assert_eq!(escaped_len(&[0u8; 17]), 36);
        assert_eq!(escaped_len(&[0xFFu8; 16]), 34);
    }

    /// The word-at-a-time search stops at every escape and terminator
    /// wherever it falls in a word, through both masks, from any start.
    #[test]
    fn long_values_round_trip_and_break_at_every_position() {
        for len in 0..20 {
            for at in 0..len {
                for b in [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF] {
                    let mut raw = [0x61u8; 20];
                    raw[at] = b;
                    let raw = &raw[..len];
                    for mask in [0x00, 0xFF] {
                        for lead in 0..3 {
                            let (enc, n) = escape(raw);
                            let mut key = [0x5Au8; 70];
                            key[lead..lead + n].copy_from_slice(&enc[..n]);
                            key[lead + n] = 0xFF;
                            for k in &mut key[lead..=lead + n] {
                                *k ^= mask;
                            }
                            let mut pos = lead;
                            let stored = take_escaped(&key[..=lead + n], &mut pos, mask).unwrap();
                            assert_eq!(pos, lead + n, "{raw:x?}");
                            let mut out = [0u8; 64];
                            let m = unescape_into(stored, mask, &mut out);
                            assert_eq!(&out[..m], raw);
                            // An escaped byte's pair broken, or the
                            // terminator cut off: refused.
                            if b == 0x00 || b == 0xFF {
                                let mut bad = key;
                                let first = raw.iter().position(|&c| c == 0 || c == 0xFF).unwrap();
                                bad[lead + first + 1] = 0x02 ^ mask;
                                assert!(take_escaped(&bad, &mut lead.clone(), mask).is_err());
                            }
                            assert!(take_escaped(&key[..lead + n - 1], &mut lead.clone(), mask)
                                .is_err());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn broken_escapes_are_refused() {
        for bad in [&b"\x00\x02"[..], b"\xff\x01", b"ab", b"a\x00", b"\xff"] {
            assert!(take_escaped(bad, &mut 0, 0).is_err(), "{bad:?}");
        }
    }
}
