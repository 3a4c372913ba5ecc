//! Code generation for the batch functions (`rowkey::encode_batch`,
//! `rowkey::verify_batch`): `encode_into` with its MD5 salts left for the
//! caller, who computes many of them at once in SIMD lanes.
//!
//! `expand` serves a key the runtime's field list does not take (`fields.rs`:
//! a Java-hash salt, `#[spread]`, Phoenix columns, a `'static` borrow);
//! `tests/field_list_parity.rs` holds the two paths to the same bytes.

use crate::ast::Input;
use crate::model::{Body, Layout};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Salts one key may leave to the caller (`rowkey::MAX_DEFERRED`).
pub(crate) const MAX_DEFERRED: usize = 4;

/// What `decode`'s walk is made of, for the batch's own walk.
pub struct Walk<'a> {
    pub segment_count: usize,
    /// Whether decode refuses the layout whatever its bytes (a `'static`
    /// borrow).
    pub refused: bool,
    /// The struct-level salt, read first and checked last.
    pub multi_head: &'a TokenStream,
    pub multi_tail: &'a TokenStream,
    pub last_field: &'a str,
}

/// The batch functions' methods of a salted key: `RowKey::__encode_deferred`
/// and `DecodeKey::__verify_deferred` (nothing for a key without a salt,
/// which keeps the traits' defaults). `widths` is the path to the
/// exact widths `encode_into` uses (struct-level salt first, then prefix and
/// body per field).
pub fn expand(
    input: &Input,
    layouts: &[Layout],
    p: &Ident,
    widths: &TokenStream,
    multi_width: usize,
    walk: &Walk<'_>,
) -> (TokenStream, TokenStream) {
    let Walk {
        segment_count,
        refused,
        multi_head,
        multi_tail,
        last_field,
    } = *walk;
    let node = input.original;
    let ident = &node.ident;
    let name = ident.to_string();

    // Without a salt there is nothing to defer or hand over: the traits'
    // defaults (`encode_into`, `decode`) and no second copy of either for
    // the compiler to check in every crate that derives.
    let has_salt = input.attrs.salt.is_some() || layouts.iter().any(|l| l.salt.is_some());
    if !has_salt {
        return (TokenStream::new(), TokenStream::new());
    }
    // The struct-level salt is deferred first, then field salts in order
    // while there is room. A salt whose bytes the key does not hold as
    // hashed is computed here, as `encode_into` does: a reversed, inverted
    // (`#[desc]`) or escaped body is hashed before it is transformed; so are
    // an `Option` field's (behind its presence byte), a `#[decimal]` and a
    // `#[width]` body's, to keep this path to the plain case.
    let mut room = MAX_DEFERRED - usize::from(input.attrs.salt.is_some());
    let fields: Vec<_> = layouts
        .iter()
        .map(|l| match l.salt {
            Some(k) if deferrable(l) && room > 0 => {
                room -= 1;
                deferred_field(l, p, widths, k, &name)
            }
            _ => crate::encode::encode_field(l, p, &name, widths),
        })
        .collect();
    let multi = input.attrs.salt.as_ref().map(|salt| {
        if salt.delim.is_some() {
            // With a delimiter the salt hashes the values joined by it,
            // bytes the key does not hold in one run: computed here, as
            // `encode_into` does.
            return crate::salt::multi_salt(input, layouts, p, &name, multi_width).0;
        }
        let k = salt.chars;
        // The slots as written, in the order the salt lists them.
        let slots = salt
            .fields
            .iter()
            .filter_map(|f| layouts.iter().find(|l| l.field.ident == f))
            .map(|l| format_ident!("__slot{}", l.index));
        quote! {
            __salts.defer("salt", 0, #k, &[#(#slots),*]);
        }
    });

    let encode = crate::encode::encode_body(p, &name, multi_width, &fields, &multi);

    // decode's walk (`Walk::__rowkey_read`) with the salts it can hand
    // over handed to the queue and plain fields checked, not built (a
    // `&str` that is ASCII needs no full UTF-8 validation): a second copy
    // of the walk, which the derive's build cost pays for verification's
    // speed. Any refusal sends `verify_batch` to `decode` for the error,
    // so where several checks fail the first one found here need not be
    // decode's. A layout decode refuses whatever the bytes keeps the
    // default, `decode`'s own refusal.
    let verify = (!refused).then(|| {
        let name = &name;
        let checks = layouts
            .iter()
            .map(|l| crate::decode::decode_field(l, p, name, true));
        quote! {
            #[inline]
            fn __verify_deferred(
                __in: &'__rowkey_de [#p::u8],
                __salts: &mut #p::DeferredSalts,
            ) -> #p::Result<(), #p::Error> {
                const VERIFY: #p::bool = true;
                let __sink = __salts;
                let __segs = &mut [#p::Segment::EMPTY; #segment_count];
                let mut __pos: #p::usize = 0;
                let mut __seg: #p::usize = 0;
                #multi_head
                #(#checks)*
                #multi_tail
                #p::check_trailing(__in, __pos, #name, #last_field)?;
                let _ = (__seg, __segs);
                #p::Ok(())
            }
        }
    });

    let encode = encode_deferred(p, &encode);
    (encode, verify.unwrap_or_default())
}

/// Whether a salted field's salt may be left to the caller: one over the
/// body as the key stores it. A salt over a body stored transformed
/// (reversed, inverted, escaped, digits, low bytes; deferred, a `#[width]`
/// salt would hash the type's own width) or behind an `Option`'s presence
/// byte is computed by the write, as in `encode_into`.
pub(crate) fn deferrable(l: &Layout) -> bool {
    l.body != Body::Reverse
        && !l.desc
        && !l.escaped
        && !l.option
        && l.decimal.is_none()
        && l.width.is_none()
}

/// A salted field: its body, pad or delimiter written as `encode_into`
/// writes them (`rule::write_field` without its prefix), the salt slot left
/// open and recorded with the body bytes it hashes.
fn deferred_field(l: &Layout, p: &Ident, widths: &TokenStream, k: usize, key: &str) -> TokenStream {
    let ty = l.field.ty;
    let field = l.field.ident;
    let name = &l.name;
    // (A salted field is one the rules write whole.)
    let Some((prefix, body, frame)) = crate::encode::rule(l, p) else {
        return crate::encode::encode_field(l, p, key, widths);
    };
    let write = quote! {
        #p::rule::write_field::<#ty, #prefix, #body, false, false>(
            &self.#field, __buf, &mut __pos, #frame, #key, #name,
        )?;
    };
    let slot = format_ident!("__slot{}", l.index);
    let width = l.salt_width();
    let prefix = l.prefix_width();
    let record = if l.in_multi_salt {
        quote!(let #slot = (__at + #prefix, __pos);)
    } else {
        quote!()
    };
    let delim = l.salt_delim.map(|d| quote!(__buf[__at + #k] = #d;));
    // (The first field's offset is where `__pos` starts: see `encode_field`.)
    let offset = crate::encode::offset(l, p, widths);
    quote! {
        #offset
        let __at = __pos;
        __pos += #prefix;
        #write
        #delim
        let __blen = <#ty as #p::KeyPart>::encoded_len(&self.#field);
        __salts.defer(#name, __at, #k, &[(__at + #width, __at + #width + __blen)]);
        #record
    }
}

/// `RowKey::__encode_deferred` with the body `body` (`__out`, `__salts`).
pub(crate) fn encode_deferred(p: &Ident, body: &TokenStream) -> TokenStream {
    quote! {
        #[inline]
        fn __encode_deferred(
            &self,
            __out: &mut [#p::u8],
            __salts: &mut #p::DeferredSalts,
        ) -> #p::Result<#p::usize, #p::Error> {
            #body
        }
    }
}
