//! A layout's widths as constants: each slot's exact or widest width, from
//! which the derive's keys get their widest key (`MAX_WIDTH`), the shortest
//! input decode reads, the constant offsets of encode and the scan rows'
//! bounds (`SCAN_CAP`), all evaluated by the compiler.

use crate::__private::HBASE_MAX_KEY;
use crate::ErrorKind;

/// Bytes a scan keeps for a field with no fixed bound (delimited, or an
/// unpadded last field); a longer scan value is refused with an error.
pub const SCAN_BUDGET: usize = 256;

/// A layout's `SCAN_CAP`: its field widths, unbounded ones counted as
/// `SCAN_BUDGET` plus a delimiter, and one byte for the row right after an
/// exact value (`v 00`); at most HBase's row-key limit, since no row longer
/// than a key selects anything a shorter one does not (`KeyRange`'s clamp).
#[must_use]
pub const fn scan_cap(widths: &[Option<usize>]) -> usize {
    let mut total = 1usize;
    let mut i = 0;
    while i < widths.len() {
        total = total.saturating_add(match widths[i] {
            Some(w) => w,
            None => SCAN_BUDGET + 1,
        });
        i += 1;
    }
    if total > HBASE_MAX_KEY {
        HBASE_MAX_KEY
    } else {
        total
    }
}

/// The longest row a scan of the leading slots `widths` (struct-level salt
/// room, then each field's prefix and slot) can build: their sum and one
/// byte a successor rule may add, or `usize::MAX` when a slot's width is
/// not fixed (a value there may take any room up to `SCAN_CAP`). Known at
/// compile time, it lets the scan copy its rows in pieces whose size the
/// optimizer sees (`ScanRanges::next`).
#[must_use]
pub const fn scan_row_bound(widths: &[Option<usize>]) -> usize {
    match sum_widths(widths) {
        Some(w) => w.saturating_add(1),
        None => usize::MAX,
    }
}

/// A slot's width with one more byte (a delimiter, a presence byte).
#[must_use]
pub const fn plus_one(width: Option<usize>) -> Option<usize> {
    match width {
        Some(w) => Some(w + 1),
        None => None,
    }
}

/// Sum of field widths; `None` if any is unbounded.
#[must_use]
pub const fn sum_widths(widths: &[Option<usize>]) -> Option<usize> {
    let mut total = 0usize;
    let mut i = 0;
    while i < widths.len() {
        match widths[i] {
            Some(w) => total += w,
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// The offset of segment `n`: the exact widths of the segments before it,
/// summed (`sum_widths` of `widths[..n]`), so that a layout's width array
/// is written once and each field indexes it.
#[must_use]
pub const fn offset_of(widths: &[Option<usize>], n: usize) -> Option<usize> {
    let mut total = 0usize;
    let mut i = 0;
    while i < n && i < widths.len() {
        match widths[i] {
            Some(w) => total += w,
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// Bytes every key of a layout holds before its first variable-width
/// segment: the leading fixed widths, summed. Decode checks the input against
/// it once, so that the per-field length checks it implies compile away.
#[must_use]
pub const fn fixed_prefix(widths: &[Option<usize>]) -> usize {
    let mut total = 0usize;
    let mut i = 0;
    while i < widths.len() {
        match widths[i] {
            Some(w) => total += w,
            None => return total,
        }
        i += 1;
    }
    total
}

/// The shortest input decode reads: the leading fixed widths, and never
/// less than one byte (no row has an empty key).
#[must_use]
pub const fn min_len(widths: &[Option<usize>]) -> usize {
    let w = fixed_prefix(widths);
    if w == 0 {
        1
    } else {
        w
    }
}

/// [`min_len`] of a layout whose slot `option` (at `widths[option]`) is an
/// `Option` field's: when it is the first variable-width slot, its
/// presence byte is in every key too, and counting it lets the compiler
/// drop that byte's bounds check.
#[must_use]
pub const fn min_len_at(widths: &[Option<usize>], option: usize) -> usize {
    let w = fixed_prefix(widths);
    let mut i = 0;
    while i < widths.len() && widths[i].is_some() {
        i += 1;
    }
    if i == option {
        w + 1
    } else {
        min_len(widths)
    }
}

/// The refusal of a key of `len` bytes outside `1..=HBASE_MAX_KEY`.
#[cold]
#[inline(never)]
#[must_use]
pub fn length_refusal(len: usize) -> ErrorKind {
    if len == 0 {
        ErrorKind::EmptyKey
    } else {
        ErrorKind::KeyTooLong { len }
    }
}

/// The longest input decode reads: the layout's widest key, or HBase's
/// limit for an unbounded layout (longer keys cannot be written).
#[must_use]
pub const fn decode_max(max_width: Option<usize>) -> usize {
    match max_width {
        Some(w) if w < HBASE_MAX_KEY => w,
        _ => HBASE_MAX_KEY,
    }
}

/// The buffer length from which `encode_start` need not compute the key's:
/// the widest key, for a bounded layout within HBase's limit with a slot
/// of a fixed non-zero width (so no key is empty); else never.
#[must_use]
pub const fn roomy_len(max: Option<usize>, exact: &[Option<usize>]) -> usize {
    let Some(max) = max else {
        return usize::MAX;
    };
    if max > HBASE_MAX_KEY {
        return usize::MAX;
    }
    let mut i = 0;
    while i < exact.len() {
        if let Some(w) = exact[i] {
            if w > 0 {
                return max;
            }
        }
        i += 1;
    }
    usize::MAX
}

/// `MAX_LEN`'s check of one field's widest slot: the derive's message,
/// naming the field, when it has none. `#[track_caller]`, so that the
/// compile-time error points at the field the derive spans the call on.
///
/// # Panics
/// At compile time, when `width` is `None`: the key has no `MAX_LEN`.
#[track_caller]
pub const fn need_width(width: Option<usize>, msg: &'static str) {
    assert!(width.is_some(), "{}", msg);
}

/// `MAX_LEN` of a bounded layout; a compile-time error names the key otherwise.
///
/// # Panics
/// At compile time, when `width` is `None`.
#[must_use]
pub const fn bounded(width: Option<usize>) -> usize {
    match width {
        Some(w) => w,
        None => panic!(
            "this row key has no maximum width: a field is variable-width without \
             #[pad(N)] (an unpadded last field, or a #[delim], #[escaped] or \
             #[decimal] field); pad it, or encode into K::Buf, \
             encoded_len() or to_vec()"
        ),
    }
}
