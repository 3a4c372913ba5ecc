//! `#[salt(md5, K)]` on a field: the first `K` hex characters of the MD5
//! of the value's bytes (as Java's `DigestUtils.md5Hex(value)` sees them,
//! before any reversal), written before the field, optionally followed by
//! a delimiter; and the combinations of prefixes.

use super::{Prefix, PrefixWidth, ReadPrefix};
use crate::__private::{push_segment, take, EscapeBytes, SaltSink};
use crate::part::Reversible;
use crate::rule::frame::expect_delim;
use crate::{Error, ErrorKind, Segment, SegmentKind};
use core::marker::PhantomData;

/// No prefix.
pub struct NoPrefix;

impl PrefixWidth for NoPrefix {
    const WIDTH: usize = 0;
}

impl<V: ?Sized> Prefix<V> for NoPrefix {
    #[inline(always)]
    fn write(_: &V, _: &mut [u8], _: &[u8]) {}
}

impl<T> ReadPrefix<T> for NoPrefix {
    type Taken = ();

    #[inline(always)]
    fn take<const N: usize>(
        _: &[u8],
        _: &mut usize,
        _: &mut [Segment; N],
        _: &mut usize,
        _: &'static str,
    ) -> Result<(), ErrorKind> {
        Ok(())
    }

    #[inline(always)]
    fn verify<const VERIFY: bool, S: SaltSink>(
        (): (),
        _: &T,
        _: &[u8],
        _: &[u8],
        _: usize,
        _: &mut S,
        _: &'static str,
        _: &'static str,
    ) -> Result<(), Error> {
        Ok(())
    }
}

/// A salt of `K` hex characters over the bytes `H` names.
pub struct Salt<const K: usize, H = Stored>(PhantomData<H>);

/// A salt of `K` hex characters over the bytes `H` names, and the
/// delimiter `D` after them.
pub struct SaltDelim<const K: usize, const D: u8, H = Stored>(PhantomData<H>);

/// A salt hashes the body as stored: checked against the stored bytes,
/// which a batch's check may hash later with other keys' (`SaltSink`).
pub struct Stored;

/// A salt over an `#[escaped]` body hashes the value's bytes unescaped.
pub struct Raw;

/// A salt over a `#[reverse]` body hashes the value's bytes before they
/// are reversed.
pub struct Forward;

/// The bytes a field's salt hashes when written: of the value `v`, or its
/// body as written (before `Body::finish` reverses it).
pub trait SaltWrite<V: ?Sized> {
    /// The hashed bytes.
    fn bytes<'a>(v: &'a V, body: &'a [u8]) -> &'a [u8];
}

/// The bytes a field's salt is checked against when read: of the value
/// read, or of its stored body (`None`: which is handed to the sink).
pub trait SaltRead<T> {
    /// The hashed bytes, unless the stored body's.
    fn bytes(value: &T) -> Option<&[u8]>;
}

impl<V: ?Sized> SaltWrite<V> for Stored {
    #[inline(always)]
    fn bytes<'a>(_: &'a V, body: &'a [u8]) -> &'a [u8] {
        body
    }
}

impl<T> SaltRead<T> for Stored {
    #[inline(always)]
    fn bytes(_: &T) -> Option<&[u8]> {
        None
    }
}

impl<V: EscapeBytes + ?Sized> SaltWrite<V> for Raw {
    #[inline(always)]
    fn bytes<'a>(v: &'a V, _: &'a [u8]) -> &'a [u8] {
        v.raw_bytes()
    }
}

impl<T: EscapeBytes> SaltRead<T> for Raw {
    #[inline(always)]
    fn bytes(value: &T) -> Option<&[u8]> {
        Some(value.raw_bytes())
    }
}

impl<V: ?Sized> SaltWrite<V> for Forward {
    #[inline(always)]
    fn bytes<'a>(_: &'a V, body: &'a [u8]) -> &'a [u8] {
        body
    }
}

impl<T: Reversible> SaltRead<T> for Forward {
    #[inline(always)]
    fn bytes(value: &T) -> Option<&[u8]> {
        Some(value.body_bytes())
    }
}

/// A salt (`A`), then a bucket (`B`).
pub struct Both<A, B>(A, B);

impl<const K: usize, H> PrefixWidth for Salt<K, H> {
    const WIDTH: usize = K;
}

impl<V: ?Sized, const K: usize, H: SaltWrite<V>> Prefix<V> for Salt<K, H> {
    #[inline(always)]
    fn write(v: &V, head: &mut [u8], body: &[u8]) {
        md5_hex_into(H::bytes(v, body), &mut head[..K]);
    }
}

impl<const K: usize, const D: u8, H> PrefixWidth for SaltDelim<K, D, H> {
    const WIDTH: usize = K + 1;
}

impl<V: ?Sized, const K: usize, const D: u8, H: SaltWrite<V>> Prefix<V> for SaltDelim<K, D, H> {
    #[inline(always)]
    fn write(v: &V, head: &mut [u8], body: &[u8]) {
        md5_hex_into(H::bytes(v, body), &mut head[..K]);
        head[K] = D;
    }
}

impl<A: PrefixWidth, B: PrefixWidth> PrefixWidth for Both<A, B> {
    const WIDTH: usize = A::WIDTH + B::WIDTH;
}

impl<V: ?Sized, A: Prefix<V>, B: Prefix<V>> Prefix<V> for Both<A, B> {
    #[inline(always)]
    fn write(v: &V, head: &mut [u8], body: &[u8]) {
        A::write(v, head, body);
        B::write(v, &mut head[A::WIDTH..], body);
    }
}

/// Reads `k` salt characters (and the delimiter `delim`), recording the
/// salt's segment (the delimiter shown as part of it); where the salt
/// starts.
#[inline(always)]
fn take_salt<const N: usize>(
    input: &[u8],
    pos: &mut usize,
    k: usize,
    delim: Option<u8>,
    segs: &mut [Segment; N],
    seg: &mut usize,
    field: &'static str,
) -> Result<usize, ErrorKind> {
    let at = *pos;
    take(input, pos, k)?;
    if let Some(d) = delim {
        expect_delim(input, pos, d)?;
    }
    push_segment(segs, seg, field, SegmentKind::Salt, at, *pos);
    Ok(at)
}

/// The salt check of the `k` characters at `at`: handed to `sink` (batch
/// verification hashes many at once) or done here.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "what a check needs, all known at the call"
)]
fn verify_salt<const VERIFY: bool, S: SaltSink>(
    input: &[u8],
    at: usize,
    k: usize,
    value: Option<&[u8]>,
    body: &[u8],
    body_at: usize,
    sink: &mut S,
    key: &'static str,
    field: &'static str,
) -> Result<(), Error> {
    // The value's own bytes are not in the input: checked here.
    let matches = match value {
        Some(bytes) => !VERIFY || salt_matches(bytes, &input[at..at + k]),
        None => {
            !VERIFY
                || sink.defer_check(field, at, k, &[(body_at, body_at + body.len())])
                || salt_matches(body, &input[at..at + k])
        }
    };
    if !matches {
        return Err(Error::field(key, field, ErrorKind::SaltMismatch));
    }
    Ok(())
}

/// Both salt shapes are read alike: `K` characters, then the delimiter if
/// the shape has one.
macro_rules! read_salt {
    ($ty:ty, [$($generics:tt)*], $delim:expr) => {
        impl<T, H: SaltRead<T>, $($generics)*> ReadPrefix<T> for $ty {
            type Taken = usize;

            #[inline(always)]
            fn take<const N: usize>(
                input: &[u8],
                pos: &mut usize,
                segs: &mut [Segment; N],
                seg: &mut usize,
                field: &'static str,
            ) -> Result<usize, ErrorKind> {
                take_salt(input, pos, K, $delim, segs, seg, field)
            }

            #[inline(always)]
            fn verify<const VERIFY: bool, S: SaltSink>(
                at: usize,
                value: &T,
                input: &[u8],
                body: &[u8],
                body_at: usize,
                sink: &mut S,
                key: &'static str,
                field: &'static str,
            ) -> Result<(), Error> {
                let value = H::bytes(value);
                verify_salt::<VERIFY, S>(input, at, K, value, body, body_at, sink, key, field)
            }
        }
    };
}

read_salt!(Salt<K, H>, [const K: usize], None);
read_salt!(SaltDelim<K, D, H>, [const K: usize, const D: u8], Some(D));

impl<T, A: ReadPrefix<T>, B: ReadPrefix<T>> ReadPrefix<T> for Both<A, B> {
    type Taken = (A::Taken, B::Taken);

    #[inline(always)]
    fn take<const N: usize>(
        input: &[u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        field: &'static str,
    ) -> Result<Self::Taken, ErrorKind> {
        let a = A::take(input, pos, segs, seg, field)?;
        Ok((a, B::take(input, pos, segs, seg, field)?))
    }

    #[inline(always)]
    fn verify<const VERIFY: bool, S: SaltSink>(
        (a, b): Self::Taken,
        value: &T,
        input: &[u8],
        body: &[u8],
        body_at: usize,
        sink: &mut S,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        A::verify::<VERIFY, S>(a, value, input, body, body_at, sink, key, field)?;
        B::verify::<VERIFY, S>(b, value, input, body, body_at, sink, key, field)
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Writes the low `4 * out.len()` bits of `value` as lowercase hex, most
/// significant first: salts, salt fan-out ranges and hex split keys.
#[inline]
pub fn write_hex(value: u128, out: &mut [u8]) {
    let k = out.len();
    for (i, o) in out.iter_mut().enumerate() {
        let nibble = (value >> (4 * (k - 1 - i))) & 0xf;
        *o = HEX[usize::try_from(nibble).unwrap_or(0)];
    }
}

/// Writes the first `out.len()` (1 to 32) lowercase hex characters of
/// `md5(data)`: Java's `DigestUtils.md5Hex(data).substring(0, K)`.
#[inline]
pub fn md5_hex_into(data: &[u8], out: &mut [u8]) {
    md5_hex_parts_into(&[data], out);
}

/// Same as [`md5_hex_into`] over several slices, hashed as if concatenated.
#[inline]
pub fn md5_hex_parts_into(parts: &[&[u8]], out: &mut [u8]) {
    use md5::Digest;
    let mut h = md5::Md5::new();
    for p in parts {
        h.update(p);
    }
    write_digest_hex(&h.finalize(), out);
}

/// Writes the first `out.len()` (at most 32) hex characters of `digest`.
/// Byte by byte: the MD5 implementation stores its state as four 32-bit
/// words, and reading them back as one `u128` is a wide load over four
/// narrower stores, which the CPU cannot forward from its store buffer (a
/// stall of some 10 cycles per key, that callgrind does not count).
#[inline]
pub(crate) fn write_digest_hex(digest: &[u8], out: &mut [u8]) {
    for (i, o) in out.iter_mut().take(32).enumerate() {
        let byte = digest.get(i / 2).copied().unwrap_or(0);
        let nibble = if i % 2 == 0 { byte >> 4 } else { byte & 15 };
        *o = HEX[usize::from(nibble)];
    }
}

/// How a struct-level salt with a delimiter (`salt(md5, K, fields(..),
/// delim = b'_')`) reads one hashed field's slot: the field's bytes without
/// its pad or trailing delimiter, so that the salt is MD5 over the values
/// joined by the salt's delimiter, as Java's `md5(kind + "_" + uid)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaltPart {
    /// The slot as written (no salt delimiter, or a field with no frame).
    Whole,
    /// A padded field: the slot without its trailing pad bytes (as stored,
    /// so inverted under `#[desc]`).
    StripPad(u8),
    /// A delimited field: the slot without its last byte.
    DropLast,
}

/// The bytes of `slot` a struct-level salt hashes.
#[inline]
#[must_use]
pub fn salt_part(slot: &[u8], how: SaltPart) -> &[u8] {
    match how {
        SaltPart::Whole => slot,
        SaltPart::StripPad(byte) => {
            let mut end = slot.len();
            while end > 0 && slot[end - 1] == byte {
                end -= 1;
            }
            &slot[..end]
        }
        SaltPart::DropLast => slot.split_last().map_or(slot, |(_, rest)| rest),
    }
}

/// The first `out.len()` (1 to 32) lowercase hex characters of the MD5 of
/// `parts` joined by `delim` (concatenated without one).
#[inline]
pub fn md5_hex_joined_into(parts: &[&[u8]], delim: Option<u8>, out: &mut [u8]) {
    use md5::Digest;
    let mut h = md5::Md5::new();
    for (i, part) in parts.iter().enumerate() {
        if let (Some(d), true) = (delim, i > 0) {
            h.update([d]);
        }
        h.update(part);
    }
    write_digest_hex(&h.finalize(), out);
}

/// Whether `stored` is the salt `data` hashes to.
#[inline]
#[must_use]
pub fn salt_matches(data: &[u8], stored: &[u8]) -> bool {
    let mut buf = [0u8; 32];
    let k = stored.len().min(32);
    md5_hex_into(data, &mut buf[..k]);
    buf[..k] == *stored
}
