//! The typed scan builder: `T::scan()` returns `__TScan<'a>`, whose `STAGE`
//! parameter is the marker of the field it expects (`scan_order.rs`).
//! Field `i`'s method requires that marker to be its own, so fields can
//! only be given in key order. A value moves to the next field's marker; a
//! range ends the scan (the end marker), since nothing after a range
//! narrows a contiguous key range.
//!
//! Each method is a one-line forward to the runtime: it names the field's
//! scan rule, a type composed from its attributes (`Last<Bucket<16,
//! Fixed>>`, the runtime's `scan::rules`, one file per attribute), and the
//! runtime records the call as a step generic over that rule. `ranges()`
//! replays the steps into one `rowkey::__private::Scan`. The key's one
//! `Builder` impl is all the runtime needs of the builder type, so the
//! expansion holds no function body per field beyond its method. A field
//! the scan rules do not compose (`rule` says which: Phoenix columns,
//! `Option`s, a `#[spread]` field and the one after it, a salt over a
//! transformed body, and `#[desc]`, `#[width]`, `#[decimal]` or `#[escaped]`
//! combined with a salt or with each other) gets a `ScanField` impl
//! (`derived.rs`), whose steps write through the runtime's byte rules
//! (`rule::push_field`, `push_option`, Phoenix's `push_column`).
//! Which rule a field gets is `rule.rs`. Everything here is emitted inside
//! the key's anonymous `const _` block.

mod derived;
mod rule;

use derived::derived_steps;
pub use derived::spread_items;
use rule::rule;

use crate::ast::Input;
use crate::model::Layout;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Ident, Lifetime};

pub fn expand(input: &Input, layouts: &[Layout], p: &Ident) -> TokenStream {
    let node = input.original;
    let ident = &node.ident;
    let name = ident.to_string();
    // Inside the anonymous const, beside the key's other generated items: no
    // user type can collide with it. Users name it as `<K as RowKey>::Scan`.
    let builder = format_ident!("__{}Scan", ident);
    let builder_name = builder.to_string();
    let lifetimes: Vec<&Lifetime> = node.generics.lifetimes().map(|l| &l.lifetime).collect();
    let key_ty = quote!(#ident<#(#lifetimes),*>);
    // Scan values may borrow for any lifetime, not the key's: a builder for
    // `MetricKey<'static>` (whose ranges a `Table<MetricKey<'static>>`
    // takes) accepts a `&str` that lives only as long as the call.
    let v = Lifetime::new("'__rowkey_v", Span::call_site());

    let markers = crate::scan_order::markers(layouts);
    // With rule aliases (`fields::aliases`), a rule names its field's pad or
    // delimiter through the alias.
    let listed = crate::fields::takes(input, layouts);
    let first = markers.stage(0);
    let order_items = markers.items();
    let spread_skip = markers.skip(layouts, p, &key_ty, &lifetimes);
    let mut steps = TokenStream::new();
    let mut methods = TokenStream::new();
    // Each field's place in the struct-level salt's fields(..) and whether
    // the salt joins values with a delimiter.
    let salt_order_of = |l: &Layout| {
        input
            .attrs
            .salt
            .as_ref()
            .and_then(|s| {
                let order = s.fields.iter().position(|f| f == l.field.ident)?;
                Some((order, s.delim.is_some()))
            })
            .or_else(|| {
                let fields = input.attrs.java_salt.as_ref()?.fields.as_ref()?;
                let order = fields.iter().position(|f| f == l.field.ident)?;
                Some((order, false))
            })
    };
    for l in layouts {
        let salt_order = salt_order_of(l);
        let prev_salt = l
            .index
            .checked_sub(1)
            .and_then(|i| salt_order_of(&layouts[i]));
        // The static row and prefix bounds of a field's step are the
        // runtime's, from the key's `__SCAN_WIDTHS` (`row_key_impl`).
        let order = markers.bound(l.index, p, &key_ty);
        let stages = (markers.stage(l.index + 1), markers.stage(layouts.len()));
        let (step, method) = field(
            l, layouts, &name, salt_order, prev_salt, p, &lifetimes, &key_ty, &v, &order, stages,
            listed,
        );
        steps.extend(step);
        methods.extend(method);
    }

    // A field named `ranges` takes the inherent name; the scan's ranges are
    // then taken through `rowkey::ScanBuilder::ranges`.
    let ranges = !layouts.iter().any(|l| l.name == "ranges");
    let traits = &input.attrs.scan_traits;
    let builder_doc = format!("Scan builder of `{name}`: fields in key order, then `ranges()`.");
    let trait_impls = (!traits.is_empty()).then(|| {
        quote! {
            #p::scan_traits!([#(#traits)*] #ident [#(#lifetimes),*] #builder #builder_name);
        }
    });
    quote! {
        #steps
        #order_items
        #spread_skip
        #trait_impls
        #p::scan_builder! {
            #ident [#(#lifetimes),*] #builder #builder_doc;
            first: #first;
            ranges: #ranges;
            methods: [#methods]
        }
    }
}

/// One field: its recorded steps (a value, and a range where the field keeps
/// value order) and its builder method.
#[allow(clippy::too_many_arguments)]
fn field(
    l: &Layout,
    layouts: &[Layout],
    key: &str,
    salt_order: Option<(usize, bool)>,
    prev_salt: Option<(usize, bool)>,
    p: &Ident,
    lifetimes: &[&Lifetime],
    key_ty: &TokenStream,
    v: &Lifetime,
    order: &TokenStream,
    (next, end): (&TokenStream, &TokenStream),
    listed: bool,
) -> (TokenStream, TokenStream) {
    let i = l.index;
    let field = l.field.ident;
    let fname = &l.name;
    let ty = crate::model::with_lifetime(l.field.ty, v);
    // The value's lifetime parameter, for a type that has one.
    let v = has_lifetime(&ty).then_some(v);
    let v = v.iter();
    let doc = if l.ranged() {
        format!("Scans on `{fname}`: a value, or a range (the last step).")
    } else {
        format!("Scans on `{fname}`: a value.")
    };
    // The runtime's rule for the field's attributes, else the derive's own
    // `ScanField` impl (`derived_steps`) through the `Derived` rule, which
    // carries the field's index: the field after a `#[spread]` one always
    // takes it (`rule` refuses it), since its steps may skip the spread and
    // other rules count the steps before them.
    let (rule, steps) = match rule(l, layouts, salt_order, p, listed.then_some(lifetimes)) {
        Some(rule) => (rule, TokenStream::new()),
        None => (
            quote!(#p::Derived<#i>),
            derived_steps(l, layouts, key, salt_order, prev_salt, p, lifetimes, key_ty),
        ),
    };
    let method = if l.ranged() {
        quote! {
            #[doc = #doc]
            pub fn #field<#(#v,)* __A>(self, arg: __A) -> <__A as #p::ScanArg<#ty>>::Next<#key_ty, Self, #rule, #next, #end>
            where
                #order
                __A: #p::ScanArg<#ty>,
            {
                #p::ScanArg::__step(arg, self)
            }
        }
    } else {
        quote! {
            #[doc = #doc]
            pub fn #field<#(#v,)* __A>(self, value: __A) -> #p::NextEq<#key_ty, Self, __A, #ty, #rule, #next>
            where
                #order
                __A: #p::ScanValue<#ty>,
            {
                #p::ValueStep::step(value, self)
            }
        }
    };
    (steps, method)
}

/// Whether a type names a lifetime (as `with_lifetime` replaces them).
pub(super) fn has_lifetime(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => r.lifetime.is_some() || has_lifetime(&r.elem),
        syn::Type::Array(a) => has_lifetime(&a.elem),
        syn::Type::Slice(s) => has_lifetime(&s.elem),
        syn::Type::Paren(p) => has_lifetime(&p.elem),
        syn::Type::Group(g) => has_lifetime(&g.elem),
        syn::Type::Tuple(t) => t.elems.iter().any(has_lifetime),
        syn::Type::Path(p) => p.path.segments.iter().any(|seg| match &seg.arguments {
            syn::PathArguments::AngleBracketed(args) => args.args.iter().any(|a| match a {
                syn::GenericArgument::Lifetime(_) => true,
                syn::GenericArgument::Type(t) => has_lifetime(t),
                _ => false,
            }),
            _ => false,
        }),
        _ => false,
    }
}
