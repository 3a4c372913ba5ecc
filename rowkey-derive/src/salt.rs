//! Code generation for the struct-level salt
//! (`#[rowkey(salt(md5, K, fields(..), delim = ..))]`): what encode writes,
//! decode reads and verifies, and what the scan builder hashes.
//!
//! Encode and decode here serve a key the runtime's field list does not
//! take (`fields.rs`: a Java-hash salt, `#[spread]`, Phoenix columns, a
//! `'static` borrow); for one it takes, the runtime writes and checks the
//! salt (`fields::key_salt`) and only `salt_part` comes from here.
//! `tests/field_list_parity.rs` holds the two paths to the same bytes.

use crate::ast::Input;
use crate::model::{Frame, Layout};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The struct-level salt: written last (it hashes fields written after it),
/// read first, verified once every field is read.
pub fn multi_salt(
    input: &Input,
    layouts: &[Layout],
    p: &Ident,
    key: &str,
    width: usize,
) -> (TokenStream, TokenStream, TokenStream) {
    let Some(salt) = &input.attrs.salt else {
        return (quote!(), quote!(), quote!());
    };
    let k = salt.chars;
    // Hashed in the order the fields are listed, not declared: Java's
    // `md5(kind + "_" + uid)` over a key that stores uid first.
    let listed: Vec<&Layout> = salt
        .fields
        .iter()
        .filter_map(|f| layouts.iter().find(|l| l.field.ident == f))
        .collect();
    let slots: Vec<_> = listed
        .iter()
        .map(|l| format_ident!("__slot{}", l.index))
        .collect();
    // With a delimiter the salt hashes the values joined by it; without,
    // the slots as written.
    let hows: Vec<_> = listed
        .iter()
        .map(|l| salt_part(l, p, salt.delim.is_some()))
        .collect();
    let join = salt
        .delim
        .map_or_else(|| quote!(#p::None), |b| quote!(#p::Some(#b)));
    let delim_write = match salt.delim {
        Some(b) => quote!(__head[#k] = #b;),
        None => quote!(),
    };
    let encode = quote! {
        {
            let (__head, __tail) = __buf.split_at_mut(#width);
            #p::md5_hex_joined_into(
                &[#(#p::salt_part(&__tail[#slots.0 - #width..#slots.1 - #width], #hows)),*],
                #join,
                &mut __head[..#k],
            );
            #delim_write
        }
    };
    let delim_read = match salt.delim {
        Some(b) => quote! {
            if #p::take(__in, &mut __pos, 1).map_err(|__k| #p::Error::field(#key, "salt", __k))?[0] != #b {
                return #p::Err(#p::Error::field(#key, "salt", #p::ErrorKind::MissingDelimiter { byte: #b }));
            }
        },
        None => quote!(),
    };
    let head = quote! {
        let __msalt = #p::take(__in, &mut __pos, #k).map_err(|__k| #p::Error::field(#key, "salt", __k))?;
        #delim_read
        // The salt's delimiter, if any, is shown as part of the salt.
        #p::push_segment(__segs, &mut __seg, "salt", #p::SegmentKind::Salt, 0, __pos);
    };
    // Without a delimiter the salt hashes the slots as they are in the
    // input: the sink may take it.
    let sink = if salt.delim.is_none() {
        quote!(!#p::SaltSink::defer_check(__sink, "salt", 0, #k, &[#(#slots),*]))
    } else {
        quote!(true)
    };
    let tail = quote! {
        if VERIFY && #sink {
            let mut __check = [0u8; #k];
            #p::md5_hex_joined_into(
                &[#(#p::salt_part(&__in[#slots.0..#slots.1], #hows)),*],
                #join,
                &mut __check,
            );
            if __check[..] != __msalt[..] {
                return #p::Err(#p::Error::field(#key, "salt", #p::ErrorKind::SaltMismatch));
            }
        }
    };
    (encode, head, tail)
}

/// What a struct-level salt hashes of field `l`'s slot: with a salt
/// delimiter, the value without its pad or trailing delimiter (the values
/// are then joined by the salt's delimiter); without one, the slot whole.
pub fn salt_part(l: &Layout, p: &Ident, joined: bool) -> TokenStream {
    match l.frame {
        Frame::Pad { byte, .. } if joined => {
            let stored = byte ^ l.mask();
            quote!(#p::SaltPart::StripPad(#stored))
        }
        Frame::Delim { .. } if joined => quote!(#p::SaltPart::DropLast),
        _ => quote!(#p::SaltPart::Whole),
    }
}

/// The Java-hash salt (`#[rowkey(salt(java_hash, buckets = N, ..))]`): what
/// encode writes once every field is written, what decode reads first and
/// checks last, as `multi_salt` does for the MD5 one.
pub fn java_salt(
    input: &Input,
    layouts: &[Layout],
    p: &Ident,
    key: &str,
) -> (TokenStream, TokenStream, TokenStream) {
    let Some(salt) = &input.attrs.java_salt else {
        return (quote!(), quote!(), quote!());
    };
    let w = salt.width;
    let settings = java_settings(p);
    // The bytes hashed: every byte after the salt (Phoenix), or the listed
    // slots as written, in the listed order (OpenTSDB).
    let (encode_parts, decode_parts) = match &salt.fields {
        None => (quote!(&__buf[#w..__pos]), quote!(&__in[#w..__pos])),
        Some(fields) => {
            let slots: Vec<_> = fields
                .iter()
                .filter_map(|f| layouts.iter().find(|l| l.field.ident == f))
                .map(|l| format_ident!("__slot{}", l.index))
                .collect();
            (
                quote!(#(&__buf[#slots.0..#slots.1]),*),
                quote!(#(&__in[#slots.0..#slots.1]),*),
            )
        }
    };
    let encode = quote! {
        {
            let __salt = #p::java_salt_of(&[#encode_parts], #settings);
            #p::write_be(__salt, &mut __buf[..#w]);
        }
    };
    let head = quote! {
        let __jsalt = #p::take(__in, &mut __pos, #w).map_err(|__k| #p::Error::field(#key, "salt", __k))?;
        #p::push_segment(__segs, &mut __seg, "salt", #p::SegmentKind::Salt, 0, __pos);
    };
    // Checked on a key that ends where its fields do: with bytes left over,
    // the trailing-bytes error that follows says more than a mismatch.
    let tail = quote! {
        if VERIFY
            && __pos == __in.len()
            && !#p::java_salt_matches(&[#decode_parts], #settings, __jsalt)
        {
            return #p::Err(#p::Error::field(#key, "salt", #p::ErrorKind::SaltMismatch));
        }
    };
    (encode, head, tail)
}

/// The runtime's `JavaSalt` for the key's Java-hash salt, read from its
/// layout in a constant (`JavaSalt::of`, where OpenTSDB's zero rule is).
pub fn java_settings(p: &Ident) -> TokenStream {
    quote!(const { #p::key_java_salt::<Self>() })
}
