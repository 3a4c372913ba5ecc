//! An `Option` field: a presence byte (0 for `None`, 1 for `Some`, through
//! the slot's mask), then the inner value's slot if present.

use crate::__private::{push_segment, read_presence, InField};
use crate::slot::{take_plain, PlainRead};
use crate::{Error, ErrorKind, Segment, SegmentKind};

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
