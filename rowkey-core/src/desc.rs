//! `#[desc]`: every byte of a field's slot inverted (`0xFF - b`), its pad or
//! delimiter bytes included, as Apache Phoenix stores a DESC column and
//! OrderedCode its decreasing order. Inverting reverses the byte order of
//! any two slots that differ within their length; the framing rules (a
//! delimiter or pad after a variable-width value) make sure they do.
//!
//! Decoding an inverted or escaped field needs its original bytes back:
//! [`restore`] rebuilds them in a stack buffer (on the heap only for a field
//! over `RESTORE_STACK` bytes), so such fields decode into owned types.

use crate::ErrorKind;

/// Inverts every byte: `0xFF - b`.
///
/// A word at a time: inlined into a fixed-width field's write, a byte loop
/// became a shift, a `not` and a store per byte (a `#[desc] u64` cost 32
/// instructions, callgrind), where a word is one load, `not` and store.
#[inline]
pub fn invert(bytes: &mut [u8]) {
    let mut words = bytes.chunks_exact_mut(8);
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        w.copy_from_slice(&(!u64::from_ne_bytes(word)).to_ne_bytes());
    }
    for b in words.into_remainder() {
        *b = !*b;
    }
}

/// Copies `stored` through `mask` into the front of `out`, a word at a
/// time, as [`invert`] does (a byte loop cost a `#[desc] u64`'s decode 40
/// instructions to load, invert and reassemble its bytes, callgrind).
#[inline(always)]
fn copy_masked(stored: &[u8], mask: u8, out: &mut [u8]) {
    let wide = u64::from_ne_bytes([mask; 8]);
    let out = &mut out[..stored.len()];
    let mut words = out.chunks_exact_mut(8);
    let mut from = stored.chunks_exact(8);
    for (o, s) in (&mut words).zip(&mut from) {
        let mut word = [0u8; 8];
        word.copy_from_slice(s);
        o.copy_from_slice(&(u64::from_ne_bytes(word) ^ wide).to_ne_bytes());
    }
    for (o, &s) in words.into_remainder().iter_mut().zip(from.remainder()) {
        *o = s ^ mask;
    }
}

/// Fields up to this long are restored on the stack.
pub const RESTORE_STACK: usize = 256;

/// Rebuilds a field's original bytes from what is stored (inverted through
/// `mask` 0xFF for `#[desc]`, and unescaped if `escaped`, whose escapes
/// `take_escaped` has checked) and hands them to `decode`.
///
/// Always inlined: each field's reader is its own copy, as a closure per
/// field made it (out of line, one shared copy cost 15 instructions per
/// escaped field decoded, callgrind).
///
/// # Errors
/// What `decode` returns; without the `alloc` feature, a field over
/// `RESTORE_STACK` bytes.
#[inline(always)]
pub fn restore<R>(
    stored: &[u8],
    mask: u8,
    escaped: bool,
    decode: impl FnOnce(&[u8]) -> Result<R, ErrorKind>,
) -> Result<R, ErrorKind> {
    // Stored bytes with no escape in them (checked escapes: no 0x00 or
    // 0xFF at all) are the value's own bytes: decoded where they are,
    // without zeroing a stack buffer and copying into it (an OrderedCode
    // name decoded in 673 instructions against a hand-written single
    // pass's 566, callgrind, benches/keys.rs `blob`).
    if escaped && mask == 0 && crate::escape::count_escapes(stored) == 0 {
        return decode(stored);
    }
    let fill = |out: &mut [u8]| -> usize {
        if escaped {
            crate::escape::unescape_into(stored, mask, out)
        } else {
            copy_masked(stored, mask, out);
            stored.len()
        }
    };
    if stored.len() <= RESTORE_STACK {
        let mut buf = [0u8; RESTORE_STACK];
        let n = fill(&mut buf);
        return decode(&buf[..n]);
    }
    #[cfg(feature = "alloc")]
    {
        let mut buf = alloc::vec![0u8; stored.len()];
        let n = fill(&mut buf);
        decode(&buf[..n])
    }
    #[cfg(not(feature = "alloc"))]
    Err(ErrorKind::Invalid {
        reason: "a #[desc] or #[escaped] field over 256 bytes needs the alloc feature to decode",
    })
}
