//! Code generation: the items the derive emits, one function each, in one
//! `const _: () = { .. }`. The byte rules of a field are in `encode.rs` and
//! `decode.rs`, the struct-level salt's in `salt.rs`, the scan builder in
//! `scan.rs` and the batch impl in `batch.rs`. Everything the generated code
//! names goes through `<crate>::__private` (imported once as `__rowkey`), so it compiles under
//! `#![no_implicit_prelude]` and beside user items called `Result` or `core`.

use crate::ast::{self, Input};
use crate::checks::checks;
use crate::ctxt::Ctxt;
use crate::decode::decode_field;
use crate::encode::{encode_body, encode_field};
use crate::model::{Layout, Offset};
use crate::salt::{java_salt, multi_salt};
use crate::{fallback, valid};
use proc_macro2::Ident;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
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

fn krate(input: Option<&Input>) -> TokenStream {
    input
        .and_then(|i| i.attrs.krate.as_ref())
        .map_or_else(|| quote!(::rowkey), |path| quote!(#path))
}

/// What every generated item needs: the runtime's path, the struct, its
/// layouts and their widths, and the struct's type at the lifetimes the
/// impls name it with.
pub(crate) struct Gen<'a> {
    pub(crate) input: &'a Input<'a>,
    pub(crate) layouts: Vec<Layout<'a>>,
    pub(crate) p: Ident,
    pub(crate) ident: &'a syn::Ident,
    pub(crate) name: String,
    /// The struct with every lifetime set to `'__rowkey_de`, so a `&'a str`
    /// field borrows from the decoded bytes.
    pub(crate) ty_de: TokenStream,
    /// The struct with every lifetime `'static`, for the constants that
    /// depend on its field types (no lifetime is in scope there).
    pub(crate) ty_static: TokenStream,
    /// The struct's width before the first field: the struct-level salt and
    /// its delimiter.
    pub(crate) multi_width: usize,
    pub(crate) segment_count: usize,
    /// The layout's widths, written once in the block's consts
    /// `__ROWKEY_W` (exact) and `__ROWKEY_WMAX` (widest) that every other
    /// item indexes: [0] is the struct-level salt, then (prefix, body) per
    /// field, with `'static` types (no lifetime is in scope in an array
    /// length). Free items of the block, not associated consts: every
    /// use names them without the struct's type.
    pub(crate) static_widths: Vec<TokenStream>,
    /// `None` when equal to `static_widths`: then `w_max` is `w_exact`.
    pub(crate) static_max: Option<Vec<TokenStream>>,
    /// Paths to those consts.
    pub(crate) w_exact: TokenStream,
    pub(crate) w_max: TokenStream,
    /// The struct-level salt: what encode writes, what decode reads first
    /// and checks last (`salt.rs`); empty without one.
    pub(crate) multi: (TokenStream, TokenStream, TokenStream),
    /// What decode's walk returns, how it builds it, and whether `decode`
    /// refuses it (`decoded_value`).
    pub(crate) walk: (TokenStream, TokenStream, bool),
    /// Trailing bytes are named after the last field.
    pub(crate) last_field: String,
    /// Each field's type's first and last token spans, for the rule types
    /// named on it (`fields::named`): taken once, not per use.
    pub(crate) type_spans: Vec<(Span, Span)>,
}

impl<'a> Gen<'a> {
    fn new(input: &'a Input<'a>) -> Self {
        let de = Lifetime::new("'__rowkey_de", Span::call_site());
        let layouts = Layout::all(input, &de);
        // The runtime's `__private`, under a name the block's `use` gives it
        // (`expand`): 4 tokens a path instead of `::rowkey::__private`'s 9,
        // on thousands of paths per key.
        let p = Ident::new("__rowkey", Span::call_site());
        let ident = &input.original.ident;
        let multi = input.attrs.salt.as_ref();
        let java = input.attrs.java_salt.as_ref();
        let multi_width = multi.map_or(0, |s| s.chars + usize::from(s.delim.is_some()))
            + java.map_or(0, |s| s.width);
        let segment_count: usize = layouts.iter().map(Layout::segments).sum::<usize>()
            + usize::from(multi.is_some() || java.is_some());
        let name = ident.to_string();
        // A key the field list takes has its struct-level salt from the
        // runtime (`fields::key_salt`).
        let multi = if java.is_some() {
            java_salt(input, &layouts, &p, &name)
        } else if crate::fields::takes(input, &layouts) {
            (TokenStream::new(), TokenStream::new(), TokenStream::new())
        } else {
            multi_salt(input, &layouts, &p, &name, multi_width)
        };
        let walk = decoded_value(&layouts, &p);
        let last_field = layouts.last().map_or_else(String::new, |l| l.name.clone());
        let ty_static = with_lifetimes(input, &Lifetime::new("'static", Span::call_site()));
        let static_widths = widths_of(&layouts, &p, multi_width, true, false);
        // Only an `Option` slot's widest width differs from its exact one
        // (`Layout::slot_width`): without one, one array named by both
        // paths.
        let same = !layouts.iter().any(|l| l.option);
        let static_max = if same {
            Vec::new()
        } else {
            widths_of(&layouts, &p, multi_width, true, true)
        };
        let w_exact = quote!(__ROWKEY_W);
        let w_max = if same {
            w_exact.clone()
        } else {
            quote!(__ROWKEY_WMAX)
        };
        let type_spans = layouts
            .iter()
            .map(|l| {
                let mut spans = l.inner_ty.to_token_stream().into_iter().map(|t| t.span());
                let first = spans.next().unwrap_or_else(Span::call_site);
                (first, spans.last().unwrap_or(first))
            })
            .collect();
        Gen {
            type_spans,
            input,
            multi,
            walk,
            last_field,
            ty_de: with_lifetimes(input, &de),
            name,
            ident,
            multi_width,
            segment_count,
            w_exact,
            w_max,
            ty_static,
            static_max: (!same).then_some(static_max),
            static_widths,
            layouts,
            p,
        }
    }
}

fn expand(input: &Input, krate: &TokenStream) -> TokenStream {
    let g = Gen::new(input);
    let scan_builder = crate::scan::expand(input, &g.layouts, &g.p);
    let widths = widths_consts(&g);
    // The field list's rules report their own errors; only the per-field
    // code calls `__rowkey_in_field`.
    let import = (!crate::fields::listed(&g)).then(|| crate::encode::import_in_field(&g.p));
    let p = &g.p;
    let (batch_encode, batch_verify) = batch_methods(&g);
    let row_key = row_key_impl(&g, &batch_encode);
    let decode = decode_impls(&g, &batch_verify);
    let checks = checks_fn(&g);
    let spread_items = crate::scan::spread_items(&g.layouts, p, &g.ty_static);
    let candidates = crate::spread::candidates(&g);
    let aliases = crate::fields::listed(&g).then(|| crate::fields::aliases(&g));
    quote! {
        // The lints of every item inside, once: an `allow` on each scan
        // marker (a type named as its field) was a lint level per item for
        // every build to check. Not `dead_code`, which on the block would
        // make everything the block names live, the user's struct included:
        // an unused key would no longer be reported (`scan_order.rs` allows
        // it on the markers alone).
        #[allow(
            unused_qualifications,
            non_camel_case_types,
            clippy::all,
            clippy::pedantic
        )]
        const _: () = {
            // Every path of the block goes through this name. Only the
            // derive's items are in the block, and `__rowkey` is its
            // reserved prefix, so no user name is shadowed.
            use #krate::__private as #p;
            #import
            #widths
            #aliases
            #scan_builder
            #row_key
            #decode
            #checks
            #spread_items
            #candidates
        };
    }
}

/// The struct's name with each of its lifetime parameters replaced by `lt`
/// (`Key<'lt, 'lt>`), or the bare name when it has none.
fn with_lifetimes(input: &Input, lt: &Lifetime) -> TokenStream {
    let ident = &input.original.ident;
    let lts: Vec<_> = input.original.generics.lifetimes().map(|_| lt).collect();
    if lts.is_empty() {
        quote!(#ident)
    } else {
        quote!(#ident<#(#lts),*>)
    }
}

/// The leading salt or bucket that splits and fan-outs spread over
/// (`Layout::spread`, which `RowKey::SPREAD` reads).
pub fn spread(g: &Gen) -> TokenStream {
    let p = &g.p;
    if let Some(s) = &g.input.attrs.java_salt {
        let (buckets, width) = (s.buckets, s.width);
        return quote!(#p::Spread::JavaHash { buckets: #buckets, width: #width });
    }
    match (g.input.attrs.salt.as_ref(), g.layouts.first()) {
        (Some(s), _) => {
            let k = s.chars;
            quote!(#p::Spread::HexSalt { chars: #k })
        }
        (None, Some(l)) if l.salt.is_some() => {
            let k = l.salt.unwrap_or(0);
            quote!(#p::Spread::HexSalt { chars: #k })
        }
        // A leading one-byte shard splits as a bucket does: one region per
        // first byte.
        (None, Some(l))
            if l.spread.is_some_and(|n| n <= 256)
                && l.decimal.is_none()
                && l.width.is_none()
                && matches!(
                    crate::valid::shape(l.inner_ty),
                    crate::valid::Shape::Int { bytes: 1, .. }
                ) =>
        {
            let n = l.spread.unwrap_or(0);
            quote!(#p::Spread::Bucket { count: #n })
        }
        (None, Some(l)) if l.bucket.is_some() => {
            let n = l.bucket.unwrap_or(0);
            quote!(#p::Spread::Bucket { count: #n })
        }
        _ => quote!(#p::Spread::None),
    }
}

/// The key's time field and its direction (`time.rs`; `Layout::time`,
/// which `RowKey::TIME` reads).
pub fn time_field(g: &Gen) -> TokenStream {
    let p = &g.p;
    let Some((field, newest_first)) = crate::time::pick(g.input) else {
        return quote!(#p::None);
    };
    let name = field.ident.to_string();
    quote!(#p::Some(#p::TimeField { name: #name, newest_first: #newest_first }))
}

/// `impl RowKey`: the constants, the associated types a generic layer names,
/// and `encoded_len` and `encode_into`, through the field list
/// (`fields.rs`) or, for a key it does not take, per field.
fn row_key_impl(g: &Gen, batch_encode: &TokenStream) -> TokenStream {
    let Gen { p, ident, name, .. } = g;
    let node = g.input.original;
    let (impl_generics, ty_generics, where_clause) = node.generics.split_for_impl();
    let w_max = &g.w_max;
    let (multi_width, segment_count) = (g.multi_width, g.segment_count);
    // The struct-level salt's width, then each field's slot.
    let len_terms = (multi_width > 0)
        .then(|| quote!(#multi_width))
        .into_iter()
        .chain(g.layouts.iter().map(|l| len_term(l, p)));
    let phoenix = g.input.attrs.phoenix.is_some();
    let listed = crate::fields::listed(g);
    let encode = if listed {
        crate::fields::encode_into(g)
    } else {
        let fields: Vec<_> = if phoenix {
            crate::phoenix::encode_fields(&g.layouts, p, name)
        } else {
            (g.layouts.iter())
                .map(|l| encode_field(l, p, name, &g.w_exact))
                .collect()
        };
        encode_body(p, name, multi_width, &fields, &g.multi.0)
    };
    let encoded_len = if listed {
        crate::fields::encoded_len(g)
    } else if phoenix {
        crate::phoenix::encoded_len(&g.layouts, p, multi_width)
    } else {
        quote!(#(#len_terms)+*)
    };
    let ty_k = with_lifetimes(g.input, &Lifetime::new("'__rowkey_k", Span::call_site()));
    let ty_elided = with_lifetimes(g.input, &Lifetime::new("'_", Span::call_site()));
    let key_lifetimes = node.generics.lifetimes().map(|l| &l.lifetime);
    let builder = format_ident!("__{}Scan", ident);
    let first_option = g
        .layouts
        .iter()
        .position(|l| l.option)
        .map(|i| quote!(const __FIRST_OPTION: #p::usize = #i;));
    let layout = crate::layout::layout_const(g);
    // The field list's constant offsets and decode's `MIN` read the exact
    // widths, which only an `Option` slot's makes differ from the widest.
    let key_salt = listed.then(|| crate::fields::key_salt(g)).flatten();
    let exact_widths = g.static_max.is_some().then(|| {
        let w = &g.w_exact;
        quote!(const __WIDTHS: &'static [#p::Option<#p::usize>] = #w;)
    });
    let max_len = crate::max_len::max_len(&g.layouts, p, &g.w_max, &g.name);
    quote! {
        #[automatically_derived]
        impl #impl_generics #p::RowKey for #ident #ty_generics #where_clause {
            // `SPREAD`, `TIME`, the slot widths and from them `MAX_WIDTH`,
            // `MAX_LEN` and `SCAN_CAP`: the trait's defaults, read from
            // `LAYOUT` (`MAX_LEN` overridden, with each field that can leave
            // it unbounded checked on its span, when there is one). A
            // constant fewer per key is a definition fewer for every build
            // to check.
            #layout
            #max_len
            #exact_widths
            #key_salt
            #first_option
            type Buf = [#p::u8; #p::decode_max(#p::sum_widths(#w_max))];
            type ScanBuf = [#p::u8; #p::scan_cap(#w_max)];
            type Key<'__rowkey_k> = #ty_k;
            type Scan = #builder<#(#key_lifetimes),*>;
            type Explained<'__rowkey_k> = #p::Explain<'__rowkey_k, #segment_count>;

            #[inline]
            fn explain(
                __in: &[#p::u8],
            ) -> #p::Result<Self::Explained<'_>, #p::Error> {
                #p::explain_walk::<#ty_elided, _>(__in)
            }

            #[inline]
            fn scan() -> Self::Scan {
                <Self>::scan()
            }

            #[inline]
            fn encoded_len(&self) -> #p::usize {
                #encoded_len
            }

            #[inline]
            fn encode_into(
                &self,
                __out: &mut [#p::u8],
            ) -> #p::Result<#p::usize, #p::Error> {
                #encode
            }

            #batch_encode
        }
    }
}

/// The inherent `decode` and `impl Walk`: one walk of the key that
/// `VERIFY` switches the salt and bucket checks of, which the runtime's
/// `DecodeKey` and `explain` go through.
fn decode_impls(g: &Gen, batch_verify: &TokenStream) -> TokenStream {
    let Gen { p, name, ty_de, .. } = g;
    let w_exact = &g.w_exact;
    let (_, decode_multi_head, decode_multi_tail) = &g.multi;
    let n = g.layouts.len();
    let phoenix = g.input.attrs.phoenix.is_some();
    let decode_fields = g.layouts.iter().map(|l| {
        if phoenix {
            crate::phoenix::decode_field(l, n, p, name)
        } else {
            decode_field(l, p, name, false)
        }
    });
    let reader = phoenix.then(|| quote!(let mut __rd = #p::phx::Reader::default();));
    let last_field = &g.last_field;
    let (walk_ty, build, _) = &g.walk;
    // Every salt checked where it is read; batch verification has its own
    // walk, whose sink queues them (`batch.rs`). A key without a salt has
    // nothing to sink.
    let salted = g.input.attrs.salt.is_some() || g.layouts.iter().any(|l| l.salt.is_some());
    let sink = salted.then(|| quote!(let __sink = &mut #p::NoSink;));
    // The trait's `MIN` counts a leading `Option`'s presence byte, which a
    // Phoenix key does not write for a NULL.
    let min = phoenix.then(|| quote!(const MIN: #p::usize = #p::min_len(#w_exact);));
    let read = if crate::fields::listed(g) {
        crate::fields::walk(g)
    } else {
        quote! {
            #sink
            let mut __pos: #p::usize = 0;
            let mut __seg: #p::usize = 0;
            #decode_multi_head
            #reader
            #(#decode_fields)*
            #decode_multi_tail
            // Named after the last field: where the key should have ended.
            #p::check_trailing(__in, __pos, #name, #last_field)?;
            let _ = __seg;
            #build
        }
    };
    let de = Lifetime::new("'__rowkey_de", Span::call_site());
    quote! {
        #p::decode_impls! {
            #de #ty_de, #walk_ty;
            min: [#min];
            batch: [#batch_verify];
            read(__in, __segs, VERIFY) { #read }
        }
    }
}

/// The batch methods of the `RowKey` and `DecodeKey` impls, through the
/// field list (`fields::batch`) or, for a key it does not take, per field
/// (`batch.rs`): batch verification runs decode's walk, with the
/// struct-level salt's read and check.
fn batch_methods(g: &Gen) -> (TokenStream, TokenStream) {
    if crate::fields::listed(g) {
        return crate::fields::batch(g, g.segment_count);
    }
    let (_, multi_head, multi_tail) = &g.multi;
    crate::batch::expand(
        g.input,
        &g.layouts,
        &g.p,
        &g.w_exact,
        g.multi_width,
        &crate::batch::Walk {
            segment_count: g.segment_count,
            refused: g.walk.2,
            multi_head,
            multi_tail,
            last_field: &g.last_field,
        },
    )
}

/// What the walk of a key returns, how it builds it, and whether `decode`
/// refuses it. A field borrowing for 'static cannot borrow from the bytes a
/// key is decoded from: such a layout encodes and scans, and decode checks
/// the bytes, then refuses, naming the field (`StaticRefused`), instead of
/// building the key.
fn decoded_value(layouts: &[Layout], p: &Ident) -> (TokenStream, TokenStream, bool) {
    let field_idents = layouts.iter().map(|l| l.field.ident);
    let field_vars: Vec<_> = layouts
        .iter()
        .map(|l| format_ident!("__v{}", l.index))
        .collect();
    let static_field = layouts
        .iter()
        .find(|l| crate::model::mentions_static(l.field.ty))
        .map(|l| l.name.clone());
    match &static_field {
        None => (
            quote!(Self),
            quote!(#p::Ok(Self { #(#field_idents: #field_vars),* })),
            false,
        ),
        Some(field) => (
            quote!(#p::StaticRefused),
            quote!({
                let _ = (#(#field_vars,)*);
                #p::Ok(#p::StaticRefused(#field))
            }),
            true,
        ),
    }
}

/// A function never called, holding the layout's type-dependent checks
/// (`checks.rs`) and the HBase row limit on the widest key, so that the
/// compiler evaluates them. The limit is left out when the derive can add
/// the widths up itself (`fixed_part`), and the function when nothing is
/// left.
fn checks_fn(g: &Gen) -> TokenStream {
    let Gen {
        p,
        ident,
        ty_static,
        ..
    } = g;
    let w_max = &g.w_max;
    // A Phoenix key's columns are framed by its own rules (`phoenix.rs`).
    let checks: Vec<_> = g
        .layouts
        .iter()
        .filter(|l| !l.phoenix)
        .map(|l| checks(l, p))
        .filter(|c| !c.is_empty())
        .collect();
    let span = ident.span();
    let path = crate::checks::respan_ident(p, span);
    let limit_check = fixed_part(g)
        .is_none_or(|w| w > crate::HBASE_MAX_KEY)
        .then(|| {
            quote_spanned! {span=>
                #path::require_within_limit::<
                    #path::Check<#ty_static, { #path::within_limit(#w_max) }>,
                    #ty_static,
                >();
            }
        });
    if checks.is_empty() && limit_check.is_none() {
        return TokenStream::new();
    }
    quote! {
        #[allow(dead_code)]
        fn __rowkey_checks() {
            #(#checks)*
            #limit_check
        }
    }
}

/// The bytes of the key's fixed-width slots as `within_limit` adds them up
/// (a value-sized slot counts nothing), when the attributes and spelled
/// types tell every one; else `None`, for the compiler to work out.
fn fixed_part(g: &Gen) -> Option<usize> {
    let mut total = g.multi_width;
    for l in &g.layouts {
        if l.option || l.phoenix {
            return None;
        }
        total += l.prefix_width();
        match l.known_slot_width() {
            Offset::At(w) => total += w,
            Offset::Moving => {}
            Offset::Typed => return None,
        }
    }
    Some(total)
}

/// The layout's width arrays, once (see `Gen::static_widths`).
fn widths_consts(g: &Gen) -> TokenStream {
    let p = &g.p;
    let exact = &g.static_widths;
    let max = g
        .static_max
        .as_ref()
        .map(|max| quote!(const __ROWKEY_WMAX: &[#p::Option<#p::usize>] = &[#(#max),*];));
    // Slices, not arrays: an array's length would be one more constant
    // for the compiler to check (measured: each costs an incremental build).
    quote! {
        const __ROWKEY_W: &[#p::Option<#p::usize>] = &[#(#exact),*];
        #max
    }
}

/// Each field's width (salt, bucket and slot), as `Option<usize>`: exact
/// (`Some` only when every value takes that many bytes, for offsets and the
/// shortest key) or, with `max`, the widest (for buffer sizes).
fn widths_of(
    layouts: &[Layout],
    p: &Ident,
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

fn len_term(l: &Layout, p: &Ident) -> TokenStream {
    let field = l.field.ident;
    len_term_from(l, p, &quote!(self.#field))
}

/// [`len_term`] of the value `access` names.
pub(crate) fn len_term_from(l: &Layout, p: &Ident, access: &TokenStream) -> TokenStream {
    let ty = l.field.ty;
    if let Some(frame) = crate::encode::plain_writer(l, p) {
        return quote!(#p::plain_len::<#ty>(&#access, #frame));
    }
    if let Some((prefix, body, frame)) = crate::encode::rule(l, p) {
        return quote!(#p::rule::field_len::<#ty, #prefix, #body, true>(&#access, #frame));
    }
    if let Some((body, frame, _)) = crate::encode::option_rule(l, p) {
        return quote!(#p::rule::option_len::<#ty, #body>(&#access, #frame));
    }
    // (A Phoenix column: `phoenix.rs` measures a Phoenix key.)
    quote!(0)
}
