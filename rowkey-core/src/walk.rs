//! Decode's frame around a key's walk, once for every key: the derive
//! writes only the walk itself (`Walk::__rowkey_read`, field by field), and
//! `decode`, `decode_unverified`, `explain` and batch verification call it
//! through the generic functions here. Each is `#[inline(always)]` but the
//! cold length error, so an optimized build sees what it saw when these
//! were expanded into every key.

use crate::__private::{known_error, length_refusal, NoSink, SaltSink, HBASE_MAX_KEY};
use crate::{Error, ErrorKind, Explain, Segment};

/// A key's walk over its bytes, `N` segments, from the derive.
pub trait Walk<'de, const N: usize>: Sized {
    /// What the walk builds: the key, or `()` for a layout that cannot
    /// borrow from the bytes.
    type Out;
    /// The key's name, for errors.
    const NAME: &'static str;
    /// The shortest input the walk can read (at least one byte).
    const MIN: usize;
    /// The longest.
    const MAX: usize;

    /// Reads the fields in order, recording their segments; with `VERIFY`,
    /// checks salts and buckets (or hands them to `sink`).
    ///
    /// # Errors
    /// The first refusal.
    fn __rowkey_read<const VERIFY: bool, S: SaltSink>(
        input: &'de [u8],
        segs: &mut [Segment; N],
        sink: &mut S,
    ) -> Result<Self::Out, Error>;
}

/// One length check up front, a single compare: inside `MIN..=MAX` the
/// compiler knows every fixed-width slot before the first variable-width
/// one is in bounds and drops their checks (for a fixed-width layout, `MIN
/// == MAX`, the trailing-bytes check too). Any other length cannot decode
/// and takes `bad_len`, out of line, for the same errors in the same
/// order.
///
/// # Errors
/// The walk's.
#[inline(always)]
pub fn walk<'de, K: Walk<'de, N>, const N: usize, const VERIFY: bool, S: SaltSink>(
    input: &'de [u8],
    segs: &mut [Segment; N],
    sink: &mut S,
) -> Result<K::Out, Error> {
    if input.len().wrapping_sub(K::MIN) > K::MAX.saturating_sub(K::MIN) {
        return Err(known_error(bad_len::<K, N, VERIFY>(input)));
    }
    K::__rowkey_read::<VERIFY, S>(input, segs, sink)
}

/// The error of an input that is empty, shorter than the fixed-width
/// fields, longer than the widest key or over HBase's limit.
#[cold]
fn bad_len<'de, K: Walk<'de, N>, const N: usize, const VERIFY: bool>(input: &'de [u8]) -> Error {
    // A longer key could not have been written (encode refuses it), so
    // accepting it would give a value that does not encode back.
    if input.is_empty() || input.len() > HBASE_MAX_KEY {
        return Error::key(K::NAME, length_refusal(input.len()));
    }
    let mut segs = [Segment::EMPTY; N];
    match K::__rowkey_read::<VERIFY, _>(input, &mut segs, &mut NoSink) {
        Err(e) => e,
        Ok(_) => Error::key(
            K::NAME,
            ErrorKind::Invalid {
                reason: "key length outside what the layout reads",
            },
        ),
    }
}

/// `decode` (`VERIFY`) or `decode_unverified`: the walk, segments dropped.
///
/// # Errors
/// The walk's.
#[inline(always)]
pub fn decode_walk<'de, K: Walk<'de, N>, const N: usize, const VERIFY: bool>(
    input: &'de [u8],
) -> Result<K::Out, Error> {
    let mut segs = [Segment::EMPTY; N];
    walk::<K, N, VERIFY, _>(input, &mut segs, &mut NoSink)
}

/// `explain`: the walk's segments, once it has read the key whole.
///
/// # Errors
/// As `decode`.
#[inline(always)]
pub fn explain_walk<'de, K: Walk<'de, N>, const N: usize>(
    input: &'de [u8],
) -> Result<Explain<'de, N>, Error> {
    let mut segs = [Segment::EMPTY; N];
    walk::<K, N, true, _>(input, &mut segs, &mut NoSink)?;
    Ok(crate::__private::explain(input, segs))
}
