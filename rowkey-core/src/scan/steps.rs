//! The steps a derived scan builder records, written once here rather than
//! per field by the derive: a step is generic over the key, the field's
//! index and the field's rule (`rules`, composed by type from its
//! attributes), and replays through that rule. The derive emits no step
//! type, nor a `Clone` or `Debug` impl per step, and no function body per
//! field: each field method is a one-line forward to [`ArgStep`] or
//! [`ValueStep`].

use super::rules::ScanRule;
use super::{
    scan_finish, scan_ranges, scan_state, scan_state_java, Scan, ScanRanges, ScanValue, Step,
};
use crate::layout::{KeySalt, Layout};
use crate::{Error, ErrorKind, RowKey};
use core::fmt;
use core::marker::PhantomData;
use core::ops::Bound;

/// Field `I` of the key as a scan writes it, for a field whose attributes
/// have no rule in `rules` yet: the derive writes one impl for it (its
/// encoding and bounds), called through the `Derived` rule. One trait, not
/// one for values and one for ranges, so a field costs one impl.
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

/// The calls before (`P`), then the next field given the value `V`,
/// written by the rule `R` (`rules`). The field's index is `field_at`'s:
/// the rule's own (`R::INDEX`, a field after a `#[spread]` one), else the
/// number of steps before it (`P::STAGE`).
pub struct EqStep<P, V, R>(pub P, pub V, PhantomData<fn() -> R>);

/// The calls before (`P`), then the next field given a range of `V`,
/// written by the rule `R`.
pub struct RangeStep<P, V, R>(pub P, pub Bound<V>, pub Bound<V>, PhantomData<fn() -> R>);

// By hand: the rule is a type only, neither cloned nor shown.
impl<P: Clone, V: Clone, R> Clone for EqStep<P, V, R> {
    fn clone(&self) -> Self {
        EqStep(self.0.clone(), self.1.clone(), PhantomData)
    }
}

impl<P: Clone, V: Clone, R> Clone for RangeStep<P, V, R> {
    fn clone(&self) -> Self {
        RangeStep(self.0.clone(), self.1.clone(), self.2.clone(), PhantomData)
    }
}

impl<P: fmt::Debug, V: fmt::Debug, R> fmt::Debug for EqStep<P, V, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("EqStep")
            .field(&self.0)
            .field(&self.1)
            .finish()
    }
}

impl<P: fmt::Debug, V: fmt::Debug, R> fmt::Debug for RangeStep<P, V, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RangeStep")
            .field(&self.0)
            .field(&self.1)
            .field(&self.2)
            .finish()
    }
}

// The static bounds of a field's step are set here from the key's widths,
// constants of the key and of the field's index (the number of steps
// before it, `P::STAGE`), instead of in each field's impl.
impl<K: RowKey, P: Step<K>, V, R: ScanRule<K, V, P>> Step<K> for EqStep<P, V, R> {
    const STAGE: usize = field_at::<K, P, V, R>() + 1;

    #[inline(always)]
    fn apply(self, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        self.0.apply(scan)?;
        scan.row_bound(const { row_bound_at::<K>(field_at::<K, P, V, R>()) });
        R::eq(self.1, scan)
    }
}

impl<K: RowKey, P: Step<K>, V, R: ScanRule<K, V, P>> Step<K> for RangeStep<P, V, R> {
    // A range ends the scan: no field after it.
    const STAGE: usize = usize::MAX;

    #[inline(always)]
    fn apply(self, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        self.0.apply(scan)?;
        scan.row_bound(const { row_bound_at::<K>(field_at::<K, P, V, R>()) });
        scan.prefix_bound(const { prefix_bound_at::<K>(field_at::<K, P, V, R>()) });
        R::range(self.1, self.2, scan)
    }
}

/// The index of the field a step after `P` writes with the rule `R`.
const fn field_at<K: RowKey, P: Step<K>, V, R: ScanRule<K, V, P>>() -> usize {
    match R::INDEX {
        Some(i) => i,
        None => P::STAGE,
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
pub(super) const fn prefix_bound_at<K: RowKey>(i: usize) -> usize {
    if K::__FIRST_OPTION < i {
        usize::MAX
    } else {
        scan_row_bound_upto(K::__SCAN_WIDTHS, 1 + 2 * i)
    }
}

/// A builder's `ranges()`: replays the steps `S` (their stage `S::STAGE`)
/// into a scan of the ranges `r` with the key's struct-level salt (see
/// [`scan_state`]), and fans out the next field's bucket when the prefix
/// stops before it (the layout's, a constant).
///
/// # Errors
/// As [`crate::ScanBuilder::ranges`].
#[inline(always)]
pub fn replay<K: RowKey, S: Step<K>>(
    steps: S,
    r: &mut ScanRanges<K>,
    salt: Option<(usize, Option<u8>, usize)>,
) -> Result<(), Error> {
    let mut s = scan_state(r, salt);
    steps.apply(&mut s)?;
    let count = const { bucket_at(&K::LAYOUT, S::STAGE) };
    if count != 0 {
        s.fan_bucket(count);
    }
    scan_finish(s)
}

/// [`replay`] for a `#[rowkey(phoenix)]` key, salted (`SALT_BUCKETS`, a
/// Java-hash salt over every byte after it) or not: when every column
/// after the prefix is nullable, the prefix also matches the key that ends
/// where the prefix's values do.
///
/// # Errors
/// As [`crate::ScanBuilder::ranges`].
#[inline(always)]
pub fn phx_replay<K: RowKey, S: Step<K>>(
    steps: S,
    r: &mut ScanRanges<K>,
    salt: Option<crate::__private::JavaSalt>,
) -> Result<(), Error> {
    let mut s = match salt {
        Some(salt) => scan_state_java(r, salt, 0),
        None => scan_state(r, None),
    };
    s.phx_keep(s.len());
    steps.apply(&mut s)?;
    if const { tail_open_at(&K::LAYOUT, S::STAGE) } {
        s.phx_prefix_end();
    }
    scan_finish(s)
}

/// [`replay`] for a key with a Java-hash salt over `fields` fields (0: every
/// byte after it): the salt is computed when the scan gives its inputs,
/// else the ranges fan out over its values.
///
/// # Errors
/// As [`crate::ScanBuilder::ranges`].
#[inline(always)]
pub fn replay_java<K: RowKey, S: Step<K>>(
    steps: S,
    r: &mut ScanRanges<K>,
    salt: crate::__private::JavaSalt,
    fields: usize,
) -> Result<(), Error> {
    let mut s = scan_state_java(r, salt, fields);
    steps.apply(&mut s)?;
    let count = const { bucket_at(&K::LAYOUT, S::STAGE) };
    if count != 0 {
        s.fan_bucket(count);
    }
    scan_finish(s)
}

/// `scan_row_bound` of the first `n` of
/// a key's slot widths: the derive writes the widths once per key, not once
/// per field.
#[must_use]
pub const fn scan_row_bound_upto(widths: &[Option<usize>], n: usize) -> usize {
    let (leading, _) = widths.split_at(if n < widths.len() { n } else { widths.len() });
    crate::widths::scan_row_bound(leading)
}

/// A derived scan builder at any stage: what the runtime needs to record a
/// field method's step and hand back the next stage. The derive implements
/// it once per key, so that each field method is a one-line forward.
// Generic over the key, not naming it as an associated type: a key type
// private to its module may have a public builder.
pub trait Builder<K: RowKey>: Sized {
    /// How `ranges()` replays the steps for this key: its layout's
    /// struct-level salt, or Phoenix's.
    const REPLAY: Replay = Replay::of(&K::LAYOUT);
    /// The steps recorded so far.
    type Steps;
    /// The builder expecting the field whose marker is `F` (the stage),
    /// holding the steps `T`.
    type At<F, T>;
    /// The builder at stage `F` holding the steps `f` makes of these, and
    /// what else `f` returns. One function for taking the steps out and
    /// putting new ones in: each is a body the compiler checks per key.
    fn map<F, T, U>(self, f: impl FnOnce(Self::Steps) -> (T, U)) -> (Self::At<F, T>, U);
}

/// A key's struct-level salt: the arguments of [`replay`], [`replay_java`]
/// or [`phx_replay`], read from the key's layout ([`Replay::of`]). What a
/// scan fans out over once its steps are replayed (a field's bucket, a
/// Phoenix key's nullable tail) the replay reads from the layout too.
#[derive(Clone, Copy, Debug)]
pub enum Replay {
    /// No salt, or an MD5 salt (hex chars, delimiter, fields hashed).
    Md5 {
        /// The struct-level salt.
        salt: Option<(usize, Option<u8>, usize)>,
    },
    /// A Java-hash salt over `fields` fields (0: every byte after it).
    Java {
        /// The salt.
        salt: crate::__private::JavaSalt,
        /// Fields hashed.
        fields: usize,
    },
    /// A `#[rowkey(phoenix)]` key (see [`phx_replay`]).
    Phoenix {
        /// Phoenix's `SALT_BUCKETS` salt.
        salt: Option<crate::__private::JavaSalt>,
    },
}

impl Replay {
    /// The replay of a key with this layout: a constant, so that the derive
    /// writes none per key.
    #[must_use]
    pub const fn of(layout: &Layout) -> Replay {
        let java = crate::__private::JavaSalt::of(layout);
        if layout.phoenix {
            return Replay::Phoenix {
                salt: match java {
                    Some((salt, _)) => Some(salt),
                    None => None,
                },
            };
        }
        match (java, layout.salt) {
            (Some((salt, fields)), _) => Replay::Java { salt, fields },
            (
                None,
                Some(KeySalt::Md5 {
                    chars,
                    delim,
                    fields,
                }),
            ) => Replay::Md5 {
                salt: Some((chars, delim, fields.len())),
            },
            _ => Replay::Md5 { salt: None },
        }
    }
}

/// The bucket count of field `i` of `layout`, 0 for none (or past the last
/// field): where a scan stopping before field `i` fans out.
const fn bucket_at(layout: &Layout, i: usize) -> u32 {
    if i < layout.fields.len() {
        if let Some(n) = layout.fields[i].bucket {
            return n;
        }
    }
    0
}

/// Whether every column of a Phoenix key from `i` on is nullable (`false`
/// past the last): a prefix stopping before column `i` then also matches
/// the key that ends there.
const fn tail_open_at(layout: &Layout, i: usize) -> bool {
    if i >= layout.fields.len() {
        return false;
    }
    let mut j = i;
    while j < layout.fields.len() {
        if !layout.fields[j].optional {
            return false;
        }
        j += 1;
    }
    true
}

// Every derived builder's `ranges()`: its key's replay, a constant the
// optimizer folds, of the steps given. The ranges are filled where they
// are returned (`scan_ranges`): a `ScanRanges` moved out of the builder's
// `map` would be a copy of its rows the optimizer does not always remove.
impl<K: RowKey, B: Builder<K, Steps: Step<K>>> crate::ScanBuilder<K> for B {
    #[inline]
    fn ranges(self) -> Result<ScanRanges<K>, Error> {
        scan_ranges(|r| {
            self.map::<(), (), _>(|steps| {
                let filled = match B::REPLAY {
                    Replay::Md5 { salt } => replay(steps, r, salt),
                    Replay::Java { salt, fields } => replay_java(steps, r, salt, fields),
                    Replay::Phoenix { salt } => phx_replay(steps, r, salt),
                };
                ((), filled)
            })
            .1
        })
    }
}

/// The builder `B` of the key `K` after a value of `V` on a field written
/// by the rule `R`: expecting the field marked `EQ`.
pub type EqAt<K, B, V, R, EQ> = <B as Builder<K>>::At<EQ, EqStep<<B as Builder<K>>::Steps, V, R>>;
/// The builder `B` of the key `K` after a range of `V` on a field written
/// by the rule `R`: at the end (`END`).
pub type RangeAt<K, B, V, R, END> =
    <B as Builder<K>>::At<END, RangeStep<<B as Builder<K>>::Steps, V, R>>;

/// A value's step: `builder` expecting the field marked `EQ`
/// ([`ScanArg::Next`](crate::ScanArg)).
#[inline(always)]
pub fn eq_step<K: RowKey, B: Builder<K>, V, R, EQ>(builder: B, v: V) -> EqAt<K, B, V, R, EQ> {
    builder
        .map::<EQ, _, _>(|s| (EqStep(s, v, PhantomData), ()))
        .0
}

/// A range's step: `builder` at the end (`END`).
#[inline(always)]
pub fn range_step<K: RowKey, B: Builder<K>, V, R, END>(
    builder: B,
    lo: Bound<V>,
    hi: Bound<V>,
) -> RangeAt<K, B, V, R, END> {
    builder
        .map::<END, _, _>(|s| (RangeStep(s, lo, hi, PhantomData), ()))
        .0
}

/// A value-only field method: the value `A` of the field type `T`
/// recorded as the next field's step, written by the rule `R`; the builder
/// then expects the field marked `EQ`. Its result is the builder type
/// itself (not a projection on `A`), so that a call on it resolves before
/// `A` is known, as in a closure whose argument's type comes later.
pub trait ValueStep<T>: ScanValue<T> {
    /// The builder's next stage.
    fn step<K: RowKey, B: Builder<K>, R, EQ>(self, builder: B) -> NextEq<K, B, Self, T, R, EQ>;
}

impl<T, A: ScanValue<T>> ValueStep<T> for A {
    #[inline(always)]
    fn step<K: RowKey, B: Builder<K>, R, EQ>(self, builder: B) -> NextEq<K, B, Self, T, R, EQ> {
        let v = self.into_value();
        eq_step::<K, B, A::Value, R, EQ>(builder, v)
    }
}

/// A value-only field method's result (see [`ValueStep`]).
pub type NextEq<K, B, A, T, R, EQ> = EqAt<K, B, <A as ScanValue<T>>::Value, R, EQ>;

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
