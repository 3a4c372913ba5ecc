//! The steps a derived scan builder records, written once here rather than
//! per field by the derive: a step is generic over the key and the field's
//! index, and replays through the one impl of [`ScanField`] the derive
//! writes per field (the field's own encoding and bounds). The
//! derive emits no step type, nor a `Clone` or `Debug` impl per step, so a
//! key's expansion shrinks by those items for each of its fields.

use super::{
    scan_finish, scan_ranges, scan_state, scan_state_java, Scan, ScanArg, ScanRanges, ScanValue,
    Step,
};
use crate::{Error, ErrorKind, RowKey};
use core::fmt;
use core::ops::Bound;

/// Field `I` of the key as a scan writes it: the one impl the derive writes
/// per field (its encoding and bounds), called by the replay of an
/// [`EqStep`] or a [`RangeStep`]. One trait, not one for values and one for
/// ranges, so a field costs one impl.
pub trait ScanField<const I: usize, V>: RowKey {
    /// Writes `value` as field `I`'s exact bytes into the scan.
    ///
    /// # Errors
    /// A value the layout refuses, naming the field.
    fn scan_eq(value: V, scan: &mut Scan<'_, Self>) -> Result<(), Error>;

    /// Writes a range's bounds as field `I`'s bytes into the scan's rows.
    /// Kept by a field that keeps no value order, whose builder method takes
    /// no range: refused.
    ///
    /// # Errors
    /// A bound the layout refuses, naming the field.
    #[inline]
    fn scan_range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, Self>) -> Result<(), Error> {
        let _ = (lo, hi, scan);
        Err(Error::key(
            Self::NAME,
            ErrorKind::Invalid {
                reason: "this field keeps no value order, so a scan takes no range on it",
            },
        ))
    }
}

/// The calls before (`P`), then field `I` given the value `V`.
#[derive(Clone, Debug)]
pub struct EqStep<P, V, const I: usize>(pub P, pub V);

/// The calls before (`P`), then field `I` given a range of `V`.
#[derive(Clone, Debug)]
pub struct RangeStep<P, V, const I: usize>(pub P, pub Bound<V>, pub Bound<V>);

// The static bounds of field `I`'s step are set here from the key's
// widths, constants of the key and `I`, instead of in each field's impl.
impl<K: ScanField<I, V>, P: Step<K>, V, const I: usize> Step<K> for EqStep<P, V, I> {
    #[inline(always)]
    fn apply(self, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        self.0.apply(scan)?;
        scan.row_bound(const { row_bound_at::<K>(I) });
        K::scan_eq(self.1, scan)
    }
}

impl<K: ScanField<I, V>, P: Step<K>, V, const I: usize> Step<K> for RangeStep<P, V, I> {
    #[inline(always)]
    fn apply(self, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        self.0.apply(scan)?;
        scan.row_bound(const { row_bound_at::<K>(I) });
        scan.prefix_bound(const { prefix_bound_at::<K>(I) });
        K::scan_range(self.1, self.2, scan)
    }
}

/// The longest row of a scan that ends at field `i`: the struct-level salt
/// room, the slots up to it and the next field's prefix, where a bucket
/// left open fans out.
const fn row_bound_at<K: RowKey>(i: usize) -> usize {
    scan_row_bound_upto(K::__SCAN_WIDTHS, 4 + 2 * i)
}

/// The end of the prefix before field `i` (where its range's bounds start)
/// when the static widths fix it: they are maxima, exact but for an
/// `Option` (its `None` is one byte), so not after one.
const fn prefix_bound_at<K: RowKey>(i: usize) -> usize {
    if K::__FIRST_OPTION < i {
        usize::MAX
    } else {
        scan_row_bound_upto(K::__SCAN_WIDTHS, 1 + 2 * i)
    }
}

/// A builder's `ranges()`: replays the steps `S` given at stage `STAGE`
/// into a scan with the key's struct-level salt (see [`scan_state`]), and
/// fans out the next field's bucket when the prefix stops before it
/// (`buckets` holds each field's count, 0 for none).
///
/// # Errors
/// As [`crate::ScanBuilder::ranges`].
#[inline(always)]
pub fn replay<K: RowKey, S: Step<K>, const STAGE: usize>(
    steps: S,
    salt: Option<(usize, Option<u8>, usize)>,
    buckets: &[u32],
) -> Result<ScanRanges<K>, Error> {
    scan_ranges(|r| {
        let mut s = scan_state(r, salt);
        steps.apply(&mut s)?;
        if let Some(&count) = buckets.get(STAGE) {
            if count != 0 {
                s.fan_bucket(count);
            }
        }
        scan_finish(s)
    })
}

/// [`replay`] for a `#[rowkey(phoenix)]` key, salted (`SALT_BUCKETS`, a
/// Java-hash salt over every byte after it) or not: `tail_open[i]` says
/// whether every column from `i` on is nullable, so that a prefix stopping
/// before column `i` also matches the key that ends where the prefix's
/// values do.
///
/// # Errors
/// As [`crate::ScanBuilder::ranges`].
#[inline(always)]
pub fn phx_replay<K: RowKey, S: Step<K>, const STAGE: usize>(
    steps: S,
    salt: Option<crate::__private::JavaSalt>,
    tail_open: &[bool],
) -> Result<ScanRanges<K>, Error> {
    scan_ranges(|r| {
        let mut s = match salt {
            Some(salt) => scan_state_java(r, salt, 0),
            None => scan_state(r, None),
        };
        s.phx_keep(s.len());
        steps.apply(&mut s)?;
        if tail_open.get(STAGE).copied().unwrap_or(false) {
            s.phx_prefix_end();
        }
        scan_finish(s)
    })
}

/// [`replay`] for a key with a Java-hash salt over `fields` fields (0: every
/// byte after it): the salt is computed when the scan gives its inputs,
/// else the ranges fan out over its values.
///
/// # Errors
/// As [`crate::ScanBuilder::ranges`].
#[inline(always)]
pub fn replay_java<K: RowKey, S: Step<K>, const STAGE: usize>(
    steps: S,
    salt: crate::__private::JavaSalt,
    fields: usize,
    buckets: &[u32],
) -> Result<ScanRanges<K>, Error> {
    scan_ranges(|r| {
        let mut s = scan_state_java(r, salt, fields);
        steps.apply(&mut s)?;
        if let Some(&count) = buckets.get(STAGE) {
            if count != 0 {
                s.fan_bucket(count);
            }
        }
        scan_finish(s)
    })
}

/// [`scan_row_bound`](crate::__private::scan_row_bound) of the first `n` of
/// a key's slot widths: the derive writes the widths once per key, not once
/// per field.
#[must_use]
pub const fn scan_row_bound_upto(widths: &[Option<usize>], n: usize) -> usize {
    let (leading, _) = widths.split_at(if n < widths.len() { n } else { widths.len() });
    crate::__private::scan_row_bound(leading)
}

/// A ranged field method's result: `arg` recorded as field `I`'s step after
/// `prev`, handed to `eq` (a value) or `range` (a range), each of which
/// wraps it in the builder's next stage.
#[inline(always)]
pub fn arg_steps<const I: usize, T, A, S, E, R, F, G>(
    arg: A,
    prev: S,
    eq: F,
    range: G,
) -> A::Out<E, R>
where
    A: ScanArg<T>,
    F: FnOnce(EqStep<S, A::Value, I>) -> E,
    G: FnOnce(RangeStep<S, A::Value, I>) -> R,
{
    arg.apply(
        prev,
        |s, v| eq(EqStep(s, v)),
        |s, lo, hi| range(RangeStep(s, lo, hi)),
    )
}

/// A builder's `Debug`: its name and the steps it holds.
///
/// # Errors
/// The formatter's.
pub fn debug_builder(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    steps: &dyn fmt::Debug,
) -> fmt::Result {
    f.debug_struct(name)
        .field("steps", steps)
        .finish_non_exhaustive()
}

// Short names for the types a builder method's signature spells per field.

/// What a field method taking `A` for a field of type `T` encodes.
pub type ArgValue<A, T> = <A as ScanArg<T>>::Value;
/// A field method's result: `E` for a value, `R` for a range.
pub type ArgOut<A, T, E, R> = <A as ScanArg<T>>::Out<E, R>;
/// The steps `S`, then field `I` given the value `A` holds.
pub type EqArg<S, A, T, const I: usize> = EqStep<S, <A as ScanArg<T>>::Value, I>;
/// The steps `S`, then field `I` given the range `A` holds.
pub type RangeArg<S, A, T, const I: usize> = RangeStep<S, <A as ScanArg<T>>::Value, I>;
/// What a value-only field method taking `A` for a field of type `T` encodes.
pub type ValueOf<A, T> = <A as ScanValue<T>>::Value;
