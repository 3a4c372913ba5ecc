//! Range bounds a padded or delimited field could not store, read as the
//! window of stored values they mean.
//!
//! A `#[pad(N)]` field (pad byte `0x00`, the only one a range is taken on
//! after a variable-width value) stores values of at most N bytes that do
//! not end in `0x00`, in byte order; a `#[delim]` field (`0x00`) stores
//! values without a `0x00`. A bound `b` outside those (`"zzzzzzz"` on
//! `#[pad(6)]`, `"ab\0"`, `"a\0b"` on `#[delim]`) is no key, yet every stored
//! value is either below it or above it, and the values below it are
//! exactly those at or below the longest storable value `s` it starts with:
//! `b[..N]` without its trailing `0x00` bytes, or `b` up to its first
//! delimiter. (Any stored value between `s` and `b` would start with `s`
//! and continue with `0x00` bytes only, or hold a delimiter.) So an upper
//! bound `b`, inclusive or not, is `..=s`, and a lower bound is `s<..`
//! (after `s`), whatever the field's direction (`#[desc]` swaps the ends
//! after this, as it does for any bound).

use crate::option::Presence;
use crate::part::BoundFit;
use crate::{KeyPart, OrderedPart};
use core::ops::Bound;

/// How a field stores a variable-width value: the bytes of a bound it
/// keeps.
#[derive(Clone, Copy, Debug)]
pub enum Cut {
    /// `#[pad(width, byte)]`.
    Pad {
        /// The field's width.
        width: usize,
        /// The pad byte.
        byte: u8,
    },
    /// `#[delim(byte)]`.
    Delim(u8),
}

impl Cut {
    /// The length of the longest storable value `bytes` starts with, when
    /// `bytes` itself cannot be stored; `None` when it can.
    fn keep(self, bytes: &[u8]) -> Option<usize> {
        match self {
            Cut::Pad { width, byte } => {
                if bytes.len() <= width && bytes.last() != Some(&byte) {
                    return None;
                }
                let t = &bytes[..bytes.len().min(width)];
                Some(t.iter().rposition(|&b| b != byte).map_or(0, |i| i + 1))
            }
            Cut::Delim(byte) => bytes.iter().position(|&b| b == byte),
        }
    }
}

/// A scan bound's value as the bytes it writes: the built-in strings and
/// byte strings, whose bound a [`Cut`] can shorten to a storable value.
pub trait CutBound {
    /// The value as bytes, written and ordered as the value itself is.
    type View<'a>: KeyPart + OrderedPart
    where
        Self: 'a;
    /// The value's view, cut to the longest storable value it starts with
    /// when it cannot be stored as is; and whether it was cut.
    fn cut_view(&self, cut: Cut) -> (Self::View<'_>, bool);
}

impl CutBound for [u8] {
    type View<'a> = &'a [u8];
    #[inline]
    fn cut_view(&self, cut: Cut) -> (&[u8], bool) {
        match cut.keep(self) {
            Some(n) => (&self[..n], true),
            None => (self, false),
        }
    }
}

impl CutBound for str {
    type View<'a> = &'a [u8];
    #[inline]
    fn cut_view(&self, cut: Cut) -> (&[u8], bool) {
        // Cut as bytes, possibly inside a character: the row holds bytes,
        // and the stored values below the cut bytes are those below the
        // bound.
        self.as_bytes().cut_view(cut)
    }
}

impl<T: CutBound + ?Sized> CutBound for &T {
    type View<'a>
        = T::View<'a>
    where
        Self: 'a;
    #[inline]
    fn cut_view(&self, cut: Cut) -> (T::View<'_>, bool) {
        (**self).cut_view(cut)
    }
}

#[cfg(feature = "alloc")]
impl CutBound for alloc::string::String {
    type View<'a> = &'a [u8];
    #[inline]
    fn cut_view(&self, cut: Cut) -> (&[u8], bool) {
        self.as_bytes().cut_view(cut)
    }
}

#[cfg(feature = "alloc")]
impl CutBound for alloc::vec::Vec<u8> {
    type View<'a> = &'a [u8];
    #[inline]
    fn cut_view(&self, cut: Cut) -> (&[u8], bool) {
        self.as_slice().cut_view(cut)
    }
}

/// A range's bounds as views, each bound the field cannot store read as
/// the stored values it means (see the module's notes): an upper bound
/// becomes inclusive of the longest storable value it starts with, a lower
/// bound exclusive of it.
#[inline]
pub fn cut_bounds<'a, V: CutBound>(
    lo: &'a Bound<V>,
    hi: &'a Bound<V>,
    cut: Cut,
) -> (Bound<V::View<'a>>, Bound<V::View<'a>>) {
    let one = |b: &'a Bound<V>, upper: bool| cut_one(b, upper, |v| v.cut_view(cut));
    (one(lo, false), one(hi, true))
}

/// [`cut_bounds`] for an `Option` field: `None` is stored (its one
/// presence byte), `Some` is cut as its value.
#[inline]
#[allow(clippy::type_complexity)]
pub fn cut_option_bounds<'a, V: Presence<Inner: CutBound>>(
    lo: &'a Bound<V>,
    hi: &'a Bound<V>,
    cut: Cut,
) -> (
    Bound<Option<<V::Inner as CutBound>::View<'a>>>,
    Bound<Option<<V::Inner as CutBound>::View<'a>>>,
) {
    let view = |v: &'a V| match v.present() {
        None => (None, false),
        Some(inner) => {
            let (view, was_cut) = inner.cut_view(cut);
            (Some(view), was_cut)
        }
    };
    (cut_one(lo, false, view), cut_one(hi, true, view))
}

/// One bound as a view: cut, an upper bound includes what it was cut to
/// and a lower one excludes it.
#[inline]
fn cut_one<'a, V, W>(b: &'a Bound<V>, upper: bool, view: impl Fn(&'a V) -> (W, bool)) -> Bound<W> {
    match b {
        Bound::Unbounded => Bound::Unbounded,
        Bound::Included(v) | Bound::Excluded(v) => {
            let (w, was_cut) = view(v);
            let included = if was_cut {
                upper
            } else {
                matches!(b, Bound::Included(_))
            };
            if included {
                Bound::Included(w)
            } else {
                Bound::Excluded(w)
            }
        }
    }
}

/// A range's bounds each read as the stored values on its inner side
/// ([`KeyPart::bound_fit`]): a time bound between two milliseconds, or
/// before 1970, selects the times a key holds inside it. `None` when no
/// stored value can be inside.
#[inline]
#[allow(clippy::type_complexity)]
pub fn fit_bounds<V: KeyPart>(lo: Bound<V>, hi: Bound<V>) -> Option<(Bound<V>, Bound<V>)> {
    let one = |b: Bound<V>, upper: bool| -> Option<Bound<V>> {
        let fit = match &b {
            Bound::Included(v) | Bound::Excluded(v) => v.bound_fit(upper),
            Bound::Unbounded => BoundFit::Exact,
        };
        match fit {
            BoundFit::Exact => Some(b),
            BoundFit::Included(w) => Some(Bound::Included(w)),
            BoundFit::Excluded(w) => Some(Bound::Excluded(w)),
            BoundFit::Nothing => None,
            BoundFit::Everything => Some(Bound::Unbounded),
        }
    };
    Some((one(lo, false)?, one(hi, true)?))
}
