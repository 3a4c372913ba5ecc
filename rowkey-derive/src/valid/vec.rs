//! A `Vec<T>` field other than `Vec<u8>`: fixed-width elements to the end
//! of the key.

use super::shape::is_u8;
use super::{inner, known_width, Known};
use crate::ast::Field;
use crate::ctxt::Ctxt;
use crate::model::option_inner;
use syn::Type;

/// A `Vec<T>` other than `Vec<u8>`: fixed-width elements back to back up
/// to the end of the key, so it is last, its elements fixed-width, and no
/// frame or text attribute applies.
pub(super) fn check_vec(cx: &Ctxt, field: &Field, last: bool) {
    let Some(element) = vec_element(inner(field)) else {
        return;
    };
    if known_width(element) == Known::Variable || option_inner(element).is_some() {
        cx.syn_error(syn::Error::new_spanned(
            field.ty,
            format!(
                "field `{}` is a Vec of variable-width elements: a Vec<T> field writes its \
                 elements back to back with no separator, so each must take the same bytes; \
                 use [u8; N] or integers, or Vec<u8> for bytes",
                field.ident
            ),
        ));
        return;
    }
    if !last {
        cx.syn_error(syn::Error::new_spanned(
            field.ty,
            format!(
                "field `{}` is a Vec<T>, whose elements run to the end of the key with no count \
                 and no terminator, but it is not last: move it to the end of the struct",
                field.ident
            ),
        ));
        return;
    }
    let a = &field.attrs;
    let spans = [
        (a.pad.as_ref().map(|p| p.span), "#[pad]"),
        (a.delim.as_ref().map(|d| d.span), "#[delim]"),
        (a.escaped, "#[escaped]"),
        (a.reverse, "#[reverse]"),
        (a.decimal.as_ref().map(|d| d.span), "#[decimal]"),
        (a.width.as_ref().map(|w| w.span), "#[width]"),
        (a.reverse_ts, "#[reverse_ts]"),
        (a.twos_complement, "#[twos_complement]"),
        (a.bucket.as_ref().map(|b| b.span), "#[bucket]"),
    ];
    for (span, what) in spans {
        if let Some(span) = span {
            cx.syn_error(syn::Error::new(
                span,
                format!(
                    "{what} does not fit `{}`, a Vec<T> of fixed-width elements written back to \
                     back up to the end of the key; remove it",
                    field.ident
                ),
            ));
        }
    }
}

/// `T` of a `Vec<T>` other than `Vec<u8>`.
pub(super) fn vec_element(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = crate::model::peel(ty) else {
        return None;
    };
    let last = p.path.segments.last()?;
    if p.qself.is_some() || last.ident != "Vec" {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first() {
            Some(syn::GenericArgument::Type(t)) if !is_u8(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}
