//! `#[rowkey(transparent)]`: the newtype is its one field's bytes. Every
//! trait of the field that a key's attributes or scans ask of a type is
//! forwarded, each under a bound on the field's type (written `for<'__x>`
//! so that a bound a concrete type does not meet leaves the impl out instead
//! of failing the build).

use super::members;
use crate::ctxt::Ctxt;
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{DeriveInput, Fields};

pub fn expand(
    cx: &Ctxt,
    node: &DeriveInput,
    fields: &Fields,
    transparent: Span,
    p: &TokenStream,
) -> TokenStream {
    let members = members(fields);
    let [(member, field)] = members.as_slice() else {
        let n = members.len();
        cx.syn_error(syn::Error::new(
            transparent,
            format!(
                "#[rowkey(transparent)] needs a struct with exactly one field, and this one has {n}; \
                 remove `transparent` to write fixed-width fields back to back"
            ),
        ));
        return TokenStream::new();
    };
    let ident = &node.ident;
    let inner = &field.ty;
    let (impl_g, ty_g, where_g) = node.generics.split_for_impl();
    let preds = where_g.map(|w| &w.predicates);
    let bound = |tr: TokenStream| quote!(where for<'__x> #inner: #tr, #preds);
    let kp = bound(quote!(#p::KeyPart));
    let ord = bound(quote!(#p::OrderedPart));
    let bucket = bound(quote!(#p::BucketValue));
    let rts = bound(quote!(#p::ReverseTs));
    let twos = bound(quote!(#p::TwosComplement));
    let rev = bound(quote!(#p::Reversible));
    let mut de_g = node.generics.clone();
    de_g.params.insert(0, syn::parse_quote!('__rowkey_de));
    let (de_impl, _, _) = de_g.split_for_impl();
    let build = |value: TokenStream| match member {
        syn::Member::Named(name) => quote!(#ident { #name: #value }),
        syn::Member::Unnamed(_) => quote!(#ident(#value)),
    };
    let decoded = build(quote!(<#inner as #p::DecodePart<'__rowkey_de>>::decode_part(bytes)?));
    let from_reversed = build(quote!(<#inner as #p::ReverseTs>::from_reversed(stored)?));
    let decode_twos = build(quote!(<#inner as #p::TwosComplement>::decode_twos(bytes)?));
    let decode_reversed = build(quote!(<#inner as #p::Reversible>::decode_reversed(body)?));
    quote! {
        #[automatically_derived]
        impl #impl_g #p::KeyPart for #ident #ty_g #kp {
            const WIDTH: #p::Option<#p::usize> = <#inner as #p::KeyPart>::WIDTH;
            #[inline]
            fn encoded_len(&self) -> #p::usize {
                <#inner as #p::KeyPart>::encoded_len(&self.#member)
            }
            #[inline]
            fn encode_part(&self, out: &mut [#p::u8]) -> #p::Result<(), #p::ErrorKind> {
                <#inner as #p::KeyPart>::encode_part(&self.#member, out)
            }
            #[inline]
            fn body_ends_with(&self, byte: #p::u8) -> #p::Option<#p::bool> {
                <#inner as #p::KeyPart>::body_ends_with(&self.#member, byte)
            }
        }
        #[automatically_derived]
        impl #de_impl #p::DecodePart<'__rowkey_de> for #ident #ty_g
        where #inner: #p::DecodePart<'__rowkey_de>, #preds
        {
            #[inline]
            fn decode_part(bytes: &'__rowkey_de [#p::u8]) -> #p::Result<Self, #p::ErrorKind> {
                #p::Ok(#decoded)
            }
            #[inline]
            fn check_part(bytes: &'__rowkey_de [#p::u8]) -> #p::Result<(), #p::ErrorKind> {
                <#inner as #p::DecodePart<'__rowkey_de>>::check_part(bytes)
            }
        }
        #[automatically_derived]
        impl #impl_g #p::OrderedPart for #ident #ty_g #ord {}
        #[automatically_derived]
        impl #impl_g #p::BucketValue for #ident #ty_g #bucket {
            #[inline]
            fn bucket(&self, n: #p::u32) -> #p::u32 {
                <#inner as #p::BucketValue>::bucket(&self.#member, n)
            }
        }
        #[automatically_derived]
        impl #impl_g #p::ReverseTs for #ident #ty_g #rts {
            #[inline]
            fn to_reversed(&self) -> #p::Result<#p::u64, #p::ErrorKind> {
                <#inner as #p::ReverseTs>::to_reversed(&self.#member)
            }
            #[inline]
            fn from_reversed(stored: #p::u64) -> #p::Result<Self, #p::ErrorKind> {
                #p::Ok(#from_reversed)
            }
            #[inline]
            fn to_i128(&self) -> #p::i128 {
                <#inner as #p::ReverseTs>::to_i128(&self.#member)
            }
            #[inline]
            fn to_i128_ceil(&self) -> #p::i128 {
                <#inner as #p::ReverseTs>::to_i128_ceil(&self.#member)
            }
        }
        #[automatically_derived]
        impl #impl_g #p::TwosComplement for #ident #ty_g #twos {
            #[inline]
            fn encode_twos(&self, out: &mut [#p::u8]) -> #p::Result<(), #p::ErrorKind> {
                <#inner as #p::TwosComplement>::encode_twos(&self.#member, out)
            }
            #[inline]
            fn decode_twos(bytes: &[#p::u8]) -> #p::Result<Self, #p::ErrorKind> {
                #p::Ok(#decode_twos)
            }
        }
        #[automatically_derived]
        impl #impl_g #p::Reversible for #ident #ty_g #rev {
            #[inline]
            fn reverse_body(body: &mut [#p::u8]) {
                <#inner as #p::Reversible>::reverse_body(body);
            }
            #[inline]
            fn decode_reversed(body: &[#p::u8]) -> #p::Result<Self, #p::ErrorKind> {
                #p::Ok(#decode_reversed)
            }
            #[inline]
            fn body_bytes(&self) -> &[#p::u8] {
                <#inner as #p::Reversible>::body_bytes(&self.#member)
            }
        }
    }
}
