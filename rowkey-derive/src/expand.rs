//! Code generation for encode, decode and explain. Everything the generated
//! code names goes through `<crate>::__private`, so it compiles under
//! `#![no_implicit_prelude]` and beside user items called `Result` or `core`.

use crate::ast::Input;
use crate::ctxt::Ctxt;
use crate::model::{Body, Digits, Frame, Layout};
use crate::{fallback, valid};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::{DeriveInput, Lifetime};

pub fn derive(node: &DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let input = ast::Input::from_syn(&cx, node);
    if let Some(input) = &input {
        valid::check(&cx, input);
    }
    let krate = krate(input.as_ref());
    match (cx.check(), input) {
        (Ok(()), Some(input)) => expand(&input, &krate),
        (Err(err), _) => fallback::expand(node, &err, &krate),
        (Ok(()), None) => unreachable!("no input without an error"),
    }
}

use crate::ast;

fn krate(input: Option<&Input>) -> TokenStream {
    input
        .and_then(|i| i.attrs.krate.as_ref())
        .map_or_else(|| quote!(::rowkey), |path| quote!(#path))
}

fn expand(input: &Input, krate: &TokenStream) -> TokenStream {
    let de = Lifetime::new("'__rowkey_de", Span::call_site());
    let layouts = Layout::all(input, &de);
    let p = quote!(#krate::__private);
    let node = input.original;
    let ident = &node.ident;
    let name = ident.to_string();
    let (impl_generics, ty_generics, where_clause) = node.generics.split_for_impl();

    // The decode impl names the struct with every lifetime set to 'de, so a
    // `&'a str` field borrows from the decoded bytes.
    let lifetimes: Vec<_> = node.generics.lifetimes().map(|_| de.clone()).collect();
    let ty_de = if lifetimes.is_empty() {
        quote!(#ident)
    } else {
        quote!(#ident<#(#lifetimes),*>)
    };
    let statics: Vec<_> = node
        .generics
        .lifetimes()
        .map(|_| Lifetime::new("'static", Span::call_site()))
        .collect();
    let ty_static = if statics.is_empty() {
        quote!(#ident)
    } else {
        quote!(#ident<#(#statics),*>)
    };

    let multi = input.attrs.salt.as_ref();
    let multi_width = multi.map_or(0, |s| s.chars + usize::from(s.delim.is_some()));

    let widths = widths_of(&layouts, &p, multi_width, false, false);
    let max_widths = widths_of(&layouts, &p, multi_width, false, true);
    let static_widths = widths_of(&layouts, &p, multi_width, true, false);
    let static_max = widths_of(&layouts, &p, multi_width, true, true);
    let len_terms = layouts.iter().map(|l| len_term(l, ident));
    // widths[0] is the struct-level salt, then (prefix, body) per field.
    let encode_fields = layouts
        .iter()
        .map(|l| encode_field(l, &p, ident, &widths[..=(2 * l.index)]));
    let put_fns = layouts.iter().map(|l| put_fns(l, &p, &name));
    let decode_fields = layouts.iter().map(|l| decode_field(l, &p, &name, false));
    let checks = layouts.iter().map(|l| checks(l, &p));
    let field_idents = layouts.iter().map(|l| l.field.ident);
    let field_vars = layouts.iter().map(|l| format_ident!("__v{}", l.index));
    let segment_count: usize =
        layouts.iter().map(Layout::segments).sum::<usize>() + usize::from(multi.is_some());

    let spread = match (multi, layouts.first()) {
        (Some(s), _) => {
            let k = s.chars;
            quote!(#p::Spread::HexSalt { chars: #k })
        }
        (None, Some(l)) if l.salt.is_some() => {
            let k = l.salt.unwrap_or(0);
            quote!(#p::Spread::HexSalt { chars: #k })
        }
        (None, Some(l)) if l.bucket.is_some() => {
            let n = l.bucket.unwrap_or(0);
            quote!(#p::Spread::Bucket { count: #n })
        }
        _ => quote!(#p::Spread::None),
    };

    let (encode_multi, decode_multi_head, decode_multi_tail) =
        multi_salt(input, &layouts, &p, &name, multi_width);

    let scan_builder = crate::scan::expand(input, &layouts, &p, &static_max);
    let last_field = layouts.last().map_or_else(String::new, |l| l.name.clone());
    let limit_check = {
        let span = ident.span();
        let path = respan(&p, span);
        quote_spanned! {span=>
            #path::require_within_limit::<
                #path::Check<#ty_static, { #path::within_limit(&[#(#static_max),*]) }>,
                #ty_static,
            >();
        }
    };

    let k = Lifetime::new("'__rowkey_k", Span::call_site());
    let ks: Vec<_> = node.generics.lifetimes().map(|_| k.clone()).collect();
    let ty_k = if ks.is_empty() {
        quote!(#ident)
    } else {
        quote!(#ident<#(#ks),*>)
    };
    let elided: Vec<_> = node
        .generics
        .lifetimes()
        .map(|_| Lifetime::new("'_", Span::call_site()))
        .collect();
    let ty_elided = quote!(#ident<#(#elided),*>);
    let key_lifetimes = node.generics.lifetimes().map(|l| &l.lifetime);
    let builder = format_ident!("__{}Scan", ident);

    // A field borrowing for 'static cannot borrow from the bytes a key is
    // decoded from: such a layout encodes and scans, and decode checks the
    // bytes, then refuses, naming the field, instead of building the key.
    let static_field = layouts
        .iter()
        .find(|l| crate::model::mentions_static(l.field.ty))
        .map(|l| l.name.clone());
    let (walk_ty, build, decoded) = match &static_field {
        None => (
            quote!(Self),
            quote!(#p::Ok(Self { #(#field_idents: #field_vars),* })),
            quote!(),
        ),
        Some(field) => (
            quote!(()),
            quote!({
                let _ = (#(#field_vars,)*);
                #p::Ok(())
            }),
            quote!(#p::decode_static_refused::<Self>(#name, #field)),
        ),
    };

    let batch = crate::batch::expand(
        input,
        &layouts,
        &p,
        &widths,
        multi_width,
        &crate::batch::Walk {
            segment_count,
            decoded: &decoded,
            multi_head: &decode_multi_head,
            multi_tail: &decode_multi_tail,
            last_field: &last_field,
        },
    );

    quote! {
        #[allow(unused_qualifications, clippy::all, clippy::pedantic)]
        const _: () = {
            #scan_builder

            #[automatically_derived]
            impl #impl_generics #p::RowKey for #ident #ty_generics #where_clause {
                const NAME: &'static str = #name;
                const MAX_WIDTH: #p::Option<#p::usize> = #p::sum_widths(&[#(#max_widths),*]);
                const SPREAD: #p::Spread = #spread;
                const SCAN_CAP: #p::usize = #p::scan_cap(&[#(#static_max),*]);
                type Buf = [#p::u8; #p::decode_max(#p::sum_widths(&[#(#static_max),*]))];
                type ScanBuf = [#p::u8; #p::scan_cap(&[#(#static_max),*])];
                type Key<'__rowkey_k> = #ty_k;
                type Scan = #builder<#(#key_lifetimes,)* 0>;
                type Explained<'__rowkey_k> = #p::Explain<'__rowkey_k, #segment_count>;

                #[inline]
                fn explain(
                    __in: &[#p::u8],
                ) -> #p::Result<#p::Explain<'_, #segment_count>, #p::Error> {
                    <#ty_elided>::explain(__in)
                }

                #[inline]
                fn scan() -> Self::Scan {
                    <Self>::scan()
                }

                #[inline]
                fn encoded_len(&self) -> #p::usize {
                    #multi_width #(+ #len_terms)*
                }

                #[inline]
                fn encode_into(
                    &self,
                    __out: &mut [#p::u8],
                ) -> #p::Result<#p::usize, #p::Error> {
                    let __len = <Self as #p::RowKey>::encoded_len(self);
                    // One compare for both ends: 0 wraps above the limit.
                    if __len.wrapping_sub(1) >= #p::HBASE_MAX_KEY {
                        return #p::Err(#p::Error::key(#name, #p::known_kind(&#p::length_refusal(__len))));
                    }
                    if __out.len() < __len {
                        return #p::Err(#p::Error::key(
                            #name,
                            #p::ErrorKind::BufferTooSmall { needed: __len, available: __out.len() },
                        ));
                    }
                    // The whole buffer, not `__out[..__len]`: every slot is
                    // written inside `__len` anyway, and the compiler knows the
                    // length of a caller's array, so it can drop slot bounds
                    // checks that it cannot prove against `__len`.
                    let __buf = &mut *__out;
                    let mut __pos: #p::usize = #multi_width;
                    #(#encode_fields)*
                    #encode_multi
                    #p::Ok(__pos)
                }
            }

            #[automatically_derived]
            impl #impl_generics #ident #ty_generics #where_clause {
                /// The widest key this layout encodes to: a stack buffer of
                /// this size holds any key. Using it on a layout whose last
                /// field is unpadded and variable-width is a compile error.
                pub const MAX_LEN: #p::usize = #p::bounded(<Self as #p::RowKey>::MAX_WIDTH);

                /// Split points for `n` regions over the keyspace this key's
                /// leading salt or bucket really uses (`rowkey::split_keys`).
                ///
                /// # Errors
                /// A key with no leading salt or bucket, or `n` below 2 or
                /// above the number of distinct prefixes.
                #[inline]
                pub fn split_keys(
                    n: #p::usize,
                ) -> #p::Result<#p::SplitKeys, #p::Error> {
                    #p::split_keys::<Self>(n)
                }

                #(#put_fns)*
            }

            #[automatically_derived]
            impl<'__rowkey_de> #p::DecodeKey<'__rowkey_de> for #ty_de {
                #[inline]
                fn decode(
                    __in: &'__rowkey_de [#p::u8],
                ) -> #p::Result<Self, #p::Error> {
                    let mut __segs = [#p::Segment::EMPTY; #segment_count];
                    #decoded(Self::__rowkey_walk::<true, _>(__in, &mut __segs, &mut #p::NoSink))
                }

                #[inline]
                fn decode_unverified(
                    __in: &'__rowkey_de [#p::u8],
                ) -> #p::Result<Self, #p::Error> {
                    let mut __segs = [#p::Segment::EMPTY; #segment_count];
                    #decoded(Self::__rowkey_walk::<false, _>(__in, &mut __segs, &mut #p::NoSink))
                }
            }

            #[automatically_derived]
            impl<'__rowkey_de> #ty_de {
                /// Reads a key back (see `rowkey::DecodeKey::decode`).
                #[inline]
                pub fn decode(
                    bytes: &'__rowkey_de [#p::u8],
                ) -> #p::Result<Self, #p::Error> {
                    <Self as #p::DecodeKey<'__rowkey_de>>::decode(bytes)
                }

                /// Reads a key back without recomputing its salts and buckets:
                /// for keys this program just read from its own table, where
                /// an MD5 per row is the cost to avoid. Lengths, pads,
                /// delimiters, UTF-8 and timestamps are still checked.
                #[inline]
                pub fn decode_unverified(
                    bytes: &'__rowkey_de [#p::u8],
                ) -> #p::Result<Self, #p::Error> {
                    <Self as #p::DecodeKey<'__rowkey_de>>::decode_unverified(bytes)
                }

                /// Splits a key into its salt, bucket and field segments, for
                /// printing. Fails as `decode` does.
                #[inline]
                pub fn explain(
                    bytes: &'__rowkey_de [#p::u8],
                ) -> #p::Result<#p::Explain<'__rowkey_de, #segment_count>, #p::Error> {
                    let mut __segs = [#p::Segment::EMPTY; #segment_count];
                    Self::__rowkey_walk::<true, _>(bytes, &mut __segs, &mut #p::NoSink)?;
                    #p::Ok(#p::explain(bytes, __segs))
                }

                // One length check up front, a single compare: inside
                // `__MIN..=__MAX` the compiler knows every fixed-width slot
                // before the first variable-width one is in bounds and drops
                // their checks (for a fixed-width layout, `__MIN == __MAX`,
                // the trailing-bytes check too). Any other length cannot
                // decode and takes `__rowkey_bad_len`, out of line, for the
                // same errors in the same order.
                #[inline(always)]
                fn __rowkey_walk<const VERIFY: #p::bool, __RowkeySink: #p::SaltSink>(
                    __in: &'__rowkey_de [#p::u8],
                    __segs: &mut [#p::Segment; #segment_count],
                    __sink: &mut __RowkeySink,
                ) -> #p::Result<#walk_ty, #p::Error> {
                    // At least one byte: no row has an empty key.
                    const __MIN: #p::usize = #p::min_len(&[#(#static_widths),*]);
                    const __MAX: #p::usize = #p::decode_max(#p::sum_widths(&[#(#static_max),*]));
                    if __in.len().wrapping_sub(__MIN) > __MAX.saturating_sub(__MIN) {
                        return #p::Err(#p::known_error(Self::__rowkey_bad_len::<VERIFY>(__in)));
                    }
                    Self::__rowkey_read::<VERIFY, __RowkeySink>(__in, __segs, __sink)
                }

                /// The error of an input that is empty, shorter than the
                /// fixed-width fields, longer than the widest key or over
                /// HBase's limit.
                #[cold]
                fn __rowkey_bad_len<const VERIFY: #p::bool>(
                    __in: &'__rowkey_de [#p::u8],
                ) -> #p::Error {
                    // A longer key could not have been written (encode
                    // refuses it), so accepting it would give a value that
                    // does not encode back.
                    if __in.is_empty() || __in.len() > #p::HBASE_MAX_KEY {
                        return #p::Error::key(#name, #p::length_refusal(__in.len()));
                    }
                    let mut __segs = [#p::Segment::EMPTY; #segment_count];
                    match Self::__rowkey_read::<VERIFY, _>(__in, &mut __segs, &mut #p::NoSink) {
                        #p::Err(__e) => __e,
                        #p::Ok(_) => #p::Error::key(
                            #name,
                            #p::ErrorKind::Invalid { reason: "key length outside what the layout reads" },
                        ),
                    }
                }

                #[inline(always)]
                fn __rowkey_read<const VERIFY: #p::bool, __RowkeySink: #p::SaltSink>(
                    __in: &'__rowkey_de [#p::u8],
                    __segs: &mut [#p::Segment; #segment_count],
                    __sink: &mut __RowkeySink,
                ) -> #p::Result<#walk_ty, #p::Error> {
                    let mut __pos: #p::usize = 0;
                    let mut __seg: #p::usize = 0;
                    #decode_multi_head
                    #(#decode_fields)*
                    #decode_multi_tail
                    if __pos != __in.len() {
                        // Named after the last field: where the key should have ended.
                        return #p::Err(#p::Error::field(
                            #name,
                            #last_field,
                            #p::ErrorKind::TrailingBytes { count: __in.len() - __pos },
                        ));
                    }
                    let _ = __seg;
                    #build
                }
            }

            #batch

            #[allow(dead_code)]
            fn __rowkey_checks() {
                #(#checks)*
                #limit_check
            }
        };
    }
}

/// Each field's width (salt, bucket and slot), as `Option<usize>`: exact
/// (`Some` only when every value takes that many bytes, for offsets and the
/// shortest key) or, with `max`, the widest (for buffer sizes).
fn widths_of(
    layouts: &[Layout],
    p: &TokenStream,
    multi_width: usize,
    statics: bool,
    max: bool,
) -> Vec<TokenStream> {
    let mut out = vec![quote!(#p::Some(#multi_width))];
    for l in layouts {
        let prefix = l.prefix_width();
        let ty = if statics { &l.inner_static } else { l.inner_ty };
        out.push(quote!(#p::Some(#prefix)));
        out.push(l.slot_width(p, ty, max));
    }
    out
}

fn len_term(l: &Layout, ident: &syn::Ident) -> TokenStream {
    let ty = l.field.ty;
    let field = l.field.ident;
    let len = format_ident!("__rowkey_len_{}", l.index);
    quote!(#ident::#len::<#ty, true>(&self.#field))
}

/// The `map_err` of a field's refusals. `known` is `true` in decode and a
/// writer's `__KNOWN` parameter (see `__private::field_error_in`).
fn field_err(p: &TokenStream, key: &str, field: &str, known: &TokenStream) -> TokenStream {
    quote!(|__k| #p::field_error_in::<#known>(#key, #field, __k))
}

/// Per field: `__rowkey_write_i` writes a value's slot (salt, bucket, body,
/// pad or delimiter; without salt and bucket when `__PREFIX` is false, for
/// scan bounds) and `__rowkey_len_i` measures it. Encode calls the writer
/// with `__KNOWN` (errors the compiler sees as `Err`, see
/// `__private::known_error`); the scan builder and batch encode call
/// `__rowkey_put_i`, the same writer with plain errors. Each byte rule
/// exists once. An `Option` field gets a presence byte in front:
/// `__rowkey_write_i` writes it and calls `__rowkey_slot_i` for the inner
/// value.
fn put_fns(l: &Layout, p: &TokenStream, key: &str) -> TokenStream {
    let ty = l.inner_ty;
    let name = &l.name;
    let byte_tok = if let Frame::Pad { byte, .. } = l.frame {
        quote!(#byte)
    } else {
        quote!(0)
    };
    let err = field_err(p, key, &l.name, &quote!(__KNOWN));
    let salt = l.salt.unwrap_or(0);
    let salt_width = l.salt_width();
    let prefix = l.prefix_width();
    let mask = l.mask();
    let (put, len) = if l.option {
        (
            format_ident!("__rowkey_slot_{}", l.index),
            format_ident!("__rowkey_slot_len_{}", l.index),
        )
    } else {
        (
            format_ident!("__rowkey_write_{}", l.index),
            format_ident!("__rowkey_len_{}", l.index),
        )
    };
    let bounds = l.value_bounds(p);
    let len_bounds = l.len_bounds(p);
    // The scan builder stores a writer's error and never tests it again:
    // there the rebuild of `__KNOWN` bought nothing and cost 8 instructions
    // of 1219 per user_order scan (callgrind), so it keeps plain errors.
    let outer_write = format_ident!("__rowkey_write_{}", l.index);
    let outer_put = format_ident!("__rowkey_put_{}", l.index);
    let put_bounds = if l.option {
        quote!(#p::Presence<Inner: #bounds>)
    } else {
        bounds.clone()
    };
    let plain = quote! {
        #[doc(hidden)]
        #[inline(always)]
        pub fn #outer_put<__V: #put_bounds, const __PREFIX: #p::bool>(
            __v: &__V,
            __buf: &mut [#p::u8],
            __pos: &mut #p::usize,
        ) -> #p::Result<(), #p::Error> {
            Self::#outer_write::<__V, __PREFIX, false>(__v, __buf, __pos)
        }
    };

    // The number `#[decimal]` writes: the value, or `i64::MAX - ts`.
    let decimal_value = match (l.decimal, l.body) {
        (None, _) => quote!(),
        (Some(_), Body::ReverseTs) => quote! {
            let __dec = #p::widen(<__V as #p::ReverseTs>::to_reversed(__v).map_err(#err)?);
        },
        (Some(_), _) => quote!(let __dec = <__V as #p::Decimal>::to_u128(__v);),
    };
    let blen = match (l.decimal, l.body) {
        _ if l.escaped => {
            quote!(#p::escaped_len(<__V as #p::EscapeBytes>::raw_bytes(__v)))
        }
        (Some(Digits::Width(w)), _) => quote!(#w),
        (Some(Digits::Shortest), _) => quote!(#p::decimal_len(__dec)),
        (None, Body::ReverseTs) => quote!(8),
        (None, _) => quote!(<__V as #p::KeyPart>::encoded_len(__v)),
    };
    // The body's length for `encoded_len`, which cannot fail: a timestamp
    // out of range is refused by the write, which runs after it.
    let measured = match (l.decimal, l.body) {
        (Some(Digits::Shortest), Body::ReverseTs) => quote! {
            #p::decimal_len(match <__V as #p::ReverseTs>::to_reversed(__v) {
                #p::Ok(__s) => #p::widen(__s),
                #p::Err(_) => 0,
            })
        },
        (Some(Digits::Shortest), _) => quote!(#p::decimal_len(<__V as #p::Decimal>::to_u128(__v))),
        _ => blen.clone(),
    };
    let slot_len = match l.frame {
        Frame::Pad { width, .. } => quote!(#width),
        Frame::Delim { .. } => quote!(#measured + 1),
        _ => measured,
    };
    // The whole slot is filled before the body is written over its front:
    // a store of constant width, where padding after the body would be a
    // fill of variable length (a memset call).
    // A body that ends in the pad byte is refused before it is copied when
    // the type can tell (`KeyPart::body_ends_with`), so the copy's length need not
    // stay alive after it; a reversed body ends in its first byte, so it is
    // checked as written.
    let ends_early = if l.body == Body::Reverse {
        quote!(#p::None)
    } else {
        quote!(<__V as #p::KeyPart>::body_ends_with(__v, #byte_tok))
    };
    let pad_check = match l.frame {
        Frame::Pad { width, byte } => quote! {
            let __ends = #ends_early;
            if __ends == #p::Some(true) {
                return #p::Err(#p::field_error_in::<__KNOWN>(#key, #name, #p::ErrorKind::EndsWithPadByte { byte: #byte }));
            }
            #p::start_pad(&mut __buf[__body_at..__body_at + #width], __blen, #byte).map_err(#err)?;
        },
        _ => quote!(),
    };
    let write = match (l.decimal, l.body) {
        _ if l.escaped => quote! {
            #p::write_escaped(<__V as #p::EscapeBytes>::raw_bytes(__v), __body);
        },
        (Some(Digits::Width(w)), _) => quote! {
            #p::check_digits(__dec, #w).map_err(#err)?;
            #p::write_decimal(__dec, __body);
        },
        (Some(Digits::Shortest), _) => quote!(#p::write_decimal(__dec, __body);),
        (None, Body::Plain | Body::Reverse) => {
            quote!(<__V as #p::KeyPart>::encode_part(__v, __body).map_err(#err)?;)
        }
        (None, Body::Twos) => {
            quote!(<__V as #p::TwosComplement>::encode_twos(__v, __body).map_err(#err)?;)
        }
        (None, Body::ReverseTs) => quote! {
            __body.copy_from_slice(
                &<__V as #p::ReverseTs>::to_reversed(__v).map_err(#err)?.to_be_bytes(),
            );
        },
    };
    // A delimiter is searched for only after a body whose end is not known
    // otherwise; after a fixed-width or escaped body it may occur inside.
    let delim_check = match l.frame {
        Frame::Delim { .. } if l.escaped || l.attr_body_width().is_some() => quote!(),
        Frame::Delim { byte } if l.decimal.is_some() => quote! {
            #p::check_no_delim(&__buf[__body_at..__body_at + __blen], #byte).map_err(#err)?;
        },
        Frame::Delim { byte } => quote! {
            if <__V as #p::KeyPart>::WIDTH.is_none() {
                #p::check_no_delim(&__buf[__body_at..__body_at + __blen], #byte).map_err(#err)?;
            }
        },
        _ => quote!(),
    };
    // The salt hashes the value's bytes before any reversal or escaping:
    // what Java's md5Hex(value) sees.
    let salt_write = if l.salt.is_some() {
        let data = if l.escaped {
            quote!(<__V as #p::EscapeBytes>::raw_bytes(__v))
        } else {
            quote!(&__tail[..__blen])
        };
        let delim = match l.salt_delim {
            Some(d) => quote!(__head[__at + #salt] = #d;),
            None => quote!(),
        };
        quote! {
            if __PREFIX {
                let (__head, __tail) = __buf.split_at_mut(__body_at);
                #p::md5_hex_into(#data, &mut __head[__at..__at + #salt]);
                #delim
            }
        }
    } else {
        quote!()
    };
    let reverse = if l.body == Body::Reverse {
        quote!(<#ty as #p::Reversible>::reverse_body(&mut __buf[__body_at..__body_at + __blen]);)
    } else {
        quote!()
    };
    let bucket = match l.bucket {
        Some(n) => quote! {
            if __PREFIX {
                #p::write_bucket(
                    <__V as #p::BucketValue>::bucket(__v, #n),
                    &mut __buf[__at + #salt_width..__body_at],
                );
            }
        },
        None => quote!(),
    };
    // Reversed, the stored body ends in the value's first character: that
    // is what the refusal must name.
    let check_end = if l.body == Body::Reverse {
        quote!(#p::check_reversed_pad_end)
    } else {
        quote!(#p::check_pad_end)
    };
    let frame = match l.frame {
        Frame::Pad { width, byte } => quote! {
            if __ends.is_none() {
                #check_end(&__buf[__body_at..__body_at + __blen], #byte).map_err(#err)?;
            }
            *__pos = __body_at + #width;
        },
        Frame::Delim { byte } => quote! {
            __buf[__body_at + __blen] = #byte;
            *__pos = __body_at + __blen + 1;
        },
        Frame::Fixed | Frame::Last => quote!(*__pos = __body_at + __blen;),
    };
    let desc = if l.desc {
        quote!(#p::invert(&mut __buf[__body_at..*__pos]);)
    } else {
        quote!()
    };
    let slot = quote! {
        #[doc(hidden)]
        #[inline(always)]
        pub fn #put<__V: #bounds, const __PREFIX: #p::bool, const __KNOWN: #p::bool>(
            __v: &__V,
            __buf: &mut [#p::u8],
            __pos: &mut #p::usize,
        ) -> #p::Result<(), #p::Error> {
            let __at = *__pos;
            let __body_at = __at + if __PREFIX { #prefix } else { 0 };
            #decimal_value
            let __blen: #p::usize = #blen;
            #pad_check
            {
                let __body = &mut __buf[__body_at..__body_at + __blen];
                #write
            }
            #delim_check
            #salt_write
            #reverse
            #bucket
            #frame
            #desc
            #p::Ok(())
        }

        #[doc(hidden)]
        #[inline(always)]
        pub fn #len<__V: #len_bounds, const __PREFIX: #p::bool>(__v: &__V) -> #p::usize {
            (if __PREFIX { #prefix } else { 0 }) + #slot_len
        }
    };
    if !l.option {
        return quote!(#slot #plain);
    }
    let outer_len = format_ident!("__rowkey_len_{}", l.index);
    quote! {
        #slot
        #plain

        #[doc(hidden)]
        #[inline(always)]
        pub fn #outer_write<
            __V: #p::Presence<Inner: #bounds>,
            const __PREFIX: #p::bool,
            const __KNOWN: #p::bool,
        >(
            __v: &__V,
            __buf: &mut [#p::u8],
            __pos: &mut #p::usize,
        ) -> #p::Result<(), #p::Error> {
            match <__V as #p::Presence>::present(__v) {
                #p::None => {
                    #p::write_presence(__buf, __pos, false, #mask);
                    #p::Ok(())
                }
                #p::Some(__inner) => {
                    #p::write_presence(__buf, __pos, true, #mask);
                    Self::#put::<<__V as #p::Presence>::Inner, __PREFIX, __KNOWN>(__inner, __buf, __pos)
                }
            }
        }

        #[doc(hidden)]
        #[inline(always)]
        pub fn #outer_len<__V: #p::Presence<Inner: #len_bounds>, const __PREFIX: #p::bool>(
            __v: &__V,
        ) -> #p::usize {
            1 + match <__V as #p::Presence>::present(__v) {
                #p::None => 0,
                #p::Some(__inner) => Self::#len::<<__V as #p::Presence>::Inner, __PREFIX>(__inner),
            }
        }
    }
}

/// One field of `encode_into`. `before` are the widths of everything in
/// front of the field: when they are all fixed, the field's offset is a
/// constant, and saying so lets the compiler address the buffer with
/// constants instead of keeping a running position alive across the copies
/// (measured: three callee-saved registers fewer in a padded key's encode).
pub(crate) fn encode_field(
    l: &Layout,
    p: &TokenStream,
    ident: &syn::Ident,
    before: &[TokenStream],
) -> TokenStream {
    let ty = l.field.ty;
    let field = l.field.ident;
    let write = format_ident!("__rowkey_write_{}", l.index);
    let prefix = l.prefix_width();
    let slot = format_ident!("__slot{}", l.index);
    let record = if l.in_multi_salt {
        quote!(let #slot = (__at + #prefix, __pos);)
    } else {
        quote!()
    };
    quote! {
        if let #p::Some(__offset) = const { #p::sum_widths(&[#(#before),*]) } {
            __pos = __offset;
        }
        let __at = __pos;
        #ident::#write::<#ty, true, true>(&self.#field, __buf, &mut __pos)?;
        #record
    }
}

/// A field's part of decode's walk. With `check` (batch verification), a
/// plain field whose value nothing else reads is only checked
/// (`DecodePart::check_part`), not built.
pub fn decode_field(l: &Layout, p: &TokenStream, key: &str, check: bool) -> TokenStream {
    let ty = &l.inner_de;
    let err = field_err(p, key, &l.name, &quote!(true));
    let name = &l.name;
    let var = format_ident!("__v{}", l.index);
    let m = l.mask();
    let take_salt = match l.salt {
        Some(k) => {
            let delim = match l.salt_delim {
                Some(d) => quote!(#p::expect_delim(__in, &mut __pos, #d).map_err(#err)?;),
                None => quote!(),
            };
            quote! {
                let __salt = #p::take(__in, &mut __pos, #k).map_err(#err)?;
                #delim
                // The salt's delimiter, if any, is shown as part of the salt.
                __segs[__seg] = #p::Segment { name: #name, kind: #p::SegmentKind::Salt, start: __at, end: __pos };
                __seg += 1;
            }
        }
        None => quote!(),
    };
    let take_bucket = match l.bucket {
        Some(_) => {
            let w = l.bucket_width();
            quote! {
                let __bstart = __pos;
                let __bucket = #p::read_bucket(#p::take(__in, &mut __pos, #w).map_err(#err)?);
                __segs[__seg] = #p::Segment { name: #name, kind: #p::SegmentKind::Bucket, start: __bstart, end: __pos };
                __seg += 1;
            }
        }
        None => quote!(),
    };
    // The stored bytes of the body. Pad and delimiter bytes are stored
    // through the mask like the rest of the slot.
    let after = match l.frame {
        Frame::Delim { byte } => {
            let stored = byte ^ m;
            quote!(#p::expect_delim(__in, &mut __pos, #stored).map_err(#err)?;)
        }
        _ => quote!(),
    };
    let take_body = match (l.frame, l.attr_body_width()) {
        (Frame::Pad { width, byte }, _) => {
            let stored = byte ^ m;
            quote!(#p::strip_pad(#p::take(__in, &mut __pos, #width).map_err(#err)?, #stored))
        }
        _ if l.escaped => quote! {{
            let __e = #p::take_escaped(__in, &mut __pos, #m).map_err(#err)?;
            #after
            __e
        }},
        (_, Some(w)) => quote! {{
            let __f = #p::take(__in, &mut __pos, #w).map_err(#err)?;
            #after
            __f
        }},
        (Frame::Delim { byte }, None) if l.decimal.is_some() => {
            let stored = byte ^ m;
            quote!(#p::take_delimited(__in, &mut __pos, #stored).map_err(#err)?)
        }
        (_, None) if l.decimal.is_some() => quote!(#p::take_rest(__in, &mut __pos)),
        (Frame::Delim { byte }, None) => {
            let stored = byte ^ m;
            quote! {
                match <#ty as #p::KeyPart>::WIDTH {
                    #p::Some(__w) => {
                        let __f = #p::take(__in, &mut __pos, __w).map_err(#err)?;
                        #after
                        __f
                    }
                    #p::None => #p::take_delimited(__in, &mut __pos, #stored).map_err(#err)?,
                }
            }
        }
        (Frame::Fixed, None) => quote! {
            #p::take(__in, &mut __pos, match <#ty as #p::KeyPart>::WIDTH {
                #p::Some(__w) => __w,
                #p::None => 0,
            }).map_err(#err)?
        },
        (Frame::Last, None) => quote! {
            match <#ty as #p::KeyPart>::WIDTH {
                #p::Some(__w) => #p::take(__in, &mut __pos, __w).map_err(#err)?,
                #p::None => #p::take_rest(__in, &mut __pos),
            }
        },
    };
    // Stored inverted or escaped, the value is decoded from its restored
    // bytes, which live only as long as the decode: an owned value.
    let restored = l.desc || l.escaped;
    let lt = if restored {
        quote!('_)
    } else {
        quote!('__rowkey_de)
    };
    let padded = matches!(l.decimal, Some(Digits::Width(_)));
    let value = match (l.decimal, l.body) {
        (Some(_), Body::ReverseTs) => quote!(#p::decode_decimal_reversed::<#ty>(__b, #padded)),
        (Some(_), _) => quote!(#p::decode_decimal::<#ty>(__b, #padded)),
        (None, Body::Plain) => quote!(<#ty as #p::DecodePart<#lt>>::decode_part(__b)),
        (None, Body::ReverseTs) => {
            quote!(<#ty as #p::ReverseTs>::from_reversed(#p::read_u64(__b)))
        }
        (None, Body::Twos) => quote!(<#ty as #p::TwosComplement>::decode_twos(__b)),
        (None, Body::Reverse) => quote!(<#ty as #p::Reversible>::decode_reversed(__b)),
    };
    let escaped = l.escaped;
    let value = if restored {
        quote!(#p::restore(__body, #m, #escaped, |__b| #value).map_err(#err)?)
    } else {
        quote!({
            let __b = __body;
            #value
        }
        .map_err(#err)?)
    };
    let verify_salt = if let Some(k) = l.salt {
        // A salt over the body as stored (bytes of the input, from
        // `__body_at`) may be handed to the sink, to be hashed later with
        // other keys' (`rowkey::verify_batch`); plain decode's sink takes
        // none.
        let (data, sink) = if l.body == Body::Reverse {
            (quote!(<#ty as #p::Reversible>::body_bytes(&#var)), quote!())
        } else if l.escaped {
            (quote!(<#ty as #p::EscapeBytes>::raw_bytes(&#var)), quote!())
        } else {
            (
                quote!(__body),
                quote! {
                    !#p::SaltSink::defer_check(
                        __sink,
                        #name,
                        __at,
                        #k,
                        &[(__body_at, __body_at + __body.len())],
                    ) &&
                },
            )
        };
        quote! {
            if VERIFY && #sink !#p::salt_matches(#data, __salt) {
                return #p::Err(#p::Error::field(#key, #name, #p::ErrorKind::SaltMismatch));
            }
        }
    } else {
        quote!()
    };
    let verify_bucket = match l.bucket {
        Some(n) => quote! {
            let __computed = <#ty as #p::BucketValue>::bucket(&#var, #n);
            if VERIFY && __computed != __bucket {
                return #p::Err(#p::Error::field(
                    #key,
                    #name,
                    #p::ErrorKind::BucketMismatch { stored: __bucket, computed: __computed },
                ));
            }
        },
        None => quote!(),
    };
    let slot = format_ident!("__slot{}", l.index);
    let record = if l.in_multi_salt {
        quote!(let #slot = (__body_at, __pos);)
    } else {
        quote!()
    };
    let read = if l.option {
        // The validation keeps salts and buckets off `Option` fields, so
        // nothing after this needs `__body`.
        let field_ty = &l.ty_de;
        quote! {
            let #var: #field_ty = if #p::read_presence(__in, &mut __pos, #m).map_err(#err)? {
                let __body: &'__rowkey_de [#p::u8] = #take_body;
                #p::Some(#value)
            } else {
                #p::None
            };
        }
    } else if check
        && !restored
        && l.decimal.is_none()
        && l.body == Body::Plain
        && l.bucket.is_none()
    {
        quote! {
            let __body: &'__rowkey_de [#p::u8] = #take_body;
            <#ty as #p::DecodePart<'__rowkey_de>>::check_part(__body).map_err(#err)?;
        }
    } else {
        quote! {
            let __body: &'__rowkey_de [#p::u8] = #take_body;
            let #var: #ty = #value;
        }
    };
    quote! {
        let __at = __pos;
        #take_salt
        #take_bucket
        let __body_at = __pos;
        #read
        #verify_salt
        #verify_bucket
        __segs[__seg] = #p::Segment { name: #name, kind: #p::SegmentKind::Field, start: __body_at, end: __pos };
        __seg += 1;
        #record
    }
}

/// The struct-level salt: written last (it hashes fields written after it),
/// read first, verified once every field is read.
pub fn multi_salt(
    input: &Input,
    layouts: &[Layout],
    p: &TokenStream,
    key: &str,
    width: usize,
) -> (TokenStream, TokenStream, TokenStream) {
    let Some(salt) = &input.attrs.salt else {
        return (quote!(), quote!(), quote!());
    };
    let k = salt.chars;
    // Hashed in the order the fields are listed, not declared: Java's
    // `md5(kind + "_" + uid)` over a key that stores uid first.
    let listed: Vec<&Layout> = salt
        .fields
        .iter()
        .filter_map(|f| layouts.iter().find(|l| l.field.ident == f))
        .collect();
    let slots: Vec<_> = listed
        .iter()
        .map(|l| format_ident!("__slot{}", l.index))
        .collect();
    // With a delimiter the salt hashes the values joined by it; without,
    // the slots as written.
    let hows: Vec<_> = listed
        .iter()
        .map(|l| salt_part(l, p, salt.delim.is_some()))
        .collect();
    let join = salt
        .delim
        .map_or_else(|| quote!(#p::None), |b| quote!(#p::Some(#b)));
    let delim_write = match salt.delim {
        Some(b) => quote!(__head[#k] = #b;),
        None => quote!(),
    };
    let encode = quote! {
        {
            let (__head, __tail) = __buf.split_at_mut(#width);
            #p::md5_hex_joined_into(
                &[#(#p::salt_part(&__tail[#slots.0 - #width..#slots.1 - #width], #hows)),*],
                #join,
                &mut __head[..#k],
            );
            #delim_write
        }
    };
    let delim_read = match salt.delim {
        Some(b) => quote! {
            if #p::take(__in, &mut __pos, 1).map_err(|__k| #p::Error::field(#key, "salt", __k))?[0] != #b {
                return #p::Err(#p::Error::field(#key, "salt", #p::ErrorKind::MissingDelimiter { byte: #b }));
            }
        },
        None => quote!(),
    };
    let head = quote! {
        let __msalt = #p::take(__in, &mut __pos, #k).map_err(|__k| #p::Error::field(#key, "salt", __k))?;
        #delim_read
        // The salt's delimiter, if any, is shown as part of the salt.
        __segs[__seg] = #p::Segment { name: "salt", kind: #p::SegmentKind::Salt, start: 0, end: __pos };
        __seg += 1;
    };
    // Without a delimiter the salt hashes the slots as they are in the
    // input: the sink may take it.
    let sink = if salt.delim.is_none() {
        quote!(!#p::SaltSink::defer_check(__sink, "salt", 0, #k, &[#(#slots),*]))
    } else {
        quote!(true)
    };
    let tail = quote! {
        if VERIFY && #sink {
            let mut __check = [0u8; #k];
            #p::md5_hex_joined_into(
                &[#(#p::salt_part(&__in[#slots.0..#slots.1], #hows)),*],
                #join,
                &mut __check,
            );
            if __check[..] != __msalt[..] {
                return #p::Err(#p::Error::field(#key, "salt", #p::ErrorKind::SaltMismatch));
            }
        }
    };
    (encode, head, tail)
}

/// What a struct-level salt hashes of field `l`'s slot: with a salt
/// delimiter, the value without its pad or trailing delimiter (the values
/// are then joined by the salt's delimiter); without one, the slot whole.
pub fn salt_part(l: &Layout, p: &TokenStream, joined: bool) -> TokenStream {
    match l.frame {
        Frame::Pad { byte, .. } if joined => {
            let stored = byte ^ l.mask();
            quote!(#p::SaltPart::StripPad(#stored))
        }
        Frame::Delim { .. } if joined => quote!(#p::SaltPart::DropLast),
        _ => quote!(#p::SaltPart::Whole),
    }
}

/// Type-dependent rules, left to the compiler: each is a bound that only the
/// fitting types satisfy, spanned on the attribute or field it is about.
fn checks(l: &Layout, p: &TokenStream) -> TokenStream {
    let ty = &l.inner_static;
    let a = &l.field.attrs;
    let mut out = TokenStream::new();
    // Which trait a field type must implement for an attribute (bucket,
    // reverse_ts, ...) is already required by the generated encode and
    // decode calls, with the trait's own message; only the width rules,
    // which no call implies, are checked here.
    let span = syn::spanned::Spanned::span(l.inner_ty);
    match l.frame {
        Frame::Fixed
            if l.attr_body_width().is_none()
                && !l.value_width()
                && valid::known_width(l.inner_ty) != valid::Known::Fixed =>
        {
            let p = respan(p, span);
            out.extend(quote_spanned! {span=>
                #p::require_fixed_or_last::<
                    #p::Check<#ty, { #p::is_fixed(<#ty as #p::KeyPart>::WIDTH) }>,
                    #ty,
                >();
            });
        }
        // A delimiter fits any type (after a fixed width it is not searched
        // for); a pad only a variable-width one.
        Frame::Pad { .. } => {
            let s = a.pad.as_ref().map_or(span, |x| x.span);
            let p = respan(p, s);
            out.extend(quote_spanned! {s=>
                #p::require_variable::<
                    #p::Check<#ty, { !#p::is_fixed(<#ty as #p::KeyPart>::WIDTH) }>,
                    #ty,
                >();
            });
        }
        _ => {}
    }
    out
}

/// The compiler reports a failed bound where the path to the bound's
/// function starts, so the crate path is given the span of what the error is
/// about.
fn respan(tokens: &TokenStream, span: Span) -> TokenStream {
    tokens
        .clone()
        .into_iter()
        .map(|mut tt| {
            if let proc_macro2::TokenTree::Group(g) = &tt {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(&g.stream(), span));
                group.set_span(span);
                tt = proc_macro2::TokenTree::Group(group);
            } else {
                tt.set_span(span);
            }
            tt
        })
        .collect()
}
