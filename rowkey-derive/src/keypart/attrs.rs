//! The `#[rowkey(..)]` arguments of `#[derive(KeyPart)]`: `transparent` and
//! `crate = ".."` on the type, `code = ".."` on an enum's variants.

use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::{Attribute, Fields, Lit, Path};

#[derive(Default)]
pub struct Container {
    pub transparent: Option<Span>,
    pub krate: Option<Path>,
}

const TYPE_ARGS: &str = "#[derive(KeyPart)] takes `transparent` and `crate = \"..\"` on the type, and `code = \"..\"` on each variant of an enum";

pub fn container(cx: &Ctxt, attrs: &[Attribute]) -> Container {
    let mut out = Container::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("rowkey")) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("transparent") {
                if out.transparent.is_some() {
                    return Err(meta.error("duplicate `transparent`; keep one"));
                }
                out.transparent = Some(span_of(&meta.path));
                Ok(())
            } else if meta.path.is_ident("crate") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                if out.krate.is_some() {
                    return Err(meta.error("duplicate `crate = \"...\"`; keep one"));
                }
                out.krate = Some(lit.parse()?);
                Ok(())
            } else if meta.path.is_ident("code") {
                Err(meta.error(
                    "#[rowkey(code = \"..\")] goes on a variant of a fieldless enum, not on the type",
                ))
            } else {
                Err(meta.error(format_args!("unknown argument; {TYPE_ARGS}")))
            }
        });
        if let Err(err) = result {
            cx.syn_error(err);
        }
    }
    out
}

/// A variant's code: its bytes and the literal, for errors.
pub struct Code {
    pub bytes: Vec<u8>,
    pub lit: Lit,
}

/// `Ok(None)` when the variant has no code attribute; `Err` when it has one
/// that was already reported.
pub fn variant_code(cx: &Ctxt, attrs: &[Attribute]) -> Result<Option<Code>, ()> {
    let mut code = None;
    let mut failed = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("rowkey")) {
        let result = attr.parse_nested_meta(|meta| {
            if !meta.path.is_ident("code") {
                return Err(meta.error(
                    "unknown argument; a variant takes #[rowkey(code = \"..\")] (a string or a byte string such as b\"\\x01\")",
                ));
            }
            let lit: Lit = meta.value()?.parse()?;
            let bytes = match &lit {
                Lit::Str(s) => s.value().into_bytes(),
                Lit::ByteStr(b) => b.value(),
                _ => {
                    return Err(syn::Error::new_spanned(
                        &lit,
                        "a code is a string (\"tb\") or a byte string (b\"\\x01\")",
                    ))
                }
            };
            if bytes.is_empty() {
                return Err(syn::Error::new_spanned(
                    &lit,
                    "an empty code writes nothing, so decode could not tell this variant from a missing field: give it at least one byte",
                ));
            }
            if code.is_some() {
                return Err(meta.error("duplicate `code`; a variant has one"));
            }
            code = Some(Code { bytes, lit });
            Ok(())
        });
        if let Err(err) = result {
            cx.syn_error(err);
            failed = true;
        }
    }
    if failed {
        Err(())
    } else {
        Ok(code)
    }
}

/// Fields of a struct take no `#[rowkey(..)]` of this derive (a code there
/// is a misplaced variant attribute).
pub fn no_codes_on_fields(cx: &Ctxt, fields: &Fields) {
    for field in fields {
        for attr in field.attrs.iter().filter(|a| a.path().is_ident("rowkey")) {
            cx.error_spanned_by(
                attr,
                "#[rowkey(..)] has no arguments for a field of a #[derive(KeyPart)] struct; `code = \"..\"` goes on a variant of a fieldless enum",
            );
        }
    }
}

fn span_of(path: &Path) -> Span {
    path.get_ident()
        .map_or_else(Span::call_site, syn::Ident::span)
}

/// A field's `#[width(W)]`: its low W bytes, for an unsigned integer of
/// more than W bytes. `None` without one, or when it was refused (reported).
pub fn field_width(cx: &Ctxt, field: &syn::Field) -> Option<usize> {
    let mut out = None;
    for attr in field.attrs.iter().filter(|a| a.path().is_ident("width")) {
        if out.is_some() {
            cx.error_spanned_by(attr, "duplicate #[width]; keep one");
            continue;
        }
        let Some(size) = unsigned_size(&field.ty) else {
            cx.error_spanned_by(
                attr,
                "#[width(W)] fits unsigned integers (u16, u32, u64, u128): it writes their low W bytes",
            );
            continue;
        };
        let w = match attr
            .parse_args::<syn::LitInt>()
            .and_then(|l| l.base10_parse::<usize>())
        {
            Ok(w) => w,
            Err(err) => {
                cx.syn_error(syn::Error::new(
                    err.span(),
                    "write #[width(W)], W a number of bytes",
                ));
                continue;
            }
        };
        if w == 0 || w >= size {
            cx.error_spanned_by(
                attr,
                format!(
                    "#[width({w})] is out of range for a {}-byte integer: use 1 to {} (the full width needs no attribute)",
                    size,
                    size - 1
                ),
            );
            continue;
        }
        out = Some(w);
    }
    out
}

fn unsigned_size(ty: &syn::Type) -> Option<usize> {
    let syn::Type::Path(tp) = ty else { return None };
    let name = tp.path.get_ident()?.to_string();
    match name.as_str() {
        "u8" => Some(1),
        "u16" => Some(2),
        "u32" => Some(4),
        "u64" => Some(8),
        "u128" => Some(16),
        _ => None,
    }
}

/// `#[width]` belongs on a field of a fixed-width struct only.
pub fn no_width(cx: &Ctxt, fields: &Fields, on: &str) {
    for field in fields {
        for attr in field.attrs.iter().filter(|a| a.path().is_ident("width")) {
            cx.error_spanned_by(
                attr,
                format!("#[width(W)] goes on a field of a struct of fixed-width fields, not {on}"),
            );
        }
    }
}
