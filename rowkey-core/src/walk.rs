//! Decode's frame around a key's walk, once for every key: the derive
//! writes only the walk itself (`Walk::__rowkey_read`, field by field), and
//! `decode`, `decode_unverified` and `explain` call it through the generic
//! functions here. (Batch verification has a walk of its own, which checks
//! fields without building them and queues the salts.) Each is `#[inline(always)]` but the
//! cold length error, so an optimized build sees what it saw when these
//! were expanded into every key.

use crate::__private::{known_error, HBASE_MAX_KEY};
use crate::layout::{Encoding, FieldLayout, Frame, Layout};
use crate::widths::length_refusal;
use crate::{DecodeKey, Error, ErrorKind, Explain, RowKey, Segment};

/// A key's walk over its bytes, from the derive. Its name and widest key
/// are the key's own (`RowKey::NAME`, `MAX_WIDTH`). Every key that has one
/// decodes through it: [`DecodeKey`] is implemented once, below, for all of
/// them, so the derive writes no `DecodeKey` impl of its own.
pub trait Walk<'de>: RowKey + Sized {
    /// What the walk builds: the key, or [`StaticRefused`] for a layout
    /// that cannot borrow from the bytes.
    type Out: Decoded<Self>;
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
        segs: &mut SegsOf<Self>,
    ) -> Result<Self::Out, Error>;

    /// `decode`'s checks for [`verify_batch`](crate::verify_batch), except
    /// that salts whose bytes are ranges of the input are handed to `salts`
    /// instead of hashed; the value itself is dropped. The default, for a
    /// key with no salt (nothing to hand over), is `decode` itself, whose
    /// walk a second one would only repeat.
    ///
    /// # Errors
    /// As `decode`, for every check not handed over; with several failing
    /// checks, not necessarily `decode`'s error.
    #[inline]
    fn __verify_deferred(
        bytes: &'de [u8],
        salts: &mut crate::batch::DeferredSalts,
    ) -> Result<(), Error> {
        let _ = salts;
        Self::Out::decoded(decode_walk::<Self, true>(bytes)).map(drop)
    }
}

/// What a walk built, as the key `decode` returns.
pub trait Decoded<K>: Sized {
    /// The walk's result as the key's, or the layout's refusal. The whole
    /// `Result`, so that a key's is handed on as it is (not taken apart and
    /// built again, which an optimized build does not always see through).
    ///
    /// # Errors
    /// The walk's, else [`StaticRefused`]'s.
    fn decoded(walked: Result<Self, Error>) -> Result<K, Error>;
}

impl<K> Decoded<K> for K {
    #[inline(always)]
    fn decoded(walked: Result<K, Error>) -> Result<K, Error> {
        walked
    }
}

/// The walk of a layout with a field that borrows for `'static`, which a
/// key decoded from bytes cannot hold: the bytes are checked, then decode
/// refuses, naming the field (the one given here).
pub struct StaticRefused(pub &'static str);

// (No overlap with the impl above: `StaticRefused` is not a `RowKey`.)
impl<K: RowKey> Decoded<K> for StaticRefused {
    fn decoded(walked: Result<Self, Error>) -> Result<K, Error> {
        Err(Error::field(
            K::NAME,
            walked?.0,
            ErrorKind::Invalid {
                reason: "the field borrows for 'static, so a key decoded from bytes cannot \
                         hold it; make the field String or Vec<u8>, or give the struct a \
                         lifetime parameter (&'a str)",
            },
        ))
    }
}

/// A walk's segments: `[Segment; N]`.
pub trait Segments {
    /// Every segment empty.
    const EMPTY: Self;
}

impl<const N: usize> Segments for [Segment; N] {
    const EMPTY: Self = [Segment::EMPTY; N];
}

/// The segments an [`Explain`] holds: `[Segment; N]`, a type rather than a
/// constant parameter, so that `DecodeKey` can be implemented once for
/// every walk. A key's walk records into its `RowKey::Explained`'s
/// ([`SegsOf`]), so that the derive writes the segment count once.
#[doc(hidden)]
pub trait HasSegs {
    /// `[Segment; N]`.
    type Segs: Segments;
}

impl<const N: usize> HasSegs for Explain<'_, N> {
    type Segs = [Segment; N];
}

/// The segments of key `K`'s walk: one per salt, bucket and field.
pub type SegsOf<K> = <<K as RowKey>::Explained<'static> as HasSegs>::Segs;

impl<'de, K: Walk<'de>> DecodeKey<'de> for K {
    #[inline]
    fn decode(bytes: &'de [u8]) -> Result<Self, Error> {
        K::Out::decoded(decode_walk::<K, true>(bytes))
    }

    // Without a salt or bucket the walk checks nothing more with `VERIFY`:
    // the same code as `decode`.
    #[inline]
    fn __decode_unverified(bytes: &'de [u8]) -> Result<Self, Error> {
        K::Out::decoded(decode_walk::<K, false>(bytes))
    }

    #[inline]
    fn __verify_deferred(
        bytes: &'de [u8],
        salts: &mut crate::batch::DeferredSalts,
    ) -> Result<(), Error> {
        <K as Walk<'de>>::__verify_deferred(bytes, salts)
    }
}

/// One length check up front, a single compare: inside `MIN..=MAX` the
/// compiler knows every fixed-width slot before the first variable-width
/// one is in bounds and drops their checks (for a fixed-width layout, `MIN
/// == MAX`, the trailing-bytes check too). Any other length cannot decode
/// and takes `bad_len`, out of line, for the same errors in the same
/// order. A key whose last field checks where it ends (`ends_at_last`)
/// is checked against `MIN` only: a longer one is refused at that field,
/// and one over HBase's limit then as too long, as for any other layout.
///
/// # Errors
/// The walk's.
#[inline(always)]
pub fn walk<'de, K: Walk<'de>, const VERIFY: bool>(
    input: &'de [u8],
    segs: &mut SegsOf<K>,
) -> Result<K::Out, Error> {
    let max = const { crate::__private::decode_max(K::MAX_WIDTH) };
    let outside = if ends_at_last::<K>() {
        input.len() < K::MIN
    } else {
        input.len().wrapping_sub(K::MIN) > max.saturating_sub(K::MIN)
    };
    if outside {
        return Err(known_error(bad_len::<K, VERIFY>(input)));
    }
    let walked = K::__rowkey_read::<VERIFY>(input, segs);
    // A key over HBase's limit is too long, whatever its last field says
    // of it (on the error path only).
    if ends_at_last::<K>() && walked.is_err() && input.len() > HBASE_MAX_KEY {
        return Err(known_error(bad_len::<K, VERIFY>(input)));
    }
    walked
}

/// Whether a key's last field checks where the key ends, in each of its
/// shapes (an `Option` of a fixed width: `rule::read_last_option`): every
/// field before it of a fixed width, in a layout without a struct-level
/// salt. Then no input longer than the widest key can be read whole (each
/// field reads its exact width), a longer one is refused at that field, and
/// the check up front needs only its lower bound, one compare.
#[inline(always)]
const fn ends_at_last<'de, K: Walk<'de>>() -> bool {
    const {
        let max = crate::__private::decode_max(K::MAX_WIDTH);
        last_ends(&K::LAYOUT) && K::MIN < max && max < HBASE_MAX_KEY
    }
}

/// [`ends_at_last`]'s reading of the layout, which also decides where
/// decode takes `rule::read_last_option` (`fields::last_option_end`): a
/// layout without a struct-level salt (whose check comes before the
/// trailing bytes') whose last field is an `Option` of a fixed width after
/// fields of fixed widths.
pub(crate) const fn last_ends(layout: &Layout) -> bool {
    let fields = layout.fields;
    let n = fields.len();
    if n == 0 || layout.salt.is_some() || layout.phoenix {
        return false;
    }
    let mut i = 0;
    while i + 1 < n {
        if fields[i].width.is_none() {
            return false;
        }
        i += 1;
    }
    fields[n - 1].optional && fixed_body(&fields[n - 1])
}

/// Whether every value of the field's body (an `Option`'s inner value)
/// takes the same number of bytes, from its layout: a pad, or an encoding
/// of a fixed width (a field type's own, when the type declares one).
const fn fixed_body(f: &FieldLayout) -> bool {
    match f.frame {
        Frame::Pad { .. } => true,
        Frame::Delim { .. } | Frame::Separator => false,
        Frame::Bare | Frame::Last => match f.encoding {
            Encoding::Unsigned { .. }
            | Encoding::LowBytes { .. }
            | Encoding::SignFlipped { .. }
            | Encoding::ReverseTimestamp
            | Encoding::Bool
            | Encoding::ByteArray { .. } => true,
            Encoding::Twos { bytes } => bytes > 0,
            Encoding::Digits { digits } | Encoding::ReverseTsDigits { digits } => digits.is_some(),
            Encoding::Part { width } => width.is_some(),
            Encoding::Utf8
            | Encoding::Bytes
            | Encoding::Reversed { .. }
            | Encoding::Escaped { .. }
            | Encoding::Elements { .. } => false,
        },
    }
}

/// The error of an input that is empty, shorter than the fixed-width
/// fields, longer than the widest key or over HBase's limit.
#[cold]
fn bad_len<'de, K: Walk<'de>, const VERIFY: bool>(input: &'de [u8]) -> Error {
    // A longer key could not have been written (encode refuses it), so
    // accepting it would give a value that does not encode back.
    if input.is_empty() || input.len() > HBASE_MAX_KEY {
        return Error::key(<K as RowKey>::NAME, length_refusal(input.len()));
    }
    let mut segs = <SegsOf<K> as Segments>::EMPTY;
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
pub fn decode_walk<'de, K: Walk<'de>, const VERIFY: bool>(
    input: &'de [u8],
) -> Result<K::Out, Error> {
    let mut segs = <SegsOf<K> as Segments>::EMPTY;
    walk::<K, VERIFY>(input, &mut segs)
}

/// `explain`: the walk's segments, once it has read the key whole.
///
/// # Errors
/// As `decode`.
#[inline(always)]
pub fn explain_walk<'de, K: Walk<'de>, const N: usize>(
    input: &'de [u8],
) -> Result<Explain<'de, N>, Error>
where
    <K as RowKey>::Explained<'static>: HasSegs<Segs = [Segment; N]>,
{
    let mut segs = [Segment::EMPTY; N];
    walk::<K, true>(input, &mut segs)?;
    Ok(crate::__private::explain(input, segs).with_layout(const { &K::LAYOUT }))
}
