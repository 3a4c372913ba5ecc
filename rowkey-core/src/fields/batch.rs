//! The field list in batch encoding and verification: salts left to
//! the caller (`Deferred`), fields checked without being built.

use super::{plain_read, seek, Field, ReadFrame, Value, WriteRule};
use crate::__private::{DeferredSalts, SaltSink};
use crate::rule::{
    read_field, write_field, Body, Part, Prefix, PrefixWidth, ReadPrefix, Salt, SaltDelim, Stored,
};
use crate::scan::rules::Frame;
use crate::{DecodePart, Error, KeyPart, RowKey, Segment};
use core::marker::PhantomData;

/// A field batch verification checks without building: the type's own
/// bytes (`Part`) behind no prefix or a salt, which need no value.
pub trait CheckRule<'de, K: RowKey> {
    /// Checks the slot at `*pos`, recording its segments and handing its
    /// salt's check to `sink`.
    ///
    /// # Errors
    /// The first refusal, named after the field.
    fn check<const VERIFY: bool, const N: usize, S: SaltSink>(
        input: &'de [u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        sink: &mut S,
    ) -> Result<(), Error>;
}

impl<'de, K, const I: usize, V, P, F> CheckRule<'de, K> for Field<I, V, P, Part, F>
where
    K: RowKey,
    V: KeyPart + DecodePart<'de>,
    P: ReadPrefix<()> + PrefixWidth,
    F: ReadFrame,
{
    #[inline(always)]
    fn check<const VERIFY: bool, const N: usize, S: SaltSink>(
        input: &'de [u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        sink: &mut S,
    ) -> Result<(), Error> {
        read_field::<(), P, VERIFY, S, N>(
            input,
            pos,
            const { plain_read::<V, Part, F>() },
            V::check_part,
            segs,
            seg,
            sink,
            K::NAME,
            const { crate::scan::rules::field_name::<K>(I) },
        )
    }
}

/// A salt batch encoding leaves to the caller, who computes many at once:
/// `Salt<K>` or `SaltDelim<K, D>` over the body as stored.
pub trait DeferSalt: PrefixWidth {
    /// Hex characters.
    const CHARS: usize;
    /// The byte written after them.
    const DELIM: Option<u8> = None;
}
impl<const K: usize> DeferSalt for Salt<K, Stored> {
    const CHARS: usize = K;
}
impl<const K: usize, const D: u8> DeferSalt for SaltDelim<K, D, Stored> {
    const CHARS: usize = K;
    const DELIM: Option<u8> = Some(D);
}

/// A field whose salt batch encoding defers: `Deferred<Field<..>>`.
pub struct Deferred<F>(PhantomData<F>);

impl<F: Value> Value for Deferred<F> {
    type V = F::V;
    type Frame = F::Frame;
    const INDEX: usize = F::INDEX;
    const PREFIX: usize = F::PREFIX;
}

/// A field's write in batch encoding (`encode_batch`): as `encode_into`
/// writes it, or, under [`Deferred`], with its salt left for the caller.
pub trait DeferRule<K: RowKey>: Value {
    /// Writes the slot at `*pos`, moving `*pos` past it.
    ///
    /// # Errors
    /// The value's refusal, named after the field.
    fn defer(
        v: &Self::V,
        buf: &mut [u8],
        pos: &mut usize,
        salts: &mut DeferredSalts,
    ) -> Result<(), Error>;
}

// Every field but a `Deferred` one is written as `encode_into` writes it.
impl<K: RowKey, T: WriteRule<K>> DeferRule<K> for T {
    #[inline(always)]
    fn defer(
        v: &Self::V,
        buf: &mut [u8],
        pos: &mut usize,
        _: &mut DeferredSalts,
    ) -> Result<(), Error> {
        T::write(v, buf, pos)
    }
}

impl<K, const I: usize, V, P, B, F> DeferRule<K> for Deferred<Field<I, V, P, B, F>>
where
    K: RowKey,
    V: KeyPart,
    P: DeferSalt + Prefix<V>,
    B: Body<V>,
    F: Frame,
{
    #[inline(always)]
    fn defer(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        salts: &mut DeferredSalts,
    ) -> Result<(), Error> {
        let name = const { crate::scan::rules::field_name::<K>(I) };
        seek::<K, I>(pos);
        let at = *pos;
        *pos += P::WIDTH;
        // The body, pad or delimiter as `encode_into` writes them, the
        // salt's room left open.
        write_field::<V, P, B, false, false>(v, buf, pos, F::FRAME, K::NAME, name)?;
        if let Some(d) = P::DELIM {
            buf[at + P::CHARS] = d;
        }
        let body = at + P::WIDTH;
        salts.defer(name, at, P::CHARS, &[(body, body + v.encoded_len())]);
        Ok(())
    }
}
