//! Decode's frame around a key's walk, once for every key: the derive
//! writes only the walk itself (`Walk::__rowkey_read`, field by field), and
//! `decode`, `decode_unverified` and `explain` call it through the generic
//! functions here. (Batch verification has a walk of its own, which checks
//! fields without building them and queues the salts.) Each is `#[inline(always)]` but the
//! cold length error, so an optimized build sees what it saw when these
//! were expanded into every key.

use crate::__private::{known_error, HBASE_MAX_KEY};
use crate::widths::length_refusal;
use crate::{Error, ErrorKind, Explain, RowKey, Segment};

/// A key's walk over its bytes, `N` segments, from the derive. Its name
/// and widest key are the key's own (`RowKey::NAME`, `MAX_WIDTH`).
pub trait Walk<'de, const N: usize>: RowKey {
    /// What the walk builds: the key, or `()` for a layout that cannot
    /// borrow from the bytes.
    type Out;
    /// The shortest input the walk can read (at least one byte): the
    /// leading fixed widths, and a leading `Option`'s presence byte (a
    /// Phoenix key, which writes a NULL as nothing, says otherwise).
    const MIN: usize = match Self::__FIRST_OPTION {
        usize::MAX => crate::widths::min_len(Self::__WIDTHS),
        // Slot 0 is the struct-level salt, then (prefix, body) per field.
        i => crate::widths::min_len_at(Self::__WIDTHS, 2 + 2 * i),
    };

    /// Reads the fields in order, recording their segments; with `VERIFY`,
    /// checks salts and buckets.
    ///
    /// # Errors
    /// The first refusal.
    fn __rowkey_read<const VERIFY: bool>(
        input: &'de [u8],
        segs: &mut [Segment; N],
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
pub fn walk<'de, K: Walk<'de, N>, const N: usize, const VERIFY: bool>(
    input: &'de [u8],
    segs: &mut [Segment; N],
) -> Result<K::Out, Error> {
    let max = const { crate::__private::decode_max(K::MAX_WIDTH) };
    if input.len().wrapping_sub(K::MIN) > max.saturating_sub(K::MIN) {
        return Err(known_error(bad_len::<K, N, VERIFY>(input)));
    }
    K::__rowkey_read::<VERIFY>(input, segs)
}

/// The error of an input that is empty, shorter than the fixed-width
/// fields, longer than the widest key or over HBase's limit.
#[cold]
fn bad_len<'de, K: Walk<'de, N>, const N: usize, const VERIFY: bool>(input: &'de [u8]) -> Error {
    // A longer key could not have been written (encode refuses it), so
    // accepting it would give a value that does not encode back.
    if input.is_empty() || input.len() > HBASE_MAX_KEY {
        return Error::key(<K as RowKey>::NAME, length_refusal(input.len()));
    }
    let mut segs = [Segment::EMPTY; N];
    match K::__rowkey_read::<VERIFY>(input, &mut segs) {
        Err(e) => e,
        Ok(_) => Error::key(
            <K as RowKey>::NAME,
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
    walk::<K, N, VERIFY>(input, &mut segs)
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
    walk::<K, N, true>(input, &mut segs)?;
    Ok(crate::__private::explain(input, segs).with_layout(const { &K::LAYOUT }))
}
