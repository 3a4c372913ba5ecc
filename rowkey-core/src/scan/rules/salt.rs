//! A field's own `#[salt(md5, C)]` in a scan: the first `C` hex characters
//! of the MD5 of the value's bytes, then the salt's delimiter if it has
//! one, in front of the slot. Such a field keeps no value order: a scan
//! takes one exact value of it.

use super::plain::Frame;
use super::{push_slot, ScanRule, Slot};
use crate::__private::{
    check_no_delim, check_pad_end, field_error_in, md5_hex_into, plain_len, start_pad, InField,
    WriteFrame,
};
use crate::part::KeyPart;
use crate::scan::Scan;
use crate::{Error, ErrorKind, RowKey};
use core::marker::PhantomData;

/// `C` hex characters of MD5 in front of the plain slot `F`.
pub struct Salt<const C: usize, F>(PhantomData<F>);

/// [`Salt`] followed by the delimiter `D` (`#[salt(md5, C, delim = D)]`).
pub struct SaltDelim<const C: usize, const D: u8, F>(PhantomData<F>);

/// Writes the salt (`chars` characters, then `delim`) at `*pos`, then the
/// value's plain slot after it (as `write_plain` does): the salt hashes the
/// value's bytes as written, without their frame.
#[inline(always)]
fn write_salted<V: KeyPart, F: Frame>(
    v: &V,
    buf: &mut [u8],
    pos: &mut usize,
    (chars, delim): (usize, Option<u8>),
    (key, field): (&'static str, &'static str),
) -> Result<(), Error> {
    let at = *pos;
    let body_at = at + chars + usize::from(delim.is_some());
    let blen = v.encoded_len();
    // The value's bytes as `write_plain` writes them, hashed before the
    // pad's end is checked and the frame written: in `write_plain`'s order
    // the hash came after, and the scan took 1076 instructions per
    // user_order key instead of 893 (callgrind).
    let mut ends = None;
    if let WriteFrame::Pad(width, byte) = F::FRAME {
        ends = v.body_ends_with(byte);
        if ends == Some(true) {
            return Err(field_error_in::<false>(
                key,
                field,
                ErrorKind::EndsWithPadByte { byte },
            ));
        }
        start_pad(&mut buf[body_at..body_at + width], blen, byte)
            .__rowkey_in_field::<false>(key, field)?;
    }
    v.encode_part(&mut buf[body_at..body_at + blen])
        .__rowkey_in_field::<false>(key, field)?;
    if let WriteFrame::Delim(byte) = F::FRAME {
        if V::WIDTH.is_none() && !V::SELF_DELIMITING {
            check_no_delim(&buf[body_at..body_at + blen], byte)
                .__rowkey_in_field::<false>(key, field)?;
        }
    }
    let (head, tail) = buf.split_at_mut(body_at);
    md5_hex_into(&tail[..blen], &mut head[at..at + chars]);
    if let Some(d) = delim {
        head[at + chars] = d;
    }
    *pos = match F::FRAME {
        WriteFrame::Pad(width, byte) => {
            if ends.is_none() {
                check_pad_end(&buf[body_at..body_at + blen], byte)
                    .__rowkey_in_field::<false>(key, field)?;
            }
            body_at + width
        }
        WriteFrame::Delim(byte) => {
            buf[body_at + blen] = byte;
            body_at + blen + 1
        }
        WriteFrame::End => body_at + blen,
    };
    Ok(())
}

impl<V: KeyPart, F: Frame, const C: usize> Slot<V> for Salt<C, F> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        C + plain_len(v, F::FRAME)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_salted::<V, F>(v, buf, pos, (C, None), (key, field))
    }
}

impl<V: KeyPart, F: Frame, const C: usize, const D: u8> Slot<V> for SaltDelim<C, D, F> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        C + 1 + plain_len(v, F::FRAME)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        write_salted::<V, F>(v, buf, pos, (C, Some(D)), (key, field))
    }
}

impl<K: RowKey, V: KeyPart, F: Frame, const C: usize, const I: usize> ScanRule<K, V, I>
    for Salt<C, F>
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, I>(&value, scan)
    }
}

impl<K: RowKey, V: KeyPart, F: Frame, const C: usize, const D: u8, const I: usize> ScanRule<K, V, I>
    for SaltDelim<C, D, F>
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, I>(&value, scan)
    }
}
