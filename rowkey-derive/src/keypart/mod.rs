//! `#[derive(KeyPart)]`: a field type of your own, in three shapes. A
//! newtype with `#[rowkey(transparent)]` forwards to its one field
//! (`newtype.rs`); a fieldless enum writes a code per variant (`codes.rs`);
//! any other struct writes its fixed-width fields back to back
//! (`fixed.rs`). `attrs.rs` reads the `#[rowkey(..)]` arguments.

mod attrs;
mod codes;
mod fixed;
mod newtype;

use crate::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data, DeriveInput, Fields};

pub fn derive(node: &DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let container = attrs::container(&cx, &node.attrs);
    let krate = container
        .krate
        .as_ref()
        .map_or_else(|| quote!(::rowkey), |path| quote!(#path));
    let p = quote!(#krate::__private);
    let out = match &node.data {
        Data::Struct(data) => {
            attrs::no_codes_on_fields(&cx, &data.fields);
            if let Some(span) = container.transparent {
                attrs::no_width(
                    &cx,
                    &data.fields,
                    "on a transparent newtype's field (it takes its field's own width)",
                );
                newtype::expand(&cx, node, &data.fields, span, &p)
            } else {
                fixed::expand(&cx, node, &data.fields, &p)
            }
        }
        Data::Enum(data) => {
            if let Some(span) = container.transparent {
                cx.syn_error(syn::Error::new(
                    span,
                    "#[rowkey(transparent)] goes on a struct with one field; an enum writes a code per variant: #[rowkey(code = \"..\")] on each",
                ));
            }
            for v in &data.variants {
                attrs::no_width(&cx, &v.fields, "on a variant's data");
            }
            codes::expand(&cx, node, data, &p)
        }
        Data::Union(data) => {
            cx.error_spanned_by(
                data.union_token,
                "#[derive(KeyPart)] works on structs and fieldless enums, not unions",
            );
            TokenStream::new()
        }
    };
    match cx.check() {
        Ok(()) => out,
        Err(err) => err.to_compile_error(),
    }
}

/// The fields of a struct in order, with how to name each (`self.0` or
/// `self.name`) and how to build the struct back from them.
fn members(fields: &Fields) -> Vec<(syn::Member, &syn::Field)> {
    fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let member = f.ident.clone().map_or_else(
                || syn::Member::Unnamed(syn::Index::from(i)),
                syn::Member::Named,
            );
            (member, f)
        })
        .collect()
}
