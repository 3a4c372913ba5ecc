//! A field type as spelled: the built-in types the rules name, and what
//! the syntax alone tells of a type's width.

use syn::Type;

#[derive(PartialEq, Eq)]
pub enum Known {
    Fixed,
    Variable,
    Unknown,
}

/// What can be told from the syntax alone. Anything else is checked through
/// `KeyPart::WIDTH` by the compiler.
pub fn known_width(ty: &Type) -> Known {
    match shape(ty) {
        Shape::Int { .. } | Shape::Bool | Shape::Array | Shape::OtherArray => Known::Fixed,
        Shape::Str | Shape::Bytes | Shape::String | Shape::VecU8 | Shape::OtherVec => {
            Known::Variable
        }
        Shape::Unknown => Known::Unknown,
    }
}

/// Whether the type is spelled as a built-in string or byte string
/// (`&str`, `String`, `&[u8]`, `Vec<u8>`).
pub fn is_text(ty: &Type) -> bool {
    matches!(
        shape(ty),
        Shape::Str | Shape::Bytes | Shape::String | Shape::VecU8
    )
}

/// A field type as spelled, for the built-in types the rules name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Int {
        name: &'static str,
        bytes: usize,
        signed: bool,
    },
    Bool,
    /// `[u8; N]`.
    Array,
    /// Another array: fixed width if it is a field type at all.
    OtherArray,
    Str,
    Bytes,
    String,
    VecU8,
    /// Another `Vec`: variable width if it is a field type at all.
    OtherVec,
    Unknown,
}

impl Shape {
    /// The type's name in messages, for the types whose rules are known.
    pub(crate) fn name(self) -> Option<&'static str> {
        Some(match self {
            Shape::Int { name, .. } => name,
            Shape::Bool => "bool",
            Shape::Array => "[u8; N]",
            Shape::Str => "&str",
            Shape::Bytes => "&[u8]",
            Shape::String => "String",
            Shape::VecU8 => "Vec<u8>",
            Shape::OtherArray | Shape::OtherVec | Shape::Unknown => return None,
        })
    }

    pub(super) fn fixed_width(self) -> Option<String> {
        match self {
            Shape::Int { bytes: 1, .. } | Shape::Bool => Some("1 byte".to_owned()),
            Shape::Int { bytes, .. } => Some(format!("{bytes} bytes")),
            Shape::Array => Some("N bytes".to_owned()),
            _ => None,
        }
    }
}

const INTS: &[(&str, usize, bool)] = &[
    ("u8", 1, false),
    ("u16", 2, false),
    ("u32", 4, false),
    ("u64", 8, false),
    ("u128", 16, false),
    ("i8", 1, true),
    ("i16", 2, true),
    ("i32", 4, true),
    ("i64", 8, true),
    ("i128", 16, true),
];

pub(crate) fn shape(ty: &Type) -> Shape {
    match ty {
        Type::Reference(r) => match crate::model::peel(&r.elem) {
            Type::Path(p) if p.path.is_ident("str") => Shape::Str,
            Type::Slice(s) if is_u8(&s.elem) => Shape::Bytes,
            _ => Shape::Unknown,
        },
        Type::Array(a) if is_u8(&a.elem) => Shape::Array,
        Type::Array(_) => Shape::OtherArray,
        Type::Paren(p) => shape(&p.elem),
        Type::Group(g) => shape(&g.elem),
        Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return Shape::Unknown;
            };
            let single = p.path.segments.len() == 1;
            if single {
                if let Some(&(name, bytes, signed)) = INTS.iter().find(|i| last.ident == i.0) {
                    return Shape::Int {
                        name,
                        bytes,
                        signed,
                    };
                }
                if last.ident == "bool" {
                    return Shape::Bool;
                }
            }
            if last.ident == "String" {
                Shape::String
            } else if last.ident == "Vec" {
                let element = match &last.arguments {
                    syn::PathArguments::AngleBracketed(args) => args.args.first(),
                    _ => None,
                };
                match element {
                    Some(syn::GenericArgument::Type(t)) if is_u8(t) => Shape::VecU8,
                    _ => Shape::OtherVec,
                }
            } else {
                Shape::Unknown
            }
        }
        _ => Shape::Unknown,
    }
}

pub(super) fn is_u8(ty: &Type) -> bool {
    matches!(crate::model::peel(ty), Type::Path(p) if p.path.is_ident("u8"))
}
