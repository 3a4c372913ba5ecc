//! `#[salt(md5, K)]` on a field: the first `K` hex characters of the MD5
//! of the value's bytes (as Java's `DigestUtils.md5Hex(value)` sees them,
//! before any reversal), written before the field, optionally followed by
//! a delimiter; and the combinations of prefixes.

use super::{Prefix, PrefixWidth, ReadPrefix};
use crate::__private::{expect_delim, md5_hex_into, push_segment, salt_matches, take, SaltSink};
use crate::{Error, ErrorKind, Segment, SegmentKind};

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

/// A salt of `K` hex characters.
pub struct Salt<const K: usize>;

/// A salt of `K` hex characters and the delimiter `D` after them.
pub struct SaltDelim<const K: usize, const D: u8>;

/// A salt (`A`), then a bucket (`B`).
pub struct Both<A, B>(A, B);

impl<const K: usize> PrefixWidth for Salt<K> {
    const WIDTH: usize = K;
}

impl<V: ?Sized, const K: usize> Prefix<V> for Salt<K> {
    #[inline(always)]
    fn write(_: &V, head: &mut [u8], body: &[u8]) {
        md5_hex_into(body, &mut head[..K]);
    }
}

impl<const K: usize, const D: u8> PrefixWidth for SaltDelim<K, D> {
    const WIDTH: usize = K + 1;
}

impl<V: ?Sized, const K: usize, const D: u8> Prefix<V> for SaltDelim<K, D> {
    #[inline(always)]
    fn write(_: &V, head: &mut [u8], body: &[u8]) {
        md5_hex_into(body, &mut head[..K]);
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
    body: &[u8],
    body_at: usize,
    sink: &mut S,
    key: &'static str,
    field: &'static str,
) -> Result<(), Error> {
    if VERIFY
        && !sink.defer_check(field, at, k, &[(body_at, body_at + body.len())])
        && !salt_matches(body, &input[at..at + k])
    {
        return Err(Error::field(key, field, ErrorKind::SaltMismatch));
    }
    Ok(())
}

impl<T, const K: usize> ReadPrefix<T> for Salt<K> {
    type Taken = usize;

    #[inline(always)]
    fn take<const N: usize>(
        input: &[u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        field: &'static str,
    ) -> Result<usize, ErrorKind> {
        take_salt(input, pos, K, None, segs, seg, field)
    }

    #[inline(always)]
    fn verify<const VERIFY: bool, S: SaltSink>(
        at: usize,
        _: &T,
        input: &[u8],
        body: &[u8],
        body_at: usize,
        sink: &mut S,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        verify_salt::<VERIFY, S>(input, at, K, body, body_at, sink, key, field)
    }
}

impl<T, const K: usize, const D: u8> ReadPrefix<T> for SaltDelim<K, D> {
    type Taken = usize;

    #[inline(always)]
    fn take<const N: usize>(
        input: &[u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        field: &'static str,
    ) -> Result<usize, ErrorKind> {
        take_salt(input, pos, K, Some(D), segs, seg, field)
    }

    #[inline(always)]
    fn verify<const VERIFY: bool, S: SaltSink>(
        at: usize,
        _: &T,
        input: &[u8],
        body: &[u8],
        body_at: usize,
        sink: &mut S,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        verify_salt::<VERIFY, S>(input, at, K, body, body_at, sink, key, field)
    }
}

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
