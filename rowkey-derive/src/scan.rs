//! The typed scan builder: `T::scan()` returns `TScan<'a, 0>`; stage `i`
//! has exactly one method, named after field `i`, so fields can only be given
//! in key order. A value moves to stage `i + 1`; a range ends the scan (stage
//! `n`), since nothing after a range narrows a contiguous key range.

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
    let vis = &node.vis;
    let name = ident.to_string();
    let builder = format_ident!("{}Scan", ident);
    let n = layouts.len();
    let lifetimes: Vec<&Lifetime> = node.generics.lifetimes().map(|l| &l.lifetime).collect();
    let statics: Vec<_> = lifetimes
        .iter()
        .map(|_| Lifetime::new("'static", Span::call_site()))
        .collect();
    let key_ty = quote!(#ident<#(#lifetimes),*>);
    let key_static = quote!(#ident<#(#statics),*>);
    let cap = quote!({ <#key_static>::SCAN_CAP });
    let b = |stage: usize| quote!(#builder<#(#lifetimes,)* #stage>);

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

    let methods =
        layouts.iter().map(|l| {
            let i = l.index;
            let here = b(i);
            let next = b(i + 1);
            let done = b(n);
            let field = l.field.ident;
            let fname = &l.name;
            let ty = l.field.ty;
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
                    #[automatically_derived]
                    impl<#(#lifetimes),*> #here {
                        #[doc = #doc]
                        #[inline]
                        pub fn #field<__A>(self, value: __A) -> #next
                        where
                            __A: #p::ScanValue<#ty>,
                            <__A as #p::ScanValue<#ty>>::Value: #p::KeyPart #extra,
                        {
                            let mut __s = self;
                            let __v = <__A as #p::ScanValue<#ty>>::into_value(value);
                            #eq
                            #builder { inner: __s.inner, _key: #p::PhantomData }
                        }
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
                #[automatically_derived]
                impl<#(#lifetimes),*> #here {
                    #[doc = #doc]
                    #[inline]
                    pub fn #field<__A>(
                        self,
                        arg: __A,
                    ) -> <__A as #p::ScanArg<#ty>>::Out<#next, #done>
                    where
                        __A: #p::ScanArg<#ty>,
                        <__A as #p::ScanArg<#ty>>::Value: #p::KeyPart #extra,
                    {
                        <__A as #p::ScanArg<#ty>>::apply(
                            arg,
                            self,
                            |mut __s: Self, __v| {
                                #eq
                                #builder { inner: __s.inner, _key: #p::PhantomData }
                            },
                            |mut __s: Self, __lo, __hi| {
                                #bucket_fan
                                #range
                                #builder { inner: __s.inner, _key: #p::PhantomData }
                            },
                        )
                    }
                }
            }
        });

    let field_list = layouts
        .iter()
        .map(|l| format!("`{}`", l.name))
        .collect::<Vec<_>>()
        .join(", ");
    let builder_doc = format!(
        "Scan builder of [`{name}`], from `{name}::scan()`: give the leading fields in key \
         order ({field_list}), optionally end with a range on the next one, then take \
         `ranges()`. `STAGE` counts the fields given."
    );
    let start = b(0);

    quote! {
        #[doc = #builder_doc]
        #[must_use = "a scan builder does nothing until its ranges() are taken"]
        #[derive(#p::Clone, #p::Debug)]
        #vis struct #builder<#(#lifetimes,)* const STAGE: usize> {
            inner: #p::Scan<#cap>,
            _key: #p::PhantomData<fn() -> #key_ty>,
        }

        #[allow(unused_qualifications, clippy::all, clippy::pedantic)]
        const _: () = {
            #[automatically_derived]
            impl<#(#lifetimes),*> #key_ty {
                /// The longest key prefix this key's scans build: its ranges are
                /// `rowkey::KeyRange<{ Self::SCAN_CAP }>`. Delimited and unpadded
                /// variable-width fields count 256 bytes each; a longer scan
                /// value is refused with an error.
                pub const SCAN_CAP: #p::usize = #p::scan_cap(&[#(#static_widths),*]);

                /// Starts a scan: see the builder's methods, one per field in key
                /// order, and `ranges()`.
                #[inline]
                pub fn scan() -> #start {
                    #builder {
                        inner: #p::Scan::new(#name, #salt_arg),
                        _key: #p::PhantomData,
                    }
                }
            }

            #[automatically_derived]
            impl<#(#lifetimes,)* const STAGE: #p::usize> #builder<#(#lifetimes,)* STAGE> {
                /// The row ranges of this scan: one, or one per salt or bucket the
                /// prefix leaves open. Rows of several ranges merge back in key
                /// order with `rowkey::merge_sorted` and `ScanRanges::merge_skip`.
                ///
                /// # Errors
                /// A scan value the layout refuses (too long for its pad, holding its
                /// delimiter, a timestamp out of range, ...), naming the field.
                #[inline]
                pub fn ranges(self) -> #p::Result<#p::ScanRanges<#cap>, #p::Error> {
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

            #(#methods)*
        };
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
