//! What generated code calls. Not a public API: names and signatures change
//! without notice. Kept here, not in the derive's output, so the code every
//! key expands to stays small and one copy of each rule is tested.

pub use crate::batch::{BatchDecode, BatchKey, DeferredSalts, NoSink, SaltSink};
pub use crate::derived::{
    check_fixed, fixed_part_width, i128, panic, read_fixed, read_uint, require_fixed_part, u128,
    u64, write_code, write_fixed, write_uint,
};
pub use crate::desc::{invert, restore};
pub use crate::escape::{escaped_len, take_escaped, write_escaped, EscapeBytes};
pub use crate::java_hash::{
    java_salt_matches, java_salt_max, java_salt_of, read_be, write_be, JavaSalt,
};
pub use crate::layout::{
    width_of, Encoding as LayoutEncoding, FieldLayout, FieldSalt, Frame as LayoutFrame, KeySalt,
    Layout, FIELD as LAYOUT_FIELD,
};
pub use crate::option::{read_presence, write_presence, Presence};
pub use crate::part::BoundFit;
pub use crate::part::{
    BucketValue, DecodePart, KeyPart, OrderedPart, ReverseTs, Reversible, TwosComplement,
};
pub use crate::scan::cut::{cut_bounds, cut_option_bounds, fit_bounds, Cut, CutBound};
pub use crate::scan::rules::{
    AnyDigits, Bucket, Delim as ScanDelim, Derived, Desc, Digits, DropLast, Escaped, Fit, Fixed,
    Hashed, Last, Open, Pad, RevTs, Reverse, Salt, SaltDelim, ScanRule, StripPad, Text, Twos,
    Whole, Width,
};
pub use crate::scan::steps::*;
pub use crate::scan::{
    range_reverse_ts, reverse_ts_bounds, reverse_ts_lower, reverse_ts_upper, scan_finish,
    scan_ranges, scan_state, Scan, ScanArg, ScanBuilder, ScanRanges, ScanStart, ScanValue, Step,
};
pub use crate::scan_order::NextField;
pub use crate::slot::{
    at_offset, check_encode_len, check_trailing, plain_len, push_segment, take_framed, take_padded,
    write_plain, Frame as SlotFrame, WriteFrame,
};
pub use crate::split::{split_keys, SplitKeys};
pub use crate::spread::{check_spread, Candidates};
pub use crate::text::{
    check_digits, clamp_wide_bounds, decimal_len, decode_decimal, decode_decimal_reversed, widen,
    write_decimal, Decimal,
};
pub use crate::walk::{decode_walk, explain_walk, walk, Walk};
pub use crate::width::{read_narrow, too_wide, write_narrow, Narrow};
pub use crate::{phoenix as phx, PhoenixColumn, SpreadValue};
pub use crate::{
    DecodeKey, Error, ErrorKind, Explain, KeyBuf, RowKey, Segment, SegmentKind, Spread, TimeField,
};
pub use core::ops::Bound::{Excluded, Included, Unbounded};
// Traits and derive macros both: generated code writes `#[derive(#p::Clone)]`
// and `#p::Clone::clone(..)`, which a user's own `Clone` or `Debug` cannot
// capture.
pub use core::clone::Clone;
pub use core::fmt::{self, Debug, Formatter};
pub use core::marker::PhantomData;
pub use core::ops::{Bound, FnOnce, RangeBounds};
pub use core::option::Option::{self, None, Some};
pub use core::primitive::{bool, u32, u8, usize};
pub use core::result::Result::{self, Err, Ok};

/// The scan builder of a key whose derive failed (beside the error), so
/// that the stub `RowKey` impl has one.
pub struct NoScan;

// Its ranges are the derive's failure: the one step it replays refuses.
impl<K: RowKey> crate::scan::steps::Builder<K> for NoScan {
    const REPLAY: crate::scan::steps::Replay = crate::scan::steps::Replay::Md5 {
        salt: None,
        buckets: &[],
    };
    type Steps = NoScan;
    type At<F, T> = NoScan;
    fn map<F, T, U>(self, f: impl FnOnce(NoScan) -> (T, U)) -> (NoScan, U) {
        (NoScan, f(self).1)
    }
}

impl<K: RowKey> Step<K> for NoScan {
    const STAGE: usize = 0;
    fn apply(self, _: &mut Scan<'_, K>) -> Result<(), Error> {
        Err(Error::key(
            K::NAME,
            ErrorKind::Invalid {
                reason: "this key's derive failed; see the compile error beside it",
            },
        ))
    }
}

/// The derived `explain`'s result: its decode walk laid the segments out
/// inside the key, so they need no check.
#[must_use]
pub fn explain<const N: usize>(key: &[u8], segments: [Segment; N]) -> Explain<'_, N> {
    Explain::from_walk(key, segments)
}

/// The decode of a key with a field borrowing for `'static`: the bytes were
/// checked (`walk`), but the key cannot borrow from them.
///
/// # Errors
/// Always: the walk's error, or the refusal naming the field.
#[cold]
pub fn decode_static_refused<T>(
    key: &'static str,
    field: &'static str,
) -> impl FnOnce(Result<(), Error>) -> Result<T, Error> {
    move |walk| {
        walk?;
        Err(Error::field(
            key,
            field,
            ErrorKind::Invalid {
                reason: "the field borrows for 'static, so a key decoded from bytes cannot \
                         hold it; make the field String or Vec<u8>, or give the struct a \
                         lifetime parameter (&'a str)",
            },
        ))
    }
}

/// HBase's row-key limit (`Short.MAX_VALUE`).
pub const HBASE_MAX_KEY: usize = 32767;

/// `Error::field`, out of line and cold: the error paths of generated code
/// pass their values here instead of the hot path keeping them in registers.
#[cold]
#[inline(never)]
#[must_use]
pub fn field_error(key: &'static str, field: &'static str, kind: ErrorKind) -> Error {
    Error::field(key, field, kind)
}

/// [`field_error`] for an error that goes on into a `Result` the caller
/// checks (`encode_into`, decode): with `KNOWN`, passed through
/// [`known_error`]. The scan builder's writers keep the plain error (`false`):
/// they store it and never test it again, and there the rebuild only moved
/// registers around (callgrind: +8 instructions per `user_order` scan).
#[inline(always)]
#[must_use]
pub fn field_error_in<const KNOWN: bool>(
    key: &'static str,
    field: &'static str,
    kind: ErrorKind,
) -> Error {
    let e = field_error(key, field, kind);
    if KNOWN {
        known_error(e)
    } else {
        e
    }
}

/// A field's refusal as the key's error, `field_error_in::<KNOWN>`: what
/// the derive puts after each fallible step of a field, as a method rather
/// than a closure in `map_err`, since every closure is one more body the
/// deriving crate compiles (and, in a debug build, one more function).
pub trait InField<T> {
    /// `Err(kind)` as `field_error_in::<KNOWN>(key, field, kind)`.
    ///
    /// # Errors
    /// The field's refusal, named.
    fn __rowkey_in_field<const KNOWN: bool>(
        self,
        key: &'static str,
        field: &'static str,
    ) -> Result<T, Error>;
}

impl<T> InField<T> for Result<T, ErrorKind> {
    #[inline(always)]
    fn __rowkey_in_field<const KNOWN: bool>(
        self,
        key: &'static str,
        field: &'static str,
    ) -> Result<T, Error> {
        match self {
            Ok(v) => Ok(v),
            Err(kind) => Err(field_error_in::<KNOWN>(key, field, kind)),
        }
    }
}

/// An error returned by an out-of-line function, rebuilt field by field so
/// that the compiler sees its kind's tag is a real variant's.
///
/// `Result<T, Error>` marks `Ok` with a tag value no `ErrorKind` variant
/// uses (the niche). An `Error` that comes back through memory from a cold
/// call could, for all the compiler knows, hold that value, so it keeps a
/// path on which the error turns out `Ok` and rejoins the success path, and
/// holds registers and stack slots across it (measured: +3 instructions of
/// 63 in `metric` encode, +12 of 329 in `log_event` decode). The match in
/// [`known_kind`] reads the tag with its range (`0..16`): the test for `Ok`
/// folds to false and the error path only returns. It runs on error paths
/// only. (Constructing the error inline instead gives the same proof, but
/// the error paths then share blocks whose constants the compiler hoists
/// into the hot path: +5 instructions in `metric` encode, measured.)
#[inline(always)]
#[must_use]
pub fn known_error(e: Error) -> Error {
    let Error { key, field, kind } = e;
    Error {
        key,
        field,
        kind: known_kind(&kind),
    }
}

/// [`known_error`] for a bare [`ErrorKind`]. Exhaustive: a new kind must be
/// added here, or this crate does not compile.
#[inline(always)]
#[must_use]
pub fn known_kind(kind: &ErrorKind) -> ErrorKind {
    use ErrorKind as K;
    match *kind {
        K::TooLongForPad { len, pad } => K::TooLongForPad { len, pad },
        K::EndsWithPadByte { byte } => K::EndsWithPadByte { byte },
        K::StartsWithPadByte { byte } => K::StartsWithPadByte { byte },
        K::ContainsDelimiter { byte, index } => K::ContainsDelimiter { byte, index },
        K::TimestampOutOfRange { value } => K::TimestampOutOfRange { value },
        K::BufferTooSmall { needed, available } => K::BufferTooSmall { needed, available },
        K::EmptyKey => K::EmptyKey,
        K::KeyTooLong { len } => K::KeyTooLong { len },
        K::UnexpectedEnd { needed, available } => K::UnexpectedEnd { needed, available },
        K::TrailingBytes { count } => K::TrailingBytes { count },
        K::InvalidUtf8 { valid_up_to } => K::InvalidUtf8 { valid_up_to },
        K::SaltMismatch => K::SaltMismatch,
        K::BucketMismatch { stored, computed } => K::BucketMismatch { stored, computed },
        K::MissingDelimiter { byte } => K::MissingDelimiter { byte },
        K::TooManyDigits { digits, width } => K::TooManyDigits { digits, width },
        K::SpreadOutOfRange { value, count } => K::SpreadOutOfRange { value, count },
        K::TooWide { value, width } => K::TooWide { value, width },
        K::PartialElement { len, width } => K::PartialElement { len, width },
        K::Invalid { reason } => K::Invalid { reason },
    }
}

/// Bytes a scan keeps for a field with no fixed bound (delimited, or an
/// unpadded last field); a longer scan value is refused with an error.
pub const SCAN_BUDGET: usize = 256;

/// A layout's `SCAN_CAP`: its field widths, unbounded ones counted as
/// [`SCAN_BUDGET`] plus a delimiter, and one byte for the row right after an
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

/// `MAX_LEN` of a bounded layout; a compile-time error names the key otherwise.
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

/// Bytes a `#[bucket(n)]` prefix takes: one up to 256 buckets, else two.
#[must_use]
pub const fn bucket_width(n: u32) -> usize {
    if n <= 256 {
        1
    } else {
        2
    }
}

#[inline]
#[allow(clippy::cast_possible_truncation)] // bucket < n <= 65536 fits the width chosen for n
pub fn write_bucket(bucket: u32, out: &mut [u8]) {
    match out.len() {
        1 => out[0] = bucket as u8,
        _ => out.copy_from_slice(&(bucket as u16).to_be_bytes()),
    }
}

#[inline]
#[must_use]
pub fn read_bucket(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b))
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Writes the low `4 * out.len()` bits of `value` as lowercase hex, most
/// significant first: salts, salt fan-out ranges and hex split keys.
#[inline]
pub fn write_hex(value: u128, out: &mut [u8]) {
    let k = out.len();
    for (i, o) in out.iter_mut().enumerate() {
        let nibble = (value >> (4 * (k - 1 - i))) & 0xf;
        *o = HEX[usize::try_from(nibble).unwrap_or(0)];
    }
}

/// Writes the first `out.len()` (1 to 32) lowercase hex characters of
/// `md5(data)`: Java's `DigestUtils.md5Hex(data).substring(0, K)`.
#[inline]
pub fn md5_hex_into(data: &[u8], out: &mut [u8]) {
    md5_hex_parts_into(&[data], out);
}

/// Same as [`md5_hex_into`] over several slices, hashed as if concatenated.
#[inline]
pub fn md5_hex_parts_into(parts: &[&[u8]], out: &mut [u8]) {
    use md5::Digest;
    let mut h = md5::Md5::new();
    for p in parts {
        h.update(p);
    }
    write_digest_hex(&h.finalize(), out);
}

/// Writes the first `out.len()` (at most 32) hex characters of `digest`.
/// Byte by byte: the MD5 implementation stores its state as four 32-bit
/// words, and reading them back as one `u128` is a wide load over four
/// narrower stores, which the CPU cannot forward from its store buffer (a
/// stall of some 10 cycles per key, that callgrind does not count).
#[inline]
fn write_digest_hex(digest: &[u8], out: &mut [u8]) {
    for (i, o) in out.iter_mut().take(32).enumerate() {
        let byte = digest.get(i / 2).copied().unwrap_or(0);
        let nibble = if i % 2 == 0 { byte >> 4 } else { byte & 15 };
        *o = HEX[usize::from(nibble)];
    }
}

/// How a struct-level salt with a delimiter (`salt(md5, K, fields(..),
/// delim = b'_')`) reads one hashed field's slot: the field's bytes without
/// its pad or trailing delimiter, so that the salt is MD5 over the values
/// joined by the salt's delimiter, as Java's `md5(kind + "_" + uid)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaltPart {
    /// The slot as written (no salt delimiter, or a field with no frame).
    Whole,
    /// A padded field: the slot without its trailing pad bytes (as stored,
    /// so inverted under `#[desc]`).
    StripPad(u8),
    /// A delimited field: the slot without its last byte.
    DropLast,
}

/// The bytes of `slot` a struct-level salt hashes.
#[inline]
#[must_use]
pub fn salt_part(slot: &[u8], how: SaltPart) -> &[u8] {
    match how {
        SaltPart::Whole => slot,
        SaltPart::StripPad(byte) => {
            let mut end = slot.len();
            while end > 0 && slot[end - 1] == byte {
                end -= 1;
            }
            &slot[..end]
        }
        SaltPart::DropLast => slot.split_last().map_or(slot, |(_, rest)| rest),
    }
}

/// The first `out.len()` (1 to 32) lowercase hex characters of the MD5 of
/// `parts` joined by `delim` (concatenated without one).
#[inline]
pub fn md5_hex_joined_into(parts: &[&[u8]], delim: Option<u8>, out: &mut [u8]) {
    use md5::Digest;
    let mut h = md5::Md5::new();
    for (i, part) in parts.iter().enumerate() {
        if let (Some(d), true) = (delim, i > 0) {
            h.update([d]);
        }
        h.update(part);
    }
    write_digest_hex(&h.finalize(), out);
}

/// Whether `stored` is the salt `data` hashes to.
#[inline]
#[must_use]
pub fn salt_matches(data: &[u8], stored: &[u8]) -> bool {
    let mut buf = [0u8; 32];
    let k = stored.len().min(32);
    md5_hex_into(data, &mut buf[..k]);
    buf[..k] == *stored
}

/// Starts a `#[pad(n, byte)]` slot (`slot` is all `n` bytes): refuses a
/// body of `len` bytes that does not fit, else fills the slot with the pad
/// byte, for the body to be written over its front. Filling the whole slot
/// is one store of constant width once inlined; filling only what follows
/// the body would be a fill of variable length, a `memset` call.
#[inline]
pub fn start_pad(slot: &mut [u8], len: usize, byte: u8) -> Result<(), ErrorKind> {
    if len > slot.len() {
        return Err(ErrorKind::TooLongForPad {
            len,
            pad: slot.len(),
        });
    }
    slot.fill(byte);
    Ok(())
}

/// Refuses a padded body (as stored) that ends in its pad byte: decode could
/// not tell its last byte from padding.
#[inline]
pub fn check_pad_end(body: &[u8], byte: u8) -> Result<(), ErrorKind> {
    if body.last() == Some(&byte) {
        return Err(ErrorKind::EndsWithPadByte { byte });
    }
    Ok(())
}

/// The body of a padded slot: the slot without its trailing pad bytes.
///
/// Compares 16 and then 8 bytes at a time from the end: the first word that
/// is not all padding gives the end without a branch per byte (whose exit
/// the branch predictor misses as body lengths vary); the first word of the
/// slot needs no branch at all. Always inlined: the slot width is a constant
/// there, so only the word compares it needs are left.
#[inline(always)]
#[must_use]
pub fn strip_pad(slot: &[u8], byte: u8) -> &[u8] {
    let mut end = slot.len();
    while end > 16 {
        let cut = pad_in_16(&slot[end - 16..end], byte);
        if cut < 16 {
            return &slot[..end - cut];
        }
        end -= 16;
    }
    if end == 16 {
        return &slot[..16 - pad_in_16(&slot[..16], byte)];
    }
    if end > 8 {
        let cut = pad_in_8(&slot[end - 8..end], byte);
        if cut < 8 {
            return &slot[..end - cut];
        }
        end -= 8;
    }
    if end == 8 {
        return &slot[..8 - pad_in_8(&slot[..8], byte)];
    }
    while end > 0 && slot[end - 1] == byte {
        end -= 1;
    }
    &slot[..end]
}

/// How many of the 16 bytes of `word` are trailing `byte`s (0 to 16).
#[inline(always)]
fn pad_in_16(word: &[u8], byte: u8) -> usize {
    let mut w = [0u8; 16];
    w.copy_from_slice(word);
    // Little-endian: the last byte is the most significant, so the leading
    // zero bytes of `w ^ padding` are the trailing pad bytes.
    let diff = u128::from_le_bytes(w) ^ u128::from_le_bytes([byte; 16]);
    (diff.leading_zeros() / 8) as usize
}

/// How many of the 8 bytes of `word` are trailing `byte`s (0 to 8).
#[inline(always)]
fn pad_in_8(word: &[u8], byte: u8) -> usize {
    let mut w = [0u8; 8];
    w.copy_from_slice(word);
    let diff = u64::from_le_bytes(w) ^ u64::from_le_bytes([byte; 8]);
    (diff.leading_zeros() / 8) as usize
}

/// Refuses a `#[reverse]` padded body (as stored, reversed) that ends in its
/// pad byte: the value starts with it.
#[inline]
pub fn check_reversed_pad_end(body: &[u8], byte: u8) -> Result<(), ErrorKind> {
    if body.last() == Some(&byte) {
        return Err(ErrorKind::StartsWithPadByte { byte });
    }
    Ok(())
}

#[inline]
pub fn check_no_delim(body: &[u8], byte: u8) -> Result<(), ErrorKind> {
    match body.iter().position(|&b| b == byte) {
        Some(index) => Err(ErrorKind::ContainsDelimiter { byte, index }),
        None => Ok(()),
    }
}

/// Takes `n` bytes at `*pos`.
#[inline]
pub fn take<'a>(input: &'a [u8], pos: &mut usize, n: usize) -> Result<&'a [u8], ErrorKind> {
    let available = input.len() - *pos;
    if available < n {
        return Err(ErrorKind::UnexpectedEnd {
            needed: n,
            available,
        });
    }
    let out = &input[*pos..*pos + n];
    *pos += n;
    Ok(out)
}

/// Takes the bytes up to the next `byte` and steps over it.
#[inline]
pub fn take_delimited<'a>(
    input: &'a [u8],
    pos: &mut usize,
    byte: u8,
) -> Result<&'a [u8], ErrorKind> {
    let rest = &input[*pos..];
    match rest.iter().position(|&b| b == byte) {
        Some(i) => {
            *pos += i + 1;
            Ok(&rest[..i])
        }
        None => Err(ErrorKind::MissingDelimiter { byte }),
    }
}

/// Steps over the delimiter after a field whose end is known without
/// searching (fixed width, or escaped): it must be there.
#[inline]
pub fn expect_delim(input: &[u8], pos: &mut usize, byte: u8) -> Result<(), ErrorKind> {
    match input.get(*pos) {
        Some(&b) if b == byte => {
            *pos += 1;
            Ok(())
        }
        _ => Err(ErrorKind::MissingDelimiter { byte }),
    }
}

/// Takes everything left.
#[inline]
pub fn take_rest<'a>(input: &'a [u8], pos: &mut usize) -> &'a [u8] {
    let out = &input[*pos..];
    *pos = input.len();
    out
}

#[inline]
#[must_use]
pub fn read_u64(bytes: &[u8]) -> u64 {
    let mut arr = [0u8; 8];
    arr.copy_from_slice(bytes);
    u64::from_be_bytes(arr)
}

// Compile-time layout checks. Each is a trait implemented only for the `true`
// instance of a const-generic marker, so a violated rule is a trait error the
// compiler reports on the field's span, with the message below.

pub struct Check<T: ?Sized, const OK: bool>(PhantomData<T>);

#[diagnostic::on_unimplemented(
    message = "a variable-width field is not last in the row key",
    label = "this field's type `{T}` has no fixed width and other fields follow it",
    note = "give it #[pad(N)] or #[delim], or move it to the end of the struct, so that a prefix scan cannot run into the next field"
)]
pub trait FixedWidthOrLast<T: ?Sized> {}
impl<T: ?Sized> FixedWidthOrLast<T> for Check<T, true> {}

#[diagnostic::on_unimplemented(
    message = "#[pad] does not fit the fixed-width type `{T}`",
    label = "`{T}` always writes the same number of bytes",
    note = "remove the attribute: #[pad(N)] fits variable-width fields (&str, String, &[u8], Vec<u8>, or a KeyPart with WIDTH = None); to write a separator after a fixed-width field, use #[delim(b'_')]"
)]
pub trait VariableWidth<T: ?Sized> {}
impl<T: ?Sized> VariableWidth<T> for Check<T, true> {}

#[diagnostic::on_unimplemented(
    message = "#[pad] on `{T}`, whose bytes say where they end",
    label = "`{T}` delimits itself (KeyPart::SELF_DELIMITING: an Option of a fixed-width type, say)",
    note = "a pad only adds bytes to a value that ends itself, as it would to an #[escaped] one: remove #[pad]; the field may stand anywhere without it"
)]
pub trait Undelimited<T: ?Sized> {}
impl<T: ?Sized> Undelimited<T> for Check<T, true> {}

#[diagnostic::on_unimplemented(
    message = "this row key is wider than HBase's row-key limit of 32767 bytes",
    label = "the fixed widths of this key's fields add up to more than 32767 bytes",
    note = "HBase refuses longer row keys: shorten the #[pad(N)] widths or the fixed-size fields ([u8; N], or a KeyPart's WIDTH)"
)]
pub trait WithinHBaseLimit<T: ?Sized> {}
impl<T: ?Sized> WithinHBaseLimit<T> for Check<T, true> {}

#[inline(always)]
pub const fn require_fixed_or_last<C: FixedWidthOrLast<T>, T: ?Sized>() {}
#[inline(always)]
pub const fn require_variable<C: VariableWidth<T>, T: ?Sized>() {}
#[inline(always)]
pub const fn require_undelimited<C: Undelimited<T>, T: ?Sized>() {}
#[inline(always)]
pub const fn require_within_limit<C: WithinHBaseLimit<T>, T: ?Sized>() {}

#[must_use]
pub const fn is_fixed(width: Option<usize>) -> bool {
    width.is_some()
}

/// Whether the fixed part of a layout (unbounded fields count 0) fits HBase.
#[must_use]
pub const fn within_limit(widths: &[Option<usize>]) -> bool {
    let mut total = 0usize;
    let mut i = 0;
    while i < widths.len() {
        if let Some(w) = widths[i] {
            total += w;
        }
        i += 1;
    }
    total <= HBASE_MAX_KEY
}

#[cfg(test)]
mod tests {
    use super::strip_pad;

    /// The word-at-a-time `strip_pad` against the byte loop it replaced, for
    /// every slot width up to 40 and every body length, with pad bytes inside
    /// the body too.
    #[test]
    fn strip_pad_matches_byte_loop() {
        fn naive(slot: &[u8], byte: u8) -> &[u8] {
            let mut end = slot.len();
            while end > 0 && slot[end - 1] == byte {
                end -= 1;
            }
            &slot[..end]
        }
        for byte in [0u8, b'x', 0xff] {
            for width in 0..=40usize {
                for len in 0..=width {
                    let mut slot = [byte; 40];
                    for (i, b) in slot[..len].iter_mut().enumerate() {
                        // Every third byte of the body is the pad byte.
                        *b = if i % 3 == 1 { byte } else { byte ^ 0x5a };
                    }
                    let slot = &slot[..width];
                    assert_eq!(
                        strip_pad(slot, byte),
                        naive(slot, byte),
                        "{byte} {width} {len}"
                    );
                }
            }
        }
    }
}
