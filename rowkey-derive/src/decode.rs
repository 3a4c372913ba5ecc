//! Code generation for decode: the read of each field, with the checks that
//! make a decoded key one encode would have written.

use crate::encode::field_err;
use crate::model::{Body, Digits, Frame, Layout};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// A field's part of decode's walk. With `check` (batch verification), a
/// plain field whose value nothing else reads is only checked
/// (`DecodePart::check_part`), not built.
pub(crate) fn decode_field(l: &Layout, p: &Ident, key: &str, check: bool) -> TokenStream {
    let ty = &l.inner_de;
    if crate::encode::plain_writer(l, p).is_some() {
        return read_plain(l, p, key, check);
    }
    if let Some((prefix, _, _)) = crate::encode::rule(l, p) {
        return read_rule(l, p, key, check, &prefix);
    }
    let err = field_err(p, key, &l.name, &quote!(true));
    let name = &l.name;
    let var = format_ident!("__v{}", l.index);
    let m = l.mask();
    let take_salt = match l.salt {
        Some(k) => {
            let delim = match l.salt_delim {
                Some(d) => quote!(#p::expect_delim(__in, &mut __pos, #d)#err?;),
                None => quote!(),
            };
            quote! {
                let __salt = #p::take(__in, &mut __pos, #k)#err?;
                #delim
                // The salt's delimiter, if any, is shown as part of the salt.
                #p::push_segment(__segs, &mut __seg, #name, #p::SegmentKind::Salt, __at, __pos);
            }
        }
        None => quote!(),
    };
    let take_bucket = match l.bucket {
        Some(_) => {
            let w = l.bucket_width();
            quote! {
                let __bstart = __pos;
                let __bucket = #p::read_bucket(#p::take(__in, &mut __pos, #w)#err?);
                #p::push_segment(__segs, &mut __seg, #name, #p::SegmentKind::Bucket, __bstart, __pos);
            }
        }
        None => quote!(),
    };
    // The stored bytes of the body. Pad and delimiter bytes are stored
    // through the mask like the rest of the slot.
    let after = match l.frame {
        Frame::Delim { byte } => {
            let stored = byte ^ m;
            quote!(#p::expect_delim(__in, &mut __pos, #stored)#err?;)
        }
        _ => quote!(),
    };
    let take_body = match (l.frame, l.attr_body_width()) {
        (Frame::Pad { width, byte }, _) => {
            let stored = byte ^ m;
            quote!(#p::take_padded(__in, &mut __pos, #width, #stored)#err?)
        }
        _ if l.escaped => quote! {{
            let __e = #p::take_escaped(__in, &mut __pos, #m)#err?;
            #after
            __e
        }},
        (_, Some(w)) if after.is_empty() => quote!(#p::take(__in, &mut __pos, #w)#err?),
        (_, Some(w)) => quote! {{
            let __f = #p::take(__in, &mut __pos, #w)#err?;
            #after
            __f
        }},
        (Frame::Delim { byte }, None) if l.decimal.is_some() => {
            let stored = byte ^ m;
            quote!(#p::take_delimited(__in, &mut __pos, #stored)#err?)
        }
        (_, None) if l.decimal.is_some() => quote!(#p::take_rest(__in, &mut __pos)),
        (frame, None) => {
            let frame = match frame {
                Frame::Delim { byte } => {
                    let stored = byte ^ m;
                    quote!(#p::SlotFrame::Delim(#stored))
                }
                Frame::Fixed => quote!(#p::SlotFrame::Fixed),
                _ => quote!(#p::SlotFrame::Last),
            };
            quote! {
                #p::take_framed(
                    __in,
                    &mut __pos,
                    <#ty as #p::KeyPart>::WIDTH,
                    if <#ty as #p::KeyPart>::SELF_DELIMITING {
                        #p::Some(<#ty as #p::KeyPart>::delimited_len)
                    } else {
                        #p::None
                    },
                    #m,
                    #frame,
                )#err?
            }
        }
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
    // Restored bytes are the closure's argument; else the input's own.
    let b = if restored {
        quote!(__b)
    } else {
        quote!(__body)
    };
    let value = match (l.decimal, l.body) {
        _ if l.width.is_some() => quote!(#p::read_narrow::<#ty>(#b)),
        (Some(_), Body::ReverseTs) => quote!(#p::decode_decimal_reversed::<#ty>(#b, #padded)),
        (Some(_), _) => quote!(#p::decode_decimal::<#ty>(#b, #padded)),
        (None, Body::Plain) => quote!(<#ty as #p::DecodePart<#lt>>::decode_part(#b)),
        (None, Body::ReverseTs) => {
            quote!(<#ty as #p::ReverseTs>::from_reversed(#p::read_u64(#b)))
        }
        (None, Body::Twos) => quote!(<#ty as #p::TwosComplement>::decode_twos(#b)),
        (None, Body::Reverse) => quote!(<#ty as #p::Reversible>::decode_reversed(#b)),
    };
    let escaped = l.escaped;
    let value = if restored {
        quote!(#p::restore(__body, #m, #escaped, |__b| #value)#err?)
    } else {
        quote!(#value #err?)
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
    // Not only when verifying: a shard out of range is no key this layout
    // writes, whatever the salts say.
    let verify_spread = l.spread.map(|n| quote!(#p::check_spread(&#var, #n)#err?;));
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
            let #var: #field_ty = if #p::read_presence(__in, &mut __pos, #m)#err? {
                let __body = #take_body;
                #p::Some(#value)
            } else {
                #p::None
            };
        }
    } else if check
        && !restored
        && l.decimal.is_none()
        && l.width.is_none()
        && l.body == Body::Plain
        && l.bucket.is_none()
        && l.spread.is_none()
    {
        quote! {
            let __body = #take_body;
            <#ty as #p::DecodePart<'__rowkey_de>>::check_part(__body)#err?;
        }
    } else {
        quote! {
            let __body = #take_body;
            let #var = #value;
        }
    };
    // Where the slot starts, for the salt's segment and check.
    let at = l.salt.map(|_| quote!(let __at = __pos;));
    quote! {
        #at
        #take_salt
        #take_bucket
        let __body_at = __pos;
        #read
        #verify_salt
        #verify_bucket
        #verify_spread
        #p::push_segment(__segs, &mut __seg, #name, #p::SegmentKind::Field, __body_at, __pos);
        #record
    }
}

/// A field the runtime's plain writer writes (`encode::plain_writer`), read
/// by the runtime's one copy of the plain read (`__private::read_plain`).
/// The type's traits are named here, as the expanded read named them, so a
/// type that lacks one is reported as before, once. With `check` (batch
/// verification) the body is only checked (`DecodePart::check_part`).
fn read_plain(l: &Layout, p: &Ident, key: &str, check: bool) -> TokenStream {
    let ty = &l.inner_de;
    let (name, var) = (&l.name, format_ident!("__v{}", l.index));
    let frame = read_frame(l, p);
    let f = if check {
        quote!(check_part)
    } else {
        quote!(decode_part)
    };
    let read = quote! {
        #p::read_plain(
            __in, &mut __pos, #frame, <#ty as #p::DecodePart<'__rowkey_de>>::#f,
            __segs, &mut __seg, #key, #name,
        )?;
    };
    let record = l.in_multi_salt.then(|| {
        let slot = format_ident!("__slot{}", l.index);
        quote!(let #slot = (__body_at, __pos);)
    });
    let at = record.is_some().then(|| quote!(let __body_at = __pos;));
    if check {
        quote!(#at #read #record)
    } else {
        quote!(#at let #var = #read #record)
    }
}

/// How the runtime's reads find a field's body (`__private::PlainRead`):
/// its pad, or its width (the attribute's, else the type's, whose traits
/// are named here) and frame, its pad or delimiter byte as stored (through
/// the mask of a `#[desc]` field); an escaped body by its terminator.
fn read_frame(l: &Layout, p: &Ident) -> TokenStream {
    let ty = &l.inner_de;
    let m = l.mask();
    let frame = match l.frame {
        Frame::Pad { width, byte } => {
            let stored = byte ^ m;
            return quote!(#p::PlainRead::Pad(#width, #stored));
        }
        Frame::Delim { byte } => {
            let stored = byte ^ m;
            quote!(#p::SlotFrame::Delim(#stored))
        }
        Frame::Fixed => quote!(#p::SlotFrame::Fixed),
        Frame::Last => quote!(#p::SlotFrame::Last),
    };
    if l.escaped {
        return quote!(#p::PlainRead::Escaped(#m, #frame));
    }
    let (width, measure) = if let Some(w) = l.attr_body_width() {
        (quote!(#p::Some(#w)), quote!(#p::None))
    } else if l.value_width() {
        (quote!(#p::None), quote!(#p::None))
    } else {
        (
            quote!(<#ty as #p::KeyPart>::WIDTH),
            quote! {
                if <#ty as #p::KeyPart>::SELF_DELIMITING {
                    #p::Some(<#ty as #p::KeyPart>::delimited_len)
                } else {
                    #p::None
                }
            },
        )
    };
    if m == 0 {
        quote!(#p::PlainRead::Framed(#width, #measure, #frame))
    } else {
        quote!(#p::PlainRead::Masked(#width, #measure, #frame, #m))
    }
}

/// A field the runtime's rules read (`encode::rule`, `__private::read_field`):
/// its prefix rule, its frame and the body rule's reader, named here. With
/// `check`, a body of the type's own bytes that no bucket needs is only
/// checked.
fn read_rule(l: &Layout, p: &Ident, key: &str, check: bool, prefix: &TokenStream) -> TokenStream {
    let ty = &l.inner_de;
    let (name, var) = (&l.name, format_ident!("__v{}", l.index));
    let frame = read_frame(l, p);
    // Digits, low bytes, escaped or inverted: read by the body rule.
    let attr = l.desc || l.escaped || l.decimal.is_some() || l.width.is_some();
    // A body of the type's own bytes, as stored, that no bucket needs is
    // only checked.
    let checked = check && !attr && l.body == Body::Plain && l.bucket.is_none();
    let read = match l.body {
        _ if attr => {
            let body = crate::encode::body_rule(l, p);
            let body = crate::checks::respan(&body, syn::spanned::Spanned::span(l.inner_ty));
            quote!(<#body>::read::<#ty>)
        }
        Body::Plain if checked => quote!(<#ty as #p::DecodePart<'__rowkey_de>>::check_part),
        Body::Plain => quote!(<#ty as #p::DecodePart<'__rowkey_de>>::decode_part),
        Body::ReverseTs => quote!(#p::rule::RevTs::read::<#ty>),
        Body::Twos => quote!(<#ty as #p::TwosComplement>::decode_twos),
        Body::Reverse => quote!(<#ty as #p::Reversible>::decode_reversed),
    };
    let sink = if l.salt.is_some() {
        quote!(&mut *__sink)
    } else {
        quote!(&mut #p::NoSink)
    };
    let call = quote! {
        #p::rule::read_field::<_, #prefix, VERIFY, _, _>(
            __in, &mut __pos, #frame, #read, __segs, &mut __seg, #sink, #key, #name,
        )?;
    };
    if checked {
        call
    } else {
        quote!(let #var = #call)
    }
}
