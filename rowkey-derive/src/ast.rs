//! The derive input as typed structures that keep the original syntax, so
//! every later stage can point its errors at the right token.

use crate::attr::{self, ContainerAttrs, FieldAttrs};
use crate::ctxt::Ctxt;
use syn::{Data, DeriveInput, Fields, Ident, Type};

pub struct Input<'a> {
    pub original: &'a DeriveInput,
    pub attrs: ContainerAttrs,
    pub fields: Vec<Field<'a>>,
}

pub struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a Type,
    pub attrs: FieldAttrs,
}

impl<'a> Input<'a> {
    /// Reads the struct and every attribute, reporting all problems to `cx`.
    /// Returns `None` when the input is not a struct with named fields, since
    /// nothing useful can be said about its fields then.
    pub fn from_syn(cx: &Ctxt, node: &'a DeriveInput) -> Option<Self> {
        let attrs = attr::container(cx, &node.attrs);
        let named = match &node.data {
            Data::Struct(data) => match &data.fields {
                Fields::Named(named) if named.named.is_empty() => {
                    cx.error_spanned_by(
                        named,
                        "a row key needs at least one field: HBase has no empty row keys; \
                         add the fields the key is made of",
                    );
                    return None;
                }
                Fields::Named(named) => named,
                Fields::Unnamed(_) => {
                    cx.error_spanned_by(
                        &data.fields,
                        "#[derive(RowKey)] needs named fields: the scan builder's methods and the \
                         error messages are named after them; write `struct K { a: T, .. }`",
                    );
                    return None;
                }
                Fields::Unit => {
                    cx.error_spanned_by(
                        &node.ident,
                        "a row key needs at least one field: HBase has no empty row keys; \
                         write `struct K { a: T, .. }` with the fields the key is made of",
                    );
                    return None;
                }
            },
            Data::Enum(data) => {
                cx.error_spanned_by(
                    data.enum_token,
                    "#[derive(RowKey)] works on structs; to use an enum as a field, \
                     #[derive(rowkey::KeyPart)] on it with a short code per variant, \
                     #[rowkey(code = \"tb\")]",
                );
                return None;
            }
            Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "#[derive(RowKey)] works on structs, not unions: a union's bytes have no \
                     one layout; write a struct with a named field per key part",
                );
                return None;
            }
        };
        let fields = named
            .named
            .iter()
            .map(|f| Field {
                ident: f.ident.as_ref().expect("named field"),
                ty: &f.ty,
                attrs: attr::field(cx, &f.attrs),
            })
            .collect();
        Some(Input {
            original: node,
            attrs,
            fields,
        })
    }
}
