//! Where a layout puts the values a scan fans out over, when its static
//! widths fix the place: a struct-level salt's bytes at the front (a
//! Java-hash salt's 1 to 4, an MD5 salt's hex chars), the one `#[bucket]`
//! field's after the fields before it. Constants of the key type, not of
//! the scan: kept beside [`ScanRanges`](super::ScanRanges), not in it
//! (every scan moves its ranges).
//!
//! A range of such a layout is copied around its slots (`copy_around`):
//! each slot stored on its own, at a place and of a size known when the
//! code is compiled, wherever in the row it is and however short the row.
//! Or-ed into the template's first word instead (`copy_row`'s patch), a
//! two-byte bucket costs a zero extension, a move and an `or` per row
//! (65,536 buckets: 20 -> 18 instructions per range, callgrind), and a
//! bucket past byte 16, or in a row shorter than 16 bytes, made every
//! range be worked out on its own (a bucket at byte 24: 274 -> 22 per
//! range; a 15-byte salted, bucketed row: 265 -> 27).
//! The place must be a constant of the type: the optimizer lays out a
//! range's pieces before it has folded the scan's shape into the caller,
//! so pieces cut at the shape's positions would have runtime offsets.

use super::shape::{copy_row, Shape};
use crate::{RowKey, Spread};

/// A layout's fan-out slots (see the module).
#[derive(Clone, Copy)]
pub(super) struct Slots {
    /// Bytes of the struct-level salt's slot at the front: a Java-hash
    /// salt's 1 to 4, or an MD5 salt's hex chars when there are at most 5
    /// (more never fan out); 0 for none.
    pub(super) salt: usize,
    /// The salt slot holds hex chars (an MD5 salt), not big-endian bytes.
    pub(super) hex: bool,
    /// Where the bucket starts.
    pub(super) at: usize,
    /// Its bytes; 0 for none, for more than one `#[bucket]` field, or when
    /// the fields before it have no fixed width.
    pub(super) width: usize,
}

impl Slots {
    /// `K`'s slots.
    pub(super) const fn of<K: RowKey>() -> Slots {
        // A struct-level MD5 salt has room at the front (a field-level one
        // on the first field has none).
        let room = matches!(K::__SCAN_WIDTHS, [Some(1..), ..]);
        let (salt, hex) = match K::SPREAD {
            Spread::JavaHash { width, .. } => (width, false),
            Spread::HexSalt { chars } if room && chars <= 5 => (chars, true),
            _ => (0, false),
        };
        let (at, width) = match K::__BUCKET {
            Some((i, n)) => match super::steps::prefix_bound_at::<K>(i) {
                usize::MAX => (0, 0),
                // One byte over (`scan_row_bound`).
                p => (p - 1, crate::__private::bucket_width(n)),
            },
            None => (0, 0),
        };
        Slots {
            salt,
            hex,
            at,
            width,
        }
    }

    /// Whether a range is copied around the slots.
    pub(super) const fn any(&self) -> bool {
        self.salt > 0 || self.width > 0
    }

    /// Whether `ScanRanges::range` writes every value the scan fans out
    /// over into rows of `row_len` bytes: a salt or bucket in its slot,
    /// wherever that is; else in the first 16 bytes of a row that has
    /// them, patched in its first word (for a layout without slots, when
    /// the whole fan ends there). The bucket the scan fans out over is the
    /// slot's, the static widths being exact; said from the shape, which
    /// the optimizer folds, should it not be.
    #[inline(always)]
    pub(super) fn writes_fan(&self, sh: &Shape, row_len: usize) -> bool {
        let (len, n) = (usize::from(sh.len), usize::from(sh.n));
        // The word patched: the row's first, or, copied around a salt slot
        // alone, the first after it (`copy_around`).
        let word_at = if self.width == 0 { self.salt } else { 0 };
        let word = row_len >= word_at + 16 && (n <= 16 || self.any());
        let bucket = if n == len {
            true
        } else if self.width > 0 {
            len == self.at && n == self.at + self.width
        } else {
            word && n <= 16
        };
        let java = sh.java_fan == 0 || (self.salt > 0 && !self.hex) || word;
        let hex = sh.salt_fan == 0 || (self.salt > 0 && self.hex) || word;
        bucket && java && hex
    }

    /// The end of the last slot: the row from there on holds no fan-out
    /// value of the slots.
    #[inline(always)]
    pub(super) fn end(&self) -> usize {
        if self.width > 0 {
            self.at.max(self.salt) + self.width
        } else {
            self.salt
        }
    }
}

/// A template row into a blank one around `slots`: the salt `salt` (the
/// template's own when `None`), the prefix up to the bucket (its first 16
/// bytes with `mask`'s bytes replaced by `bits`', read little-endian, as
/// `copy_row` patches), the bucket `bucket` (or the template's), then the
/// rest as `copy_row` copies it, from the end of the slots on, `mask` and
/// `bits` moved with it (a fanned-out bucket of a layout whose bucket has
/// no slot). Nothing written overlaps, so each piece stays a store of its
/// own.
#[inline(always)]
pub(super) fn copy_around(
    slots: Slots,
    src: &[u8],
    dst: &mut [u8],
    bound: usize,
    (salt, bucket): (Option<u32>, Option<u32>),
    (mask, bits): (u128, u128),
) {
    let (j, end) = (slots.salt, slots.end());
    let (Some(s), Some(d)) = (src.get(..end), dst.get_mut(..end)) else {
        // Rows shorter than the slots (none are): copied whole.
        dst.copy_from_slice(src);
        return;
    };
    if slots.hex {
        put_hex(&s[..j], &mut d[..j], salt);
    } else if j > 0 {
        put_slot(&s[..j], &mut d[..j], salt);
    }
    if slots.width > 0 {
        // After the salt's room, as every field is.
        let at = slots.at.max(j);
        // A fanned-out salt without a slot: in the first word.
        let head = at.min(16).max(j);
        match src.first_chunk::<16>() {
            Some(w) => {
                let w = (u128::from_le_bytes(*w) & !mask | bits).to_le_bytes();
                d[j..head].copy_from_slice(&w[j..head]);
            }
            None => d[j..head].copy_from_slice(&s[j..head]),
        }
        d[head..at].copy_from_slice(&s[head..at]);
        put_slot(&s[at..], &mut d[at..], bucket);
    }
    let shift = |x: u128| {
        x.checked_shr(8 * u32::try_from(end).unwrap_or(u32::MAX))
            .unwrap_or(0)
    };
    copy_row(
        &src[end..],
        &mut dst[end..],
        bound.saturating_sub(end),
        shift(mask),
        shift(bits),
    );
}

/// An MD5 salt's slot: `value`'s low hex digits, the last char the lowest
/// (as `write_fan` writes them), or the template's chars `src`.
#[inline(always)]
fn put_hex(src: &[u8], dst: &mut [u8], value: Option<u32>) {
    let Some(v) = value else {
        dst.copy_from_slice(src);
        return;
    };
    let mut v = v as usize;
    for d in dst.iter_mut().rev() {
        *d = super::shape::HEX[v & 0xf];
        v >>= 4;
    }
}

/// A slot of 1 to 4 bytes: `value` big-endian, or the template's bytes
/// `src`. One store of the slot's width where it has one.
#[inline(always)]
fn put_slot(src: &[u8], dst: &mut [u8], value: Option<u32>) {
    #[allow(clippy::cast_possible_truncation)] // a value of the slot's width
    match (src, dst) {
        ([own], [d]) => *d = value.map_or(*own, |v| v as u8),
        (&[hi, lo], d @ [_, _]) => {
            let v = value.map_or(u16::from_be_bytes([hi, lo]), |v| v as u16);
            d.copy_from_slice(&v.to_be_bytes());
        }
        (own @ [_, _, _, _], d @ [_, _, _, _]) => {
            let own = u32::from_be_bytes(own.try_into().unwrap_or([0; 4]));
            d.copy_from_slice(&value.unwrap_or(own).to_be_bytes());
        }
        (own, d) => match value {
            Some(v) => crate::__private::write_be(v, d),
            None => d.copy_from_slice(own),
        },
    }
}
