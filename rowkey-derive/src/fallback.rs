//! On a layout error, a stub implementation beside the error, so that code
//! using the key (`to_vec`, `decode`) does not add twenty errors of its own.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

pub fn expand(input: &DeriveInput, error: &syn::Error, krate: &TokenStream) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let name = ident.to_string();
    let error = error.to_compile_error();
    let mut de_generics = input.generics.clone();
    de_generics
        .params
        .insert(0, syn::parse_quote!('__rowkey_de));
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    quote! {
        #error
        #[allow(unreachable_code, clippy::all)]
        const _: () = {
            #[automatically_derived]
            impl #impl_generics #krate::__private::RowKey for #ident #ty_generics #where_clause {
                const NAME: &'static str = #name;
                const MAX_WIDTH: #krate::__private::Option<#krate::__private::usize> =
                    #krate::__private::None;
                const SPREAD: #krate::__private::Spread = #krate::__private::Spread::None;
                const SCAN_CAP: #krate::__private::usize = 0;
                const LAYOUT: #krate::__private::Layout = #krate::__private::Layout {
                    name: #name,
                    spread: #krate::__private::Spread::None,
                    salt: #krate::__private::None,
                    phoenix: false,
                    fields: &[],
                    time: #krate::__private::None,
                    __slot_widths: &[],
                };
                type Buf = [#krate::__private::u8; 0];
                type ScanBuf = [#krate::__private::u8; 0];
                type Key<'__rowkey_k> = Self;
                type Scan = #krate::__private::NoScan;
                type Explained<'__rowkey_k> = #krate::__private::Explain<'__rowkey_k, 0>;
                fn explain(
                    _: &[#krate::__private::u8],
                ) -> #krate::__private::Result<Self::Explained<'_>, #krate::__private::Error> {
                    ::core::unreachable!()
                }
                fn scan() -> Self::Scan {
                    ::core::unreachable!()
                }
                fn encoded_len(&self) -> #krate::__private::usize {
                    ::core::unreachable!()
                }
                fn encode_into(
                    &self,
                    _: &mut [#krate::__private::u8],
                ) -> #krate::__private::Result<#krate::__private::usize, #krate::__private::Error> {
                    ::core::unreachable!()
                }
            }
            #[automatically_derived]
            impl #de_impl_generics #krate::__private::Walk<'__rowkey_de> for #ident #ty_generics #where_clause {
                type Out = Self;
                fn __rowkey_read<const VERIFY: #krate::__private::bool>(
                    _: &[#krate::__private::u8],
                    _: &mut #krate::__private::SegsOf<Self>,
                ) -> #krate::__private::Result<Self, #krate::__private::Error> {
                    ::core::unreachable!()
                }
            }
            impl #impl_generics #ident #ty_generics #where_clause {
                pub fn decode(
                    _: &[#krate::__private::u8],
                ) -> #krate::__private::Result<Self, #krate::__private::Error> {
                    ::core::unreachable!()
                }
            }
        };
    }
}
