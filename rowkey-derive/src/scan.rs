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
//! combined with a salt or with each other) gets a `ScanField` impl here
//! (`derived_steps`), whose steps write through the runtime's byte rules
//! (`rule::push_field`, `push_option`, Phoenix's `push_column`).
//! Everything here is emitted inside the key's anonymous `const _` block.

use crate::ast::Input;
use crate::model::{Body, Digits, Frame, Layout};
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

    let salt_arg = input.attrs.salt.as_ref().map_or_else(
        || quote!(#p::None),
        |s| {
            let k = s.chars;
            let count = s.fields.len();
            let delim = s
                .delim
                .map_or_else(|| quote!(#p::None), |d| quote!(#p::Some(#d)));
            quote!(#p::Some((#k, #delim, #count)))
        },
    );
    // Each field's bucket count, 0 for none, up to the last bucketed field:
    // `replay` reads past the end as none.
    let bucketed = layouts
        .iter()
        .rposition(|l| l.bucket.is_some())
        .map_or(0, |i| i + 1);
    let buckets = layouts[..bucketed].iter().map(|l| l.bucket.unwrap_or(0));
    let replay = if input.attrs.phoenix.is_some() {
        let tail_open = crate::phoenix::tail_open(layouts);
        let salt = if input.attrs.java_salt.is_some() {
            let settings = crate::salt::java_settings(input, p);
            quote!(#p::Some(#settings))
        } else {
            quote!(#p::None)
        };
        quote!(#p::Replay::Phoenix { salt: #salt, tail_open: &[#(#tail_open),*] })
    } else if let Some(salt) = &input.attrs.java_salt {
        let settings = crate::salt::java_settings(input, p);
        let count = salt.fields.as_ref().map_or(0, Vec::len);
        quote!(#p::Replay::Java { salt: #settings, fields: #count, buckets: &[#(#buckets),*] })
    } else {
        quote!(#p::Replay::Md5 { salt: #salt_arg, buckets: &[#(#buckets),*] })
    };

    let markers = crate::scan_order::markers(layouts);
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
        );
        steps.extend(step);
        methods.extend(method);
    }

    // Docs are kept short: each is repeated in every expansion, and the
    // traits they point to say the rest once.
    let builder_doc = format!("Scan builder of `{name}`: fields in key order, then `ranges()`.");
    // A field named `ranges` takes the inherent name; the scan's ranges are
    // then taken through `rowkey::ScanBuilder::ranges`.
    let inherent_ranges = if layouts.iter().any(|l| l.name == "ranges") {
        quote!()
    } else {
        quote! {
            /// See `rowkey::ScanBuilder::ranges`.
            #[inline]
            pub fn ranges(self) -> #p::Result<#p::ScanRanges<#key_ty>, #p::Error>
            where
                __S: #p::Step<#key_ty>,
            {
                #p::ScanBuilder::ranges(self)
            }
        }
    };

    quote! {
        #[doc = #builder_doc]
        #[must_use = "a scan builder does nothing until its ranges() are taken"]
        pub struct #builder<#(#lifetimes,)* STAGE = #first, __S = ()> {
            steps: __S,
            _key: #p::PhantomData<fn() -> (#key_ty, STAGE)>,
        }

        // By hand, not derived: the derive's impls spell out both fields
        // (and `_key`, which says nothing), twice the code.
        #[automatically_derived]
        impl<#(#lifetimes,)* STAGE, __S: #p::Clone> #p::Clone
            for #builder<#(#lifetimes,)* STAGE, __S>
        {
            #[inline]
            fn clone(&self) -> Self {
                Self { steps: #p::Clone::clone(&self.steps), _key: #p::PhantomData }
            }
        }

        #[automatically_derived]
        impl<#(#lifetimes,)* STAGE, __S: #p::Debug> #p::Debug
            for #builder<#(#lifetimes,)* STAGE, __S>
        {
            fn fmt(&self, __f: &mut #p::Formatter<'_>) -> #p::fmt::Result {
                #p::debug_builder(__f, #builder_name, &self.steps)
            }
        }

        #steps

        #order_items
        #spread_skip

        impl<#(#lifetimes),*> #key_ty {
            /// See `rowkey::RowKey::SCAN_CAP`.
            pub const SCAN_CAP: #p::usize = <Self as #p::RowKey>::SCAN_CAP;

            /// See `rowkey::RowKey::scan`.
            #[inline]
            pub fn scan() -> #builder<#(#lifetimes),*> {
                #builder { steps: (), _key: #p::PhantomData }
            }
        }

        #[automatically_derived]
        impl<#(#lifetimes,)* STAGE, __S> #p::Builder<#key_ty>
            for #builder<#(#lifetimes,)* STAGE, __S>
        {
            const REPLAY: #p::Replay = #replay;
            type Steps = __S;
            type At<__F, __T> = #builder<#(#lifetimes,)* __F, __T>;
            #[inline(always)]
            fn map<__F, __T, __U>(
                self,
                __f: impl #p::FnOnce(__S) -> (__T, __U),
            ) -> (#builder<#(#lifetimes,)* __F, __T>, __U) {
                let (__steps, __u) = __f(self.steps);
                (#builder { steps: __steps, _key: #p::PhantomData }, __u)
            }
        }

        #[allow(clippy::needless_lifetimes)]
        impl<#(#lifetimes,)* STAGE, __S> #builder<#(#lifetimes,)* STAGE, __S> {
            #inherent_ranges
            #methods
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
    // `ScanField` impl (`derived_steps`) through the `Derived` rule.
    let (rule, steps) = match rule(l, layouts, salt_order, p) {
        Some(rule) => (rule, TokenStream::new()),
        None => (
            quote!(#p::Derived),
            derived_steps(l, layouts, key, salt_order, prev_salt, p, lifetimes, key_ty),
        ),
    };
    let method = if l.ranged() {
        quote! {
            #[doc = #doc]
            #[inline]
            pub fn #field<#(#v,)* __A>(self, arg: __A) -> #p::Next<#key_ty, Self, __A, #ty, #rule, #i, #next, #end>
            where
                #order
                __A: #p::ScanArg<#ty>,
            {
                #p::ArgStep::step(arg, self)
            }
        }
    } else {
        quote! {
            #[doc = #doc]
            #[inline]
            pub fn #field<#(#v,)* __A>(self, value: __A) -> #p::NextEq<#key_ty, Self, __A, #ty, #rule, #i, #next>
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

/// The runtime's scan rule for a field (`__private::ScanRule`), composed
/// by type from its attributes; `None` for attributes it has no rule for.
/// `salt_order` is the field's place in the struct-level salt's fields and
/// whether that salt joins them with a delimiter.
fn rule(
    l: &Layout,
    layouts: &[Layout],
    salt_order: Option<(usize, bool)>,
    p: &Ident,
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
    let mut rule = slot_rule(l, p)?;
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
fn slot_rule(l: &Layout, p: &Ident) -> Option<TokenStream> {
    let frame = match l.frame {
        Frame::Pad { width, byte } => quote!(#p::Pad<#width, #byte>),
        Frame::Delim { byte } => quote!(#p::ScanDelim<#byte>),
        Frame::Fixed => quote!(#p::Fixed),
        Frame::Last => quote!(#p::Open),
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

/// The derive's own `ScanField` impl for a field the runtime has no rule
/// for: its value's bytes (a struct-level salt's slot, a spread's fan-out,
/// Phoenix's rules) and, where it keeps value order, a range's.
#[allow(clippy::too_many_arguments)]
fn derived_steps(
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

/// A range on a padded or delimited string or byte string: a bound the
/// field could not store (longer than the pad, ending in the pad byte,
/// holding the delimiter) is read as the stored values it means, not
/// refused (`__private::cut_bounds`). Empty for other fields, whose bounds
/// the writer checks as values.
fn bound_cut(l: &Layout, p: &Ident) -> TokenStream {
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
fn bound_fit(l: &Layout, p: &Ident) -> TokenStream {
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

/// Whether a type names a lifetime (as `with_lifetime` replaces them).
fn has_lifetime(ty: &syn::Type) -> bool {
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
