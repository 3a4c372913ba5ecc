//! The layout rules that relate attributes to each other and to the field's
//! position, one file per concern: spreads (`spread.rs`), `Vec<T>` fields
//! (`vec.rs`), contradicting attributes (`conflicts.rs`), attributes on a
//! type they do not fit (`fit.rs`), Phoenix keys (`phoenix.rs`), and the
//! types as spelled (`shape.rs`); framing, the struct-level salt and the
//! key's width are here. Rules that depend on a field's type are enforced
//! by the compiler (trait bounds emitted by `checks.rs`), so they hold for
//! type aliases and user types too. Where the type is spelled as a built-in
//! one (`u64`, `&str`) the same rules are also checked here first: the
//! message can then point at the attribute and name the types that fit,
//! and the generated code, which would fail on the same mistake in several
//! places, is not emitted at all.

mod conflicts;
mod fit;
mod phoenix;
mod shape;
mod spread;
mod vec;

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::model::option_inner;
use crate::HBASE_MAX_KEY;
pub(crate) use shape::{is_text, known_width, shape, Known, Shape};
use syn::{GenericParam, Type};

/// Fields a struct-level salt may hash (the runtime's scan state keeps their
/// positions in an array of this size).
const MAX_SALT_FIELDS: usize = 8;

pub fn check(cx: &Ctxt, input: &Input) {
    check_generics(cx, input);
    crate::time::check(cx, input);
    let phoenix = input.attrs.phoenix.is_some();
    if phoenix {
        phoenix::check(cx, input);
    }
    for field in &input.fields {
        spread::check_spread(cx, field);
    }
    spread::check_one(cx, input);
    for (i, field) in input.fields.iter().enumerate() {
        // One mistake, one error: an attribute already reported as
        // conflicting is not also reported as not fitting the type.
        if !conflicts::check_conflicts(cx, field) {
            fit::check_fit(cx, field);
        }
        let last = i + 1 == input.fields.len();
        check_frame(cx, field, last, phoenix);
        if i > 0 && !input.attrs.spread_not_first {
            spread::check_spread_first(cx, field, &input.fields[0]);
        }
        vec::check_vec(cx, field, last);
    }
    spread::check_java_salt(cx, input);
    check_struct_salt(cx, input);
    check_limit(cx, input);
}

/// A field that is not last must say where it ends: a pad, a delimiter, or
/// a body of fixed width.
fn check_frame(cx: &Ctxt, field: &Field, last: bool, phoenix: bool) {
    // (A Phoenix key separates its variable-width columns itself.)
    if !last
        && !phoenix
        && field.attrs.pad.is_none()
        && field.attrs.delim.is_none()
        && !field.attrs.frame_unparsed
        && body_width(field) == Known::Variable
        // A `Vec<T>` not last has its own message (`check_vec`).
        && vec::vec_element(inner(field)).is_none()
    {
        let msg = if field.attrs.decimal.is_some() {
            format!(
                "field `{}` is #[decimal] without a width, so its digits are variable-width, \
                 and it is not last: add #[delim(b'_')] (Java text keys joined by _), write \
                 #[decimal(W)] for exactly W digits, or move it to the end",
                field.ident
            )
        } else if field.attrs.desc.is_some() {
            format!(
                "field `{}` is #[desc], variable-width and not last: add #[delim] (stored \
                 inverted as Phoenix's 0xFF separator, so longer values sort first) or \
                 #[pad(N)], or move it to the end",
                field.ident
            )
        } else {
            format!(
                "field `{}` is variable-width but not last: a prefix scan for \"host1\" would \
                 also return \"host12\"; add #[pad(N)], #[delim] or #[escaped], or move it \
                 to the end",
                field.ident
            )
        };
        cx.syn_error(syn::Error::new_spanned(field.ty, msg));
    } else if !last
        && field.attrs.pad.is_none()
        && field.attrs.delim.is_none()
        && !field.attrs.frame_unparsed
    {
        if let Some(nested) = option_of_variable(inner(field)) {
            cx.syn_error(syn::Error::new_spanned(
                field.ty,
                format!(
                    "field `{}` holds an `Option<{}>`, whose bytes do not say where they \
                     end (its value is variable-width), and it is not last: add \
                     #[delim(b'_')] with a byte its values never hold (not the default \
                     0x00, which is how Some(None) is written), or move it to the end; an \
                     Option of a fixed-width type (Option<Option<u8>>) needs neither",
                    field.ident,
                    quote::ToTokens::to_token_stream(nested)
                ),
            ));
        }
    }
}

/// A struct-level salt: the key's one salt, at its front, over at most
/// `MAX_SALT_FIELDS` fields that exist, each listed once and always present.
fn check_struct_salt(cx: &Ctxt, input: &Input) {
    let Some(salt) = &input.attrs.salt else {
        return;
    };
    // A key has one salt, at its front: a field's own salt beside it
    // would be a second hash that spreads nothing further.
    for field in &input.fields {
        if let Some(s) = &field.attrs.salt {
            cx.syn_error(syn::Error::new(
                s.span,
                format!(
                    "field `{}` has its own #[salt] but the struct already has a salt, \
                     #[rowkey(salt(..))]: a key has one salt, at its front; remove this \
                     #[salt] and list `{}` in the struct-level salt's fields(..) to hash it",
                    field.ident, field.ident
                ),
            ));
        }
    }
    // The scan builder keeps the salted fields' positions in a fixed
    // array, so that building ranges needs no allocation.
    if let Some(extra) = salt.fields.get(MAX_SALT_FIELDS) {
        cx.syn_error(syn::Error::new(
            extra.span(),
            format!(
                "a struct-level salt hashes at most {MAX_SALT_FIELDS} fields; hash fewer \
                 (the salt only needs enough of the key to spread it)"
            ),
        ));
    }
    for (i, name) in salt.fields.iter().enumerate() {
        match input.fields.iter().find(|f| f.ident == name) {
            None => cx.syn_error(syn::Error::new(
                name.span(),
                format!("the salt hashes field `{name}`, but the struct has no such field"),
            )),
            // As a field's own #[salt] or #[bucket] on an Option.
            Some(f) if option_inner(f.ty).is_some() => cx.syn_error(syn::Error::new(
                name.span(),
                format!(
                    "the struct-level salt hashes `{name}`, an Option field: None has no \
                     value to hash; list only fields that are always present in \
                     fields(..)"
                ),
            )),
            Some(_) => {}
        }
        if salt.fields[..i].iter().any(|earlier| earlier == name) {
            cx.syn_error(syn::Error::new(
                name.span(),
                format!("field `{name}` is listed twice in the salt; list it once"),
            ));
        }
    }
}

/// The widths the macro can see (pads, salts, buckets, `reverse_ts` and
/// primitive integers) already over HBase's limit. Arrays and user types add
/// to this only through `KeyPart::WIDTH`, which the compiler checks.
fn check_limit(cx: &Ctxt, input: &Input) {
    let mut total = input
        .attrs
        .salt
        .as_ref()
        .map_or(0, |s| s.chars + usize::from(s.delim.is_some()))
        + input.attrs.java_salt.as_ref().map_or(0, |s| s.width);
    for field in &input.fields {
        let a = &field.attrs;
        let before = total;
        total += a
            .salt
            .as_ref()
            .map_or(0, |s| s.chars + usize::from(s.delim.is_some()));
        total += a
            .bucket
            .as_ref()
            .map_or(0, |b| if b.count <= 256 { 1 } else { 2 });
        total += match (&a.pad, &a.decimal, a.reverse_ts, shape(inner(field))) {
            _ if a.width.is_some() => a.width.as_ref().map_or(0, |w| w.bytes),
            (Some(p), _, _, _) => p.width,
            (_, Some(d), _, _) => d.width.unwrap_or(0),
            (_, _, Some(_), _) => 8,
            (_, _, _, Shape::Int { bytes, .. }) => bytes,
            (_, _, _, Shape::Bool) => 1,
            _ => 0,
        };
        total += usize::from(a.delim.is_some() && a.pad.is_none());
        total += usize::from(option_inner(field.ty).is_some());
        if total > HBASE_MAX_KEY {
            let span = a
                .pad
                .as_ref()
                .map(|p| p.span)
                .or(a.salt.as_ref().map(|s| s.span))
                .or(a.bucket.as_ref().map(|b| b.span))
                .unwrap_or_else(|| field.ident.span());
            cx.syn_error(syn::Error::new(
                span,
                format!(
                    "this row key is at least {total} bytes wide up to and including field \
                     `{}` (the fields before it take {before}), over HBase's row-key limit of \
                     {HBASE_MAX_KEY} bytes; shorten the #[pad(N)] widths",
                    field.ident
                ),
            ));
            return;
        }
    }
}

fn check_generics(cx: &Ctxt, input: &Input) {
    for param in &input.original.generics.params {
        match param {
            GenericParam::Lifetime(_) => {}
            GenericParam::Type(t) => cx.error_spanned_by(
                t,
                "a row key has one concrete layout: type parameters are not supported; \
                 use a concrete field type (lifetimes are fine)",
            ),
            GenericParam::Const(c) => cx.error_spanned_by(
                c,
                "a row key has one concrete layout: const parameters are not supported; \
                 write the width into the field type or #[pad(N)]",
            ),
        }
    }
}

/// `X` of a type spelled `Option<X>` (at any depth of `Option`s) when `X`
/// is spelled as a variable-width built-in type: such an `Option` does not
/// delimit itself, where an `Option` of a fixed-width type does
/// (`KeyPart::SELF_DELIMITING`).
pub(super) fn option_of_variable(ty: &Type) -> Option<&Type> {
    let mut x = option_inner(ty)?;
    while let Some(deeper) = option_inner(x) {
        x = deeper;
    }
    (known_width(x) == Known::Variable).then_some(x)
}

/// The field's inner type: `T` of `Option<T>`, else the field's type.
pub(super) fn inner<'a>(field: &Field<'a>) -> &'a Type {
    option_inner(field.ty).unwrap_or(field.ty)
}

/// Whether the body's width is known fixed, variable or left to the type,
/// from the attributes first (`#[decimal]`, `#[reverse_ts]`, `#[escaped]`)
/// and then the type as spelled. An escaped body ends itself, so it counts
/// as fixed for the framing rules.
pub(super) fn body_width(field: &Field) -> Known {
    let a = &field.attrs;
    match &a.decimal {
        Some(d) if d.width.is_none() => return Known::Variable,
        Some(_) => return Known::Fixed,
        None => {}
    }
    if a.reverse_ts.is_some() || a.escaped.is_some() || a.width.is_some() {
        return Known::Fixed;
    }
    known_width(inner(field))
}
