//! `#[derive(RowKey)]`. Use it through the `rowkey` crate, whose docs hold the
//! attribute table; this crate is only the macro.
//!
//! Stages: `ast` reads the input, `attr` parses each attribute, `valid` checks
//! the rules that relate them, `model` fixes each field's layout, `expand` and
//! `scan` generate code, `fallback` stands in when there are errors.
#![forbid(unsafe_code)]
#![warn(clippy::pedantic)]
#![allow(
    clippy::too_many_lines,
    reason = "a codegen function holds the quote! template of one generated item; split, the item could not be read as a whole"
)]
#![allow(
    clippy::many_single_char_names,
    reason = "p (runtime path), l (a field's layout), b (a builder stage): one meaning across the codegen"
)]

mod ast;
mod attr;
mod ctxt;
mod expand;
mod fallback;
mod model;
mod scan;
mod valid;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// See the `rowkey` crate for the attributes and what is generated.
#[proc_macro_derive(
    RowKey,
    attributes(
        rowkey,
        salt,
        bucket,
        reverse_ts,
        pad,
        delim,
        reverse,
        twos_complement,
        decimal,
        desc,
        escaped
    )
)]
pub fn derive_row_key(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input).into()
}
