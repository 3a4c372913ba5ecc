//! Code generation for a `#[spread(N)]` key's candidates: the N rows a key
//! may be stored under, one per shard (HBaseWD's `getAllDistributedKeys`),
//! each written by `encode_into`'s own field writers with the spread field
//! replaced by the shard.

use crate::encode::encode_field_from;
use crate::expand::{len_term_from, Gen};
use proc_macro2::TokenStream;
use quote::quote;

pub fn candidates(g: &Gen) -> TokenStream {
    let Some(spread) = g.layouts.iter().find(|l| l.spread.is_some()) else {
        return TokenStream::new();
    };
    let p = &g.p;
    let (ident, name) = (g.ident, &g.name);
    let count = spread.spread.unwrap_or(0);
    let fname = &spread.name;
    let fty = spread.field.ty;
    let access = |l: &crate::model::Layout| {
        if l.index == spread.index {
            quote!(__spread)
        } else {
            let f = l.field.ident;
            quote!(self.#f)
        }
    };
    let multi_width = g.multi_width;
    let len_terms = (multi_width > 0)
        .then(|| quote!(#multi_width))
        .into_iter()
        .chain(g.layouts.iter().map(|l| len_term_from(l, p, &access(l))));
    let fields = g
        .layouts
        .iter()
        .map(|l| encode_field_from(l, p, name, &g.w_exact, &access(l)));
    let multi = &g.multi.0;
    let (impl_generics, ty_generics, where_clause) = g.input.original.generics.split_for_impl();
    let doc = format!(
        "The {count} rows this key may be stored under, one per shard of its `#[spread({count})]` \
         field `{fname}` (the field's own value is ignored): a get or delete asks for all of \
         them, as HBaseWD's `getAllDistributedKeys`. Each is written into a stack buffer."
    );
    quote! {
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc(hidden)]
            pub fn __rowkey_encode_shard(
                &self,
                __shard: #p::u32,
                __out: &mut [#p::u8],
            ) -> #p::Result<#p::usize, #p::Error> {
                let __spread: #fty = match <#fty as #p::SpreadValue>::from_shard(__shard) {
                    #p::Some(__v) => __v,
                    #p::None => {
                        return #p::Err(#p::Error::field(
                            #name,
                            #fname,
                            #p::ErrorKind::SpreadOutOfRange { value: __shard as _, count: #count },
                        ));
                    }
                };
                let __len: #p::usize = #(#len_terms)+*;
                #p::check_encode_len(#name, __len, __out.len())?;
                let __buf = &mut *__out;
                let mut __pos: #p::usize = #multi_width;
                #(#fields)*
                #multi
                #p::Ok(__pos)
            }

            #[doc = #doc]
            pub fn candidates(&self) -> #p::Candidates<'_, Self> {
                #p::Candidates::new(self, #count, |__k, __i, __out| {
                    __k.__rowkey_encode_shard(__i, __out)
                })
            }
        }
    }
}
