//! `Option<T>` fields: one presence byte, `0x00` for `None` and `0x01` for
//! `Some` followed by `T`'s bytes, so that `None` sorts first (SQL's NULLS
//! FIRST, Phoenix's nullable key columns).
//!
//! The derive frames the inner value itself (its pad, delimiter, `#[desc]`
//! inversion), so `None` is always the one byte. The [`KeyPart`] impl here
//! writes the same bytes for an unframed value; it is what scan builders
//! take and what an `Option` behind a type alias uses.

use crate::part::{BoundFit, DecodePart, KeyPart, OrderedPart};
use crate::ErrorKind;

/// An `Option` field's value, as the derive's generated code reads it.
pub trait Presence {
    /// The type inside.
    type Inner;
    /// The value inside, if any.
    fn present(&self) -> Option<&Self::Inner>;
}

impl<T> Presence for Option<T> {
    type Inner = T;
    #[inline]
    fn present(&self) -> Option<&T> {
        self.as_ref()
    }
}

impl<T: Presence> Presence for &T {
    type Inner = T::Inner;
    #[inline]
    fn present(&self) -> Option<&T::Inner> {
        (**self).present()
    }
}

impl<T: KeyPart> KeyPart for Option<T> {
    /// One byte or one plus `T`'s: not fixed, whatever `T` is.
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = match T::MAX_WIDTH {
        Some(w) => Some(w + 1),
        None => None,
    };
    /// The presence byte says whether `T`'s bytes follow, and a fixed-width
    /// (or self-delimiting) `T` says where they end: `Option<Option<u8>>`
    /// may stand before another field.
    const SELF_DELIMITING: bool = T::WIDTH.is_some() || T::SELF_DELIMITING;

    #[inline]
    fn delimited_len(bytes: &[u8], mask: u8) -> Result<usize, ErrorKind> {
        let Some((&presence, rest)) = bytes.split_first() else {
            return Err(ErrorKind::UnexpectedEnd {
                needed: 1,
                available: 0,
            });
        };
        match presence ^ mask {
            0 => Ok(1),
            1 => {
                let n = match T::WIDTH {
                    Some(w) if w <= rest.len() => w,
                    Some(w) => {
                        return Err(ErrorKind::UnexpectedEnd {
                            needed: w,
                            available: rest.len(),
                        })
                    }
                    None => T::delimited_len(rest, mask)?,
                };
                Ok(1 + n)
            }
            _ => Err(BAD_PRESENCE),
        }
    }

    /// `None` is stored; `Some(v)` lies where `v` does among the `Some`s,
    /// all of which sort after `None`.
    #[inline]
    fn bound_fit(&self, upper: bool) -> BoundFit<Self> {
        let Some(v) = self else {
            return BoundFit::Exact;
        };
        match (v.bound_fit(upper), upper) {
            (BoundFit::Exact, _) => BoundFit::Exact,
            (BoundFit::Included(w), _) => BoundFit::Included(Some(w)),
            (BoundFit::Excluded(w), _) => BoundFit::Excluded(Some(w)),
            (BoundFit::Nothing, false) => BoundFit::Nothing,
            (BoundFit::Nothing, true) => BoundFit::Included(None),
            (BoundFit::Everything, false) => BoundFit::Excluded(None),
            (BoundFit::Everything, true) => BoundFit::Everything,
        }
    }

    #[inline]
    fn encoded_len(&self) -> usize {
        1 + self.as_ref().map_or(0, KeyPart::encoded_len)
    }

    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        let Some((first, rest)) = out.split_first_mut() else {
            return Err(ErrorKind::Invalid {
                reason: "an Option field needs at least its presence byte",
            });
        };
        match self {
            None => {
                *first = 0;
                Ok(())
            }
            Some(v) => {
                *first = 1;
                v.encode_part(rest)
            }
        }
    }

    #[inline]
    fn body_ends_with(&self, byte: u8) -> Option<bool> {
        match self {
            None => Some(byte == 0),
            Some(v) if v.encoded_len() == 0 => Some(byte == 1),
            Some(v) => v.body_ends_with(byte),
        }
    }
}

impl<'de, T: DecodePart<'de>> DecodePart<'de> for Option<T> {
    #[inline]
    fn decode_part(bytes: &'de [u8]) -> Result<Self, ErrorKind> {
        match bytes.split_first() {
            Some((0, [])) => Ok(None),
            Some((1, rest)) => T::decode_part(rest).map(Some),
            Some((0, _)) => Err(ErrorKind::Invalid {
                reason: "an Option field's None (0x00) is followed by more bytes",
            }),
            _ => Err(BAD_PRESENCE),
        }
    }
}

impl<T: OrderedPart> OrderedPart for Option<T> {}

const BAD_PRESENCE: ErrorKind = ErrorKind::Invalid {
    reason: "an Option field's presence byte is neither 0x00 (None) nor 0x01 (Some)",
};

/// Writes the presence byte, through `mask` (0xFF for `#[desc]`).
#[inline]
pub fn write_presence(out: &mut [u8], pos: &mut usize, present: bool, mask: u8) {
    out[*pos] = u8::from(present) ^ mask;
    *pos += 1;
}

/// Reads the presence byte at `*pos` through `mask`.
///
/// # Errors
/// No byte left, or a byte other than 0 and 1.
#[inline]
pub fn read_presence(input: &[u8], pos: &mut usize, mask: u8) -> Result<bool, ErrorKind> {
    let Some(&b) = input.get(*pos) else {
        return Err(ErrorKind::UnexpectedEnd {
            needed: 1,
            available: 0,
        });
    };
    *pos += 1;
    // Present first: the branch a decode of mostly-present values takes
    // without a second test (as a hand-written decode orders it).
    let b = b ^ mask;
    if b == 1 {
        Ok(true)
    } else if b == 0 {
        Ok(false)
    } else {
        Err(BAD_PRESENCE)
    }
}
