//! The layout rules that relate attributes to each other and to the field's
//! position. Rules that depend on a field's type are left to the compiler
//! (trait bounds emitted by `expand.rs`), so they hold for type aliases and
//! user types too.

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::{GenericParam, Type};

pub fn check(cx: &Ctxt, input: &Input) {
    check_generics(cx, input);
    for (i, field) in input.fields.iter().enumerate() {
        check_conflicts(cx, field);
        let last = i + 1 == input.fields.len();
        if !last
            && field.attrs.pad.is_none()
            && field.attrs.delim.is_none()
            && field.attrs.reverse_ts.is_none()
            && known_width(field.ty) == Known::Variable
        {
            cx.syn_error(syn::Error::new_spanned(
                field.ty,
                format!(
                    "field `{}` is variable-width but not last: a prefix scan for \"host1\" would \
                     also return \"host12\"; add #[pad(N)] or #[delim], or move it to the end",
                    field.ident
                ),
            ));
        }
    }
    if let Some(salt) = &input.attrs.salt {
        for (i, name) in salt.fields.iter().enumerate() {
            if !input.fields.iter().any(|f| f.ident == name) {
                cx.syn_error(syn::Error::new(
                    name.span(),
                    format!("the salt hashes field `{name}`, but the struct has no such field"),
                ));
            }
            if salt.fields[..i].iter().any(|earlier| earlier == name) {
                cx.syn_error(syn::Error::new(
                    name.span(),
                    format!("field `{name}` is listed twice in the salt; list it once"),
                ));
            }
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

fn check_conflicts(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let name = field.ident;
    let conflict = |span: Option<Span>, msg: String| {
        if let Some(span) = span {
            cx.syn_error(syn::Error::new(span, msg));
        }
    };
    if let (Some(_), Some(d)) = (&a.pad, &a.delim) {
        conflict(
            Some(d.span),
            format!(
                "field `{name}` has both #[pad] and #[delim]: each already ends the field \
                 unambiguously; keep one"
            ),
        );
    }
    if a.reverse_ts.is_some() {
        let why = "#[reverse_ts] writes a fixed 8-byte timestamp";
        conflict(
            a.pad.as_ref().map(|p| p.span),
            format!("field `{name}`: {why}, so #[pad] has nothing to pad; remove it"),
        );
        conflict(
            a.delim.as_ref().map(|d| d.span),
            format!("field `{name}`: {why}, so #[delim] is not needed; remove it"),
        );
        conflict(
            a.reverse,
            format!(
                "field `{name}`: {why}; #[reverse] reverses strings, not timestamps; remove it"
            ),
        );
        conflict(
            a.twos_complement,
            format!("field `{name}`: {why} as Long.MAX_VALUE - ts; #[twos_complement] does not apply; remove it"),
        );
    }
    if let (Some(_), Some(b)) = (&a.salt, &a.bucket) {
        conflict(
            Some(b.span),
            format!(
                "field `{name}` has both #[salt] and #[bucket]: both spread keys over regions; \
                 keep one"
            ),
        );
    }
    if a.reverse.is_some() {
        conflict(
            a.twos_complement,
            format!("field `{name}`: #[reverse] is for strings and bytes, #[twos_complement] for signed integers; keep the one that fits"),
        );
    }
}

#[derive(PartialEq, Eq)]
pub enum Known {
    Fixed,
    Variable,
    Unknown,
}

/// What can be told from the syntax alone. Anything else is checked through
/// `KeyPart::WIDTH` by the compiler.
pub fn known_width(ty: &Type) -> Known {
    match ty {
        Type::Reference(r) => match &*r.elem {
            Type::Path(p) if p.path.is_ident("str") => Known::Variable,
            Type::Slice(s) if is_u8(&s.elem) => Known::Variable,
            _ => Known::Unknown,
        },
        Type::Array(_) => Known::Fixed,
        Type::Paren(p) => known_width(&p.elem),
        Type::Group(g) => known_width(&g.elem),
        Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return Known::Unknown;
            };
            let name = last.ident.to_string();
            match name.as_str() {
                "u8" | "u16" | "u32" | "u64" | "u128" | "i8" | "i16" | "i32" | "i64" | "i128"
                | "bool"
                    if p.path.segments.len() == 1 =>
                {
                    Known::Fixed
                }
                "String" => Known::Variable,
                "Vec" => Known::Variable,
                _ => Known::Unknown,
            }
        }
        _ => Known::Unknown,
    }
}

fn is_u8(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.path.is_ident("u8"))
}
