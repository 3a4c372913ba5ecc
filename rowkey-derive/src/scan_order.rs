//! The scan builder's key-order bound, so that a call out of order names
//! the field that comes next: a marker type per field, named and spanned as
//! the field, and each builder stage mapped to the marker of the field it
//! expects (the runtime's `ScanNext`); field `i`'s method requires that
//! marker to be its own (`NextField`).

use crate::model::Layout;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;

/// Where the markers are: beside the key's other generated items, or in a
/// module of their own when a marker's name would shadow a type the fields
/// name (a field called `u64`, or named like one of the field types).
pub struct Markers {
    names: Vec<TokenStream>,
    end: TokenStream,
    items: TokenStream,
}

pub fn markers(
    layouts: &[Layout],
    p: &TokenStream,
    key_ty: &TokenStream,
    lifetimes: &[&syn::Lifetime],
) -> Markers {
    let fields: Vec<&Ident> = layouts.iter().map(|l| l.field.ident).collect();
    let end = if fields.iter().any(|f| *f == "none") {
        format_ident!("no_field")
    } else {
        format_ident!("none")
    };
    let type_words: Vec<String> = layouts
        .iter()
        .flat_map(|l| {
            let ty = l.field.ty;
            quote!(#ty)
                .into_iter()
                .filter_map(|t| match t {
                    proc_macro2::TokenTree::Ident(i) => Some(i.to_string()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let shadows = fields
        .iter()
        .map(ToString::to_string)
        .chain([end.to_string()])
        .any(|m| PRIMITIVES.contains(&m.as_str()) || type_words.contains(&m));
    let module = shadows.then(|| format_ident!("__rowkey_fields"));
    let path = |m: &Ident| {
        if let Some(module) = &module {
            quote!(#module::#m)
        } else {
            quote!(#m)
        }
    };
    let decls = fields
        .iter()
        .map(|f| quote_spanned!(f.span()=> pub struct #f {}));
    let decls = quote! {
        #(#[doc(hidden)] #[allow(non_camel_case_types, dead_code)] #decls)*
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        pub struct #end {}
    };
    let items = if let Some(module) = &module {
        quote!(#[doc(hidden)] mod #module { #decls })
    } else {
        decls
    };
    let names: Vec<TokenStream> = fields.iter().map(|f| path(f)).collect();
    let end = path(&end);
    let stages = names.iter().chain([&end]).enumerate().map(|(i, marker)| {
        quote! {
            #[automatically_derived]
            impl<#(#lifetimes),*> #p::ScanNext<#key_ty> for #p::Stage<#i> {
                type Field = #marker;
            }
        }
    });
    let items = quote!(#items #(#stages)*);
    Markers { names, end, items }
}

impl Markers {
    /// The declarations and the stage map, once per key.
    pub fn items(&self) -> &TokenStream {
        &self.items
    }

    /// A `#[spread]` field may be skipped: where the builder expects it,
    /// the next field's method is callable too.
    pub fn skip(
        &self,
        layouts: &[Layout],
        p: &TokenStream,
        key_ty: &TokenStream,
        lifetimes: &[&syn::Lifetime],
    ) -> TokenStream {
        let Some(l) = layouts.iter().find(|l| l.spread.is_some()) else {
            return TokenStream::new();
        };
        let (Some(spread), Some(next)) = (self.names.get(l.index), self.names.get(l.index + 1))
        else {
            return TokenStream::new();
        };
        quote! {
            #[automatically_derived]
            impl<#(#lifetimes),*> #p::NextField<#key_ty, #next> for #spread {}
        }
    }

    /// The where-clause predicates of field `i`'s builder method.
    pub fn bound(&self, i: usize, p: &TokenStream, key_ty: &TokenStream) -> TokenStream {
        let marker = self.names.get(i).unwrap_or(&self.end);
        quote! {
            #p::Stage<STAGE>: #p::ScanNext<#key_ty, Field: #p::NextField<#key_ty, #marker>>,
        }
    }
}

const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64",
];
