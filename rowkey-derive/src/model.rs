//! The layout of each field, decided once from its attributes and position,
//! so that encode, decode, explain and scan codegen agree by construction.

use crate::ast::{Field, Input};
use proc_macro2::Span;
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

pub struct Layout<'a> {
    pub field: &'a Field<'a>,
    pub index: usize,
    pub name: String,
    pub salt: Option<usize>,
    pub bucket: Option<u32>,
    pub body: Body,
    pub frame: Frame,
    /// Field type with every lifetime replaced by `'static`, for const checks.
    pub ty_static: Type,
    /// Field type with every lifetime replaced by the decode lifetime.
    pub ty_de: Type,
    /// Listed in a struct-level salt.
    pub in_multi_salt: bool,
}

impl<'a> Layout<'a> {
    pub fn all(input: &'a Input<'a>, de: &Lifetime) -> Vec<Layout<'a>> {
        let stat = Lifetime::new("'static", Span::call_site());
        let n = input.fields.len();
        input
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
                    .is_some_and(|s| s.fields.iter().any(|f| f == field.ident));
                Layout {
                    field,
                    index,
                    name: unraw(field.ident),
                    salt: a.salt.as_ref().map(|s| s.chars),
                    bucket: a.bucket.as_ref().map(|b| b.count),
                    body,
                    frame,
                    ty_static: with_lifetime(field.ty, &stat),
                    ty_de: with_lifetime(field.ty, de),
                    in_multi_salt,
                }
            })
            .collect()
    }

    pub fn bucket_width(&self) -> usize {
        match self.bucket {
            Some(n) if n <= 256 => 1,
            Some(_) => 2,
            None => 0,
        }
    }

    /// Bytes in front of the body: this field's own salt and bucket.
    pub fn prefix_width(&self) -> usize {
        self.salt.unwrap_or(0) + self.bucket_width()
    }

    /// Number of explain segments this field contributes.
    pub fn segments(&self) -> usize {
        1 + usize::from(self.salt.is_some()) + usize::from(self.bucket.is_some())
    }
}

pub fn unraw(ident: &syn::Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map_or(s.clone(), str::to_owned)
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
