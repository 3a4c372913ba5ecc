//! A field's slot, written and read: the steps that are the same for every
//! field of a kind, called by the derive's code (through `__private`)
//! instead of being expanded into every key: a plain field's writer, a
//! field's bytes taken by its frame, and the segment that `explain` shows
//! for it. Each is `#[inline(always)]` and takes its frame
//! as a constant, so in an optimized build it folds to what a hand-written
//! walk does.

use crate::__private::{known_kind, take, InField, HBASE_MAX_KEY};
use crate::escape::take_escaped;
use crate::rule::frame::expect_delim;
use crate::rule::frame::take_delimited;
use crate::rule::frame::take_rest;
use crate::rule::pad::strip_pad;
use crate::rule::{field_len, write_field, NoPrefix, Part};
use crate::widths::length_refusal;
use crate::{Error, ErrorKind, KeyPart, Segment, SegmentKind};

/// How a field without a fixed attribute width ends: `T::WIDTH` bytes when
/// its type has one, else its frame's rule.
#[derive(Clone, Copy)]
pub enum Frame {
    /// `#[delim(b)]`: up to the (stored) delimiter.
    Delim(u8),
    /// A field before the last: its type is fixed-width or delimits
    /// itself (`KeyPart::SELF_DELIMITING`; the derive checks it).
    Fixed,
    /// The last field: everything left.
    Last,
}

/// A field's stored body, by its type's width (`KeyPart::WIDTH`, named
/// by the caller: a bound here would report a type that is no `KeyPart`
/// once more), how a self-delimiting type measures itself
/// (`KeyPart::delimited_len`, over bytes stored exclusive-or `mask`) and
/// `frame`.
///
/// # Errors
/// The input ends early or lacks the delimiter.
#[inline(always)]
pub fn take_framed<'a>(
    input: &'a [u8],
    pos: &mut usize,
    width: Option<usize>,
    delimited: Option<Measure>,
    mask: u8,
    frame: Frame,
) -> Result<&'a [u8], ErrorKind> {
    // A body that says where it ends is measured, not searched for a
    // delimiter: its bytes may hold it, as a fixed-width body's may.
    let width = match (width, delimited) {
        (Some(w), _) => Some(w),
        (None, Some(measure)) if !matches!(frame, Frame::Last) => {
            Some(measure(&input[*pos..], mask)?)
        }
        (None, _) => None,
    };
    match (frame, width) {
        (Frame::Delim(stored), Some(w)) => {
            let f = take(input, pos, w)?;
            expect_delim(input, pos, stored)?;
            Ok(f)
        }
        (Frame::Delim(stored), None) => take_delimited(input, pos, stored),
        // The last field's fixed width: a key of exactly the length that
        // leaves is taken whole, and the trailing-bytes check after it
        // compiles away (one compare where a short and a long key each
        // took one).
        (Frame::Last, Some(w)) if input.len().wrapping_sub(*pos) == w => Ok(take_rest(input, pos)),
        (Frame::Fixed | Frame::Last, Some(w)) => take(input, pos, w),
        // (Not reached: the derive requires a fixed-width or
        // self-delimiting type before the last field.)
        (Frame::Fixed, None) => take(input, pos, 0),
        (Frame::Last, None) => Ok(take_rest(input, pos)),
    }
}

/// `KeyPart::delimited_len` of a field's type: the length of the value at
/// the front of the stored bytes, given the mask they are stored with.
pub type Measure = fn(&[u8], u8) -> Result<usize, ErrorKind>;

/// A padded field's body: `width` bytes, trailing (stored) pad bytes off.
///
/// # Errors
/// The input ends early.
#[inline(always)]
pub fn take_padded<'a>(
    input: &'a [u8],
    pos: &mut usize,
    width: usize,
    stored: u8,
) -> Result<&'a [u8], ErrorKind> {
    Ok(strip_pad(take(input, pos, width)?, stored))
}

/// Records segment `start..end` as the next of `segs`, for `explain`.
#[inline(always)]
pub fn push_segment<const N: usize>(
    segs: &mut [Segment; N],
    seg: &mut usize,
    name: &'static str,
    kind: SegmentKind,
    start: usize,
    end: usize,
) {
    segs[*seg] = Segment {
        name,
        kind,
        start,
        end,
    };
    *seg += 1;
}

/// How a plain field's slot ends when written: see [`write_plain`].
#[derive(Clone, Copy)]
pub enum WriteFrame {
    /// `#[pad(width, byte)]`.
    Pad(usize, u8),
    /// `#[delim(byte)]`, searched for in the body when the type's width
    /// does not say where it ends.
    Delim(u8),
    /// Nothing after the body.
    End,
}

/// The writer of a field with no salt, bucket, digits, escape, reversal or
/// inversion: its body by `KeyPart`, then its pad or delimiter, at `*pos`,
/// which it moves past the slot: the slot rules' writer
/// (`crate::rule::write_field`) with no prefix and the type's own bytes;
/// `KNOWN` as in [`field_error_in`](crate::__private::field_error_in).
///
/// # Errors
/// The body's refusal, a body too long for its pad or ending in the pad
/// byte, or holding the delimiter.
#[inline(always)]
pub fn write_plain<V: KeyPart + ?Sized, const KNOWN: bool>(
    v: &V,
    buf: &mut [u8],
    pos: &mut usize,
    frame: WriteFrame,
    key: &'static str,
    field: &'static str,
) -> Result<(), Error> {
    write_field::<V, NoPrefix, Part, false, KNOWN>(v, buf, pos, frame, key, field)
}

/// Decode's read of a field [`write_plain`] writes (its frame `frame`,
/// `last` when nothing follows it): the body taken by its frame, the value
/// built from it by `decode` (the type's `DecodePart::decode_part`), the
/// field's segment recorded. One copy here for every such field of every
/// key, where the derive would expand the same steps. The type's width and
/// measure are named by the caller, as for `take_framed`, and so is
/// `decode`: a bound here would report a type that is no `KeyPart` once
/// more.
///
/// # Errors
/// The input ends early or lacks the delimiter, or the body is no value of
/// `V`: named after the field.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "each argument is one fact of the field the derive knows"
)]
pub fn read_plain<'de, V, const N: usize>(
    input: &'de [u8],
    pos: &mut usize,
    frame: PlainRead,
    decode: fn(&'de [u8]) -> Result<V, ErrorKind>,
    segs: &mut [Segment; N],
    seg: &mut usize,
    key: &'static str,
    field: &'static str,
) -> Result<V, Error> {
    let at = *pos;
    let body = take_plain(input, pos, frame).__rowkey_in_field::<true>(key, field)?;
    let v = decode(body).__rowkey_in_field::<true>(key, field)?;
    push_segment(segs, seg, field, SegmentKind::Field, at, *pos);
    Ok(v)
}

/// How [`read_plain`] and the slot rules' read find a field's body: its
/// pad, or its width and measure (`KeyPart::WIDTH`, `delimited_len`, or
/// an attribute's) and its frame. Pad and delimiter bytes are given as
/// stored (inverted under `#[desc]`).
#[derive(Clone, Copy)]
pub enum PlainRead {
    /// `#[pad(width, byte)]`.
    Pad(usize, u8),
    /// By `take_framed`'s rule.
    Framed(Option<usize>, Option<Measure>, Frame),
    /// By `take_framed`'s rule, a self-delimiting body measured through
    /// the mask its bytes are stored with (0xFF: `#[desc]`).
    Masked(Option<usize>, Option<Measure>, Frame, u8),
    /// `#[escaped]`, read through the mask: up to its terminator, then the
    /// frame's delimiter, if any.
    Escaped(u8, Frame),
}

#[inline(always)]
pub(crate) fn take_plain<'de>(
    input: &'de [u8],
    pos: &mut usize,
    frame: PlainRead,
) -> Result<&'de [u8], ErrorKind> {
    match frame {
        PlainRead::Pad(width, byte) => take_padded(input, pos, width, byte),
        PlainRead::Framed(width, measure, frame) => {
            take_framed(input, pos, width, measure, 0, frame)
        }
        PlainRead::Masked(width, measure, frame, mask) => {
            take_framed(input, pos, width, measure, mask, frame)
        }
        PlainRead::Escaped(mask, frame) => {
            let body = take_escaped(input, pos, mask)?;
            if let Frame::Delim(stored) = frame {
                expect_delim(input, pos, stored)?;
            }
            Ok(body)
        }
    }
}

/// The length of a plain field's slot (see [`write_plain`]): what the
/// derive's length function would be for such a field, here once.
#[inline(always)]
pub fn plain_len<V: KeyPart + ?Sized>(v: &V, frame: WriteFrame) -> usize {
    field_len::<V, NoPrefix, Part, false>(v, frame)
}

/// `encode_into`'s length check, before any byte is written: the key's
/// length refused when empty or over HBase's limit, and the buffer checked
/// against it.
///
/// # Errors
/// An empty or too long key, or a buffer shorter than `len`.
#[inline(always)]
pub fn check_encode_len(key: &'static str, len: usize, available: usize) -> Result<(), Error> {
    // One compare for both ends: 0 wraps above the limit.
    if len.wrapping_sub(1) >= HBASE_MAX_KEY {
        return Err(Error::key(key, known_kind(&length_refusal(len))));
    }
    if available < len {
        return Err(Error::key(
            key,
            ErrorKind::BufferTooSmall {
                needed: len,
                available,
            },
        ));
    }
    Ok(())
}

/// A field's position in `encode_into`: its constant offset when every
/// width before it is fixed, which lets the compiler address the buffer
/// with constants instead of keeping a running position alive across the
/// copies; else the running position.
#[inline(always)]
#[must_use]
pub const fn at_offset(pos: usize, offset: Option<usize>) -> usize {
    match offset {
        Some(o) => o,
        None => pos,
    }
}

/// The end of decode's walk: bytes left after the last field are refused,
/// named after it (where the key should have ended).
///
/// # Errors
/// Trailing bytes.
#[inline(always)]
pub fn check_trailing(
    input: &[u8],
    pos: usize,
    key: &'static str,
    last_field: &'static str,
) -> Result<(), Error> {
    if pos != input.len() {
        return Err(Error::field(
            key,
            last_field,
            ErrorKind::TrailingBytes {
                count: input.len() - pos,
            },
        ));
    }
    Ok(())
}
