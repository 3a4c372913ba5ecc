//! Code generation for a key whose fields the runtime's field list walks
//! (`__private::fields`): one type per field naming its rules
//! (`Field<I, Ty, Prefix, Body, Frame>` or `Opt<I, Ty, Body, Frame>`),
//! declared once as an alias, `encoded_len` and `encode_into` as one call
//! per group of eight fields, and decode's walk as one call per field. A
//! struct-level MD5 salt is the runtime's too (`KeySaltSpec`): its key
//! writes field by field through a `Writer` that records the slots. A key
//! with a Java-hash salt, a `#[spread]` field, Phoenix columns or a
//! `'static` borrow keeps the per-field code of `encode.rs` and
//! `decode.rs`, which those need.

use crate::expand::Gen;
use crate::model::{Frame, Layout};
use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use syn::Lifetime;

/// How many fields one runtime call takes (`len8`, `write8`, `defer8`).
const GROUP: usize = 8;

/// Whether the key's fields go through the field list.
pub(crate) fn listed(g: &Gen) -> bool {
    takes(g.input, &g.layouts)
}

/// [`listed`], before the key's `Gen` is built.
pub(crate) fn takes(input: &crate::ast::Input, layouts: &[Layout]) -> bool {
    input.attrs.java_salt.is_none()
        && input.attrs.phoenix.is_none()
        && layouts
            .iter()
            .all(|l| l.spread.is_none() && !l.phoenix && !crate::model::mentions_static(l.field.ty))
}

/// The alias of field `l`'s rule type.
fn alias(l: &Layout) -> Ident {
    format_ident!("__RowkeyF{}", l.index)
}

/// Field `l`'s rule type, named through its alias at lifetime `lt` (every
/// lifetime of the struct), spanned on the field's type so that a type a
/// rule does not fit is reported there: its first token on the type's
/// first, its closing `>` on the type's last, so the compiler's span of
/// the path covers the whole type (one token's span is all a proc macro
/// can set on stable).
///
/// Written token by token with its spans (not quoted, then respanned): it
/// is named several times per field, and each token costs the derive a
/// trip to the compiler.
fn named(g: &Gen, l: &Layout, lt: Option<&Lifetime>) -> TokenStream {
    let (first, last) = g.type_spans[l.index];
    let punct = |c, spacing, span| {
        let mut p = Punct::new(c, spacing);
        p.set_span(span);
        TokenTree::Punct(p)
    };
    let mut out = vec![
        TokenTree::Ident(format_ident!("__RowkeyF{}", l.index, span = first)),
        punct('<', Spacing::Alone, first),
    ];
    for (i, d) in g.input.original.generics.lifetimes().enumerate() {
        if i > 0 {
            out.push(punct(',', Spacing::Alone, first));
        }
        let name = lt.unwrap_or(&d.lifetime).ident.to_string();
        out.push(punct('\'', Spacing::Joint, first));
        out.push(TokenTree::Ident(Ident::new(&name, first)));
    }
    out.push(punct('>', Spacing::Alone, last));
    out.into_iter().collect()
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

/// The group's fields as the group functions take them: `&self.field`.
fn field_refs<'g>(group: &'g [Layout]) -> impl Iterator<Item = TokenStream> + 'g {
    group.iter().map(|l| {
        let field = l.field.ident;
        quote!(&self.#field)
    })
}

/// `encoded_len`'s body.
pub(crate) fn encoded_len(g: &Gen) -> TokenStream {
    let p = &g.p;
    let calls = g.layouts.chunks(GROUP).map(|group| {
        let f = format_ident!("len{}", group.len());
        let rules = group.iter().map(|l| named(g, l, None));
        let values = field_refs(group);
        quote!(#p::#f::<#(#rules),*>(#(#values),*))
    });
    let salt = (g.multi_width > 0).then(|| {
        let w = g.multi_width;
        quote!(#w +)
    });
    quote!(#salt #(#calls)+*)
}

/// `encode_into`'s body: the length checked once, then each group written;
/// with a struct-level salt, each field through a `Writer`, which writes
/// the salt last.
pub(crate) fn encode_into(g: &Gen) -> TokenStream {
    let p = &g.p;
    if g.input.attrs.salt.is_some() {
        let n = g.layouts.len();
        let writes = g.layouts.iter().map(|l| {
            let (rule, field) = (named(g, l, None), l.field.ident);
            quote!(__w.write::<#rule>(&self.#field)?;)
        });
        return quote! {
            let mut __w = #p::Writer::<Self, #n>::new(self, __out)?;
            #(#writes)*
            #p::Ok(__w.finish())
        };
    }
    // The last group's call is the result: each group returns where it
    // ended.
    let groups = g.layouts.chunks(GROUP).count();
    let calls = g.layouts.chunks(GROUP).enumerate().map(|(i, group)| {
        let f = format_ident!("write{}", group.len());
        let rules = group.iter().map(|l| named(g, l, None));
        let values = field_refs(group);
        let call = quote!(#p::#f::<Self, #(#rules),*>(__out, &mut __pos, #(#values),*));
        if i + 1 == groups {
            call
        } else {
            quote!(#call?;)
        }
    });
    quote! {
        let mut __pos = #p::encode_start(self, __out)?;
        #(#calls)*
    }
}

/// The walker of decode (`sink`: none) or batch verification (`sink`: the
/// queue), which records the slots a struct-level salt hashes and reads
/// the salt first.
///
/// The segment count is left for the compiler to infer from `__segs`:
/// written out, it would be one more constant to check per key.
fn walker(g: &Gen, verify: &TokenStream, sink: Option<&TokenStream>) -> TokenStream {
    let p = &g.p;
    let salted = g.input.attrs.salt.is_some();
    if !salted && sink.is_none() {
        return quote!(let mut __w = #p::Walker::<Self, #verify, _>::new(__in, __segs););
    }
    let sink = sink.cloned().unwrap_or_else(|| quote!(#p::NoSink));
    let (slots, salt) = if salted {
        let n = g.layouts.len();
        (quote!(, #n), quote!(__w.salt()?;))
    } else {
        (quote!(), quote!())
    };
    quote! {
        let mut __w = #p::Walker::<Self, #verify, _, _ #slots>::with_sink(__in, __segs, #sink);
        #salt
    }
}

/// Decode's walk: each field read, trailing bytes refused, the key built.
pub(crate) fn walk(g: &Gen) -> TokenStream {
    let p = &g.p;
    let de = Lifetime::new("'__rowkey_de", Span::call_site());
    let walker = walker(g, &quote!(VERIFY), None);
    let rule = |l: &Layout| named(g, l, Some(&de));
    // A key of fields that own nothing is read straight into the struct
    // literal (its fields are evaluated in the order written, the key's),
    // then handed to `finish`, the trailing-bytes check, as the walk's
    // tail: one statement and no `Ok` of the body's own (each a definition
    // the compiler checks per key). Built before the check, a key whose
    // field may own memory would take moves and a drop path the
    // check-first order does not (measured: 8 instructions more on a
    // `String` key's decode): such keys read each field into a local first.
    if g.layouts.iter().all(|l| copy_type(l.field.ty)) {
        let reads = g.layouts.iter().map(|l| {
            let (field, rule) = (l.field.ident, rule(l));
            quote!(#field: __w.read::<#rule>()?)
        });
        return quote! {
            #walker
            let __k = Self { #(#reads),* };
            __w.finish(__k)
        };
    }
    let reads = g.layouts.iter().map(|l| {
        let (rule, var) = (rule(l), format_ident!("__v{}", l.index));
        quote!(let #var = __w.read::<#rule>()?;)
    });
    let fields = g.layouts.iter().map(|l| l.field.ident);
    let vars = g.layouts.iter().map(|l| format_ident!("__v{}", l.index));
    quote! {
        #walker
        #(#reads)*
        __w.end()?;
        #p::Ok(Self { #(#fields: #vars),* })
    }
}

/// A field type spelled as one that owns nothing and drops nothing: an
/// integer, `bool`, a byte array or a reference.
fn copy_type(ty: &syn::Type) -> bool {
    use crate::valid::Shape;
    matches!(ty, syn::Type::Reference(_))
        || matches!(
            crate::valid::shape(ty),
            Shape::Int { .. } | Shape::Bool | Shape::Array
        )
}

/// The batch methods of a salted key (`RowKey::__encode_deferred`,
/// `DecodeKey::__verify_deferred`), through the field list: encode with
/// the first four salts over bodies stored as written left to the caller
/// (`Deferred`), and a walk that checks the fields it need not build and
/// hands the salts' checks to the caller's queue. Nothing for a key
/// without a salt, which keeps the traits' defaults.
pub(crate) fn batch(g: &Gen, segments: usize) -> (TokenStream, TokenStream) {
    let p = &g.p;
    if g.input.attrs.salt.is_none() && !g.layouts.iter().any(|l| l.salt.is_some()) {
        return (TokenStream::new(), TokenStream::new());
    }
    // The first salts `batch::deferrable` allows, while there is room.
    let salted = g.input.attrs.salt.is_some();
    let mut room = crate::batch::MAX_DEFERRED - usize::from(salted);
    let rules: Vec<TokenStream> = g
        .layouts
        .iter()
        .map(|l| {
            let rule = named(g, l, None);
            if l.salt.is_some() && crate::batch::deferrable(l) && room > 0 {
                room -= 1;
                quote!(#p::Deferred<#rule>)
            } else {
                rule
            }
        })
        .collect();
    let body = if salted {
        let n = g.layouts.len();
        let writes = g.layouts.iter().zip(&rules).map(|(l, rule)| {
            let field = l.field.ident;
            quote!(__w.defer::<#rule>(&self.#field, __salts)?;)
        });
        quote! {
            let mut __w = #p::Writer::<Self, #n>::new(self, __out)?;
            #(#writes)*
            #p::Ok(__w.finish_deferred(__salts))
        }
    } else {
        let groups = g.layouts.chunks(GROUP).count();
        let calls = g.layouts.chunks(GROUP).enumerate().map(|(c, group)| {
            let f = format_ident!("defer{}", group.len());
            let rules = &rules[c * GROUP..c * GROUP + group.len()];
            let values = field_refs(group);
            let call =
                quote!(#p::#f::<Self, #(#rules),*>(__out, &mut __pos, __salts, #(#values),*));
            if c + 1 == groups {
                call
            } else {
                quote!(#call?;)
            }
        });
        quote! {
            let mut __pos = #p::encode_start(self, __out)?;
            #(#calls)*
        }
    };
    let encode = crate::batch::encode_deferred(p, &body);
    let de = Lifetime::new("'__rowkey_de", Span::call_site());
    let steps = g.layouts.iter().map(|l| {
        let rule = named(g, l, Some(&de));
        // (An `Option` is read through its presence byte, as decode reads it.)
        if !l.option && crate::decode::checked_only(l) {
            quote!(__w.check::<#rule>()?;)
        } else {
            quote!(__w.read::<#rule>()?;)
        }
    });
    let walker = walker(g, &quote!(true), Some(&quote!(__salts)));
    let verify = quote! {
        #[inline]
        fn __verify_deferred(
            __in: &'__rowkey_de [#p::u8],
            __salts: &mut #p::DeferredSalts,
        ) -> #p::Result<(), #p::Error> {
            let __segs = &mut [#p::Segment::EMPTY; #segments];
            #walker
            #(#steps)*
            __w.end()
        }
    };
    (encode, verify)
}

/// `RowKey::__KEY_SALT` of a key with a struct-level MD5 salt: its width,
/// delimiter and the fields it hashes, in the order listed, each with what
/// of its slot is hashed.
pub(crate) fn key_salt(g: &Gen) -> Option<TokenStream> {
    let p = &g.p;
    let salt = g.input.attrs.salt.as_ref()?;
    let (chars, joined) = (salt.chars, salt.delim.is_some());
    let delim = salt
        .delim
        .map_or_else(|| quote!(#p::None), |d| quote!(#p::Some(#d)));
    let parts = salt
        .fields
        .iter()
        .filter_map(|f| g.layouts.iter().find(|l| l.field.ident == f))
        .map(|l| {
            let (i, how) = (l.index, crate::salt::salt_part(l, p, joined));
            quote!((#i, #how))
        });
    Some(quote! {
        const __KEY_SALT: #p::Option<#p::KeySaltSpec> = #p::Some(#p::KeySaltSpec {
            chars: #chars, delim: #delim, parts: &[#(#parts),*],
        });
    })
}
