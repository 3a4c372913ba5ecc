//! The derive's own `ScanField` impl for a field the scan rules do not
//! compose, and the spread's: steps that write through the runtime's byte
//! rules.

use super::rule::{bound_cut, bound_fit};
use crate::model::{Body, Digits, Frame, Layout};
use proc_macro2::TokenStream;
use quote::quote;
use syn::{Ident, Lifetime};

/// The derive's own `ScanField` impl for a field the runtime has no rule
/// for: its value's bytes (a struct-level salt's slot, a spread's fan-out,
/// Phoenix's rules) and, where it keeps value order, a range's.
#[allow(clippy::too_many_arguments)]
pub(super) fn derived_steps(
    l: &Layout,
    layouts: &[Layout],
    key: &str,
    salt_order: Option<(usize, bool)>,
    prev_salt: Option<(usize, bool)>,
    p: &Ident,
    lifetimes: &[&Lifetime],
    key_ty: &TokenStream,
) -> TokenStream {
    // The other modules' helpers take the runtime's path as a stream.
    let n = layouts.len();
    let i = l.index;
    let fname = &l.name;
    let prefix = l.prefix_width();
    // The salt hashes its fields in the order listed, which may not be key
    // order: each slot is filed under its place in the list.
    let (start, salt_slot) = match salt_order {
        Some((order, joined)) => {
            let how = crate::salt::salt_part(l, p, joined);
            (
                quote!(let __start = __s.len();),
                quote!(__s.salt_slot(#order, __start + #prefix, #how)?;),
            )
        }
        None => (quote!(), quote!()),
    };
    let exact = if l.phoenix {
        crate::phoenix::after_push(l, n, p)
    } else if i + 1 == n {
        quote!(__s.exact();)
    } else {
        quote!()
    };
    let bounds = l.scan_bounds(p);
    let cut = bound_cut(l, p);
    let bounds = match (cut.is_empty(), l.option) {
        (true, _) => bounds,
        (false, false) => quote!(#bounds + #p::CutBound),
        (false, true) => {
            let inner = l.value_bounds(p);
            quote!(#p::KeyPart + #p::Presence<Inner: #inner + #p::CutBound>)
        }
    };
    // A plain field has no writer of its own: the runtime's plain writer,
    // by its frame (`encode::plain_writer`).
    let plain = crate::encode::plain_writer(l, p);
    let push = if let Some(writer) = &plain {
        quote!(__s.push_plain(#fname, &__v, #writer))
    } else if let Some((prefix, body, frame)) = crate::encode::rule(l, p) {
        quote!(#p::rule::push_field::<_, _, #prefix, #body>(__s, #fname, &__v, #frame))
    } else if let Some((body, frame, mask)) = crate::encode::option_rule(l, p) {
        quote!(#p::rule::push_option::<_, _, #body>(__s, #fname, &__v, #mask, #frame))
    } else {
        // A Phoenix column, the one field none of the above writes.
        crate::phoenix::push_call(l, n, p)
    };
    let push = if salt_order.is_none() && i + 1 != n && !l.phoenix {
        push
    } else {
        quote! {
            #start
            #push?;
            #salt_slot
            #exact
            #p::Ok(())
        }
    };
    let spread = spread_step(l, layouts, prev_salt, p);
    let eq_fn = quote! {
        #[inline(always)]
        fn scan_eq(__v: __V, __s: &mut #p::Scan<'_, Self>) -> #p::Result<(), #p::Error> {
            #spread
            #push
        }
    };
    // One impl per field: a field that keeps no value order keeps the
    // trait's `scan_range`, which refuses (its builder method takes no range).
    let steps = |range_fn: TokenStream| {
        quote! {
            #[automatically_derived]
            impl<#(#lifetimes,)* __V: #bounds> #p::ScanField<#i, __V> for #key_ty {
                #eq_fn
                #range_fn
            }
        }
    };
    if !l.ranged() {
        return steps(TokenStream::new());
    }
    let bucket_fan = match l.bucket {
        Some(count) => quote!(__s.fan_bucket(#count);),
        None => quote!(),
    };
    let open = l.frame == Frame::Last && l.attr_body_width().is_none();
    let range = if let (Body::ReverseTs, Some(Digits::Width(w))) = (l.body, l.decimal) {
        // Timestamps become stored numbers `i64::MAX - ts`, clamped to the
        // storable ones, written as their W digits.
        quote! {
            match #p::reverse_ts_bounds(
                #p::reverse_ts_lower(__lo.as_ref()),
                #p::reverse_ts_upper(__hi.as_ref()),
            ) {
                #p::None => {
                    __s.empty();
                    #p::Ok(())
                }
                #p::Some((__a, __b)) => __s.range(
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
            #p::range_reverse_ts(
                __s,
                #fname,
                #p::reverse_ts_lower(__lo.as_ref()),
                #p::reverse_ts_upper(__hi.as_ref()),
            )
        }
    } else {
        // Stored inverted, the greatest value has the smallest key: the
        // bounds swap ends.
        let (lo, hi) = if l.desc {
            (quote!(__hi), quote!(__lo))
        } else {
            (quote!(__lo), quote!(__hi))
        };
        let guard = desc_guard(l, p, key);
        let clamp = decimal_clamp(l, p);
        let call = if let Some(writer) = &plain {
            quote!(__s.range_plain(#fname, #open, #lo, #hi, #writer))
        } else if let Some((prefix, body, frame)) = crate::encode::rule(l, p) {
            quote!(#p::rule::range_field::<_, _, #prefix, #body>(__s, #fname, #open, #lo, #hi, #frame))
        } else if let Some((body, frame, mask)) = crate::encode::option_rule(l, p) {
            quote!(#p::rule::range_option::<_, _, #body>(__s, #fname, #open, #lo, #hi, #mask, #frame))
        } else {
            // A Phoenix column, the one field none of the above writes.
            crate::phoenix::range_call(l, layouts, p, key, &lo, &hi)
        };
        let fit = bound_fit(l, p);
        quote! {
            #guard
            #fit
            #clamp
            #cut
            #call
        }
    };
    steps(quote! {
        #[inline(always)]
        fn scan_range(
            __lo: #p::Bound<__V>,
            __hi: #p::Bound<__V>,
            __s: &mut #p::Scan<'_, Self>,
        ) -> #p::Result<(), #p::Error> {
            #spread
            #bucket_fan
            #range
        }
    })
}

/// A `#[spread]` field given, or the field after one that was not: the
/// scan then leaves room for the spread and fans out over its shards.
fn spread_step(
    l: &Layout,
    layouts: &[Layout],
    prev_salt: Option<(usize, bool)>,
    p: &Ident,
) -> TokenStream {
    if l.spread.is_some() {
        return quote!(__s.spread_given(););
    }
    let Some(prev) = l.index.checked_sub(1).map(|i| &layouts[i]) else {
        return TokenStream::new();
    };
    let Some(count) = prev.spread else {
        return TokenStream::new();
    };
    let name = &prev.name;
    let slot = 2 * prev.index + 2;
    // The spread's place in the struct-level salt's fields and what of it
    // the salt hashes, when listed there.
    let salt_order = prev_salt.map_or_else(
        || quote!(#p::None),
        |(order, joined)| {
            let how = crate::salt::salt_part(prev, p, joined);
            quote!(#p::Some((#order, #how)))
        },
    );
    quote! {
        __s.fan_spread(#name, #count, __ROWKEY_W[#slot], __rowkey_spread_write, #salt_order)?;
    }
}

/// For a key with a `#[spread]` field: the writer that fills a
/// fanned-out range's room with a shard's bytes. (That the builder may skip
/// the field is the scan-order markers' `Markers::skip`.)
pub fn spread_items(layouts: &[Layout], p: &Ident, ty_static: &TokenStream) -> TokenStream {
    let Some(l) = layouts.iter().find(|l| l.spread.is_some()) else {
        return TokenStream::new();
    };
    let Some((prefix, body, frame)) = crate::encode::slot_rule(l, p) else {
        return TokenStream::new();
    };
    let ty = &l.inner_static;
    let name = &l.name;
    quote! {
        /// Shard `i`'s bytes, as the spread field writes them.
        fn __rowkey_spread_write(__i: #p::u32, __out: &mut [#p::u8]) {
            if let #p::Some(__v) = <#ty as #p::SpreadValue>::from_shard(__i) {
                let mut __pos: #p::usize = 0;
                let _ = #p::rule::write_field::<#ty, #prefix, #body, false, false>(
                    &__v,
                    __out,
                    &mut __pos,
                    #frame,
                    <#ty_static as #p::RowKey>::NAME,
                    #name,
                );
            }
        }
    }
}

/// A `#[decimal(W)]` range clamped to the W-digit values, as a
/// `#[reverse_ts]` one is to the storable timestamps: a window past them
/// selects nothing (no range), not an error.
fn decimal_clamp(l: &Layout, p: &Ident) -> TokenStream {
    let too_wide = match (l.decimal, l.width, l.option) {
        (Some(Digits::Width(w)), _, false) => {
            quote!(|__v: &_| #p::decimal_len(#p::Decimal::to_u128(__v)) > #w)
        }
        // An `Option` field's `Some(v)` past W digits: as `v` on a plain
        // field (a lower bound above every `Some` leaves nothing, since
        // `None` sorts first; an upper one is no bound).
        (Some(Digits::Width(w)), _, true) => quote! {
            |__v: &_| #p::Presence::present(__v)
                .is_some_and(|__i| #p::decimal_len(#p::Decimal::to_u128(__i)) > #w)
        },
        // A `#[width(W)]` window is clamped to the values W bytes hold;
        // an `Option`'s `Some(v)` as `v` (as for digits above).
        (_, Some(w), false) => quote!(|__v: &_| #p::too_wide(#p::Narrow::to_wide(__v), #w)),
        (_, Some(w), true) => quote! {
            |__v: &_| #p::Presence::present(__v)
                .is_some_and(|__i| #p::too_wide(#p::Narrow::to_wide(__i), #w))
        },
        _ => return TokenStream::new(),
    };
    quote! {
        let #p::Some((__lo, __hi)) = #p::clamp_wide_bounds(__lo, __hi, #too_wide) else {
            __s.empty();
            return #p::Ok(());
        };
    }
}

/// A range on a `#[desc]` last field of a user type that turns out
/// variable-width: inverted, a value sorts after its own extensions, so no
/// one key range holds a value range. Refused when the builder runs; the
/// built-in variable-width types take only a value at compile time.
fn desc_guard(l: &Layout, p: &Ident, key: &str) -> TokenStream {
    // (A Phoenix DESC value always ends in 0xFF.)
    if !(l.desc && l.frame == Frame::Last && !l.escaped && l.attr_body_width().is_none())
        || l.phoenix
    {
        return TokenStream::new();
    }
    let ty = &l.inner_static;
    let name = &l.name;
    quote! {
        if <#ty as #p::KeyPart>::WIDTH.is_none() {
            return #p::Err(#p::Error::field(
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
