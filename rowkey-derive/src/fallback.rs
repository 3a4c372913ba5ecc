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
