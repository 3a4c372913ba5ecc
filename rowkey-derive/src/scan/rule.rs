//! The runtime's scan rule of a field (`__private::ScanRule`), composed by
//! type from its attributes, or `None` where the rules do not compose and
//! the field gets the derive's own steps (`derived.rs`).

use crate::model::{Body, Digits, Frame, Layout};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Ident, Lifetime};

/// The runtime's scan rule for a field (`__private::ScanRule`), composed
/// by type from its attributes; `None` for attributes it has no rule for.
/// `salt_order` is the field's place in the struct-level salt's fields and
/// whether that salt joins them with a delimiter.
/// `listed`: the key's lifetimes when its fields have rule aliases
/// (`fields::aliases`), whose pad or delimiter a rule names rather than
/// spelling it again.
pub(super) fn rule(
    l: &Layout,
    layouts: &[Layout],
    salt_order: Option<(usize, bool)>,
    p: &Ident,
    listed: Option<&[&Lifetime]>,
) -> Option<TokenStream> {
    let after_spread = l
        .index
        .checked_sub(1)
        .is_some_and(|i| layouts[i].spread.is_some());
    if l.phoenix
        || l.option
        || after_spread
        || l.spread.is_some()
        || (l.salt.is_some() && l.body != Body::Plain)
    {
        return None;
    }
    let mut rule = slot_rule(l, p, listed)?;
    if let Some(count) = l.bucket {
        rule = quote!(#p::Bucket<#count, #rule>);
    }
    if let Some((order, joined)) = salt_order {
        if l.prefix_width() != 0 {
            return None;
        }
        let part = match l.frame {
            Frame::Pad { byte, .. } if joined => {
                let stored = byte ^ l.mask();
                quote!(#p::StripPad<#stored>)
            }
            Frame::Delim { .. } if joined => quote!(#p::DropLast),
            _ => quote!(#p::Whole),
        };
        rule = quote!(#p::Hashed<#order, #part, #rule>);
    }
    Some(if l.index + 1 == layouts.len() {
        quote!(#p::Last<#rule>)
    } else {
        rule
    })
}

/// The rule of the field's own bytes (its body and frame, its own salt),
/// before a bucket, the struct-level salt or the last field wraps it.
fn slot_rule(l: &Layout, p: &Ident, listed: Option<&[&Lifetime]>) -> Option<TokenStream> {
    let frame = match (l.frame, listed) {
        (Frame::Pad { .. } | Frame::Delim { .. }, Some(lts)) => {
            let alias = format_ident!("__RowkeyF{}", l.index);
            quote!(#p::FrameOf<#alias<#(#lts),*>>)
        }
        (Frame::Pad { width, byte }, None) => quote!(#p::Pad<#width, #byte>),
        (Frame::Delim { byte }, None) => quote!(#p::ScanDelim<#byte>),
        (Frame::Fixed, _) => quote!(#p::Fixed),
        (Frame::Last, _) => quote!(#p::Open),
    };
    let desc = |r: TokenStream| if l.desc { quote!(#p::Desc<#r>) } else { r };
    let other = l.salt.is_some() || l.width.is_some() || l.decimal.is_some();
    Some(match (l.body, l.frame) {
        _ if l.desc && other => return None,
        (Body::Plain, Frame::Fixed | Frame::Last)
            if l.salt.is_none() && l.width.is_some() && l.decimal.is_none() =>
        {
            let w = l.width.unwrap_or(0);
            quote!(#p::Width<#w>)
        }
        (Body::Plain, Frame::Fixed | Frame::Last)
            if l.salt.is_none() && l.width.is_none() && l.decimal.is_some() =>
        {
            match l.decimal {
                Some(Digits::Width(w)) => quote!(#p::Digits<#w>),
                Some(Digits::Shortest) | None => quote!(#p::AnyDigits),
            }
        }
        _ if l.width.is_some() || l.decimal.is_some() => return None,
        (Body::Plain, Frame::Fixed | Frame::Last | Frame::Delim { .. })
            if l.escaped && l.salt.is_none() =>
        {
            desc(quote!(#p::Escaped<#frame>))
        }
        _ if l.escaped => return None,
        (Body::Plain, _) => match (l.salt, l.salt_delim) {
            (Some(chars), None) => quote!(#p::Salt<#chars, #frame>),
            (Some(chars), Some(d)) => quote!(#p::SaltDelim<#chars, #d, #frame>),
            (None, _) if !bound_cut(l, p).is_empty() => {
                let r = desc(frame);
                quote!(#p::Text<#r>)
            }
            (None, _) if !bound_fit(l, p).is_empty() => {
                let r = desc(frame);
                quote!(#p::Fit<#r>)
            }
            (None, _) => desc(frame),
        },
        (Body::Reverse, _) => {
            let ty = &l.inner_static;
            desc(quote!(#p::Reverse<#ty, #frame>))
        }
        (Body::ReverseTs, Frame::Fixed | Frame::Last) if !l.desc => quote!(#p::RevTs),
        (Body::Twos, Frame::Fixed | Frame::Last) => desc(quote!(#p::Twos)),
        _ => return None,
    })
}

/// A range on a padded or delimited string or byte string: a bound the
/// field could not store (longer than the pad, ending in the pad byte,
/// holding the delimiter) is read as the stored values it means, not
/// refused (`__private::cut_bounds`). Empty for other fields, whose bounds
/// the writer checks as values.
pub(super) fn bound_cut(l: &Layout, p: &Ident) -> TokenStream {
    if !l.ranged() || l.body != Body::Plain || l.escaped || l.decimal.is_some() {
        return TokenStream::new();
    }
    if !crate::valid::is_text(l.inner_ty) {
        return TokenStream::new();
    }
    let cut = match l.frame {
        Frame::Pad { width, byte } => quote!(#p::Cut::Pad { width: #width, byte: #byte }),
        Frame::Delim { byte } => quote!(#p::Cut::Delim(#byte)),
        Frame::Fixed | Frame::Last => return TokenStream::new(),
    };
    let cut_fn = if l.option {
        quote!(cut_option_bounds)
    } else {
        quote!(cut_bounds)
    };
    quote! {
        let (__lo, __hi) = #p::#cut_fn(&__lo, &__hi, #cut);
    }
}

/// A range on a field of a type the derive does not know (a time, a
/// user type): each bound is read as the stored values on its inner side
/// (`KeyPart::bound_fit`), so that a time between two milliseconds or
/// before 1970 bounds the window rather than being refused. Built-in types
/// store every bound they take as it is: nothing is emitted for them.
pub(super) fn bound_fit(l: &Layout, p: &Ident) -> TokenStream {
    if l.decimal.is_some() || crate::valid::known_width(l.inner_ty) != crate::valid::Known::Unknown
    {
        return TokenStream::new();
    }
    quote! {
        let #p::Some((__lo, __hi)) = #p::fit_bounds(__lo, __hi) else {
            __s.empty();
            return #p::Ok(());
        };
    }
}
