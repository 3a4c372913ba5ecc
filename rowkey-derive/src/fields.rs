//! Code generation for a key whose fields the runtime's field list walks
//! (`__private::fields`): one type per field naming its rules
//! (`Field<I, Ty, Prefix, Body, Frame>` or `Opt<I, Ty, Body, Frame>`),
//! declared once as an alias, and `encoded_len`, `encode_into` and decode's
//! walk as one call per group of eight fields. A key with a struct-level
//! salt, a `#[spread]` field, Phoenix columns or a `'static` borrow keeps
//! the per-field code of `encode.rs` and `decode.rs`, which those need.

use crate::expand::Gen;
use crate::model::{Frame, Layout};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use syn::Lifetime;

/// How many fields one runtime call takes (`len8`, `write8`, `read8`).
const GROUP: usize = 8;

/// Whether the key's fields go through the field list.
pub(crate) fn listed(g: &Gen) -> bool {
    g.input.attrs.salt.is_none()
        && g.input.attrs.java_salt.is_none()
        && g.input.attrs.phoenix.is_none()
        && g.layouts
            .iter()
            .all(|l| l.spread.is_none() && !l.phoenix && !crate::model::mentions_static(l.field.ty))
}

/// The alias of field `l`'s rule type.
fn alias(l: &Layout) -> Ident {
    format_ident!("__RowkeyF{}", l.index)
}

/// Field `l`'s rule type, named through its alias at lifetime `lt` (every
/// lifetime of the struct), spanned on the field's type so that a type a
/// rule does not fit is reported there.
fn named(g: &Gen, l: &Layout, lt: Option<&Lifetime>) -> TokenStream {
    let alias = alias(l);
    let lts: Vec<TokenStream> = g
        .input
        .original
        .generics
        .lifetimes()
        .map(|d| {
            let own = &d.lifetime;
            lt.map_or_else(|| quote!(#own), |lt| quote!(#lt))
        })
        .collect();
    let ty = if lts.is_empty() {
        quote!(#alias)
    } else {
        quote!(#alias<#(#lts),*>)
    };
    crate::checks::respan(&ty, syn::spanned::Spanned::span(l.inner_ty))
}

/// The rule type of field `l`: its prefix, body and frame (an `Option`'s
/// body and frame).
fn rule_type(l: &Layout, p: &Ident) -> TokenStream {
    let (i, ty) = (l.index, l.field.ty);
    let frame = match l.frame {
        Frame::Pad { width, byte } => quote!(#p::Pad<#width, #byte>),
        Frame::Delim { byte } => quote!(#p::ScanDelim<#byte>),
        Frame::Fixed => quote!(#p::Fixed),
        Frame::Last => quote!(#p::Open),
    };
    if l.option {
        let body = crate::encode::body_rule(l, p);
        return quote!(#p::Opt<#i, #ty, #body, #frame>);
    }
    // (`slot_rule` is `None` only for a Phoenix column, which is not listed.)
    let (prefix, body, _) = crate::encode::slot_rule(l, p).unwrap_or_default();
    quote!(#p::Field<#i, #ty, #prefix, #body, #frame>)
}

/// The aliases, one per field, at the block's top level.
pub(crate) fn aliases(g: &Gen) -> TokenStream {
    let p = &g.p;
    let lts = g.input.original.generics.lifetimes().map(|d| &d.lifetime);
    let params = quote!(<#(#lts),*>);
    g.layouts
        .iter()
        .map(|l| {
            let (alias, ty) = (alias(l), rule_type(l, p));
            quote!(type #alias #params = #ty;)
        })
        .collect()
}

/// `encoded_len`'s body.
pub(crate) fn encoded_len(g: &Gen) -> TokenStream {
    let p = &g.p;
    let calls = g.layouts.chunks(GROUP).map(|group| {
        let f = format_ident!("len{}", group.len());
        let rules = group.iter().map(|l| named(g, l, None));
        let values = group.iter().map(|l| {
            let field = l.field.ident;
            quote!(&self.#field)
        });
        quote!(#p::#f::<#(#rules),*>(#(#values),*))
    });
    quote!(#(#calls)+*)
}

/// `encode_into`'s body: the length checked once, then each group written.
pub(crate) fn encode_into(g: &Gen) -> TokenStream {
    let p = &g.p;
    let calls = g.layouts.chunks(GROUP).map(|group| {
        let f = format_ident!("write{}", group.len());
        let rules = group.iter().map(|l| named(g, l, None));
        let values = group.iter().map(|l| {
            let field = l.field.ident;
            quote!(&self.#field)
        });
        quote!(#p::#f::<Self, #(#rules),*>(__out, &mut __pos, #(#values),*)?;)
    });
    quote! {
        let mut __pos = #p::encode_start(self, __out)?;
        #(#calls)*
        #p::Ok(__pos)
    }
}

/// Decode's walk: each field read, trailing bytes refused, the key built.
pub(crate) fn walk(g: &Gen, segments: usize) -> TokenStream {
    let p = &g.p;
    let de = Lifetime::new("'__rowkey_de", Span::call_site());
    let reads = g.layouts.iter().map(|l| {
        let (rule, var) = (named(g, l, Some(&de)), format_ident!("__v{}", l.index));
        quote!(let #var = __w.read::<#rule>()?;)
    });
    let fields = g.layouts.iter().map(|l| l.field.ident);
    let vars = g.layouts.iter().map(|l| format_ident!("__v{}", l.index));
    quote! {
        let mut __w = #p::Walker::<Self, VERIFY, #segments>::new(__in, __segs);
        #(#reads)*
        __w.end()?;
        #p::Ok(Self { #(#fields: #vars),* })
    }
}

/// Salts one key may leave to the caller (`rowkey::MAX_DEFERRED`).
const MAX_DEFERRED: usize = 4;

/// The batch methods of a salted key (`RowKey::__encode_deferred`,
/// `DecodeKey::__verify_deferred`), through the field list: encode with
/// the first four salts over bodies stored as written left to the caller
/// (`Deferred`), and a walk that checks the fields it need not build and
/// hands the salts' checks to the caller's queue. Nothing for a key
/// without a salt, which keeps the traits' defaults.
pub(crate) fn batch(g: &Gen, segments: usize) -> (TokenStream, TokenStream) {
    let p = &g.p;
    if !g.layouts.iter().any(|l| l.salt.is_some()) {
        return (TokenStream::new(), TokenStream::new());
    }
    // A salt over a body the key stores transformed (reversed, inverted,
    // escaped, digits, low bytes) is computed by the write, as in
    // `encode_into`.
    let mut room = MAX_DEFERRED;
    let rules: Vec<TokenStream> = g
        .layouts
        .iter()
        .map(|l| {
            let rule = named(g, l, None);
            let plain_body = l.body != crate::model::Body::Reverse
                && !l.desc
                && !l.escaped
                && !l.option
                && l.decimal.is_none()
                && l.width.is_none();
            if l.salt.is_some() && plain_body && room > 0 {
                room -= 1;
                quote!(#p::Deferred<#rule>)
            } else {
                rule
            }
        })
        .collect();
    let calls = g.layouts.chunks(GROUP).enumerate().map(|(c, group)| {
        let f = format_ident!("defer{}", group.len());
        let rules = &rules[c * GROUP..c * GROUP + group.len()];
        let values = group.iter().map(|l| {
            let field = l.field.ident;
            quote!(&self.#field)
        });
        quote!(#p::#f::<Self, #(#rules),*>(__out, &mut __pos, __salts, #(#values),*)?;)
    });
    let encode = quote! {
        #[inline]
        fn __encode_deferred(
            &self,
            __out: &mut [#p::u8],
            __salts: &mut #p::DeferredSalts,
        ) -> #p::Result<#p::usize, #p::Error> {
            let mut __pos = #p::encode_start(self, __out)?;
            #(#calls)*
            #p::Ok(__pos)
        }
    };
    let de = Lifetime::new("'__rowkey_de", Span::call_site());
    let steps = g.layouts.iter().map(|l| {
        let rule = named(g, l, Some(&de));
        let checked = l.body == crate::model::Body::Plain
            && !(l.desc || l.escaped || l.option)
            && l.decimal.is_none()
            && l.width.is_none()
            && l.bucket.is_none();
        if checked {
            quote!(__w.check::<#rule>()?;)
        } else {
            quote!(__w.read::<#rule>()?;)
        }
    });
    let verify = quote! {
        #[inline]
        fn __verify_deferred(
            __in: &'__rowkey_de [#p::u8],
            __salts: &mut #p::DeferredSalts,
        ) -> #p::Result<(), #p::Error> {
            let __segs = &mut [#p::Segment::EMPTY; #segments];
            let mut __w = #p::Walker::<Self, true, #segments, _>::with_sink(__in, __segs, __salts);
            #(#steps)*
            __w.end()
        }
    };
    (encode, verify)
}
