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

/// One field as the runtime's `layout::field` reads it: name, type, the
/// encoding, frame and attributes as integer codes (`layout::code` in the
/// runtime, whose positions and values `code` below repeats), the slot's
/// width, and the width only the field's type knows, for encodings that
/// carry one.
fn field(l: &Layout, p: &Ident, w_exact: &TokenStream, phoenix: bool, n: usize) -> TokenStream {
    let name = &l.name;
    let ty = type_text(l.field.ty);
    let (encoding, arg, part) = encoding(l, p);
    let (frame, frame_byte, frame_width) = match l.frame {
        Frame::Pad { width, byte } => (code::PAD, byte, width),
        Frame::Delim { byte } => (code::DELIM, byte, 0),
        Frame::Last => (code::LAST, 0, 0),
        Frame::Fixed
            if phoenix && l.index + 1 < n && known_width(l.inner_ty) == Known::Variable =>
        {
            (code::SEPARATOR, 0, 0)
        }
        Frame::Fixed => (code::BARE, 0, 0),
    };
    let mut codes = put(encoding, code::ENC, 4)
        | put(frame, code::FRAME, 3)
        | put(usize::from(l.desc), code::DESC, 1)
        | put(usize::from(l.option), code::OPTIONAL, 1)
        | put(usize::from(frame_byte), code::FRAME_BYTE, 8)
        | put(arg, code::ENC_ARG, 16)
        | put(frame_width, code::FRAME_WIDTH, 16)
        | put(l.bucket.unwrap_or(0) as usize, code::BUCKET, 32)
        | put(l.spread.unwrap_or(0) as usize, code::SPREAD, 24);
    if let Some(chars) = l.salt {
        codes |= put(chars + 1, code::SALT_CHARS, 8);
        if let Some(d) = l.salt_delim {
            codes |= put(1, code::SALT_DELIM, 1) | put(usize::from(d), code::SALT_DELIM_BYTE, 8);
        }
    }
    let codes = proc_macro2::Literal::u128_unsuffixed(codes);
    // The slot's exact width, from the array every other item indexes:
    // [0] is the struct-level salt, then (prefix, slot) per field.
    let slot = 2 + 2 * l.index;
    quote!(#p::layout_field(#name, #ty, #codes, #w_exact[#slot], #part))
}

/// `value` at `shift`, in its `len` bits. The attributes' own checks keep
/// every value in range (a pad at most HBase's 32767 bytes, at most 65536
/// buckets or shards, 32 salt characters, 39 digits): one that is not is
/// the derive's bug, reported rather than written into the next code.
fn put(value: usize, shift: u32, len: u32) -> u128 {
    assert!(
        (value as u128) < 1 << len,
        "rowkey-derive: a layout code of {value} does not fit its {len} bits"
    );
    (value as u128) << shift
}

/// The runtime's `layout::code`: where each code sits in `layout::field`'s
/// `u128`, and the codes. The runtime's tests decode what this writes
/// (`tests/layout.rs`, every encoding and frame).
mod code {
    pub const ENC: u32 = 0;
    pub const FRAME: u32 = 4;
    pub const DESC: u32 = 7;
    pub const OPTIONAL: u32 = 8;
    pub const SALT_DELIM: u32 = 9;
    pub const FRAME_BYTE: u32 = 16;
    pub const SALT_DELIM_BYTE: u32 = 24;
    pub const SALT_CHARS: u32 = 32;
    pub const ENC_ARG: u32 = 40;
    pub const FRAME_WIDTH: u32 = 56;
    pub const BUCKET: u32 = 72;
    pub const SPREAD: u32 = 104;

    pub const UNSIGNED: usize = 0;
    pub const LOW_BYTES: usize = 1;
    pub const SIGN_FLIPPED: usize = 2;
    pub const TWOS: usize = 3;
    pub const TWOS_PART: usize = 4;
    pub const REVERSE_TS: usize = 5;
    pub const REVERSE_TS_DIGITS: usize = 6;
    pub const DIGITS: usize = 7;
    pub const BOOL: usize = 8;
    pub const BYTE_ARRAY: usize = 9;
    pub const UTF8: usize = 10;
    pub const BYTES: usize = 11;
    pub const REVERSED: usize = 12;
    pub const ESCAPED: usize = 13;
    pub const ELEMENTS: usize = 14;
    pub const PART: usize = 15;

    pub const BARE: usize = 0;
    pub const LAST: usize = 1;
    pub const PAD: usize = 2;
    pub const DELIM: usize = 3;
    pub const SEPARATOR: usize = 4;
}

/// The body's rule: the attribute that decides it, else the type's shape.
/// Its code, its number (bytes, digits plus one, 1 for UTF-8) and the
/// width only the type knows (`None` when the encoding has none).
fn encoding(l: &Layout, p: &Ident) -> (usize, usize, TokenStream) {
    let inner = &l.inner_static;
    let utf8 = usize::from(matches!(shape(l.inner_ty), Shape::Str | Shape::String));
    let digits = |d: Digits| match d {
        Digits::Shortest => 0,
        Digits::Width(w) => w + 1,
    };
    let none = quote!(#p::None);
    if l.escaped {
        return (code::ESCAPED, utf8, none);
    }
    if let Some(d) = l.decimal {
        let c = if l.body == Body::ReverseTs {
            code::REVERSE_TS_DIGITS
        } else {
            code::DIGITS
        };
        return (c, digits(d), none);
    }
    if let Some(bytes) = l.width {
        return (code::LOW_BYTES, bytes, none);
    }
    let part_width = quote!(<#inner as #p::KeyPart>::WIDTH);
    match (l.body, shape(l.inner_ty)) {
        (Body::ReverseTs, _) => (code::REVERSE_TS, 0, none),
        (Body::Reverse, _) => (code::REVERSED, utf8, none),
        (Body::Twos, Shape::Int { bytes, .. }) => (code::TWOS, bytes, none),
        (Body::Twos, _) => (code::TWOS_PART, 0, part_width),
        (
            _,
            Shape::Int {
                bytes,
                signed: true,
                ..
            },
        ) => (code::SIGN_FLIPPED, bytes, none),
        (_, Shape::Int { bytes, .. }) => (code::UNSIGNED, bytes, none),
        (_, Shape::Bool) => (code::BOOL, 0, none),
        (_, Shape::Array) => (code::BYTE_ARRAY, 0, part_width),
        (_, Shape::Str | Shape::String) => (code::UTF8, 0, none),
        (_, Shape::Bytes | Shape::VecU8) => (code::BYTES, 0, none),
        (_, Shape::OtherVec) => vec_element(inner).map_or_else(
            || (code::PART, 0, part_width.clone()),
            |t| (code::ELEMENTS, 0, quote!(<#t as #p::KeyPart>::WIDTH)),
        ),
        (_, Shape::OtherArray | Shape::Unknown) => (code::PART, 0, part_width),
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
