//! Code generation for decode: the read of each field, one call of the
//! runtime's read naming the field's rules and reader, whose checks make a
//! decoded key one encode would have written.
//!
//! Only for a key the runtime's field list does not take (`fields.rs`:
//! a Java-hash salt, `#[spread]`, Phoenix columns, a `'static` borrow);
//! `tests/field_list_parity.rs` holds the two paths to the same bytes.

use crate::encode::field_err;
use crate::model::{Body, Frame, Layout};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// A field's part of decode's walk: one call of the runtime's read for
/// its kind (plain, the slot rules', an `Option`'s). With `check` (batch
/// verification), a plain field whose value nothing else reads is only
/// checked (`DecodePart::check_part`), not built.
pub(crate) fn decode_field(l: &Layout, p: &Ident, key: &str, check: bool) -> TokenStream {
    if crate::encode::plain_writer(l, p).is_some() {
        return read_plain(l, p, key, check);
    }
    if l.option {
        return read_option(l, p, key);
    }
    match crate::encode::slot_rule(l, p) {
        Some((prefix, _, _)) => read_rule(l, p, key, check, &prefix),
        None => TokenStream::new(),
    }
}

/// An `Option` field (`__private::rule::read_option`): its presence byte,
/// then its body by the body rule's reader. (The validation keeps salts,
/// buckets and spreads off `Option` fields.)
fn read_option(l: &Layout, p: &Ident, key: &str) -> TokenStream {
    let (name, var) = (&l.name, format_ident!("__v{}", l.index));
    let frame = read_frame(l, p);
    let m = l.mask();
    let (read, _) = reader(l, p, false);
    quote! {
        let #var = #p::rule::read_option(
            __in, &mut __pos, #m, #frame, #read, __segs, &mut __seg, #key, #name,
        )?;
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

/// Whether batch verification only checks the field's body, not builds
/// it: the type's own bytes, as stored, that no bucket or spread needs.
pub(crate) fn checked_only(l: &Layout) -> bool {
    !(l.desc || l.escaped || l.decimal.is_some() || l.width.is_some())
        && l.body == Body::Plain
        && l.bucket.is_none()
        && l.spread.is_none()
}

/// The reader of a field's body (named here, so a type that lacks its
/// trait is reported as the expanded read reported it), and whether it
/// only checks the body: with `check`, a body of the type's own bytes, as
/// stored, that no bucket or spread needs.
fn reader(l: &Layout, p: &Ident, check: bool) -> (TokenStream, bool) {
    let ty = &l.inner_de;
    // Digits, low bytes, escaped or inverted: read by the body rule.
    let attr = l.desc || l.escaped || l.decimal.is_some() || l.width.is_some();
    let checked = check && checked_only(l);
    let read = match l.body {
        _ if attr => {
            let body = crate::encode::value_rule(l, p);
            let body = crate::checks::respan(&body, syn::spanned::Spanned::span(l.inner_ty));
            quote!(<#body>::read::<#ty>)
        }
        Body::Plain if checked => quote!(<#ty as #p::DecodePart<'__rowkey_de>>::check_part),
        Body::Plain => quote!(<#ty as #p::DecodePart<'__rowkey_de>>::decode_part),
        Body::ReverseTs => quote!(#p::rule::RevTs::read::<#ty>),
        Body::Twos => quote!(<#ty as #p::TwosComplement>::decode_twos),
        Body::Reverse => quote!(<#ty as #p::Reversible>::decode_reversed),
    };
    (read, checked)
}

/// A field the runtime's rules read (`encode::slot_rule`,
/// `__private::read_field`): its prefix rule, its frame and the body
/// rule's reader. A field a struct-level salt hashes records its body's
/// place for the salt's check; a spread's shard is checked after it.
fn read_rule(l: &Layout, p: &Ident, key: &str, check: bool, prefix: &TokenStream) -> TokenStream {
    let (name, var) = (&l.name, format_ident!("__v{}", l.index));
    let frame = read_frame(l, p);
    let (read, checked) = reader(l, p, check);
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
    let read = if checked {
        call
    } else {
        quote!(let #var = #call)
    };
    // Not only when verifying: a shard out of range is no key this layout
    // writes, whatever the salts say.
    let spread = l.spread.map(|n| {
        let err = field_err(p, key, &l.name, &quote!(true));
        quote!(#p::check_spread(&#var, #n)#err?;)
    });
    let (at, record) = if l.in_multi_salt {
        let prefix = l.prefix_width();
        let slot = format_ident!("__slot{}", l.index);
        (
            quote!(let __body_at = __pos + #prefix;),
            quote!(let #slot = (__body_at, __pos);),
        )
    } else {
        (quote!(), quote!())
    };
    quote! {
        #at
        #read
        #spread
        #record
    }
}
