//! `#[reverse]` in a scan: the value's bytes stored back to front (a
//! string by character, as Java's `StringBuilder.reverse()`), then its
//! frame, so that keys spread over regions by their last characters. Such
//! a field keeps no value order: a scan takes one exact value of it.

use super::plain::Frame;
use super::{push_slot, ScanRule, Slot};
use crate::__private::{
    check_no_delim, check_reversed_pad_end, plain_len, start_pad, InField, WriteFrame,
};
use crate::part::{KeyPart, Reversible};
use crate::scan::Scan;
use crate::{Error, RowKey};
use core::marker::PhantomData;

/// A field of type `T` (whose `Reversible` impl reverses the bytes of the
/// values given for it, which may be views of it) reversed in the frame
/// `F`.
pub struct Reverse<T, F>(PhantomData<(fn() -> T, F)>);

impl<V: KeyPart, T: Reversible, F: Frame> Slot<V> for Reverse<T, F> {
    #[inline(always)]
    fn len(v: &V) -> usize {
        plain_len(v, F::FRAME)
    }

    #[inline(always)]
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error> {
        let at = *pos;
        let blen = v.encoded_len();
        // Reversed, the stored body ends in the value's first character:
        // the pad byte is looked for there once written.
        if let WriteFrame::Pad(width, byte) = F::FRAME {
            start_pad(&mut buf[at..at + width], blen, byte)
                .__rowkey_in_field::<false>(key, field)?;
        }
        v.encode_part(&mut buf[at..at + blen])
            .__rowkey_in_field::<false>(key, field)?;
        if let WriteFrame::Delim(byte) = F::FRAME {
            if V::WIDTH.is_none() && !V::SELF_DELIMITING {
                check_no_delim(&buf[at..at + blen], byte).__rowkey_in_field::<false>(key, field)?;
            }
        }
        T::reverse_body(&mut buf[at..at + blen]);
        *pos = match F::FRAME {
            WriteFrame::Pad(width, byte) => {
                check_reversed_pad_end(&buf[at..at + blen], byte)
                    .__rowkey_in_field::<false>(key, field)?;
                at + width
            }
            WriteFrame::Delim(byte) => {
                buf[at + blen] = byte;
                at + blen + 1
            }
            WriteFrame::End => at + blen,
        };
        Ok(())
    }
}

impl<K: RowKey, V: KeyPart, T: Reversible, F: Frame, const I: usize> ScanRule<K, V, I>
    for Reverse<T, F>
{
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        push_slot::<K, V, Self, I>(&value, scan)
    }
}
