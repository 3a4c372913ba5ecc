//! Where a layout puts the values a scan fans out over, when its static
//! widths fix the place: a Java-hash salt's bytes at the front, the one
//! `#[bucket]` field's after the fields before it. Constants of the key
//! type, not of the scan: kept beside [`ScanRanges`](super::ScanRanges),
//! not in it (every scan moves its ranges).
//!
//! A range of such a layout is copied around its slots (`copy_around`):
//! each slot stored on its own, at a place and of a size known when the
//! code is compiled. Or-ed into the template's word instead (`copy_row`'s
//! patch), a two-byte bucket costs a zero extension, a move and an `or`
//! per row (65,536 buckets: 20 -> 18 instructions per range, callgrind).
//! The place must be a constant of the type: the optimizer lays out a
//! range's pieces before it has folded the scan's shape into the caller,
//! so pieces cut at the shape's positions would have runtime offsets.

use super::ranges::{copy_row, Shape};
use crate::{RowKey, Spread};

/// A layout's fan-out slots (see the module).
#[derive(Clone, Copy)]
pub(super) struct Slots {
    /// Bytes of a Java-hash salt at the front, 0 for none.
    pub(super) java: usize,
    /// Where the bucket starts.
    pub(super) at: usize,
    /// Its bytes; 0 for none, for more than one `#[bucket]` field, or when
    /// the fields before it have no fixed width.
    pub(super) width: usize,
}

impl Slots {
    /// `K`'s slots.
    pub(super) const fn of<K: RowKey>() -> Slots {
        let java = match K::SPREAD {
            Spread::JavaHash { width, .. } => width,
            _ => 0,
        };
        let (at, width) = match K::__BUCKET {
            Some((i, n)) => match super::steps::prefix_bound_at::<K>(i) {
                usize::MAX => (0, 0),
                // One byte over (`scan_row_bound`).
                p => (p - 1, crate::__private::bucket_width(n)),
            },
            None => (0, 0),
        };
        Slots { java, at, width }
    }

    /// Whether a range is copied around the slots.
    pub(super) const fn any(&self) -> bool {
        self.java > 0 || self.width > 0
    }

    /// Whether `ScanRanges::range` writes every value the scan fans out
    /// over: a bucket in its slot, wherever that is, or else within the
    /// first 16 bytes (patched in the template's first word); a Java-hash
    /// salt in its slot; an MD5 salt (at most 5 chars fan out) in the first
    /// word, which is patched when the layout has slots or the fan ends by
    /// byte 16. The bucket the scan fans out over is the slot's, the static
    /// widths being exact; said from the shape, which the optimizer folds,
    /// should it not be.
    #[inline(always)]
    pub(super) fn writes_fan(&self, sh: &Shape) -> bool {
        let (len, n) = (usize::from(sh.len), usize::from(sh.n));
        let bucket = if n == len {
            true
        } else if self.width > 0 {
            len == self.at && n == self.at + self.width
        } else {
            n <= 16
        };
        bucket && (n <= 16 || self.any())
    }

    /// The end of the last slot: the row from there on holds no fan-out
    /// value of the slots.
    #[inline(always)]
    pub(super) fn end(&self) -> usize {
        if self.width > 0 {
            self.at + self.width
        } else {
            self.java
        }
    }
}

/// A template row into a blank one around `slots`: the Java-hash salt
/// `salt` (the template's own when `None`), the prefix up to the bucket
/// (its first 16 bytes with `mask`'s bytes replaced by `bits`', read
/// little-endian, as `copy_row` patches: a fanned-out MD5 salt), the
/// bucket `bucket` (or the template's), then the rest as `copy_row`
/// copies it, from the end of the slots on, `mask` and `bits` moved
/// with it (a fanned-out bucket of a layout whose bucket has no slot).
/// Nothing written overlaps, so each piece stays a store of its own.
#[inline(always)]
pub(super) fn copy_around(
    slots: Slots,
    src: &[u8],
    dst: &mut [u8],
    bound: usize,
    (salt, bucket): (Option<u32>, Option<u32>),
    (mask, bits): (u128, u128),
) {
    let (j, end) = (slots.java, slots.end());
    let (Some(s), Some(d)) = (src.get(..end), dst.get_mut(..end)) else {
        // Rows shorter than the slots (none are): copied whole.
        dst.copy_from_slice(src);
        return;
    };
    if j > 0 {
        put_slot(&s[..j], &mut d[..j], salt);
    }
    if slots.width > 0 {
        let at = slots.at;
        // A fanned-out MD5 salt: in the first word.
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
