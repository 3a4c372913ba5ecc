//! The key-order rule of a derived scan builder, as a bound whose failure
//! names the field that comes next. The derive declares a marker type per
//! field, named as the field, and a builder's stage is the marker of the
//! field it expects; field `f`'s method requires that marker to be `f`'s
//! own ([`NextField`]). A call out of order then reads
//! "`metric` cannot come here: the next field of this `MetricKey` scan is
//! `host`".

/// Holds only when `F`, the field called, is `Self`, the field expected.
#[diagnostic::on_unimplemented(
    message = "`{F}` cannot come here: the next field of this `{K}` scan is `{Self}`",
    label = "`{Self}` comes next",
    note = "give the fields of `{K}` in declaration order, each at most once; a range (`a..b`, `a..`, ..) ends the scan; finish with `.ranges()`"
)]
pub trait NextField<K, F> {}
impl<K, F> NextField<K, F> for F {}
