//! Code generation for encode: the runtime's rule types a field's slot is
//! written by (`slot_rule`: its prefix, body and frame), named wherever it
//! is written (encode, `encoded_len`, scan bounds, batches), the call in
//! `encode_into`, and a `#[spread]` field's writer, which checks the shard
//! first.

use crate::model::{Body, Digits, Frame, Layout, Offset};
use proc_macro2::Ident;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The body of `encode_into` (and of batch encode, with its own field
/// writers): the key's length, refused when empty or over HBase's limit,
/// the buffer checked against it, then the struct-level salt's room
/// (`multi_width` bytes), each field's write (`fields`) and the salt's
/// (`multi`).
pub(crate) fn encode_body<'f>(
    p: &Ident,
    name: &str,
    multi_width: usize,
    fields: impl IntoIterator<Item = &'f TokenStream>,
    multi: &impl quote::ToTokens,
) -> TokenStream {
    let fields = fields.into_iter();
    quote! {
        let __len = <Self as #p::RowKey>::encoded_len(self);
        #p::check_encode_len(#name, __len, __out.len())?;
        // The whole buffer, not `__out[..__len]`: every slot is written
        // inside `__len` anyway, and the compiler knows the length of a
        // caller's array, so it can drop slot bounds checks that it cannot
        // prove against `__len`.
        let __buf = &mut *__out;
        let mut __pos: #p::usize = #multi_width;
        #(#fields)*
        #multi
        #p::Ok(__pos)
    }
}

/// The method that turns a field's refusal into the key's error, put after a
/// `Result<_, ErrorKind>`. `known` is `true` in decode and a writer's
/// `__KNOWN` parameter (see `__private::field_error_in`). A method of a
/// runtime trait (imported once per derive, `import_in_field`), not a
/// closure: each closure would be one more body for the compiler to check
/// and, in a debug build, one more function to emit per call site.
pub(crate) fn field_err(p: &Ident, key: &str, field: &str, known: &TokenStream) -> TokenStream {
    let _ = p;
    quote!(.__rowkey_in_field::<#known>(#key, #field))
}

/// The import `field_err`'s method needs, at the top of the derive's
/// `const _` block.
pub(crate) fn import_in_field(p: &Ident) -> TokenStream {
    quote!(use #p::InField as _;)
}

/// A field with no salt, bucket, digits, escape, reversal or inversion
/// writes through the runtime's one copy of the plain writer
/// (`__private::write_plain`): its frame there, else `None`.
fn plain_frame(l: &Layout, p: &Ident) -> Option<TokenStream> {
    is_plain(l).then(|| write_frame(l, p))
}

/// Whether the field's body is the type's own bytes with nothing around
/// them but its frame.
fn is_plain(l: &Layout) -> bool {
    l.body == Body::Plain
        && l.salt.is_none()
        && l.bucket.is_none()
        && l.decimal.is_none()
        && l.width.is_none()
        && !l.escaped
        && !l.desc
        && l.spread.is_none()
        && !l.phoenix
}

/// The field's frame as the runtime's writers take it (`WriteFrame`).
fn write_frame(l: &Layout, p: &Ident) -> TokenStream {
    match l.frame {
        Frame::Pad { width, byte } => quote!(#p::WriteFrame::Pad(#width, #byte)),
        Frame::Delim { byte } => quote!(#p::WriteFrame::Delim(#byte)),
        Frame::Fixed | Frame::Last => quote!(#p::WriteFrame::End),
    }
}

/// A field whose slot the runtime's rules write whole (`__private::rule`),
/// with nothing around it (not an `Option`'s presence byte):
/// [`slot_rule`], else `None`; also `None` for a plain field, which the
/// plain writer writes.
pub(crate) fn rule(l: &Layout, p: &Ident) -> Option<(TokenStream, TokenStream, TokenStream)> {
    if l.option || is_plain(l) {
        return None;
    }
    slot_rule(l, p)
}

/// An `Option` field, written by `rule::write_option`: its body rule,
/// frame and mask (0xFF inverts the presence byte of a `#[desc]` field).
/// (The validation keeps salts and buckets off `Option` fields.)
pub(crate) fn option_rule(l: &Layout, p: &Ident) -> Option<(TokenStream, TokenStream, u8)> {
    if !l.option || l.spread.is_some() {
        return None;
    }
    let (_, body, frame) = slot_rule(l, p)?;
    Some((body, frame, l.mask()))
}

/// The rules of a field's slot (`__private::rule`): its prefix rule, body
/// rule and frame; `None` for a Phoenix column, which `phoenix.rs` writes.
/// The body is the type's own bytes, reversed, in two's complement, a
/// reversed timestamp, digits, low bytes or escaped, maybe inverted; the
/// prefix a salt (over the value's bytes before they are escaped or
/// reversed), a bucket or both.
pub(crate) fn slot_rule(l: &Layout, p: &Ident) -> Option<(TokenStream, TokenStream, TokenStream)> {
    if l.phoenix {
        return None;
    }
    let frame = write_frame(l, p);
    let body = body_rule(l, p);
    let hashed = if l.escaped {
        quote!(, #p::rule::Raw)
    } else if l.body == Body::Reverse {
        quote!(, #p::rule::Forward)
    } else {
        quote!()
    };
    let salt = l.salt.map(|k| {
        if let Some(d) = l.salt_delim {
            quote!(#p::rule::SaltDelim<#k, #d #hashed>)
        } else {
            quote!(#p::rule::Salt<#k #hashed>)
        }
    });
    let bucket = l.bucket.map(|n| quote!(#p::rule::Bucket<#n>));
    let prefix = match (salt, bucket) {
        (Some(s), Some(b)) => quote!(#p::rule::Both<#s, #b>),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => quote!(#p::rule::NoPrefix),
    };
    // Spanned on the field's type: a type the prefix or body does not fit
    // (a bucket's integer, digits of a user type) is reported there, as
    // the type itself would be.
    let span = syn::spanned::Spanned::span(l.inner_ty);
    let prefix = crate::checks::respan(&prefix, span);
    let body = crate::checks::respan(&body, span);
    Some((prefix, body, frame))
}

/// The field's body rule (`__private::rule`): what writes its bytes, under
/// `Spread` for a `#[spread]` field, which refuses a shard out of range.
pub(crate) fn body_rule(l: &Layout, p: &Ident) -> TokenStream {
    let body = value_rule(l, p);
    match l.spread {
        Some(n) => quote!(#p::rule::Spread<#n, #body>),
        None => body,
    }
}

/// The rule that writes the field's value as bytes and reads it back,
/// under `Desc` for `#[desc]`.
pub(crate) fn value_rule(l: &Layout, p: &Ident) -> TokenStream {
    // The number `#[decimal]` writes: the value, or `i64::MAX - ts`.
    let number = if l.body == Body::ReverseTs {
        quote!(, #p::rule::RevTs)
    } else {
        quote!()
    };
    let body = match (l.width, l.decimal, l.body) {
        (Some(w), _, _) => quote!(#p::rule::Width<#w>),
        _ if l.escaped => quote!(#p::rule::Escaped),
        (None, Some(Digits::Width(w)), _) => quote!(#p::rule::Digits<#w #number>),
        (None, Some(Digits::Shortest), Body::ReverseTs) => {
            quote!(#p::rule::AnyDigits<#p::rule::RevTs>)
        }
        (None, Some(Digits::Shortest), _) => quote!(#p::rule::AnyDigits),
        (None, None, Body::Plain) if l.desc => quote!(#p::rule::Sorted),
        (None, None, Body::Plain) => quote!(#p::rule::Part),
        (None, None, Body::ReverseTs) => quote!(#p::rule::RevTs),
        (None, None, Body::Twos) => quote!(#p::rule::Twos),
        (None, None, Body::Reverse) => {
            let ty = &l.inner_static;
            quote!(#p::rule::Rev<#ty>)
        }
    };
    if l.desc {
        quote!(#p::rule::Desc<#body>)
    } else {
        body
    }
}

/// The frame of a field the runtime's plain writer writes whole
/// (`__private::write_plain`, `plain_len`, `Scan::push_plain`): a plain field
/// that is no `Option` (whose presence byte is the derive's), else `None`.
pub(crate) fn plain_writer(l: &Layout, p: &Ident) -> Option<TokenStream> {
    plain_frame(l, p).filter(|_| !l.option)
}

/// Where field `l` starts in `encode_into`, when every width before it is
/// fixed: the derive's constant when it can tell, else the compiler's
/// (`offset_of` over the layout's widths). Nothing for the first field
/// (`__pos` starts there) or after a value-sized one.
pub(crate) fn offset(l: &Layout, p: &Ident, widths: &TokenStream) -> Option<TokenStream> {
    let before = 2 * l.index + 1;
    match l.offset {
        _ if l.index == 0 => None,
        Offset::At(at) => Some(quote!(__pos = #at;)),
        Offset::Moving => None,
        Offset::Typed => {
            Some(quote!(__pos = #p::at_offset(__pos, const { #p::offset_of(&#widths, #before) });))
        }
    }
}

/// One field of `encode_into`. `widths` is the path to the layout's exact
/// widths; when those of everything in front of the field are all fixed,
/// the field's offset is a constant, and saying so lets the compiler address the buffer with
/// constants instead of keeping a running position alive across the copies
/// (measured: three callee-saved registers fewer in a padded key's encode).
pub(crate) fn encode_field(l: &Layout, p: &Ident, key: &str, widths: &TokenStream) -> TokenStream {
    let field = l.field.ident;
    encode_field_from(l, p, key, widths, &quote!(self.#field))
}

/// [`encode_field`] of the value `access` names (a spread's candidate
/// shard, say) instead of the key's own field.
pub(crate) fn encode_field_from(
    l: &Layout,
    p: &Ident,
    key: &str,
    widths: &TokenStream,
    access: &TokenStream,
) -> TokenStream {
    let ty = l.field.ty;
    let name = &l.name;
    let call = if let Some(frame) = plain_writer(l, p) {
        quote!(#p::write_plain::<#ty, true>(&#access, __buf, &mut __pos, #frame, #key, #name)?;)
    } else if let Some((prefix, body, frame)) = rule(l, p) {
        quote! {
            #p::rule::write_field::<#ty, #prefix, #body, true, true>(
                &#access, __buf, &mut __pos, #frame, #key, #name,
            )?;
        }
    } else if let Some((body, frame, mask)) = option_rule(l, p) {
        quote! {
            #p::rule::write_option::<#ty, #body, true>(
                &#access, __buf, &mut __pos, #mask, #frame, #key, #name,
            )?;
        }
    } else {
        // (A Phoenix column: `phoenix.rs` writes a Phoenix key.)
        TokenStream::new()
    };
    let prefix = l.prefix_width();
    let slot = format_ident!("__slot{}", l.index);
    // The slot's start is kept only for a struct-level salt, which hashes
    // the slot once every field is written.
    let (at, record) = if l.in_multi_salt {
        (
            quote!(let __at = __pos;),
            quote!(let #slot = (__at + #prefix, __pos);),
        )
    } else {
        (quote!(), quote!())
    };
    // The first field's offset is the struct-level salt's width, where
    // `__pos` starts.
    let offset = offset(l, p, widths);
    quote! {
        #offset
        #at
        #call
        #record
    }
}
