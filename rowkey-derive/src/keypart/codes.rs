//! A fieldless enum as a short code per variant (the Alibaba Cloud design
//! note's `淘寶 => tb`). Fixed width when every code has one length; the
//! byte order, and so a scan's order, is the codes' order.

use super::attrs::{variant_code, Code};
use crate::ctxt::Ctxt;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use std::fmt::Write as _;
use syn::{DataEnum, DeriveInput, Fields};

pub fn expand(cx: &Ctxt, node: &DeriveInput, data: &DataEnum, p: &TokenStream) -> TokenStream {
    let ident = &node.ident;
    if data.variants.is_empty() {
        cx.error_spanned_by(
            &node.ident,
            "an enum without variants has no value to write: give it a variant per code, #[rowkey(code = \"..\")] on each",
        );
        return TokenStream::new();
    }
    let mut codes: Vec<(&syn::Ident, Code)> = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, Fields::Unit) {
            cx.error_spanned_by(
                &v.fields,
                format!(
                    "variant `{}` carries data, and a code enum writes only the variant's code: \
                     make it a unit variant, or write the data as a struct of fixed-width fields with #[derive(KeyPart)]",
                    v.ident
                ),
            );
        }
        if let Some((_, e)) = &v.discriminant {
            cx.error_spanned_by(
                e,
                "a variant's bytes are its #[rowkey(code = \"..\")], not its discriminant: remove `= ..`",
            );
        }
        let Ok(code) = variant_code(cx, &v.attrs) else {
            continue;
        };
        let Some(code) = code else {
            cx.error_spanned_by(
                &v.ident,
                format!(
                    "variant `{}` has no code: add #[rowkey(code = \"..\")], the bytes it is stored as",
                    v.ident
                ),
            );
            continue;
        };
        if let Some((other, _)) = codes.iter().find(|(_, c)| c.bytes == code.bytes) {
            cx.error_spanned_by(
                &code.lit,
                format!(
                    "`{}` has the same code as `{other}`, so decode could not tell them apart: give each variant its own code",
                    v.ident
                ),
            );
            continue;
        }
        codes.push((&v.ident, code));
    }
    if codes.len() != data.variants.len() {
        return TokenStream::new();
    }
    let width = codes[0].1.bytes.len();
    let width = if codes.iter().all(|(_, c)| c.bytes.len() == width) {
        quote!(#p::Some(#width))
    } else {
        quote!(#p::None)
    };
    let names = codes.iter().map(|(v, _)| *v).collect::<Vec<_>>();
    let lits = codes
        .iter()
        .map(|(_, c)| Literal::byte_string(&c.bytes))
        .collect::<Vec<_>>();
    let lens = codes.iter().map(|(_, c)| c.bytes.len());
    let shards =
        (0..codes.len()).map(|i| Literal::u32_unsuffixed(u32::try_from(i).unwrap_or(u32::MAX)));
    let shards = shards.collect::<Vec<_>>();
    let listed = codes
        .iter()
        .map(|(_, c)| printable(&c.bytes))
        .collect::<Vec<_>>()
        .join(", ");
    let unknown = format!("not a code of {ident} (one of {listed})");
    let (impl_g, ty_g, where_g) = node.generics.split_for_impl();
    let mut de_g = node.generics.clone();
    de_g.params.insert(0, syn::parse_quote!('__rowkey_de));
    let (de_impl, _, _) = de_g.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_g #p::KeyPart for #ident #ty_g #where_g {
            const WIDTH: #p::Option<#p::usize> = #width;
            #[inline]
            fn encoded_len(&self) -> #p::usize {
                match self { #(#ident::#names => #lens,)* }
            }
            #[inline]
            fn encode_part(&self, out: &mut [#p::u8]) -> #p::Result<(), #p::ErrorKind> {
                #p::write_code(out, match self { #(#ident::#names => #lits,)* })
            }
            #[inline]
            fn body_ends_with(&self, byte: #p::u8) -> #p::Option<#p::bool> {
                let code: &[#p::u8] = match self { #(#ident::#names => #lits,)* };
                #p::Some(code.last() == #p::Some(&byte))
            }
        }
        #[automatically_derived]
        impl #de_impl #p::DecodePart<'__rowkey_de> for #ident #ty_g #where_g {
            #[inline]
            fn decode_part(bytes: &'__rowkey_de [#p::u8]) -> #p::Result<Self, #p::ErrorKind> {
                match bytes {
                    #(#lits => #p::Ok(#ident::#names),)*
                    _ => #p::Err(#p::ErrorKind::Invalid { reason: #unknown }),
                }
            }
        }
        #[automatically_derived]
        impl #impl_g #p::OrderedPart for #ident #ty_g #where_g {}
        // The variants, in declaration order, are the shards of a
        // `#[spread(N)]` field: the HBase reference guide's random `a-`
        // .. `d-` prefixes are a four-code enum.
        #[automatically_derived]
        impl #impl_g #p::SpreadValue for #ident #ty_g #where_g {
            #[inline]
            fn shard(&self) -> #p::u128 {
                match self { #(#ident::#names => #shards,)* }
            }
            #[inline]
            fn from_shard(i: #p::u32) -> #p::Option<Self> {
                match i {
                    #(#shards => #p::Some(#ident::#names),)*
                    _ => #p::None,
                }
            }
        }
    }
}

/// A code as the error message shows it: text as is, other bytes as
/// HBase's `Bytes.toStringBinary` writes them.
fn printable(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b" `~!@#$%^&*()-_=+[]{}|;:'\",.<>/?".contains(&b) {
            s.push(char::from(b));
        } else {
            let _ = write!(s, "\\x{b:02X}");
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.is_ascii() => text.to_owned(),
        _ => s,
    }
}
