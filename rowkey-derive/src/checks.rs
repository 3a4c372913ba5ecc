//! Layout rules that depend on a field's type, which only the compiler can
//! check: emitted as calls to bounded functions of the runtime, spanned on
//! the attribute or field they are about.

use crate::model::{Frame, Layout};
use crate::valid;
use proc_macro2::Ident;
use proc_macro2::{Span, TokenStream};
use quote::quote_spanned;

/// Type-dependent rules, left to the compiler: each is a bound that only the
/// fitting types satisfy, spanned on the attribute or field it is about.
pub(crate) fn checks(l: &Layout, p: &Ident) -> TokenStream {
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
            let p = respan_ident(p, span);
            out.extend(quote_spanned! {span=>
                #p::require_fixed_or_last::<
                    #p::Check<
                        #ty,
                        {
                            #p::is_fixed(<#ty as #p::KeyPart>::WIDTH)
                                || <#ty as #p::KeyPart>::SELF_DELIMITING
                        },
                    >,
                    #ty,
                >();
            });
        }
        // A delimiter fits any type (after a fixed width it is not searched
        // for); a pad only a variable-width one.
        // (Skipped for a type the syntax says is variable-width, as the
        // fixed-width rule is for one it says is fixed.)
        Frame::Pad { .. } if valid::known_width(l.inner_ty) != valid::Known::Variable => {
            let s = a.pad.as_ref().map_or(span, |x| x.span);
            let p = respan_ident(p, s);
            out.extend(quote_spanned! {s=>
                #p::require_variable::<
                    #p::Check<#ty, { !#p::is_fixed(<#ty as #p::KeyPart>::WIDTH) }>,
                    #ty,
                >();
                #p::require_undelimited::<
                    #p::Check<#ty, { !<#ty as #p::KeyPart>::SELF_DELIMITING }>,
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
/// The runtime's name (`__rowkey`) at `span`.
pub(crate) fn respan_ident(p: &Ident, span: Span) -> Ident {
    let mut p = p.clone();
    p.set_span(span);
    p
}

pub(crate) fn respan(tokens: &TokenStream, span: Span) -> TokenStream {
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
