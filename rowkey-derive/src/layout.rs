//! `RowKey::LAYOUT`: what the model decided for each field, written out as
//! the runtime's `layout` constants, so tools read the same decisions the
//! byte rules were generated from.

use crate::expand::Gen;
use crate::model::{Body, Digits, Frame, Layout};
use crate::valid::{known_width, shape, Known, Shape};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::Type;

/// `const LAYOUT: Layout = ..;` of the `RowKey` impl.
pub fn layout_const(g: &Gen) -> TokenStream {
    let p = &g.p;
    let name = &g.name;
    let phoenix = g.input.attrs.phoenix.is_some();
    let n = g.layouts.len();
    let fields = g
        .layouts
        .iter()
        .map(|l| field(l, p, &g.w_exact, phoenix, n));
    let salt = key_salt(g);
    let spread = crate::expand::spread(g);
    let time = crate::expand::time_field(g);
    let widths = &g.w_max;
    quote! {
        const LAYOUT: #p::Layout = #p::Layout {
            name: #name,
            spread: #spread,
            salt: #salt,
            phoenix: #phoenix,
            fields: &[#(#fields),*],
            time: #time,
            __slot_widths: #widths,
        };
    }
}

fn key_salt(g: &Gen) -> TokenStream {
    let p = &g.p;
    let names = |fs: &[syn::Ident]| {
        let fs = fs.iter().map(crate::model::unraw);
        quote!(&[#(#fs),*])
    };
    if let Some(s) = &g.input.attrs.java_salt {
        let (buckets, width) = (s.buckets, s.width);
        let fields = names(s.fields.as_deref().unwrap_or(&[]));
        return quote!(#p::Some(#p::KeySalt::JavaHash {
            buckets: #buckets, width: #width, fields: #fields,
        }));
    }
    let md5 = g.input.attrs.salt.as_ref().map(|s| {
        let chars = s.chars;
        let delim = opt(p, s.delim);
        let fields = names(&s.fields);
        quote!(#p::KeySalt::Md5 { chars: #chars, delim: #delim, fields: #fields })
    });
    opt(p, md5)
}

fn field(l: &Layout, p: &Ident, w_exact: &TokenStream, phoenix: bool, n: usize) -> TokenStream {
    let name = &l.name;
    let ty = type_text(l.field.ty);
    let encoding = encoding(l, p);
    let frame = match l.frame {
        Frame::Pad { width, byte } => quote!(#p::LayoutFrame::Pad { width: #width, byte: #byte }),
        Frame::Delim { byte } => quote!(#p::LayoutFrame::Delim { byte: #byte }),
        Frame::Last => quote!(#p::LayoutFrame::Last),
        Frame::Fixed
            if phoenix && l.index + 1 < n && known_width(l.inner_ty) == Known::Variable =>
        {
            quote!(#p::LayoutFrame::Separator)
        }
        Frame::Fixed => quote!(#p::LayoutFrame::Bare),
    };
    // Only the attributes the field has; the rest from the runtime's
    // `LAYOUT_FIELD`.
    let mut attrs = TokenStream::new();
    if let Some(chars) = l.salt {
        let delim = opt(p, l.salt_delim);
        attrs.extend(quote!(salt: #p::Some(#p::FieldSalt { chars: #chars, delim: #delim }),));
    }
    if let Some(n) = l.bucket {
        attrs.extend(quote!(bucket: #p::Some(#n),));
    }
    if let Some(n) = l.spread {
        attrs.extend(quote!(spread: #p::Some(#n),));
    }
    if l.desc {
        attrs.extend(quote!(desc: true,));
    }
    if l.option {
        attrs.extend(quote!(optional: true,));
    }
    // The slot's exact width, from the array every other item indexes:
    // [0] is the struct-level salt, then (prefix, slot) per field.
    let slot = 2 + 2 * l.index;
    if attrs.is_empty() {
        return quote!(#p::FieldLayout::plain(#name, #ty, #encoding, #frame, #w_exact[#slot]));
    }
    quote! {
        #p::FieldLayout {
            name: #name,
            ty: #ty,
            encoding: #encoding,
            frame: #frame,
            width: #w_exact[#slot],
            #attrs
            ..#p::LAYOUT_FIELD
        }
    }
}

/// The body's rule: the attribute that decides it, else the type's shape.
fn encoding(l: &Layout, p: &Ident) -> TokenStream {
    let e = quote!(#p::LayoutEncoding);
    let inner = &l.inner_static;
    let utf8 = matches!(shape(l.inner_ty), Shape::Str | Shape::String);
    let digits = |d: Digits| match d {
        Digits::Shortest => quote!(#p::None),
        Digits::Width(w) => quote!(#p::Some(#w)),
    };
    if l.escaped {
        return quote!(#e::Escaped { utf8: #utf8 });
    }
    if let Some(d) = l.decimal {
        let digits = digits(d);
        return if l.body == Body::ReverseTs {
            quote!(#e::ReverseTsDigits { digits: #digits })
        } else {
            quote!(#e::Digits { digits: #digits })
        };
    }
    if let Some(bytes) = l.width {
        return quote!(#e::LowBytes { bytes: #bytes });
    }
    let part_width = quote!(<#inner as #p::KeyPart>::WIDTH);
    match (l.body, shape(l.inner_ty)) {
        (Body::ReverseTs, _) => quote!(#e::ReverseTimestamp),
        (Body::Reverse, _) => quote!(#e::Reversed { utf8: #utf8 }),
        (Body::Twos, Shape::Int { bytes, .. }) => quote!(#e::Twos { bytes: #bytes }),
        (Body::Twos, _) => quote!(#e::Twos { bytes: #p::width_of(#part_width) }),
        (
            _,
            Shape::Int {
                bytes,
                signed: true,
                ..
            },
        ) => quote!(#e::SignFlipped { bytes: #bytes }),
        (_, Shape::Int { bytes, .. }) => quote!(#e::Unsigned { bytes: #bytes }),
        (_, Shape::Bool) => quote!(#e::Bool),
        (_, Shape::Array) => quote!(#e::ByteArray { len: #p::width_of(#part_width) }),
        (_, Shape::Str | Shape::String) => quote!(#e::Utf8),
        (_, Shape::Bytes | Shape::VecU8) => quote!(#e::Bytes),
        (_, Shape::OtherVec) => vec_element(inner).map_or_else(
            || quote!(#e::Part { width: #part_width }),
            |t| quote!(#e::Elements { width: #p::width_of(<#t as #p::KeyPart>::WIDTH) }),
        ),
        (_, Shape::OtherArray | Shape::Unknown) => quote!(#e::Part { width: #part_width }),
    }
}

/// `T` of `Vec<T>`.
fn vec_element(ty: &Type) -> Option<&Type> {
    let Type::Path(tp) = crate::model::peel(ty) else {
        return None;
    };
    match &tp.path.segments.last()?.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first()? {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// `Some(v)` or `None`, as the runtime's `Option`.
fn opt<T: ToTokens>(p: &Ident, v: Option<T>) -> TokenStream {
    v.map_or_else(|| quote!(#p::None), |v| quote!(#p::Some(#v)))
}

/// A type as it reads in source: `quote!`'s spacing (`& 'a str`,
/// `Vec < u8 >`) closed up, keeping a space between words and after `;`
/// and `,`.
fn type_text(ty: &Type) -> String {
    let raw = ty.to_token_stream().to_string();
    let chars: Vec<char> = raw.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(raw.len());
    for (i, &c) in chars.iter().enumerate() {
        if c != ' ' {
            out.push(c);
            continue;
        }
        let prev = out.chars().last().unwrap_or(' ');
        let next = chars.get(i + 1).copied().unwrap_or(' ');
        let keep = (word(prev) && (word(next) || matches!(next, '\'' | '[' | '(' | '&')))
            || matches!(prev, ';' | ',');
        if keep {
            out.push(' ');
        }
    }
    out
}
