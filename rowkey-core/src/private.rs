//! What generated code calls. Not a public API: names and signatures change
//! without notice. Kept here, not in the derive's output, so the code every
//! key expands to stays small and one copy of each rule is tested.

pub use crate::batch::{BatchKey, DeferredSalts, NoSink, SaltSink};
pub use crate::derived::{
    check_fixed, fixed_part_width, i128, panic, read_fixed, read_uint, require_fixed_part, u128,
    u64, write_code, write_fixed, write_uint,
};
pub use crate::desc::invert;
pub use crate::escape::EscapeBytes;
pub use crate::java_hash::{java_salt_matches, java_salt_of, key_java_salt, write_be, JavaSalt};
pub use crate::layout::{field as layout_field, KeySalt, Layout};
pub use crate::option::Presence;
pub use crate::part::BoundFit;
pub use crate::part::{
    BucketValue, DecodePart, KeyPart, OrderedPart, ReverseTs, Reversible, TwosComplement,
};
/// A field's slot rules, composed by type (`crate::rule`): the derive
/// names them as `__private::rule::Salt<4>`.
pub mod rule {
    pub use crate::rule::{
        field_len, option_len, push_field, push_option, range_field, range_option, read_field,
        read_option, write_field, write_option, AnyDigits, Both, Bucket, Desc, Digits, Escaped,
        Forward, NoPrefix, Number, Part, Raw, Rev, RevTs, Salt, SaltDelim, Sorted, Spread, Stored,
        Twos, Unsigned, Width,
    };
}
pub use crate::checks::{
    is_fixed, require_fixed_or_last, require_undelimited, require_variable, require_within_limit,
    within_limit, Check, FixedWidthOrLast, Undelimited, VariableWidth, WithinHBaseLimit,
};
pub use crate::rule::bucket::bucket_width;
pub use crate::rule::frame::take;

pub use crate::fields::*;
pub use crate::rule::reverse_ts::read_u64;
pub use crate::rule::salt::{md5_hex_joined_into, salt_part, SaltPart};
pub use crate::scan::cut::{cut_bounds, cut_option_bounds, fit_bounds, Cut, CutBound};
pub use crate::scan::rules::{
    AnyDigits, Bucket, Delim as ScanDelim, Derived, Desc, Digits, DropLast, Escaped, Fit, Fixed,
    Hashed, Last, Open, Pad, RevTs, Reverse, Salt, SaltDelim, ScanRule, StripPad, Text, Twos,
    Whole, Width,
};
pub use crate::scan::steps::*;
pub use crate::scan::{
    range_reverse_ts, reverse_ts_bounds, reverse_ts_lower, reverse_ts_upper, scan_finish,
    scan_state, Scan, ScanArg, ScanBuilder, ScanRanges, ScanStart, ScanValue, Step,
};
pub use crate::scan_order::NextField;
pub use crate::slot::{
    at_offset, check_encode_len, check_trailing, plain_len, push_segment, read_plain, write_plain,
    Frame as SlotFrame, PlainRead, WriteFrame,
};
pub use crate::split::{split_keys, SplitKeys};
pub use crate::spread::{check_spread, Candidates};
pub use crate::text::{clamp_wide_bounds, decimal_len, widen, write_decimal, Decimal};
pub use crate::walk::{decode_walk, explain_walk, walk, HasSegs, SegsOf, StaticRefused, Walk};
pub use crate::width::{too_wide, Narrow};
pub use crate::widths::{
    bounded, decode_max, min_len, need_width, offset_of, plus_one, scan_cap, sum_widths,
};
#[doc(hidden)]
pub use crate::{
    __rowkey_decode_impls as decode_impls, __rowkey_scan_builder as scan_builder,
    __rowkey_scan_trait as scan_traits,
};
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
    const REPLAY: crate::scan::steps::Replay = crate::scan::steps::Replay::Md5 { salt: None };
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
