//! The rules of `#[rowkey(phoenix)]`: what Apache Phoenix's primary key
//! can hold (`PTableImpl.newKey`, `PColumnImpl`, `MetaDataClient`), told
//! from the syntax. Whether a field type is a Phoenix type at all is the
//! compiler's (`rowkey::PhoenixColumn`).

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::model::option_inner;
use crate::valid::{known_width, shape, Known, Shape};

pub fn check(cx: &Ctxt, input: &Input) {
    if let Some(salt) = &input.attrs.salt {
        let span = salt.fields.first().map_or_else(
            || {
                input
                    .attrs
                    .phoenix
                    .unwrap_or_else(proc_macro2::Span::call_site)
            },
            syn::Ident::span,
        );
        cx.syn_error(syn::Error::new(
            span,
            "a Phoenix table is salted by SALT_BUCKETS, a byte of Java's hash over the whole key, \
             not by MD5 hex over some fields: write #[rowkey(phoenix, salt(java_hash, buckets = N))]",
        ));
    }
    if let Some(salt) = &input.attrs.java_salt {
        if salt.fields.is_some() || salt.width != 1 {
            cx.syn_error(syn::Error::new(
                input
                    .attrs
                    .phoenix
                    .unwrap_or_else(proc_macro2::Span::call_site),
                "a Phoenix table's SALT_BUCKETS salt is one byte of Java's hash over every byte \
                 of the key after it: write salt(java_hash, buckets = N), without width or \
                 fields(..)",
            ));
        }
    }
    let n = input.fields.len();
    for (i, field) in input.fields.iter().enumerate() {
        check_field(cx, field, i + 1 == n);
    }
}

fn check_field(cx: &Ctxt, field: &Field, last: bool) {
    let a = &field.attrs;
    let name = field.ident;
    let meaningless = [
        (a.delim.as_ref().map(|d| d.span), "#[delim]", "Phoenix writes its own separators (0x00, or 0xFF after a DESC value) between columns"),
        (a.escaped, "#[escaped]", "Phoenix writes a VARCHAR's bytes as they are, followed by its separator"),
        (a.salt.as_ref().map(|s| s.span), "#[salt]", "Phoenix salts the whole key: #[rowkey(phoenix, salt(java_hash, buckets = N))]"),
        (a.bucket.as_ref().map(|b| b.span), "#[bucket]", "Phoenix salts the whole key: #[rowkey(phoenix, salt(java_hash, buckets = N))]"),
        (a.spread.as_ref().map(|b| b.span), "#[spread]", "a Phoenix key holds its columns only; a shard column is an ordinary UNSIGNED_* or TINYINT column"),
        (a.reverse_ts, "#[reverse_ts]", "Phoenix writes a BIGINT or DATE as it is; for newest first declare the column DESC (#[desc])"),
        (a.reverse, "#[reverse]", "Phoenix has no reversed strings"),
        (a.twos_complement, "#[twos_complement]", "Phoenix flips the sign bit of TINYINT..BIGINT, as the default encoding does"),
        (a.width.as_ref().map(|w| w.span), "#[width]", "Phoenix writes each integer type at its full width (TINYINT 1 byte .. BIGINT 8)"),
        (a.decimal.as_ref().map(|d| d.span), "#[decimal]", "Phoenix writes integers in binary; digits would be a VARCHAR column holding text"),
    ];
    for (span, what, why) in meaningless {
        if let Some(span) = span {
            cx.syn_error(syn::Error::new(
                span,
                format!("{what} on `{name}` has no meaning in a #[rowkey(phoenix)] key: {why}; remove it"),
            ));
        }
    }
    if let Some(pad) = &a.pad {
        let ty = option_inner(field.ty).unwrap_or(field.ty);
        let text = matches!(shape(ty), Shape::String | Shape::Str);
        if pad.byte != b' ' || !text {
            cx.syn_error(syn::Error::new(
                pad.span,
                format!(
                    "#[pad] on `{name}` in a Phoenix key is CHAR(N), a String padded with spaces: \
                     write #[pad(N, b' ')] on a String field; for BINARY(N) use [u8; N]"
                ),
            ));
        }
    }
    let inner = option_inner(field.ty);
    if let Some(inner) = inner {
        if known_width(inner) == Known::Fixed || a.pad.is_some() {
            cx.syn_error(syn::Error::new_spanned(
                field.ty,
                format!(
                    "`{name}` is a nullable fixed-width column, which Phoenix refuses in a \
                     primary key (a NULL would leave no bytes where the fixed width is read); \
                     make it NOT NULL (drop the Option) or a VARCHAR (Option<String>)"
                ),
            ));
        }
    }
    let ty = inner.unwrap_or(field.ty);
    if let (Some(d), Shape::VecU8 | Shape::Bytes) = (a.desc, shape(ty)) {
        cx.syn_error(syn::Error::new(
            d,
            format!(
                "#[desc] on `{name}`, a VARBINARY: Phoenix refuses descending VARBINARY \
                 primary-key columns; remove #[desc], or make it BINARY(N) ([u8; N]), which \
                 may be DESC"
            ),
        ));
    }
    if !last && matches!(shape(ty), Shape::VecU8 | Shape::Bytes) {
        cx.syn_error(syn::Error::new_spanned(
            field.ty,
            format!(
                "`{name}` is a VARBINARY, which Phoenix allows only as the last primary-key \
                 column (its bytes may hold the 0x00 separator); move it last, or make it \
                 BINARY(N) ([u8; N])"
            ),
        ));
    }
}
