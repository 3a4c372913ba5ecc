//! The layout of each field, decided once from its attributes and position,
//! so that encode, decode, explain and scan codegen agree by construction.

use crate::ast::{Field, Input};
use proc_macro2::Ident;
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{Lifetime, Type};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// The type's own `KeyPart` bytes.
    Plain,
    /// `i64::MAX - ts`, 8 bytes.
    ReverseTs,
    /// Plain two's complement.
    Twos,
    /// The type's bytes, reversed.
    Reverse,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    Pad {
        width: usize,
        byte: u8,
    },
    Delim {
        byte: u8,
    },
    /// Takes `KeyPart::WIDTH` bytes (checked fixed at compile time).
    Fixed,
    /// The last field: its fixed width, or the rest of the key.
    Last,
}

/// How many digits a `#[decimal]` body has.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Digits {
    /// `#[decimal]`: as many as the value needs (`Long.toString`).
    Shortest,
    /// `#[decimal(W)]`: exactly W, zero-padded (`%0Wd`).
    Width(usize),
}

#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts about one field (desc, escaped, Option, salted together), each read by several codegen functions"
)]
pub struct Layout<'a> {
    pub field: &'a Field<'a>,
    pub index: usize,
    pub name: String,
    pub salt: Option<usize>,
    /// A byte written after the salt (`#[salt(md5, K, delim = b'_')]`).
    pub salt_delim: Option<u8>,
    pub bucket: Option<u32>,
    pub body: Body,
    pub frame: Frame,
    /// `#[decimal]` or `#[decimal(W)]`: the body is ASCII digits of the
    /// value (of `i64::MAX - ts` with `#[reverse_ts]`).
    pub decimal: Option<Digits>,
    /// `#[desc]`: the slot (body and its pad or delimiter, and an `Option`'s
    /// presence byte) is stored inverted.
    pub desc: bool,
    /// `#[escaped]`: OrderedCode escapes and terminator around the body.
    pub escaped: bool,
    /// The field is `Option<T>`: a presence byte, then `T`'s slot if `Some`.
    pub option: bool,
    /// The type the body is written from: `T` of an `Option<T>` field, else
    /// the field's type.
    pub inner_ty: &'a Type,
    /// Field type with every lifetime replaced by the decode lifetime.
    pub ty_de: Type,
    /// `inner_ty` with every lifetime replaced by `'static`.
    pub inner_static: Type,
    /// `inner_ty` with every lifetime replaced by the decode lifetime.
    pub inner_de: Type,
    /// Listed in a struct-level salt (MD5 or Java-hash).
    pub in_multi_salt: bool,
    /// `#[spread(N)]`: the caller's shard, `0..N`.
    pub spread: Option<u32>,
    /// The struct is `#[rowkey(phoenix)]`: the field is a Phoenix column
    /// (`phoenix.rs` writes and reads it).
    pub phoenix: bool,
    /// `#[width(W)]`: the body is the value's low W bytes.
    pub width: Option<usize>,
    /// Where the slot starts when the derive can tell from the attributes
    /// and spelled types before it (`Offset`).
    pub offset: Offset,
}

/// A slot's start, as far as the derive can tell without the types' own
/// widths.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Offset {
    /// Always this many bytes in (after the struct-level salt).
    At(usize),
    /// A field before it takes as many bytes as its value needs: no
    /// constant offset.
    Moving,
    /// A type's own width decides it: the compiler works it out.
    Typed,
}

impl<'a> Layout<'a> {
    pub fn all(input: &'a Input<'a>, de: &Lifetime) -> Vec<Layout<'a>> {
        let stat = Lifetime::new("'static", Span::call_site());
        let n = input.fields.len();
        let mut layouts = input
            .fields
            .iter()
            .enumerate()
            .map(|(index, field)| {
                let a = &field.attrs;
                let body = if a.reverse_ts.is_some() {
                    Body::ReverseTs
                } else if a.twos_complement.is_some() {
                    Body::Twos
                } else if a.reverse.is_some() {
                    Body::Reverse
                } else {
                    Body::Plain
                };
                let frame = if let Some(p) = &a.pad {
                    Frame::Pad {
                        width: p.width,
                        byte: p.byte,
                    }
                } else if let Some(d) = &a.delim {
                    Frame::Delim { byte: d.byte }
                } else if index + 1 == n {
                    Frame::Last
                } else {
                    Frame::Fixed
                };
                let in_multi_salt = input
                    .attrs
                    .salt
                    .as_ref()
                    .is_some_and(|s| s.fields.iter().any(|f| f == field.ident))
                    || input
                        .attrs
                        .java_salt
                        .as_ref()
                        .and_then(|s| s.fields.as_ref())
                        .is_some_and(|fs| fs.iter().any(|f| f == field.ident));
                let inner_ty = option_inner(field.ty).unwrap_or(field.ty);
                Layout {
                    field,
                    index,
                    name: unraw(field.ident),
                    salt: a.salt.as_ref().map(|s| s.chars),
                    salt_delim: a.salt.as_ref().and_then(|s| s.delim),
                    bucket: a.bucket.as_ref().map(|b| b.count),
                    body,
                    frame,
                    decimal: a
                        .decimal
                        .as_ref()
                        .map(|d| d.width.map_or(Digits::Shortest, Digits::Width)),
                    desc: a.desc.is_some(),
                    escaped: a.escaped.is_some(),
                    option: option_inner(field.ty).is_some(),
                    inner_ty,
                    ty_de: with_lifetime(field.ty, de),
                    inner_static: with_lifetime(inner_ty, &stat),
                    inner_de: with_lifetime(inner_ty, de),
                    in_multi_salt,
                    spread: a.spread.as_ref().map(|s| s.count),
                    phoenix: input.attrs.phoenix.is_some(),
                    width: a.width.as_ref().map(|w| w.bytes),
                    offset: Offset::Typed,
                }
            })
            .collect::<Vec<_>>();
        let multi = input
            .attrs
            .salt
            .as_ref()
            .map_or(0, |s| s.chars + usize::from(s.delim.is_some()))
            + input.attrs.java_salt.as_ref().map_or(0, |s| s.width);
        let mut at = Offset::At(multi);
        for l in &mut layouts {
            l.offset = at;
            at = match (at, l.known_slot_width()) {
                (Offset::Moving, _) | (_, Offset::Moving) => Offset::Moving,
                (Offset::At(a), Offset::At(w)) => Offset::At(a + l.prefix_width() + w),
                _ => Offset::Typed,
            };
        }
        layouts
    }

    /// The slot's width (without salt or bucket) as far as the attributes
    /// and the spelled type tell: `At(w)` for every value, `Moving` when
    /// it depends on the value, `Typed` when on the type's `KeyPart`.
    pub fn known_slot_width(&self) -> Offset {
        let delim = usize::from(matches!(self.frame, Frame::Delim { .. }));
        if self.option || self.phoenix || self.value_width() {
            return Offset::Moving;
        }
        if let Frame::Pad { width, .. } = self.frame {
            return Offset::At(width);
        }
        if let Some(w) = self.attr_body_width() {
            return Offset::At(w + delim);
        }
        match crate::valid::shape(self.inner_ty) {
            crate::valid::Shape::Int { bytes, .. } => Offset::At(bytes + delim),
            crate::valid::Shape::Bool => Offset::At(1 + delim),
            crate::valid::Shape::Str
            | crate::valid::Shape::String
            | crate::valid::Shape::Bytes
            | crate::valid::Shape::VecU8
            | crate::valid::Shape::OtherVec => Offset::Moving,
            _ => Offset::Typed,
        }
    }

    pub fn bucket_width(&self) -> usize {
        match self.bucket {
            Some(n) if n <= 256 => 1,
            Some(_) => 2,
            None => 0,
        }
    }

    /// Bytes of the salt and its delimiter.
    pub fn salt_width(&self) -> usize {
        self.salt.unwrap_or(0) + usize::from(self.salt_delim.is_some())
    }

    /// Bytes in front of the body: this field's own salt and bucket.
    pub fn prefix_width(&self) -> usize {
        self.salt_width() + self.bucket_width()
    }

    /// What every stored byte of the slot is read through: 0xFF inverts a
    /// `#[desc]` field.
    pub fn mask(&self) -> u8 {
        if self.desc {
            0xFF
        } else {
            0
        }
    }

    /// The body's width when the attributes fix it whatever the type: the
    /// digits of `#[decimal(W)]`, the 8 bytes of `#[reverse_ts]`. `None`
    /// leaves it to the type (or, for `#[decimal]` and `#[escaped]`, to the
    /// value).
    pub fn attr_body_width(&self) -> Option<usize> {
        match (self.decimal, self.body, self.width) {
            (_, _, Some(w)) | (Some(Digits::Width(w)), _, _) => Some(w),
            (None, Body::ReverseTs, _) => Some(8),
            _ => None,
        }
    }

    /// Whether the body's width depends on the value whatever the type says.
    pub fn value_width(&self) -> bool {
        self.escaped || self.decimal == Some(Digits::Shortest)
    }

    /// The body's width as an `Option<usize>` expression, for a body written
    /// from `ty` (the inner type, with whichever lifetimes the context
    /// needs).
    pub fn body_width(&self, p: &Ident, ty: &Type) -> TokenStream {
        match self.attr_body_width() {
            Some(w) => quote!(#p::Some(#w)),
            None if self.value_width() => quote!(#p::None),
            None => quote!(<#ty as #p::KeyPart>::WIDTH),
        }
    }

    /// The slot's width without salt or bucket: `Some(n)` when every value
    /// takes `n` bytes. `max` asks for the widest slot instead, which an
    /// `Option` of a fixed-width type has too.
    pub fn slot_width(&self, p: &Ident, ty: &Type, max: bool) -> TokenStream {
        let body = match self.attr_body_width() {
            // The widest value of a type of no fixed width that has a
            // bound (an `Option` inside the field's own `Option`). Only
            // there: the scan reads the widest slots before the first
            // `Option` field as exact (`prefix_bound_at`), which a slot of
            // a type like an aliased `Option` is not.
            None if max && self.option && !self.value_width() => {
                quote!(<#ty as #p::KeyPart>::MAX_WIDTH)
            }
            _ => self.body_width(p, ty),
        };
        let slot = match self.frame {
            Frame::Pad { width, .. } => quote!(#p::Some(#width)),
            Frame::Delim { .. } => quote!(#p::plus_one(#body)),
            Frame::Fixed | Frame::Last => body,
        };
        match (self.option, max) {
            (false, _) => slot,
            (true, true) => quote!(#p::plus_one(#slot)),
            (true, false) => quote!(#p::None),
        }
    }

    /// The traits a value written into this field's slot must implement
    /// (for an `Option` field, its inner value): the scan builder's bounds
    /// on the values it takes.
    pub fn value_bounds(&self, p: &Ident) -> TokenStream {
        let mut bounds = quote!(#p::KeyPart);
        if self.bucket.is_some() {
            bounds.extend(quote!(+ #p::BucketValue));
        }
        match self.body {
            Body::ReverseTs => bounds.extend(quote!(+ #p::ReverseTs)),
            Body::Twos => bounds.extend(quote!(+ #p::TwosComplement)),
            _ => {}
        }
        if self.decimal.is_some() && self.body != Body::ReverseTs {
            bounds.extend(quote!(+ #p::Decimal));
        }
        if self.escaped {
            bounds.extend(quote!(+ #p::EscapeBytes));
        }
        if self.spread.is_some() {
            bounds.extend(quote!(+ #p::SpreadValue));
        }
        if self.phoenix {
            bounds.extend(quote!(+ #p::PhoenixColumn));
        }
        if self.width.is_some() {
            bounds.extend(quote!(+ #p::Narrow));
        }
        // Inverting reverses an order only where the bytes have one: the
        // type's own bytes, unless digits or escapes write the field.
        if self.desc && self.decimal.is_none() && !self.escaped && self.body == Body::Plain {
            bounds.extend(quote!(+ #p::OrderedPart));
        }
        bounds
    }

    /// The bounds the scan builder puts on the value it is given: the
    /// slot's, or for an `Option` field an `Option` of the inner type.
    pub fn scan_bounds(&self, p: &Ident) -> TokenStream {
        if self.option {
            // The inner value's bounds, not its type: the builder method
            // names the field's type with its own lifetime, so an
            // `Option<&'static str>` field takes a value borrowed for less,
            // as a `&'static str` field does.
            let inner = self.value_bounds(p);
            quote!(#p::KeyPart + #p::Presence<Inner: #inner>)
        } else {
            self.value_bounds(p)
        }
    }

    /// Whether the field's bytes keep its values' order, so that the scan
    /// builder takes a range on it (one contiguous key range); otherwise it
    /// takes one exact value. The one place this is decided.
    pub fn ranged(&self) -> bool {
        if self.phoenix {
            // A NULL has no place in a range of values, and a CHAR's
            // space padding sorts below some characters.
            return !self.option && !matches!(self.frame, Frame::Pad { .. });
        }
        let body_keeps_order = !matches!(self.body, Body::Reverse | Body::Twos)
            && self.decimal != Some(Digits::Shortest);
        // After a value of known width (or an escaped one, which ends
        // itself) the pad or delimiter byte is never compared against the
        // value's own bytes, so any byte keeps order; after a variable-width
        // value only 0x00 sorts below every continuation.
        let framed_in_order = match self.frame {
            Frame::Pad { byte, .. } | Frame::Delim { byte } => {
                byte == 0
                    || self.escaped
                    || self.attr_body_width().is_some()
                    || crate::valid::known_width(self.inner_ty) == crate::valid::Known::Fixed
            }
            Frame::Fixed | Frame::Last => true,
        };
        // Inverted, a value sorts before its extensions only when a frame
        // byte (Phoenix's 0xFF separator) follows it.
        let desc_in_order = !(self.desc
            && self.frame == Frame::Last
            && !self.escaped
            && self.attr_body_width().is_none()
            && crate::valid::known_width(self.inner_ty) == crate::valid::Known::Variable);
        // `None` sorts first but the newest `Some` next: a range of
        // `Option` values over a reversed timestamp is no one key range.
        let option_in_order = !(self.option && self.body == Body::ReverseTs);
        self.salt.is_none()
            && body_keeps_order
            && framed_in_order
            && desc_in_order
            && option_in_order
    }

    /// Number of explain segments this field contributes.
    pub fn segments(&self) -> usize {
        1 + usize::from(self.salt.is_some()) + usize::from(self.bucket.is_some())
    }
}

/// The type inside parentheses and the invisible groups a `macro_rules!`
/// `$t:ty` fragment is wrapped in: a struct a user's macro declares is read
/// as the same struct written out.
pub fn peel(mut ty: &Type) -> &Type {
    loop {
        match ty {
            Type::Group(g) => ty = &g.elem,
            Type::Paren(p) => ty = &p.elem,
            _ => return ty,
        }
    }
}

/// `T` of a field spelled `Option<T>` (or `std::option::Option<T>`,
/// `core::option::Option<T>`).
pub fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = peel(ty) else {
        return None;
    };
    if p.qself.is_some() {
        return None;
    }
    let segs: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let path_ok = match segs.as_slice() {
        [one] => one == "Option",
        [krate, m, last] => {
            (krate == "std" || krate == "core") && m == "option" && last == "Option"
        }
        _ => false,
    };
    if !path_ok {
        return None;
    }
    match &p.path.segments.last()?.arguments {
        syn::PathArguments::AngleBracketed(args) if args.args.len() == 1 => match &args.args[0] {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

pub fn unraw(ident: &syn::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map_or(s.clone(), str::to_owned)
}

/// Whether a type borrows for `'static` (`&'static str`, `Cow<'static, ..>`).
pub fn mentions_static(ty: &Type) -> bool {
    let mut found = false;
    visit(ty, &mut |l: &Lifetime| found |= l.ident == "static");
    found
}

fn visit(ty: &Type, f: &mut impl FnMut(&Lifetime)) {
    match ty {
        Type::Reference(r) => {
            if let Some(l) = &r.lifetime {
                f(l);
            }
            visit(&r.elem, f);
        }
        Type::Array(a) => visit(&a.elem, f),
        Type::Slice(s) => visit(&s.elem, f),
        Type::Paren(p) => visit(&p.elem, f),
        Type::Group(g) => visit(&g.elem, f),
        Type::Tuple(t) => t.elems.iter().for_each(|e| visit(e, f)),
        Type::Path(p) => {
            for seg in &p.path.segments {
                if let syn::PathArguments::AngleBracketed(args) = &seg.arguments {
                    for arg in &args.args {
                        match arg {
                            syn::GenericArgument::Lifetime(l) => f(l),
                            syn::GenericArgument::Type(t) => visit(t, f),
                            _ => {}
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// Replaces every lifetime in a type, so that a field type can be named
/// outside the struct's generics (const checks) or under one decode lifetime.
pub fn with_lifetime(ty: &Type, lt: &Lifetime) -> Type {
    let mut ty = ty.clone();
    replace(&mut ty, lt);
    ty
}

fn replace(ty: &mut Type, lt: &Lifetime) {
    match ty {
        Type::Reference(r) => {
            if let Some(l) = &mut r.lifetime {
                *l = lt.clone();
            }
            replace(&mut r.elem, lt);
        }
        Type::Array(a) => replace(&mut a.elem, lt),
        Type::Slice(s) => replace(&mut s.elem, lt),
        Type::Paren(p) => replace(&mut p.elem, lt),
        Type::Group(g) => replace(&mut g.elem, lt),
        Type::Tuple(t) => t.elems.iter_mut().for_each(|e| replace(e, lt)),
        Type::Path(p) => {
            for seg in &mut p.path.segments {
                if let syn::PathArguments::AngleBracketed(args) = &mut seg.arguments {
                    for arg in &mut args.args {
                        match arg {
                            syn::GenericArgument::Lifetime(l) => *l = lt.clone(),
                            syn::GenericArgument::Type(t) => replace(t, lt),
                            _ => {}
                        }
                    }
                }
            }
        }
        _ => {}
    }
}
