//! The scan builder's key-order bound, so that a call out of order names
//! the field that comes next: a marker type per field, named and spanned as
//! the field. The builder's stage is the marker of the field it expects
//! (its `STAGE` parameter); field `i`'s method requires that marker to be
//! its own (the runtime's `NextField`).

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

pub fn markers(layouts: &[Layout]) -> Markers {
    let fields: Vec<&Ident> = layouts.iter().map(|l| l.field.ident).collect();
    let end = if fields.iter().any(|f| *f == "none") {
        format_ident!("no_field")
    } else {
        format_ident!("none")
    };
    let mut type_words = Vec::new();
    for l in layouts {
        type_idents(l.field.ty, &mut type_words);
    }
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
    // Never constructed: a marker is only a type, which a binary's
    // dead-code lint (unlike a library's) reports. (`non_camel_case_types`
    // is allowed on the key's whole `const _` block, `expand.rs`.)
    let decls = quote! {
        #(#[allow(dead_code)] #decls)*
        #[allow(dead_code)]
        pub struct #end {}
    };
    let items = if let Some(module) = &module {
        quote!(#[doc(hidden)] mod #module { #decls })
    } else {
        decls
    };
    let names: Vec<TokenStream> = fields.iter().map(|f| path(f)).collect();
    let end = path(&end);
    Markers { names, end, items }
}

impl Markers {
    /// The declarations, once per key.
    pub fn items(&self) -> &TokenStream {
        &self.items
    }

    /// A `#[spread]` field may be skipped: where the builder expects it,
    /// the next field's method is callable too.
    pub fn skip(
        &self,
        layouts: &[Layout],
        p: &Ident,
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

    /// The marker of field `i`: the stage at which its method is called
    /// (`i == n` for the end, once every field is given or after a range).
    pub fn stage(&self, i: usize) -> &TokenStream {
        self.names.get(i).unwrap_or(&self.end)
    }

    /// The where-clause predicate of field `i`'s builder method.
    pub fn bound(&self, i: usize, p: &Ident, key_ty: &TokenStream) -> TokenStream {
        let marker = self.stage(i);
        quote!(STAGE: #p::NextField<#key_ty, #marker>,)
    }
}

/// The names a type's paths are made of (`Option`, `u64`, ..), walked in
/// the syntax tree rather than by printing the type's tokens, which costs
/// the macro a call into the compiler per token.
fn type_idents(ty: &syn::Type, out: &mut Vec<String>) {
    match ty {
        syn::Type::Reference(r) => type_idents(&r.elem, out),
        syn::Type::Array(a) => type_idents(&a.elem, out),
        syn::Type::Slice(s) => type_idents(&s.elem, out),
        syn::Type::Paren(p) => type_idents(&p.elem, out),
        syn::Type::Group(g) => type_idents(&g.elem, out),
        syn::Type::Tuple(t) => t.elems.iter().for_each(|e| type_idents(e, out)),
        syn::Type::Path(p) => {
            if let Some(q) = &p.qself {
                type_idents(&q.ty, out);
            }
            for seg in &p.path.segments {
                out.push(seg.ident.to_string());
                if let syn::PathArguments::AngleBracketed(args) = &seg.arguments {
                    for arg in &args.args {
                        if let syn::GenericArgument::Type(t) = arg {
                            type_idents(t, out);
                        }
                    }
                }
            }
        }
        // Anything else (a macro, `impl Trait`, a fn pointer): printed
        // whole, as every word in it might name a type.
        other => out.extend(quote!(#other).into_iter().filter_map(|t| match t {
            proc_macro2::TokenTree::Ident(i) => Some(i.to_string()),
            _ => None,
        })),
    }
}

const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64",
];
