//! How a derived scan writes each field, composed by type from the field's
//! attributes: the derive names a rule type per field (`Last<Bucket<16,
//! Fixed>>`) in its builder method, and the builder's steps replay through
//! that type's [`ScanRule`] impl here. A key's expansion then holds no
//! function body per field for its scans, and an attribute's scan bytes are
//! in the one file of this module named after it. A field whose attributes
//! have no rule here yet is written through the derive's own impl of
//! [`ScanField`](super::steps::ScanField) (the [`Derived`] rule).

mod bucket;
mod decimal;
mod desc;
mod escaped;
mod key_salt;
mod plain;
mod reverse;
mod reverse_ts;
mod salt;
mod twos;
mod width;

pub use bucket::Bucket;
pub use decimal::{AnyDigits, Digits};
pub use desc::Desc;
pub use escaped::Escaped;
pub use key_salt::{DropLast, Hashed, StripPad, Whole};
pub use plain::{Delim, Fit, Fixed, Frame, Open, Pad, Text};
pub use reverse::Reverse;
pub use reverse_ts::{
    range_reverse_ts, reverse_ts_bounds, reverse_ts_lower, reverse_ts_upper, RevTs,
};
pub use salt::{Salt, SaltDelim};
pub use twos::Twos;
pub use width::Width;

use super::steps::ScanField;
use super::{Scan, Step};
use crate::__private::WriteFrame;
use crate::{Error, ErrorKind, RowKey};
use core::marker::PhantomData;
use core::ops::Bound;

/// A field of key `K`, given values `V`, as a scan writes it after the
/// steps `X`: the field's index is `X::STAGE`, the number of fields before
/// it (a type, not a constant parameter, so that a builder method names no
/// index of its own), except for a rule that carries its index
/// ([`INDEX`](ScanRule::INDEX)). Only a builder that skips a field breaks
/// the count: the field after a `#[spread]` one, which the derive always
/// gives a [`Derived`] rule (with its index), so no other rule, wrapping
/// one or not, needs to forward `INDEX`.
pub trait ScanRule<K: RowKey, V, X: Step<K>> {
    /// The field's index where the rule carries it ([`Derived`]), else
    /// `None`: `X::STAGE`. Only a field after a `#[spread]` one needs it,
    /// since its step may come first, the spread's skipped.
    const INDEX: Option<usize> = None;

    /// Writes `value` as the field's exact bytes into the scan.
    ///
    /// # Errors
    /// A value the layout refuses, naming the field.
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error>;

    /// Writes a range's bounds as the field's bytes into the scan's rows.
    /// Kept by a field that keeps no value order, whose builder method takes
    /// no range: refused.
    ///
    /// # Errors
    /// A bound the layout refuses, naming the field.
    #[inline]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        let _ = (lo, hi, scan);
        Err(Error::key(
            K::NAME,
            ErrorKind::Invalid {
                reason: "this field keeps no value order, so a scan takes no range on it",
            },
        ))
    }
}

/// The bytes of one slot (the field without its salt or bucket, which
/// wrap it): what a value pushes, and what a range's bounds are written as.
pub trait Slot<V> {
    /// The unframed last field: a value matches only the key ending in it,
    /// not every key it prefixes.
    const OPEN: bool = false;

    /// The slot ends itself (an escaped value's terminator), whatever
    /// follows it.
    const ENDS_ITSELF: bool = false;

    /// The most bytes [`write`](Slot::write) writes for `v`.
    fn len(v: &V) -> usize;

    /// Writes `v` at `*pos`, moving it past the slot.
    ///
    /// # Errors
    /// The value's refusal, naming `field` of `key`.
    fn write(
        v: &V,
        buf: &mut [u8],
        pos: &mut usize,
        key: &'static str,
        field: &'static str,
    ) -> Result<(), Error>;
}

/// A slot that is a body rule (`crate::rule`) in a frame, written by
/// `rule::write_field`: what `Desc` inverts.
pub trait BodySlot<V>: Slot<V> {
    /// The body rule.
    type Body: crate::rule::Body<V>;
    /// The frame.
    const FRAME: WriteFrame;
}

/// Field `i`'s name, for errors: the layout's, not a literal per field.
#[must_use]
pub const fn field_name<K: RowKey>(i: usize) -> &'static str {
    K::LAYOUT.fields[i].name
}

/// Pushes `v`'s slot as written by `S` into the scan's prefix.
///
/// # Errors
/// As [`Scan::push`].
#[inline(always)]
fn push_slot<K: RowKey, V, S: Slot<V>, X: Step<K>>(
    v: &V,
    scan: &mut Scan<'_, K>,
) -> Result<(), Error> {
    let field = const { field_name::<K>(X::STAGE) };
    scan.push(
        field,
        S::len(v),
        #[inline(always)]
        |buf, pos| S::write(v, buf, pos, K::NAME, field),
    )
}

/// The last field: its value makes the prefix a whole key, matched
/// exactly.
pub struct Last<R>(PhantomData<R>);

impl<K: RowKey, V, R: ScanRule<K, V, X>, X: Step<K>> ScanRule<K, V, X> for Last<R> {
    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        R::eq(value, scan)?;
        scan.exact();
        Ok(())
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        R::range(lo, hi, scan)
    }
}

/// Field `I`, whose attributes have no rule in this module: written by the
/// derive's own `ScanField<I, V>` impl for the key.
pub struct Derived<const I: usize>;

impl<K: ScanField<I, V>, V, X: Step<K>, const I: usize> ScanRule<K, V, X> for Derived<I> {
    const INDEX: Option<usize> = Some(I);

    #[inline(always)]
    fn eq(value: V, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        K::scan_eq(value, scan)
    }

    #[inline(always)]
    fn range(lo: Bound<V>, hi: Bound<V>, scan: &mut Scan<'_, K>) -> Result<(), Error> {
        K::scan_range(lo, hi, scan)
    }
}
