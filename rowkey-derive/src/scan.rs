//! The typed scan builder: `T::scan()` returns `__TScan<'a, 0>`. Field `i`'s
//! method requires stage `i` (a bound whose `on_unimplemented` message says
//! fields go in key order), so fields can only be given in key order. A
//! value moves to stage `i + 1`; a range ends the scan (stage `n`), since
//! nothing after a range narrows a contiguous key range. Everything here is
//! emitted inside the key's anonymous `const _` block.

use crate::ast::Input;
use crate::model::{Body, Frame, Layout};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Lifetime;

pub fn expand(
    input: &Input,
    layouts: &[Layout],
    p: &TokenStream,
    static_widths: &[TokenStream],
) -> TokenStream {
    let node = input.original;
    let ident = &node.ident;
    let name = ident.to_string();
    // Inside the anonymous const, beside the key's other generated items: no
    // user type can collide with it. Users name it as `<K as RowKey>::Scan`.
    let builder = format_ident!("__{}Scan", ident);
    let n = layouts.len();
    let lifetimes: Vec<&Lifetime> = node.generics.lifetimes().map(|l| &l.lifetime).collect();
    let key_ty = quote!(#ident<#(#lifetimes),*>);
    let b = |stage: usize| quote!(#builder<#(#lifetimes,)* #stage>);
    // Scan values may borrow for any lifetime, not the key's: a builder for
    // `MetricKey<'static>` (whose ranges a `Table<MetricKey<'static>>`
    // takes) accepts a `&str` that lives only as long as the call.
    let v = Lifetime::new("'__rowkey_v", Span::call_site());
    let field_list = layouts
        .iter()
        .map(|l| format!("`{}`", l.name))
        .collect::<Vec<_>>()
        .join(", ");

    let salt_arg = input.attrs.salt.as_ref().map_or_else(
        || quote!(#p::None),
        |s| {
            let k = s.chars;
            let count = s.fields.len();
            let delim = s
                .delim
                .map_or_else(|| quote!(#p::None), |d| quote!(#p::Some(#d)));
            quote!(#p::Some((#k, #delim, #count)))
        },
    );
    let buckets = layouts.iter().map(|l| l.bucket.unwrap_or(0));

    let methods = layouts
        .iter()
        .map(|l| {
            let i = l.index;
            let next = b(i + 1);
            let done = b(n);
            let field = l.field.ident;
            let fname = &l.name;
            let ty = crate::model::with_lifetime(l.field.ty, &v);
            let put = format_ident!("__rowkey_put_{}", i);
            let len = format_ident!("__rowkey_len_{}", i);
            let prefix = l.prefix_width();
            // The salt hashes its fields in the order listed, which may not
            // be key order: each slot is filed under its place in the list.
            let salt_slot = match input
                .attrs
                .salt
                .as_ref()
                .and_then(|s| s.fields.iter().position(|f| f == l.field.ident))
            {
                Some(order) => quote!(__s.inner.salt_slot(#order, __start + #prefix);),
                None => quote!(),
            };
            let exact = if i + 1 == n {
                quote!(__s.inner.exact();)
            } else {
                quote!()
            };
            let mut extra = TokenStream::new();
            if l.bucket.is_some() {
                extra.extend(quote!(+ #p::BucketValue));
            }
            match l.body {
                Body::ReverseTs => extra.extend(quote!(+ #p::ReverseTs)),
                Body::Twos => extra.extend(quote!(+ #p::TwosComplement)),
                _ => {}
            }
            // Stage `i` only: at any other stage the call fails with the
            // bound's message, which says why.
            let order = quote!(#p::InKeyOrder<#key_ty, #i>);
            let eq = quote! {
                let __start = __s.inner.len();
                __s.inner.push(
                    #fname,
                    <#key_ty>::#len::<_, true>(&__v),
                    |__b, __p| <#key_ty>::#put::<_, true>(&__v, __b, __p),
                );
                #salt_slot
                #exact
            };
            let doc =
                format!(
                "Scans keys whose `{fname}` is the given value (the scan goes on with the next \
                 field){}",
                if ranged(l) { ", or in the given range (the scan ends here)." } else { "." }
            );
            if !ranged(l) {
                return quote! {
                    #[doc = #doc]
                    #[inline]
                    pub fn #field<#v, __A>(self, value: __A) -> #next
                    where
                        #p::Stage<STAGE>: #order,
                        __A: #p::ScanValue<#ty>,
                        <__A as #p::ScanValue<#ty>>::Value: #p::KeyPart #extra,
                    {
                        let mut __s = self;
                        let __v = <__A as #p::ScanValue<#ty>>::into_value(value);
                        #eq
                        #builder { inner: __s.inner }
                    }
                };
            }
            let bucket_fan = match l.bucket {
                Some(count) => quote!(__s.inner.fan_bucket(#count);),
                None => quote!(),
            };
            let open = l.frame == Frame::Last && l.body != Body::ReverseTs;
            let range = if l.body == Body::ReverseTs {
                quote! {
                    __s.inner.range_reverse_ts(
                        #fname,
                        __lo.as_ref().map(#p::ReverseTs::to_i128),
                        __hi.as_ref().map(#p::ReverseTs::to_i128),
                    );
                }
            } else {
                quote! {
                    __s.inner.range(
                        #fname,
                        #open,
                        __lo,
                        __hi,
                        <#key_ty>::#len::<_, false>,
                        <#key_ty>::#put::<_, false>,
                    );
                }
            };
            quote! {
                #[doc = #doc]
                #[inline]
                pub fn #field<#v, __A>(
                    self,
                    arg: __A,
                ) -> <__A as #p::ScanArg<#ty>>::Out<#next, #done>
                where
                    #p::Stage<STAGE>: #order,
                    __A: #p::ScanArg<#ty>,
                    <__A as #p::ScanArg<#ty>>::Value: #p::KeyPart #extra,
                {
                    <__A as #p::ScanArg<#ty>>::apply(
                        arg,
                        self,
                        |mut __s: Self, __v| {
                            #eq
                            #builder { inner: __s.inner }
                        },
                        |mut __s: Self, __lo, __hi| {
                            #bucket_fan
                            #range
                            #builder { inner: __s.inner }
                        },
                    )
                }
            }
        })
        .collect::<Vec<_>>();

    let builder_doc = format!(
        "Scan builder of `{name}`, from `{name}::scan()`: give the leading fields in key \
         order ({field_list}), optionally end with a range on the next one, then take \
         `ranges()`. `STAGE` counts the fields given."
    );
    let start = b(0);
    // A field named `ranges` takes the inherent name; the scan's ranges are
    // then taken through `rowkey::ScanBuilder::ranges`.
    let inherent_ranges = if layouts.iter().any(|l| l.name == "ranges") {
        quote!()
    } else {
        quote! {
            /// The row ranges of this scan: one, or one per salt or bucket the
            /// prefix leaves open (see `rowkey::ScanBuilder::ranges`).
            ///
            /// # Errors
            /// A scan value the layout refuses (too long for its pad, holding its
            /// delimiter, a timestamp out of range, ...), naming the field.
            #[inline]
            pub fn ranges(self) -> #p::Result<#p::ScanRanges<#key_ty>, #p::Error> {
                <Self as #p::ScanBuilder<#key_ty>>::ranges(self)
            }
        }
    };

    quote! {
        #[doc = #builder_doc]
        #[must_use = "a scan builder does nothing until its ranges() are taken"]
        #[allow(non_camel_case_types)]
        pub struct #builder<#(#lifetimes,)* const STAGE: #p::usize> {
            inner: #p::Scan<#key_ty>,
        }

        #[automatically_derived]
        impl<#(#lifetimes,)* const STAGE: #p::usize> #p::Clone for #builder<#(#lifetimes,)* STAGE> {
            fn clone(&self) -> Self {
                #builder { inner: #p::Clone::clone(&self.inner) }
            }
        }

        #[automatically_derived]
        impl<#(#lifetimes,)* const STAGE: #p::usize> #p::Debug for #builder<#(#lifetimes,)* STAGE> {
            fn fmt(&self, __f: &mut #p::Formatter<'_>) -> #p::fmt::Result {
                #p::Debug::fmt(&self.inner, __f)
            }
        }


        #[automatically_derived]
        impl<#(#lifetimes),*> #key_ty {
            /// The longest row this key's scans build: each row of a
            /// `rowkey::KeyRange<Self>` holds this many bytes. Delimited and
            /// unpadded variable-width fields count 256 bytes each; a longer
            /// scan value is refused with an error.
            pub const SCAN_CAP: #p::usize = #p::scan_cap(&[#(#static_widths),*]);

            /// Starts a scan: see the builder's methods, one per field in key
            /// order, and `ranges()`.
            #[inline]
            pub fn scan() -> #start {
                #builder {
                    inner: #p::Scan::new(#name, #salt_arg),
                }
            }
        }

        #[automatically_derived]
        impl<#(#lifetimes,)* const STAGE: #p::usize> #p::ScanBuilder<#key_ty> for #builder<#(#lifetimes,)* STAGE> {
            #[inline]
            fn ranges(self) -> #p::Result<#p::ScanRanges<#key_ty>, #p::Error> {
                const BUCKETS: [u32; #n] = [#(#buckets),*];
                let mut __s = self.inner;
                if let #p::Some(&__count) = BUCKETS.get(STAGE) {
                    if __count != 0 {
                        __s.fan_bucket(__count);
                    }
                }
                __s.ranges()
            }
        }

        #[automatically_derived]
        #[allow(clippy::needless_lifetimes)]
        impl<#(#lifetimes,)* const STAGE: #p::usize> #builder<#(#lifetimes,)* STAGE> {
            #inherent_ranges
            #(#methods)*
        }
    }
}

/// Whether the field keeps value order in its bytes, so a range on it is one
/// contiguous key range.
fn ranged(l: &Layout) -> bool {
    l.salt.is_none()
        && !matches!(l.body, Body::Reverse | Body::Twos)
        && !matches!(
            l.frame,
            Frame::Pad { byte, .. } | Frame::Delim { byte } if byte != 0
        )
}
