//! An `Option` field: a presence byte (0 for `None`, 1 for `Some`, through
//! the slot's mask), then the inner value's slot if present.

use super::{field_len, write_field, Body, BodyLen, NoPrefix};
use crate::__private::{push_segment, InField, Presence};
use crate::option::read_presence;
use crate::option::write_presence;
use crate::scan::Scan;
use crate::slot::{take_plain, PlainRead, WriteFrame};
use crate::{Error, ErrorKind, KeyPart, RowKey, Segment, SegmentKind};
use core::ops::Bound;

/// Writes an `Option` field's slot at `*pos`: its presence byte (stored
/// through `mask`, 0xFF under `#[desc]`), then, if present, the inner
/// value's slot as [`write_field`] writes it with body rule `B` in
/// `frame`; `KNOWN` as there.
///
/// # Errors
/// As [`write_field`], for the inner value.
#[inline(always)]
pub fn write_option<V, B, const KNOWN: bool>(
    v: &V,
    buf: &mut [u8],
    pos: &mut usize,
    mask: u8,
    frame: WriteFrame,
    key: &'static str,
    field: &'static str,
) -> Result<(), Error>
where
    V: Presence + ?Sized,
    V::Inner: KeyPart,
    B: Body<V::Inner>,
{
    match v.present() {
        None => {
            write_presence(buf, pos, false, mask);
            Ok(())
        }
        Some(inner) => {
            write_presence(buf, pos, true, mask);
            write_field::<V::Inner, NoPrefix, B, false, KNOWN>(inner, buf, pos, frame, key, field)
        }
    }
}

/// The length of the slot [`write_option`] writes.
#[inline(always)]
pub fn option_len<V, B>(v: &V, frame: WriteFrame) -> usize
where
    V: Presence + ?Sized,
    V::Inner: KeyPart,
    B: BodyLen<V::Inner>,
{
    1 + match v.present() {
        None => 0,
        Some(inner) => field_len::<V::Inner, NoPrefix, B, false>(inner, frame),
    }
}

/// A scan's exact value of an `Option` field, pushed into the scan's
/// prefix (as [`push_field`](super::push_field)).
///
/// # Errors
/// As `Scan::push`.
#[inline(always)]
pub fn push_option<K, V, B>(
    scan: &mut Scan<'_, K>,
    field: &'static str,
    v: &V,
    mask: u8,
    frame: WriteFrame,
) -> Result<(), Error>
where
    K: RowKey,
    V: Presence,
    V::Inner: KeyPart,
    B: Body<V::Inner>,
{
    scan.push(
        field,
        option_len::<V, B>(v, frame),
        #[inline(always)]
        |buf, pos| write_option::<V, B, false>(v, buf, pos, mask, frame, K::NAME, field),
    )
}

/// A scan's range on an `Option` field (as
/// [`range_field`](super::range_field)).
///
/// # Errors
/// As `Scan::range`.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "each argument is one fact of the field the derive knows"
)]
pub fn range_option<K, V, B>(
    scan: &mut Scan<'_, K>,
    field: &'static str,
    open: bool,
    lo: Bound<V>,
    hi: Bound<V>,
    mask: u8,
    frame: WriteFrame,
) -> Result<(), Error>
where
    K: RowKey,
    V: KeyPart + Presence,
    V::Inner: KeyPart,
    B: Body<V::Inner>,
{
    scan.range(
        field,
        open,
        lo,
        hi,
        #[inline(always)]
        |v| option_len::<V, B>(v, frame),
        #[inline(always)]
        |v, buf, pos| write_option::<V, B, false>(v, buf, pos, mask, frame, K::NAME, field),
    )
}

/// Decode's read of an `Option` field: its presence byte (stored through
/// `mask`), then the inner body taken by `frame` and built by `decode`
/// (named by the caller, as for [`read_field`](super::read_field)); one
/// segment for both.
///
/// # Errors
/// The input ends early, the presence byte is neither, or the body is no
/// value: named after the field.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "each argument is one fact of the field the derive knows"
)]
pub fn read_option<'de, T, const N: usize>(
    input: &'de [u8],
    pos: &mut usize,
    mask: u8,
    frame: PlainRead,
    decode: fn(&'de [u8]) -> Result<T, ErrorKind>,
    segs: &mut [Segment; N],
    seg: &mut usize,
    key: &'static str,
    field: &'static str,
) -> Result<Option<T>, Error> {
    let at = *pos;
    let value = if read_presence(input, pos, mask).__rowkey_in_field::<true>(key, field)? {
        let body = take_plain(input, pos, frame).__rowkey_in_field::<true>(key, field)?;
        Some(decode(body).__rowkey_in_field::<true>(key, field)?)
    } else {
        None
    };
    push_segment(segs, seg, field, SegmentKind::Field, at, *pos);
    Ok(value)
}

/// The last field's read when it is an `Option` of a fixed width `width`
/// in a key without a struct-level salt: [`read_option`] and then the
/// trailing-bytes check, as one compare per branch of the key's length
/// against where that branch ends (the hand-written shape). The position
/// is then the key's length in both branches, so the walk's own
/// trailing check has nothing left to test. A key that ends anywhere else
/// is refused out of line by the general read, with its error.
///
/// # Errors
/// As [`read_option`], then trailing bytes named after the field.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "each argument is one fact of the field the derive knows"
)]
pub fn read_last_option<'de, T, const N: usize>(
    input: &'de [u8],
    pos: &mut usize,
    mask: u8,
    (frame, width): &'static (PlainRead, usize),
    decode: fn(&'de [u8]) -> Result<T, ErrorKind>,
    segs: &mut [Segment; N],
    seg: &mut usize,
    key: &'static str,
    field: &'static str,
) -> Result<Option<T>, Error> {
    let at = *pos;
    let mut body_at = at;
    let value = match read_presence(input, &mut body_at, mask) {
        Ok(false) if input.len() == body_at => None,
        Ok(true) if input.len() == body_at + width => {
            let body =
                take_plain(input, &mut body_at, *frame).__rowkey_in_field::<true>(key, field)?;
            Some(decode(body).__rowkey_in_field::<true>(key, field)?)
        }
        _ => return Err(ends_elsewhere(input, at, mask, frame, decode, key, field)),
    };
    *pos = input.len();
    push_segment(segs, seg, field, SegmentKind::Field, at, *pos);
    Ok(value)
}

/// [`read_last_option`]'s refusal of a key that does not end where the
/// field does: the general read's error, or else its trailing bytes.
#[cold]
#[inline(never)]
fn ends_elsewhere<'de, T>(
    input: &'de [u8],
    at: usize,
    mask: u8,
    frame: &PlainRead,
    decode: fn(&'de [u8]) -> Result<T, ErrorKind>,
    key: &'static str,
    field: &'static str,
) -> Error {
    let mut pos = at;
    let mut segs = [Segment::EMPTY; 1];
    let read = read_option(
        input, &mut pos, mask, *frame, decode, &mut segs, &mut 0, key, field,
    );
    match read.and_then(|_| crate::__private::check_trailing(input, pos, key, field)) {
        Err(e) => e,
        Ok(()) => Error::field(
            key,
            field,
            ErrorKind::Invalid {
                reason: "the key does not end where its last field does",
            },
        ),
    }
}
