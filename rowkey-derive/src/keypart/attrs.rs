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
