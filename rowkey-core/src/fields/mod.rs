//! A key's fields as the derive declares them: one type per field that
//! names its rules (`Field<0, &str, NoPrefix, Part, Pad<16, 0>>`: index,
//! type, prefix rule, body rule, frame), the functions that measure and
//! write a group of up to eight such fields in order, and the walker that
//! reads them back one by one. The derive's `encoded_len` and
//! `encode_into` are one call per group (per field through a `Writer` for
//! a key with a struct-level salt, which records the slots it hashes), and
//! its decode walk one short call per field, instead of each field's code:
//! what the compiler checks for each key is mostly a list of types. Each
//! rule's bytes, and how decode finds and reads its body (`Shape`,
//! `ReadBody`), stay in the one file of `rule/` named after it.
//!
//! Each field's type is passed as its own generic argument, so a field type
//! a rule does not fit is reported on that argument, which the derive
//! spans on the field.

use crate::__private::{check_trailing, offset_of, DeferredSalts, Presence, SaltSink};
use crate::rule::{
    field_len, option_len, read_field, read_last_option, read_option, write_field, write_option,
    Body, BodyLen, Fix, Prefix, PrefixWidth, ReadBody, ReadPrefix, Shape,
};
use crate::scan::rules::{Delim, Fixed, Frame, Open, Pad};
use crate::slot::{Frame as SlotFrame, Measure, PlainRead};
use crate::{Error, KeyPart, RowKey, Segment};
use core::marker::PhantomData;

mod batch;
mod key_salt;
mod walker;

pub use batch::{CheckRule, DeferRule, DeferSalt, Deferred};
pub use key_salt::{KeySaltSpec, Writer};
pub use walker::Walker;

/// Field `I` of a key, of type `V`, written as prefix rule `P`, body rule
/// `B` and frame `F` (`Pad`, `ScanDelim`, `Fixed`, or `Open` for the last
/// field).
pub struct Field<const I: usize, V, P, B, F>(PhantomData<Rules<(V, P, B, F)>>);

/// An `Option` field `I` of type `V`: a presence byte, then the inner
/// value by body rule `B` in frame `F`.
pub struct Opt<const I: usize, V, B, F>(PhantomData<Rules<(V, B, F)>>);

/// What a field type names, owning nothing.
type Rules<T> = fn() -> T;

/// How decode finds where a frame ends (the write side is the scan rules' `Frame`).
pub trait ReadFrame: Frame {
    /// `Some((width, byte))` for a pad, else the slot's end.
    const PAD: Option<(usize, u8)> = None;
    /// The slot's end, the delimiter as written.
    const END: SlotFrame = SlotFrame::Fixed;
}
impl<const W: usize, const B: u8> ReadFrame for Pad<W, B> {
    const PAD: Option<(usize, u8)> = Some((W, B));
}
impl<const B: u8> ReadFrame for Delim<B> {
    const END: SlotFrame = SlotFrame::Delim(B);
}
impl ReadFrame for Fixed {}
impl ReadFrame for Open {
    const END: SlotFrame = SlotFrame::Last;
}

/// How decode takes the body of a `V` written by body rule `B` in frame
/// `F`: its pad, or its width and measure and its frame, pad and
/// delimiter bytes as stored (through the mask).
#[must_use]
pub const fn plain_read<V: KeyPart + ?Sized, B: Shape, F: ReadFrame>() -> PlainRead {
    let m = B::MASK;
    if let Some((width, byte)) = F::PAD {
        return PlainRead::Pad(width, byte ^ m);
    }
    let end = match F::END {
        SlotFrame::Delim(b) => SlotFrame::Delim(b ^ m),
        other => other,
    };
    if B::ESCAPED {
        return PlainRead::Escaped(m, end);
    }
    let (width, measure): (Option<usize>, Option<Measure>) = match B::WIDTH {
        Fix::Attr(w) => (Some(w), None),
        Fix::Value => (None, None),
        Fix::Type if V::SELF_DELIMITING => (V::WIDTH, Some(V::delimited_len)),
        Fix::Type => (V::WIDTH, None),
    };
    if m == 0 {
        PlainRead::Framed(width, measure, end)
    } else {
        PlainRead::Masked(width, measure, end, m)
    }
}

/// A field's type, whatever its rules: what the group functions take and
/// decode's walk returns, named without asking anything of the rules, so
/// that a rule that does not fit is reported on the field's argument, not
/// where its type is needed.
pub trait Value {
    /// The field's type.
    type V;
    /// The field's place in the struct.
    const INDEX: usize;
    /// The bytes of its salt or bucket, before its slot.
    const PREFIX: usize;
    /// What frames its slot (`Pad`, `ScanDelim`, `Fixed` or `Open`).
    type Frame;
}

/// Field rule `F`'s frame: how a scan rule names the pad or delimiter the
/// field's rule type already spells, rather than spelling its constants a
/// second time (each a definition the compiler checks per key).
pub type FrameOf<F> = <F as Value>::Frame;

impl<const I: usize, V, P: PrefixWidth, B, F> Value for Field<I, V, P, B, F> {
    type V = V;
    type Frame = F;
    const INDEX: usize = I;
    const PREFIX: usize = P::WIDTH;
}

impl<const I: usize, V, B, F> Value for Opt<I, V, B, F> {
    type V = V;
    type Frame = F;
    const INDEX: usize = I;
    const PREFIX: usize = 0;
}

/// A field's length in `encoded_len`: asks of the value's type only what
/// the length needs, so a type a rule does not fit is reported once, by
/// the write.
pub trait LenRule: Value {
    /// The slot's length for `v`.
    fn len(v: &Self::V) -> usize;
}

/// A field's write in `encode_into`.
pub trait WriteRule<K: RowKey>: LenRule {
    /// Writes the slot at `*pos` (at its constant offset when every width
    /// before it is fixed), moving `*pos` past it.
    ///
    /// # Errors
    /// The value's refusal, named after the field.
    fn write(v: &Self::V, buf: &mut [u8], pos: &mut usize) -> Result<(), Error>;
}

/// A field's read in decode's walk.
pub trait ReadRule<'de, K: RowKey>: Value {
    /// Reads the slot at `*pos`, recording its segments; with `VERIFY`,
    /// checks its salt and bucket.
    ///
    /// # Errors
    /// The first refusal, named after the field.
    fn read<const VERIFY: bool, const N: usize, S: SaltSink>(
        input: &'de [u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        sink: &mut S,
    ) -> Result<Self::V, Error>;
}

/// Field `I`'s start in `encode_into` when every width before it is fixed:
/// a constant, which lets the compiler address the buffer with constants
/// instead of keeping a running position alive across the copies
/// (measured: three callee-saved registers fewer in a padded key's encode).
#[inline(always)]
fn seek<K: RowKey, const I: usize>(pos: &mut usize) {
    if let Some(at) = const { offset_of(K::__WIDTHS, 2 * I + 1) } {
        if I > 0 {
            *pos = at;
        }
    }
}

impl<const I: usize, V: KeyPart, P: PrefixWidth, B: BodyLen<V>, F: Frame> LenRule
    for Field<I, V, P, B, F>
{
    #[inline(always)]
    fn len(v: &V) -> usize {
        field_len::<V, P, B, true>(v, F::FRAME)
    }
}

impl<K: RowKey, const I: usize, V: KeyPart, P: Prefix<V>, B: Body<V>, F: Frame> WriteRule<K>
    for Field<I, V, P, B, F>
{
    #[inline(always)]
    fn write(v: &V, buf: &mut [u8], pos: &mut usize) -> Result<(), Error> {
        seek::<K, I>(pos);
        write_field::<V, P, B, true, true>(
            v,
            buf,
            pos,
            F::FRAME,
            K::NAME,
            const { crate::scan::rules::field_name::<K>(I) },
        )
    }
}

impl<'de, K, const I: usize, V, P, B, F> ReadRule<'de, K> for Field<I, V, P, B, F>
where
    K: RowKey,
    V: KeyPart,
    P: ReadPrefix<V> + PrefixWidth,
    B: ReadBody<'de, V> + Shape,
    F: ReadFrame,
{
    #[inline(always)]
    fn read<const VERIFY: bool, const N: usize, S: SaltSink>(
        input: &'de [u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        sink: &mut S,
    ) -> Result<V, Error> {
        read_field::<V, P, VERIFY, S, N>(
            input,
            pos,
            const { plain_read::<V, B, F>() },
            B::read,
            segs,
            seg,
            sink,
            K::NAME,
            const { crate::scan::rules::field_name::<K>(I) },
        )
    }
}

impl<const I: usize, V, B, F> LenRule for Opt<I, V, B, F>
where
    V: Presence,
    V::Inner: KeyPart,
    B: BodyLen<V::Inner>,
    F: Frame,
{
    #[inline(always)]
    fn len(v: &V) -> usize {
        option_len::<V, B>(v, F::FRAME)
    }
}

impl<K: RowKey, const I: usize, V, B, F> WriteRule<K> for Opt<I, V, B, F>
where
    V: Presence,
    V::Inner: KeyPart,
    B: Body<V::Inner> + Shape,
    F: Frame,
{
    #[inline(always)]
    fn write(v: &V, buf: &mut [u8], pos: &mut usize) -> Result<(), Error> {
        seek::<K, I>(pos);
        write_option::<V, B, true>(
            v,
            buf,
            pos,
            B::MASK,
            F::FRAME,
            K::NAME,
            const { crate::scan::rules::field_name::<K>(I) },
        )
    }
}

impl<'de, K, const I: usize, T, B, F> ReadRule<'de, K> for Opt<I, Option<T>, B, F>
where
    K: RowKey,
    T: KeyPart,
    B: ReadBody<'de, T> + Shape,
    F: ReadFrame,
{
    #[inline(always)]
    fn read<const VERIFY: bool, const N: usize, S: SaltSink>(
        input: &'de [u8],
        pos: &mut usize,
        segs: &mut [Segment; N],
        seg: &mut usize,
        _: &mut S,
    ) -> Result<Option<T>, Error> {
        if let Some(ends) = const { &last_option_end::<K, I, T, B, F>() } {
            return read_last_option::<T, N>(
                input,
                pos,
                B::MASK,
                ends,
                B::read,
                segs,
                seg,
                K::NAME,
                const { crate::scan::rules::field_name::<K>(I) },
            );
        }
        read_option::<T, N>(
            input,
            pos,
            B::MASK,
            const { plain_read::<T, B, F>() },
            B::read,
            segs,
            seg,
            K::NAME,
            const { crate::scan::rules::field_name::<K>(I) },
        )
    }
}

/// For an `Option` field `I` that ends its key as the walk's length check
/// counts on (`walk::last_ends`): its body's read and width, for
/// [`read_last_option`].
const fn last_option_end<K: RowKey, const I: usize, T: KeyPart, B: Shape, F: ReadFrame>(
) -> Option<(PlainRead, usize)> {
    if I + 1 != K::LAYOUT.fields.len() || !crate::walk::last_ends(&K::LAYOUT) {
        return None;
    }
    let read = plain_read::<T, B, F>();
    match read {
        PlainRead::Pad(w, _)
        | PlainRead::Framed(Some(w), None, SlotFrame::Last)
        | PlainRead::Masked(Some(w), None, SlotFrame::Last, _) => Some((read, w)),
        _ => None,
    }
}

/// The start of `encode_into`: the key's length, refused when empty or
/// over HBase's limit, and the buffer checked against it; the position of
/// the first field. A buffer at least as long as the widest key of a
/// layout that is never empty holds every key: then no length is computed
/// (for `[0u8; K::MAX_LEN]` the compiler drops the test too), so the
/// writes do not wait on a first pass over the fields.
///
/// # Errors
/// An empty or too long key, or a buffer shorter than it.
#[inline(always)]
pub fn encode_start<K: RowKey>(key: &K, out: &[u8]) -> Result<usize, Error> {
    let holds_any = const { crate::widths::roomy_len(K::MAX_WIDTH, K::__WIDTHS) };
    if out.len() < holds_any {
        crate::__private::check_encode_len(K::NAME, key.encoded_len(), out.len())?;
    }
    Ok(match K::__KEY_SALT {
        Some(spec) => spec.width(),
        None => 0,
    })
}

/// The end of decode's walk: bytes left after the last field are refused,
/// named after it.
///
/// # Errors
/// Trailing bytes.
#[inline(always)]
pub fn read_end<K: RowKey>(input: &[u8], pos: usize) -> Result<(), Error> {
    let last = const {
        match K::LAYOUT.fields.last() {
            Some(f) => f.name,
            None => "",
        }
    };
    check_trailing(input, pos, K::NAME, last)
}

macro_rules! groups {
    ($(($len:ident, $write:ident, $defer:ident: $($r:ident $v:ident),+))*) => {$(
        /// The lengths of a group of fields, summed.
        #[inline(always)]
        #[must_use]
        #[allow(non_snake_case, clippy::too_many_arguments)]
        pub fn $len<$($r: LenRule),+>($($v: &<$r as Value>::V),+) -> usize {
            0 $(+ $r::len($v))+
        }

        /// Writes a group of fields in order at `*pos`, returning where
        /// they end: the last group's call is `encode_into`'s result, with
        /// no `?` or `Ok` around it in the generated body (each is a
        /// `Try` or a constructor the compiler checks per key).
        ///
        /// # Errors
        /// The first field's refusal.
        #[inline(always)]
        #[allow(non_snake_case, clippy::too_many_arguments)]
        pub fn $write<K: RowKey, $($r: WriteRule<K>),+>(
            buf: &mut [u8],
            pos: &mut usize,
            $($v: &<$r as Value>::V),+
        ) -> Result<usize, Error> {
            $($r::write($v, buf, pos)?;)+
            Ok(*pos)
        }

        /// Writes a group of fields in order at `*pos` for batch
        /// encoding, deferred salts left to `salts`, returning where they
        /// end.
        ///
        /// # Errors
        /// The first field's refusal.
        #[inline(always)]
        #[allow(non_snake_case, clippy::too_many_arguments)]
        pub fn $defer<K: RowKey, $($r: DeferRule<K>),+>(
            buf: &mut [u8],
            pos: &mut usize,
            salts: &mut DeferredSalts,
            $($v: &<$r as Value>::V),+
        ) -> Result<usize, Error> {
            $($r::defer($v, buf, pos, salts)?;)+
            Ok(*pos)
        }
    )*};
}

groups! {
    (len1, write1, defer1: A a)
    (len2, write2, defer2: A a, B b)
    (len3, write3, defer3: A a, B b, C c)
    (len4, write4, defer4: A a, B b, C c, D d)
    (len5, write5, defer5: A a, B b, C c, D d, E e)
    (len6, write6, defer6: A a, B b, C c, D d, E e, F f)
    (len7, write7, defer7: A a, B b, C c, D d, E e, F f, G g)
    (len8, write8, defer8: A a, B b, C c, D d, E e, F f, G g, H h)
}
