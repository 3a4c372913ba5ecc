//! Attributes on a built-in type they do not fit, told from the syntax.

use super::{inner, shape, Shape};
use crate::ast::Field;
use crate::ctxt::Ctxt;
use proc_macro2::Span;

const VARIABLE: &str = "&str, String, &[u8] or Vec<u8>";

/// Attributes on a built-in type they do not fit, told from the syntax.
pub(super) fn check_fit(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let ty = shape(inner(field));
    let Some(tn) = ty.name() else {
        return;
    };
    let err = |span: Span, msg: String| cx.syn_error(syn::Error::new(span, msg));
    if let Some(fixed) = ty.fixed_width() {
        let why = format!("`{tn}` always writes {fixed}");
        if let Some(p) = &a.pad {
            err(
                p.span,
                format!(
                    "#[pad] does not fit `{tn}`: {why}, so there is nothing to pad; #[pad(N)] \
                     fits variable-width fields ({VARIABLE}); remove it"
                ),
            );
        }
    }
    check_text_fit(cx, field, ty, tn);
    if let Some(w) = &a.width {
        match ty {
            Shape::Int {
                signed: false,
                bytes,
                ..
            } if w.bytes < bytes => {}
            Shape::Int {
                signed: false,
                bytes,
                ..
            } => err(
                w.span,
                format!(
                    "#[width({})] on `{tn}`, which is {bytes} byte(s) wide: #[width(W)] keeps \
                     the low W bytes, so W must be less than the type's size; use a smaller \
                     W, or remove #[width] to write all {bytes} byte(s)",
                    w.bytes
                ),
            ),
            Shape::Int { signed: true, .. } => err(
                w.span,
                format!(
                    "#[width] does not fit `{tn}`: it keeps the low bytes of an unsigned value \
                     (OpenTSDB's UIDs); a signed value's sign would be lost; make the field \
                     unsigned (u16..u128)"
                ),
            ),
            _ => err(
                w.span,
                format!(
                    "#[width] does not fit `{tn}`: it keeps the low W bytes of an unsigned \
                     integer (u16..u128); `{tn}` is not one; remove it"
                ),
            ),
        }
    }
    if let Some(b) = &a.bucket {
        if !matches!(ty, Shape::Int { .. }) {
            err(
                b.span,
                format!(
                    "#[bucket] does not fit `{tn}`: a bucket is `value mod N` of an integer \
                     field (u8..u128, i8..i128); to spread keys by a string or bytes, use \
                     #[salt(md5, K)] instead"
                ),
            );
        }
    }
    if let Some(s) = a.reverse_ts {
        if !matches!(ty, Shape::Int { bytes: 8, .. }) {
            err(
                s,
                format!(
                    "#[reverse_ts] does not fit `{tn}`: it writes Java's Long.MAX_VALUE - ts \
                     and fits u64 and i64 fields; make the field u64 or i64"
                ),
            );
        }
    }
    if let Some(s) = a.twos_complement {
        match ty {
            Shape::Int { signed: true, .. } => {}
            Shape::Int { signed: false, .. } => err(
                s,
                format!(
                    "#[twos_complement] does not fit `{tn}`: unsigned integers are already \
                     stored as Java's Bytes.toBytes writes them; remove it (it fits i8..i128)"
                ),
            ),
            _ => err(
                s,
                format!(
                    "#[twos_complement] does not fit `{tn}`: it fits signed integers \
                     (i8..i128); remove it"
                ),
            ),
        }
    }
    if let Some(s) = a.reverse {
        match ty {
            Shape::String | Shape::VecU8 | Shape::Array => {}
            Shape::Str | Shape::Bytes => {
                let owned = if ty == Shape::Str {
                    "String"
                } else {
                    "Vec<u8>"
                };
                err(
                    s,
                    format!(
                        "#[reverse] does not fit `{tn}`: a reversed field cannot be borrowed \
                         back from the key; make the field `{owned}` (#[reverse] fits String, \
                         Vec<u8> and [u8; N])"
                    ),
                );
            }
            _ => err(
                s,
                format!(
                    "#[reverse] does not fit `{tn}`: it reverses the bytes of String, Vec<u8> \
                     and [u8; N] fields; remove it"
                ),
            ),
        }
    }
}

/// `#[decimal]`, `#[escaped]` and `#[desc]` on a built-in type they do not
/// fit.
fn check_text_fit(cx: &Ctxt, field: &Field, ty: Shape, tn: &str) {
    let a = &field.attrs;
    let err = |span: Span, msg: String| cx.syn_error(syn::Error::new(span, msg));
    if let Some(d) = &a.decimal {
        match ty {
            Shape::Int { signed: false, .. } => {}
            Shape::Int { bytes: 8, .. } if a.reverse_ts.is_some() => {}
            Shape::Int { .. } => err(
                d.span,
                format!(
                    "#[decimal] does not fit `{tn}`: it writes digits with no sign, as Java's \
                     Long.toString of a non-negative value; make the field unsigned (u8..u128), \
                     or add #[reverse_ts] to an i64 timestamp"
                ),
            ),
            _ => err(
                d.span,
                format!(
                    "#[decimal] does not fit `{tn}`: it writes an integer as decimal text, and \
                     `{tn}` is not an integer; make the field an unsigned integer (u8..u128) \
                     holding the number, or remove #[decimal] to store `{tn}` as it is"
                ),
            ),
        }
    }
    let owned = match ty {
        Shape::Str => Some("String"),
        Shape::Bytes => Some("Vec<u8>"),
        _ => None,
    };
    if let Some(e) = a.escaped {
        match (ty, owned) {
            (_, Some(owned)) => err(
                e,
                format!(
                    "#[escaped] on `{tn}`: an escaped value is decoded into a new buffer and \
                     cannot be borrowed from the key; make the field `{owned}`"
                ),
            ),
            (Shape::String | Shape::VecU8 | Shape::Array, None) => {}
            _ => err(
                e,
                format!(
                    "#[escaped] does not fit `{tn}`: it escapes the 0x00 and 0xFF bytes of \
                     strings and byte strings (String, Vec<u8>, [u8; N]); `{tn}` is \
                     fixed-width and needs no escaping; remove #[escaped]"
                ),
            ),
        }
    }
    if let (Some(d), Some(owned)) = (a.desc, owned) {
        err(
            d,
            format!(
                "#[desc] on `{tn}`: the field is stored inverted and decoded into a new buffer, \
                 so it cannot be borrowed from the key; make the field `{owned}`"
            ),
        );
    }
}
