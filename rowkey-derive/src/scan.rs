//! The typed scan builder: `T::scan()` returns `__TScan<'a, 0>`. Field `i`'s
//! method requires stage `i` (a bound whose `on_unimplemented` message says
//! fields go in key order), so fields can only be given in key order. A
//! value moves to stage `i + 1`; a range ends the scan (stage `n`), since
//! nothing after a range narrows a contiguous key range. Everything here is
//! emitted inside the key's anonymous `const _` block.

use crate::ast::Input;
use crate::model::{Body, Digits, Frame, Layout};
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
            let salt_slot = match input.attrs.salt.as_ref().and_then(|s| {
                let order = s.fields.iter().position(|f| f == l.field.ident)?;
                Some((order, crate::expand::salt_part(l, p, s.delim.is_some())))
            }) {
                Some((order, how)) => {
                    quote!(__s.inner.salt_slot(#order, __start + #prefix, #how);)
                }
                None => quote!(),
            };
            let exact = if i + 1 == n {
                quote!(__s.inner.exact();)
            } else {
                quote!()
            };
            let bounds = l.scan_bounds(p);
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
                if l.ranged() { ", or in the given range (the scan ends here)." } else { "." }
            );
            if !l.ranged() {
                return quote! {
                    #[doc = #doc]
                    #[inline]
                    pub fn #field<#v, __A>(self, value: __A) -> #next
                    where
                        #p::Stage<STAGE>: #order,
                        __A: #p::ScanValue<#ty>,
                        <__A as #p::ScanValue<#ty>>::Value: #bounds,
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
            let open = l.frame == Frame::Last && l.attr_body_width().is_none();
            let range = if let (Body::ReverseTs, Some(Digits::Width(w))) = (l.body, l.decimal) {
                // Timestamps become stored numbers `i64::MAX - ts`, clamped
                // to the storable ones, written as their W digits.
                quote! {
                    match #p::reverse_ts_bounds(
                        __lo.as_ref().map(#p::ReverseTs::to_i128),
                        __hi.as_ref().map(#p::ReverseTs::to_i128),
                    ) {
                        #p::None => __s.inner.empty(),
                        #p::Some((__a, __b)) => __s.inner.range(
                            #fname,
                            false,
                            #p::Included(__a),
                            #p::Included(__b),
                            |_| #w,
                            |__v, __out, __pos| {
                                #p::write_decimal(
                                    #p::widen(*__v),
                                    &mut __out[*__pos..*__pos + #w],
                                );
                                *__pos += #w;
                                #p::Ok(())
                            },
                        ),
                    }
                }
            } else if l.body == Body::ReverseTs {
                quote! {
                    __s.inner.range_reverse_ts(
                        #fname,
                        __lo.as_ref().map(#p::ReverseTs::to_i128),
                        __hi.as_ref().map(#p::ReverseTs::to_i128),
                    );
                }
            } else {
                // Stored inverted, the greatest value has the smallest key:
                // the bounds swap ends.
                let (lo, hi) = if l.desc {
                    (quote!(__hi), quote!(__lo))
                } else {
                    (quote!(__lo), quote!(__hi))
                };
                let guard = desc_guard(l, p, &name);
                quote! {
                    #guard
                    __s.inner.range(
                        #fname,
                        #open,
                        #lo,
                        #hi,
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
                    <__A as #p::ScanArg<#ty>>::Value: #bounds,
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

/// A range on a `#[desc]` last field of a user type that turns out
/// variable-width: inverted, a value sorts after its own extensions, so no
/// one key range holds a value range. Refused when the builder runs; the
/// built-in variable-width types take only a value at compile time.
fn desc_guard(l: &Layout, p: &TokenStream, key: &str) -> TokenStream {
    if !(l.desc && l.frame == Frame::Last && !l.escaped && l.attr_body_width().is_none()) {
        return TokenStream::new();
    }
    let ty = &l.inner_static;
    let name = &l.name;
    quote! {
        if <#ty as #p::KeyPart>::WIDTH.is_none() {
            __s.inner.fail(#p::Error::field(
                #key,
                #name,
                #p::ErrorKind::Invalid {
                    reason: "a #[desc] variable-width last field keeps no order a range can \
                             use; give it #[delim] (stored as Phoenix's 0xFF separator)",
                },
            ));
        }
    }
}
