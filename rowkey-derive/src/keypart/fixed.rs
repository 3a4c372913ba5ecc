//! A struct of fixed-width fields, written back to back with nothing
//! between them: the element of a `Vec<T>` last field (OpenTSDB's tag pair,
//! a 3-byte tag key id and a 3-byte value id), or any small record.

use super::members;
use crate::checks::respan;
use crate::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Fields, Type};

pub fn expand(cx: &Ctxt, node: &DeriveInput, fields: &Fields, p: &TokenStream) -> TokenStream {
    let ident = &node.ident;
    let members = members(fields);
    if members.is_empty() {
        cx.error_spanned_by(
            ident,
            "a struct without fields writes nothing: give it fixed-width fields, or use a fieldless enum with #[rowkey(code = \"..\")] variants",
        );
        return TokenStream::new();
    }
    let widths: Vec<Option<usize>> = members
        .iter()
        .map(|(_, f)| super::attrs::field_width(cx, f))
        .collect();
    for (member, field) in &members {
        if let Some(what) = variable_width(&field.ty) {
            let name = match member {
                syn::Member::Named(n) => format!("`{n}`"),
                syn::Member::Unnamed(i) => format!("{}", i.index),
            };
            let hint = if members.len() == 1 {
                "add #[rowkey(transparent)] to the struct to take the field's own encoding"
            } else {
                "use a fixed-width type ([u8; N], an integer, a fixed-width KeyPart), or give the variable-width value a field of the key of its own"
            };
            cx.error_spanned_by(
                &field.ty,
                format!(
                    "field {name} is {what}, which has no fixed width: a #[derive(KeyPart)] struct writes its fields back to back, so decode must know where each ends; {hint}"
                ),
            );
        }
    }
    let tys = members.iter().map(|(_, f)| &f.ty).collect::<Vec<_>>();
    let names = members.iter().map(|(m, _)| m).collect::<Vec<_>>();
    // Each field's width in the struct's, its write and its read: a
    // `#[width(W)]` integer's low W bytes, otherwise the type's own bytes.
    let part_widths = tys
        .iter()
        .zip(&widths)
        .map(|(ty, w)| {
            if let Some(w) = w {
                quote!(#w)
            } else {
                quote!(#p::fixed_part_width(<#ty as #p::KeyPart>::WIDTH))
            }
        })
        .collect::<Vec<_>>();
    let writes = names
        .iter()
        .zip(&tys)
        .zip(&widths)
        .map(|((name, ty), w)| {
            if let Some(w) = w {
                quote!(#p::write_uint(out, &mut at, #p::u128::from(self.#name), #w)?;)
            } else {
                quote!(#p::write_fixed::<#ty>(out, &mut at, &self.#name)?;)
            }
        })
        .collect::<Vec<_>>();
    let reads = tys
        .iter()
        .zip(&widths)
        .map(|(ty, w)| {
            if let Some(w) = w {
                quote!(#p::read_uint::<#ty>(bytes, &mut at, #w)?)
            } else {
                quote!(#p::read_fixed::<#ty>(bytes, &mut at)?)
            }
        })
        .collect::<Vec<_>>();
    // A field type of the caller's own that turns out variable-width: the
    // check runs in const evaluation, spanned on the field.
    let own_checks = members
        .iter()
        .zip(&widths)
        .filter(|((_, f), w)| w.is_none() && !mentions_generics(&f.ty, &node.generics))
        .map(|(m, _)| m)
        .map(|(_, f)| {
            let ty = &f.ty;
            let span = ty.span();
            let p = respan(p, span);
            quote_spanned! {span=>
                const _: () = #p::require_fixed_part::<
                    #p::Check<#ty, { #p::is_fixed(<#ty as #p::KeyPart>::WIDTH) }>,
                    #ty,
                >();
            }
        });
    let (impl_g, ty_g, where_g) = node.generics.split_for_impl();
    let preds = where_g.map(|w| &w.predicates);
    let mut de_g = node.generics.clone();
    de_g.params.insert(0, syn::parse_quote!('__rowkey_de));
    let (de_impl, _, _) = de_g.split_for_impl();
    let build = if let Fields::Named(_) = fields {
        quote!(#ident { #(#names: #reads,)* })
    } else {
        quote!(#ident ( #(#reads,)* ))
    };
    quote! {
        #(#own_checks)*
        #[automatically_derived]
        impl #impl_g #p::KeyPart for #ident #ty_g
        where #(for<'__x> #tys: #p::KeyPart,)* #preds
        {
            const WIDTH: #p::Option<#p::usize> = #p::Some(0 #(+ #part_widths)*);
            #[inline]
            fn encoded_len(&self) -> #p::usize {
                0 #(+ #part_widths)*
            }
            #[inline]
            fn encode_part(&self, out: &mut [#p::u8]) -> #p::Result<(), #p::ErrorKind> {
                #p::check_fixed(out.len(), <Self as #p::KeyPart>::encoded_len(self))?;
                let mut at = 0;
                #(#writes)*
                #p::Ok(())
            }
        }
        #[automatically_derived]
        impl #de_impl #p::DecodePart<'__rowkey_de> for #ident #ty_g
        where #(#tys: #p::DecodePart<'__rowkey_de>,)* #preds
        {
            #[inline]
            fn decode_part(bytes: &'__rowkey_de [#p::u8]) -> #p::Result<Self, #p::ErrorKind> {
                #p::check_fixed(bytes.len(), 0 #(+ #part_widths)*)?;
                let mut at = 0;
                #p::Ok(#build)
            }
        }
        #[automatically_derived]
        impl #impl_g #p::OrderedPart for #ident #ty_g
        where #(for<'__x> #tys: #p::OrderedPart,)* #preds {}
    }
}

/// What a field type that is variable width by its spelling is called in
/// the error; `None` for types whose width only the compiler knows.
fn variable_width(ty: &Type) -> Option<&'static str> {
    match ty {
        Type::Reference(r) => match &*r.elem {
            Type::Slice(_) => Some("a byte slice"),
            Type::Path(tp) if tp.path.is_ident("str") => Some("a string"),
            _ => None,
        },
        Type::Slice(_) => Some("a slice"),
        Type::Path(tp) => {
            let last = tp.path.segments.last()?.ident.to_string();
            match last.as_str() {
                "String" | "str" => Some("a string"),
                "Vec" => Some("a Vec"),
                "Option" => Some("an Option"),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether a type names one of the struct's generic parameters or a
/// lifetime: a free `const` cannot name those.
fn mentions_generics(ty: &Type, generics: &syn::Generics) -> bool {
    let text = quote!(#ty).to_string();
    text.contains('\'')
        || generics.type_params().any(|t| {
            let name = t.ident.to_string();
            text.split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|w| w == name)
        })
}
