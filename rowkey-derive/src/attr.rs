//! Attribute parsing, by hand with syn's `parse_nested_meta` / `ParseStream`.
//! Each attribute is checked for its own arguments here; rules that relate
//! attributes or fields to each other live in `valid.rs`.

use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::parse::ParseStream;
use syn::{Attribute, Ident, LitByte, LitInt, LitStr, Path, Token};

/// The hashes a salt can use. MD5 hex is what the Java idioms write;
/// `java_hash` is Phoenix's and OpenTSDB's struct-level salt.
const HASHES: &str = "md5 (field or struct) and java_hash (struct)";

#[derive(Default)]
pub struct FieldAttrs {
    pub salt: Option<Salt>,
    pub bucket: Option<Bucket>,
    pub reverse_ts: Option<Span>,
    pub pad: Option<Pad>,
    pub delim: Option<Delim>,
    pub reverse: Option<Span>,
    pub twos_complement: Option<Span>,
    pub decimal: Option<Decimal>,
    pub desc: Option<Span>,
    pub escaped: Option<Span>,
    /// `#[spread(N)]`: the caller's shard, `0..N`.
    pub spread: Option<Bucket>,
    /// `#[width(W)]`: the low W bytes of an unsigned integer.
    pub width: Option<Width>,
    /// A `#[pad]` or `#[delim]` was written but did not parse. The field was
    /// meant to be framed, so the not-last rule would only repeat the error.
    pub frame_unparsed: bool,
}

pub struct Salt {
    pub chars: usize,
    /// `#[salt(md5, K, delim = b'_')]`: a byte after the hex characters.
    pub delim: Option<u8>,
    pub span: Span,
}

/// `#[decimal]` (as few digits as the value needs) or `#[decimal(W)]`.
pub struct Decimal {
    pub width: Option<usize>,
    pub span: Span,
}

/// `#[width(W)]`, 1 <= W <= 15.
pub struct Width {
    pub bytes: usize,
    pub span: Span,
}

pub struct Bucket {
    pub count: u32,
    pub span: Span,
}

pub struct Pad {
    pub width: usize,
    pub byte: u8,
    pub span: Span,
}

pub struct Delim {
    pub byte: u8,
    pub span: Span,
}

#[derive(Default)]
pub struct ContainerAttrs {
    pub krate: Option<Path>,
    pub salt: Option<MultiSalt>,
    /// `#[rowkey(spread_not_first)]`: a field salt or bucket after other
    /// fields is meant (a tenant prefix before a salted id).
    pub spread_not_first: bool,
    /// `#[rowkey(phoenix)]`: the key as Apache Phoenix writes it.
    pub phoenix: Option<Span>,
    /// `#[rowkey(salt(java_hash, buckets = N, ..))]`.
    pub java_salt: Option<JavaSaltAttr>,
    /// `#[rowkey(time = field)]`: the key's time field, named.
    pub time: Option<Ident>,
    /// `#[rowkey(scan(Clone, Debug))]`: the traits the scan builder
    /// implements besides its own (none unless asked: each is an impl that
    /// every build compiling the key checks).
    pub scan_traits: Vec<Ident>,
}

/// `#[rowkey(salt(java_hash, buckets = N, width = W, fields(a, b, ..)))]`:
/// W bytes of Java's `Arrays.hashCode` bucket at the front of the key, over
/// the listed fields' bytes, or over every byte after the salt without
/// `fields(..)` (Phoenix's `SALT_BUCKETS`).
pub struct JavaSaltAttr {
    pub buckets: u32,
    pub width: usize,
    /// `None`: every byte written after the salt.
    pub fields: Option<Vec<Ident>>,
}

/// `#[rowkey(salt(md5, K, fields(a, b), delim = b'_'))]`: a salt over several
/// fields, written at the front of the key.
pub struct MultiSalt {
    pub chars: usize,
    pub fields: Vec<Ident>,
    pub delim: Option<u8>,
}

pub(crate) const FIELD_ATTRS: &[&str] = &[
    "salt",
    "bucket",
    "reverse_ts",
    "pad",
    "delim",
    "reverse",
    "twos_complement",
    "decimal",
    "desc",
    "escaped",
    "spread",
    "width",
];

/// The largest `#[decimal(W)]`: the digits of `u128::MAX`.
const MAX_DIGITS: u64 = 39;

pub fn field(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for attr in attrs {
        let Some(name) = FIELD_ATTRS.iter().find(|n| attr.path().is_ident(n)) else {
            if attr.path().is_ident("rowkey") {
                misplaced_rowkey(cx, attr, &mut out);
            } else if let Some(ident) = attr.path().get_ident() {
                let typed = ident.to_string();
                if let Some(meant) = crate::suggest::closest(&typed, FIELD_ATTRS) {
                    cx.error_spanned_by(
                        ident,
                        format!("unknown attribute `{typed}`; did you mean `#[{meant}]`?"),
                    );
                }
            }
            continue;
        };
        let span = attr
            .path()
            .get_ident()
            .map_or_else(Span::call_site, Ident::span);
        if already(cx, attr, name, &out) {
            continue;
        }
        match *name {
            "salt" | "bucket" | "pad" | "spread" | "width"
                if !matches!(attr.meta, syn::Meta::List(_)) =>
            {
                let usage = match *name {
                    "salt" => "#[salt(md5, K)] with K from 1 to 32",
                    "bucket" => "#[bucket(N)] with N from 2 to 65536",
                    "spread" => "#[spread(N)] with N from 2 to 65536 shards",
                    "width" => "#[width(W)] with W the number of low bytes to keep (OpenTSDB's 3-byte UIDs: #[width(3)])",
                    _ => "#[pad(N)] or #[pad(N, b'x')] with N from 1 to 32767",
                };
                cx.error_spanned_by(attr, format!("#[{name}] needs arguments: write {usage}"));
                out.frame_unparsed |= *name == "pad";
            }
            "salt" => match attr.parse_args_with(|input: ParseStream| parse_salt(input, span)) {
                Ok(s) => out.salt = Some(s),
                Err(e) => cx.syn_error(e),
            },
            "bucket" => {
                match attr.parse_args_with(|input: ParseStream| parse_bucket(input, span)) {
                    Ok(b) => out.bucket = Some(b),
                    Err(e) => cx.syn_error(e),
                }
            }
            "spread" => {
                match attr.parse_args_with(|input: ParseStream| parse_spread(input, span)) {
                    Ok(b) => out.spread = Some(b),
                    Err(e) => cx.syn_error(e),
                }
            }
            "width" => match attr.parse_args_with(parse_width) {
                Ok(bytes) => out.width = Some(Width { bytes, span }),
                Err(e) => cx.syn_error(e),
            },
            "pad" => match attr.parse_args_with(|input: ParseStream| parse_pad(input, span)) {
                Ok(p) => out.pad = Some(p),
                Err(e) => {
                    cx.syn_error(e);
                    out.frame_unparsed = true;
                }
            },
            "decimal" => {
                let width = match &attr.meta {
                    syn::Meta::Path(_) => Ok(None),
                    syn::Meta::List(_) => attr.parse_args_with(parse_decimal).map(Some),
                    syn::Meta::NameValue(_) => Err(syn::Error::new_spanned(
                        attr,
                        "write #[decimal] for as many digits as the value needs, or \
                         #[decimal(W)] for exactly W zero-padded digits",
                    )),
                };
                match width {
                    Ok(width) => out.decimal = Some(Decimal { width, span }),
                    Err(e) => cx.syn_error(e),
                }
            }
            "delim" => {
                let byte = match &attr.meta {
                    syn::Meta::Path(_) => Ok(0),
                    syn::Meta::List(_) => attr.parse_args_with(parse_delim),
                    syn::Meta::NameValue(_) => Err(syn::Error::new_spanned(
                        attr,
                        "write #[delim] for a 0x00 delimiter or #[delim(b'_')] for another byte",
                    )),
                };
                match byte {
                    Ok(byte) => out.delim = Some(Delim { byte, span }),
                    Err(e) => {
                        cx.syn_error(e);
                        out.frame_unparsed = true;
                    }
                }
            }
            flag => {
                if let Err(e) = attr.meta.require_path_only() {
                    cx.syn_error(syn::Error::new(
                        e.span(),
                        format!("#[{flag}] takes no arguments; write #[{flag}]"),
                    ));
                    continue;
                }
                match flag {
                    "reverse_ts" => out.reverse_ts = Some(span),
                    "reverse" => out.reverse = Some(span),
                    "desc" => out.desc = Some(span),
                    "escaped" => out.escaped = Some(span),
                    _ => out.twos_complement = Some(span),
                }
            }
        }
    }
    out
}

/// `#[rowkey(pad(16))]` on a field: say which attribute to write instead.
fn misplaced_rowkey(cx: &Ctxt, attr: &Attribute, out: &mut FieldAttrs) {
    let inner = attr
        .parse_args_with(|input: ParseStream| {
            let ident: Ident = input.parse()?;
            input.parse::<proc_macro2::TokenStream>()?;
            Ok(ident)
        })
        .ok()
        .and_then(|ident| FIELD_ATTRS.iter().find(|n| ident == n));
    match inner {
        Some(name) => {
            let args = match *name {
                "reverse_ts" | "reverse" | "twos_complement" | "desc" | "escaped" | "decimal" => "",
                _ => "(..)",
            };
            cx.error_spanned_by(
                attr,
                format!(
                    "field attributes stand alone: write #[{name}{args}] on the field, not \
                     #[rowkey({name}{args})]; #[rowkey(..)] is for the struct"
                ),
            );
            out.frame_unparsed |= *name == "pad" || *name == "delim";
        }
        None => cx.error_spanned_by(
            attr,
            "#[rowkey(..)] goes on the struct; on a field write the attribute itself, \
             e.g. #[pad(16)]",
        ),
    }
}

fn already(cx: &Ctxt, attr: &Attribute, name: &str, out: &FieldAttrs) -> bool {
    let seen = match name {
        "salt" => out.salt.is_some(),
        "bucket" => out.bucket.is_some(),
        "reverse_ts" => out.reverse_ts.is_some(),
        "pad" => out.pad.is_some(),
        "delim" => out.delim.is_some(),
        "reverse" => out.reverse.is_some(),
        "decimal" => out.decimal.is_some(),
        "desc" => out.desc.is_some(),
        "escaped" => out.escaped.is_some(),
        "spread" => out.spread.is_some(),
        "width" => out.width.is_some(),
        _ => out.twos_complement.is_some(),
    };
    if seen {
        cx.error_spanned_by(attr, format!("duplicate #[{name}] on this field; keep one"));
    }
    seen
}

fn parse_hash(input: ParseStream) -> syn::Result<()> {
    let hash: Ident = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            format!("expected the hash first ({HASHES}): write salt(md5, K)"),
        )
    })?;
    if hash == "java_hash" {
        return Err(syn::Error::new(
            hash.span(),
            "a java_hash salt goes at the front of the whole key: write \
             #[rowkey(salt(java_hash, buckets = N))] on the struct (with fields(a, b, ..) to \
             hash only those fields), not #[salt(..)] on a field",
        ));
    }
    if hash != "md5" {
        return Err(syn::Error::new(
            hash.span(),
            format!(
                "unknown hash `{hash}`: the supported hashes are {HASHES}: md5 writes lowercase \
                 MD5 hex, as Java's DigestUtils.md5Hex does (write salt(md5, K)), and java_hash \
                 the bucket of Java's Arrays.hashCode, as Apache Phoenix and OpenTSDB do (write \
                 #[rowkey(salt(java_hash, buckets = N))] on the struct)"
            ),
        ));
    }
    Ok(())
}

/// The literal's value if it lies in `lo..=hi`; otherwise the error `why`
/// builds from the literal's digits (which may not fit any integer type).
fn in_range(lit: &LitInt, lo: u64, hi: u64, why: impl FnOnce(&str) -> String) -> syn::Result<u64> {
    lit.base10_parse::<u64>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| syn::Error::new(lit.span(), why(lit.base10_digits())))
}

fn parse_salt_chars(input: ParseStream) -> syn::Result<usize> {
    let usage = |span: Span| {
        syn::Error::new(
            span,
            "expected the salt length after the hash: write salt(md5, K) with K from 1 to 32 \
             hex characters",
        )
    };
    input.parse::<Token![,]>().map_err(|e| usage(e.span()))?;
    let lit: LitInt = input.parse().map_err(|e| usage(e.span()))?;
    let chars = in_range(&lit, 1, 32, |n| {
        format!(
            "salt length {n} is out of range: use 1 to 32 characters, the length of an MD5 hex \
             digest (4 is the usual choice of HBase design notes)"
        )
    })?;
    Ok(usize::try_from(chars).unwrap_or(32))
}

fn parse_salt(input: ParseStream, span: Span) -> syn::Result<Salt> {
    parse_hash(input)?;
    let chars = parse_salt_chars(input)?;
    let mut delim = None;
    let unknown = |span: Span| {
        syn::Error::new(
            span,
            "unknown salt argument: write #[salt(md5, K)] or, for a delimiter after the salt \
             (md5(id).substring(0, 8) + \"_\"), #[salt(md5, K, delim = b'_')]",
        )
    };
    while input.parse::<Option<Token![,]>>()?.is_some() && !input.is_empty() {
        let key: Ident = input.parse().map_err(|e| unknown(e.span()))?;
        if key != "delim" {
            return Err(unknown(key.span()));
        }
        if delim.is_some() {
            return Err(syn::Error::new(
                key.span(),
                "duplicate delim in the salt: the salt is followed by one delimiter byte; keep \
                 one delim = b'..'",
            ));
        }
        input.parse::<Token![=]>()?;
        delim = Some(parse_byte(input, "salt delimiter")?);
    }
    end_of_args(
        input,
        "salt",
        "#[salt(md5, K)] or #[salt(md5, K, delim = b'_')]",
    )?;
    Ok(Salt { chars, delim, span })
}

fn parse_decimal(input: ParseStream) -> syn::Result<usize> {
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected the digit count as an integer literal: write #[decimal(W)] with W from 1 \
             to 39, or #[decimal] for as many digits as the value needs",
        )
    })?;
    let width = in_range(&lit, 1, MAX_DIGITS, |n| {
        format!(
            "decimal width {n} is out of range: use 1 to 39 digits (u128::MAX has 39); Java's \
             String.format(\"%0Wd\") pads to W"
        )
    })?;
    end_of_args(input, "decimal", "#[decimal] or #[decimal(W)]")?;
    Ok(usize::try_from(width).unwrap_or(39))
}

fn parse_width(input: ParseStream) -> syn::Result<usize> {
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected the byte count as an integer literal: write #[width(W)], e.g. #[width(3)] \
             for OpenTSDB's 3-byte UIDs",
        )
    })?;
    let bytes = in_range(&lit, 1, 15, |n| {
        format!(
            "width {n} is out of range: #[width(W)] keeps the low W bytes of an unsigned \
             integer, 1 to one byte less than the type's size"
        )
    })?;
    end_of_args(input, "width", "#[width(W)]")?;
    Ok(usize::try_from(bytes).unwrap_or(1))
}

fn parse_bucket(input: ParseStream, span: Span) -> syn::Result<Bucket> {
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected the bucket count as an integer literal: write #[bucket(N)] with N from 2 \
             to 65536",
        )
    })?;
    let count = in_range(&lit, 2, 65536, |n| {
        format!(
            "bucket count {n} is out of range: use 2 to 65536 buckets (one prefix byte up to \
             256, two above)"
        )
    })?;
    end_of_args(input, "bucket", "#[bucket(N)]")?;
    Ok(Bucket {
        count: u32::try_from(count).unwrap_or(65536),
        span,
    })
}

fn parse_spread(input: ParseStream, span: Span) -> syn::Result<Bucket> {
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected the shard count as an integer literal: write #[spread(N)] with N from 2 \
             to 65536",
        )
    })?;
    let count = in_range(&lit, 2, 65536, |n| {
        format!(
            "spread count {n} is out of range: use 2 to 65536 shards (one shard is no \
             spreading; a get reads all N candidate rows, so keep N small)"
        )
    })?;
    end_of_args(input, "spread", "#[spread(N)]")?;
    Ok(Bucket {
        count: u32::try_from(count).unwrap_or(65536),
        span,
    })
}

fn parse_pad(input: ParseStream, span: Span) -> syn::Result<Pad> {
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected the pad width as an integer literal: write #[pad(N)] or #[pad(N, b'x')] \
             with N from 1 to 32767",
        )
    })?;
    let width = in_range(&lit, 1, crate::HBASE_MAX_KEY as u64, |n| {
        format!("pad width {n} is out of range: use 1 to 32767 bytes (HBase's row-key limit)")
    })?;
    let width = usize::try_from(width).unwrap_or(crate::HBASE_MAX_KEY);
    let mut byte = 0;
    if input.parse::<Option<Token![,]>>()?.is_some() && !input.is_empty() {
        byte = parse_byte(input, "pad")?;
    }
    end_of_args(input, "pad", "#[pad(N)] or #[pad(N, b'x')]")?;
    Ok(Pad { width, byte, span })
}

fn parse_delim(input: ParseStream) -> syn::Result<u8> {
    let byte = parse_byte(input, "delim")?;
    end_of_args(input, "delim", "#[delim] or #[delim(b'_')]")?;
    Ok(byte)
}

fn parse_byte(input: ParseStream, what: &str) -> syn::Result<u8> {
    if input.peek(LitByte) {
        return Ok(input.parse::<LitByte>()?.value());
    }
    if input.peek(LitInt) {
        let lit: LitInt = input.parse()?;
        return lit
            .base10_parse::<u8>()
            .map_err(|_| syn::Error::new(lit.span(), format!("the {what} byte must be 0 to 255")));
    }
    Err(input.error(format!(
        "expected the {what} byte as a byte literal like b'_' or a number 0 to 255"
    )))
}

fn end_of_args(input: ParseStream, name: &str, usage: &str) -> syn::Result<()> {
    let _ = input.parse::<Option<Token![,]>>()?;
    if input.is_empty() {
        return Ok(());
    }
    Err(input.error(format!("unexpected argument to #[{name}]: write {usage}")))
}

pub fn container(cx: &Ctxt, attrs: &[Attribute]) -> ContainerAttrs {
    let mut out = ContainerAttrs::default();
    for attr in attrs {
        if !attr.path().is_ident("rowkey") {
            if let Some(name) = FIELD_ATTRS.iter().find(|n| attr.path().is_ident(n)) {
                cx.error_spanned_by(
                    attr,
                    format!("#[{name}] goes on a field, not on the struct"),
                );
            }
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                let lit: LitStr = meta.value()?.parse()?;
                if out.krate.is_some() {
                    return Err(meta.error("duplicate `crate = \"...\"`; keep one"));
                }
                out.krate = Some(lit.parse()?);
                Ok(())
            } else if meta.path.is_ident("salt") {
                if out.salt.is_some() || out.java_salt.is_some() {
                    return Err(meta.error("duplicate struct-level salt; keep one"));
                }
                let span = meta
                    .path
                    .get_ident()
                    .map_or_else(Span::call_site, Ident::span);
                let content;
                syn::parenthesized!(content in meta.input);
                if content
                    .fork()
                    .parse::<Ident>()
                    .is_ok_and(|h| h == "java_hash")
                {
                    out.java_salt = Some(parse_java_salt(&content, span)?);
                } else {
                    out.salt = Some(parse_multi_salt(&content, span)?);
                }
                Ok(())
            } else if meta.path.is_ident("spread_not_first") {
                out.spread_not_first = true;
                Ok(())
            } else if meta.path.is_ident("time") {
                if out.time.is_some() {
                    return Err(meta.error("duplicate `time = field`; keep one"));
                }
                out.time = Some(meta.value()?.parse()?);
                Ok(())
            } else if meta.path.is_ident("phoenix") {
                if out.phoenix.is_some() {
                    return Err(meta.error("duplicate `phoenix`; keep one"));
                }
                out.phoenix = meta.path.get_ident().map(Ident::span);
                Ok(())
            } else if meta.path.is_ident("scan") {
                parse_scan_traits(&meta, &mut out.scan_traits)
            } else {
                Err(meta.error(
                    "unknown #[rowkey] argument: supported are crate = \"path\", \
                     salt(md5, K, fields(a, b, ..)), salt(java_hash, buckets = N, width = W, \
                     fields(a, b, ..)), spread_not_first, phoenix, time = field and \
                     scan(Clone, Debug)",
                ))
            }
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    out
}

/// `scan(Clone, Debug)`: either or both, each once.
fn parse_scan_traits(meta: &syn::meta::ParseNestedMeta, out: &mut Vec<Ident>) -> syn::Result<()> {
    const USAGE: &str = "write scan(Clone), scan(Debug) or scan(Clone, Debug): the traits \
                         the scan builder derives";
    if !meta.input.peek(syn::token::Paren) {
        return Err(meta.error(USAGE));
    }
    let content;
    syn::parenthesized!(content in meta.input);
    let list = content.parse_terminated(<Ident as syn::parse::Parse>::parse, Token![,])?;
    if list.is_empty() {
        return Err(meta.error(format!("scan() names no trait: {USAGE}")));
    }
    for name in list {
        if name != "Clone" && name != "Debug" {
            return Err(syn::Error::new(
                name.span(),
                format!(
                    "the scan builder can derive Clone and Debug, not `{name}`: \
                     write scan(Clone), scan(Debug) or scan(Clone, Debug)"
                ),
            ));
        }
        if out.contains(&name) {
            return Err(syn::Error::new(
                name.span(),
                format!("duplicate `{name}` in scan(..); keep one"),
            ));
        }
        out.push(name);
    }
    Ok(())
}

fn parse_multi_salt(input: ParseStream, span: Span) -> syn::Result<MultiSalt> {
    parse_hash(input)?;
    let chars = parse_salt_chars(input)?;
    let mut fields = Vec::new();
    let mut seen_fields = false;
    let mut delim = None;
    let unknown = |span: Span| {
        syn::Error::new(
            span,
            "unknown salt argument: write salt(md5, K, fields(a, b, ..)) with an optional \
             delim = b'_'",
        )
    };
    while input.parse::<Option<Token![,]>>()?.is_some() && !input.is_empty() {
        let key: Ident = input.parse().map_err(|e| unknown(e.span()))?;
        if key == "fields" {
            // Two lists would leave the hashing order to guess: one list,
            // in the order the salt hashes them.
            if seen_fields {
                return Err(syn::Error::new(
                    key.span(),
                    "duplicate fields(..) in the salt: list every hashed field in one \
                     fields(a, b, ..), in the order the salt hashes them",
                ));
            }
            seen_fields = true;
            let content;
            syn::parenthesized!(content in input);
            let list = content.parse_terminated(Ident::parse_any_ident, Token![,])?;
            fields.extend(list);
        } else if key == "delim" {
            if delim.is_some() {
                return Err(syn::Error::new(
                    key.span(),
                    "duplicate delim in the salt: the salt is followed by one delimiter byte; \
                     keep one delim = b'..'",
                ));
            }
            input.parse::<Token![=]>()?;
            delim = Some(parse_byte(input, "salt delimiter")?);
        } else {
            return Err(unknown(key.span()));
        }
    }
    if fields.is_empty() {
        return Err(syn::Error::new(
            span,
            "a struct-level salt needs the fields it hashes: salt(md5, K, fields(a, b, ..)); \
             for one field put #[salt(md5, K)] on that field",
        ));
    }
    Ok(MultiSalt {
        chars,
        fields,
        delim,
    })
}

/// `java_hash, buckets = N[, width = W][, fields(a, b, ..)]`, the
/// arguments after the hash in any order.
fn parse_java_salt(input: ParseStream, span: Span) -> syn::Result<JavaSaltAttr> {
    let _hash: Ident = input.parse()?;
    let usage = "salt(java_hash, buckets = N), with width = W (1 to 4 bytes, default 1) and \
                 fields(a, b, ..) (default: every byte after the salt)";
    let mut buckets: Option<LitInt> = None;
    let mut width: Option<LitInt> = None;
    let mut fields: Option<Vec<Ident>> = None;
    while input.parse::<Option<Token![,]>>()?.is_some() && !input.is_empty() {
        if input.peek(LitInt) {
            let lit: LitInt = input.parse()?;
            return Err(syn::Error::new(
                lit.span(),
                format!(
                    "a java_hash salt is a number of buckets, not a length of hex characters: \
                     write {usage}"
                ),
            ));
        }
        let key: Ident = input.parse().map_err(|e| {
            syn::Error::new(e.span(), format!("expected an argument: write {usage}"))
        })?;
        let dup = |what: &str| {
            syn::Error::new(
                key.span(),
                format!("duplicate {what} in the java_hash salt; keep one"),
            )
        };
        if key == "buckets" || key == "width" {
            input.parse::<Token![=]>()?;
            let lit: LitInt = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    format!("expected an integer literal: write {usage}"),
                )
            })?;
            let slot = if key == "buckets" {
                &mut buckets
            } else {
                &mut width
            };
            if slot.is_some() {
                return Err(dup(&key.to_string()));
            }
            *slot = Some(lit);
        } else if key == "fields" {
            if fields.is_some() {
                return Err(syn::Error::new(
                    key.span(),
                    "duplicate fields(..) in the salt: list every hashed field in one \
                     fields(a, b, ..), in the order the salt hashes them",
                ));
            }
            let content;
            syn::parenthesized!(content in input);
            let list = content.parse_terminated(Ident::parse_any_ident, Token![,])?;
            if list.is_empty() {
                return Err(syn::Error::new(
                    key.span(),
                    "fields() is empty: list the fields the salt hashes, or leave fields(..) \
                     out to hash every byte after the salt (Phoenix's SALT_BUCKETS)",
                ));
            }
            fields = Some(list.into_iter().collect());
        } else {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown java_hash salt argument `{key}`: write {usage}"),
            ));
        }
    }
    let width_value = match &width {
        Some(lit) => in_range(lit, 1, 4, |n| {
            format!(
                "salt width {n} is out of range: a java_hash salt takes 1 to 4 bytes \
                 (OpenTSDB's tsd.storage.salt.width; Phoenix's salt is 1 byte)"
            )
        })?,
        None => 1,
    };
    let width_value = usize::try_from(width_value).unwrap_or(1);
    let Some(buckets) = buckets else {
        return Err(syn::Error::new(
            span,
            format!("a java_hash salt needs its bucket count: write {usage}"),
        ));
    };
    let max = if width_value >= 4 {
        u64::from(i32::MAX.unsigned_abs())
    } else {
        1u64 << (8 * width_value)
    };
    let count = in_range(&buckets, 2, max, |n| {
        if n == "0" || n == "1" {
            format!(
                "salt bucket count {n} is out of range: a salt spreads keys over 2 or more \
                 buckets; use buckets = 2 to {max}, or no salt"
            )
        } else if width_value < 4 {
            format!(
                "salt bucket count {n} does not fit the salt's {width_value} byte(s), which \
                 hold {max} values: use buckets = 2 to {max}, or a wider salt (width = {})",
                width_value + 1
            )
        } else {
            format!(
                "salt bucket count {n} is out of range: Java's bucket count is an int, at \
                 most {max}"
            )
        }
    })?;
    Ok(JavaSaltAttr {
        buckets: u32::try_from(count).unwrap_or(2),
        width: width_value,
        fields,
    })
}

trait ParseAnyIdent {
    fn parse_any_ident(input: ParseStream) -> syn::Result<Ident>;
}
impl ParseAnyIdent for Ident {
    fn parse_any_ident(input: ParseStream) -> syn::Result<Ident> {
        input.parse()
    }
}
