//! `#[derive(RowKey)]`. Use it through the `rowkey` crate, whose docs hold the
//! attribute table; this crate is only the macro.
//!
//! Stages: `ast` reads the input, `attr` parses each attribute, `valid` checks
//! the rules that relate them, `model` fixes each field's layout, `expand`
//! assembles the generated items (one function each): `fields` declares
//! each field's rules as a type (`encode` names them) and writes
//! `encoded_len`, `encode_into`, decode's walk and the batch methods as
//! calls into the runtime's field list; `scan` writes the scan builder's
//! field methods; the items every key has come from the runtime's
//! `macro_rules!` templates, which `expand` and `scan` invoke. A key the
//! field list does not take (a Java-hash salt, `#[spread]`, Phoenix
//! columns, a `'static` borrow) is written per field by `encode`, `decode`,
//! `salt` and `batch`. `checks` holds type-dependent rules left to the
//! compiler, and `fallback` stands in when there are errors.
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

/// HBase's longest row key (`HConstants.MAX_ROW_LENGTH`): the widest pad,
/// and the fixed part the derive can add up itself.
const HBASE_MAX_KEY: usize = 32767;

mod ast;
mod attr;
mod batch;
mod checks;
mod ctxt;
mod decode;
mod encode;
mod expand;
mod fallback;
mod fields;
mod keypart;
mod layout;
mod max_len;
mod model;
mod phoenix;
mod salt;
mod scan;
mod scan_order;
mod spread;
mod suggest;
mod time;
mod valid;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `rowkey::RowKey` for a struct with named fields: a row key whose
/// bytes are its fields' encodings in declaration order, with the salts,
/// buckets, padding and delimiters its attributes ask for (every attribute,
/// its bytes and its refusals: `rowkey::attributes`).
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct MetricKey<'a> {
///     #[salt(md5, 4)]
///     #[pad(16)]
///     host: &'a str,
///     #[pad(8)]
///     metric: &'a str,
///     #[reverse_ts]
///     ts: u64,
/// }
///
/// let key = MetricKey { host: "web01", metric: "cpu", ts: 1_700_000_000_000 };
/// let mut buf = [0u8; MetricKey::MAX_LEN];
/// let n = key.encode_into(&mut buf)?;
/// assert_eq!(MetricKey::decode(&buf[..n])?, key);
/// # Ok::<(), rowkey::Error>(())
/// ```
///
/// # What it generates
///
/// For `struct K<'a> { .. }` (the crate's `example_generated` module shows
/// all of it on a metric key):
///
/// **`impl rowkey::RowKey for K<'a>`**, everything generic code needs, with
/// the one bound `K: RowKey`:
///
/// | item | |
/// | --- | --- |
/// | `const NAME: &str` | the struct's name, in every error |
/// | `const MAX_WIDTH: Option<usize>` | the widest key; `None` when a field leaves it unbounded (an unpadded variable-width last field, or a `#[delim]`, `#[escaped]` or unwidthed `#[decimal]` field anywhere) |
/// | `const MAX_LEN: usize` | the same as a constant, for `[0u8; K::MAX_LEN]` in code that names the key; naming it for an unbounded key is a compile error naming the field |
/// | `const SPREAD: Spread` | the leading salt or bucket, if any (what `split_keys` splits on) |
/// | `const SCAN_CAP: usize` | the longest row a scan builds |
/// | `type Buf` | `[u8; MAX_LEN]`: a stack buffer for any key (`[u8; 32767]`, HBase's limit, when unbounded) |
/// | `type ScanBuf` | `[u8; SCAN_CAP]`: the storage of a `KeyRange<K>`'s rows |
/// | `type Key<'k>` | `K<'k>`: the key with its lifetimes set to `'k`; `decode` returns it |
/// | `type Scan` | the scan builder `scan()` returns |
/// | `type Explained<'k>` | `Explain<'k, N>`, N the number of segments |
/// | `fn encoded_len(&self)` | the exact length `encode_into` writes |
/// | `fn encode_into(&self, &mut [u8]) -> Result<usize, Error>` | the key into the front of a buffer, no allocation; refuses (naming the field) what the layout cannot hold: a value too long for its pad or ending in the pad byte, holding its delimiter, a timestamp out of range, a value its own type refuses, an empty key, a key over 32767 bytes, a short buffer |
/// | `fn to_vec(&self)` | the same into a `Vec` of exactly the key's length (feature `alloc`) |
/// | `fn decode(&[u8]) -> Result<K::Key<'_>, Error>` | the key back; `&str`/`&[u8]` fields borrow the bytes; salts, buckets, pads, delimiters, UTF-8, lengths checked |
/// | `fn decode_unverified(&[u8])` | the same without recomputing salts and buckets (no MD5 per row) |
/// | `fn explain(&[u8])` | the key split into salt, bucket and field segments, printed one per line |
/// | `fn scan()` | the typed scan builder (below) |
/// | `fn split_keys(n)` | `n - 1` region split points over the leading salt's or bucket's keyspace |
///
/// **`rowkey::DecodeKey<'de>`** for `K<'de>`: `decode` at one lifetime,
/// which the runtime implements for every derived key through the walk
/// the derive writes.
///
/// **Inherent items**, for code that names the key type without importing
/// the trait: `K::decode` and `K::scan()`. The rest (`K::MAX_LEN`, the
/// widest key as a constant for `[0u8; K::MAX_LEN]`, a compile error
/// naming the field for an unbounded key; `K::SCAN_CAP`,
/// `K::decode_unverified`, `K::explain`, `K::split_keys(n)`) are the
/// trait's: `use rowkey::RowKey;` brings them in, as it does the derive.
///
/// **The scan builder**, `K::scan()`: one method per field, named after it,
/// to be called in key order. A value fixes the field and the scan goes on
/// with the next one; a range (`a..b`, `a..=b`, `a..`, `..b`, `..=b`, `..`, or
/// a pair of `Bound`s, such as `(Bound::Excluded(t), Bound::Unbounded)`
/// for "after `t`") on a field whose bytes keep value order ends it.
/// `.ranges()` (also `rowkey::ScanBuilder::ranges`) yields
/// `rowkey::KeyRange<K>`s: one, or one per salt value or bucket the given
/// fields leave open, with `merge_skip()` for merging their rows back into
/// key order (`rowkey::Merge`). Calling a field out of order, or after a
/// range, does not compile, with a message saying so. The builder type is
/// generated inside an anonymous `const` block, so it never collides with
/// your own items; name it as `<K as RowKey>::Scan`. It implements `Clone`
/// and `Debug` when the struct asks, `#[rowkey(scan(Clone, Debug))]`.
///
/// ```
/// # use rowkey::RowKey;
/// # #[derive(RowKey)]
/// # struct MetricKey<'a> { #[salt(md5, 4)] #[pad(16)] host: &'a str, #[pad(8)] metric: &'a str, #[reverse_ts] ts: u64 }
/// let t = 1_700_000_000_000;
/// let ranges = MetricKey::scan().host("web01").metric("cpu").ts(t..t + 60_000).ranges()?;
/// assert_eq!(ranges.len(), 1); // the salt is known: one range, newest row first
/// # Ok::<(), rowkey::Error>(())
/// ```
///
/// Everything else the derive emits is `#[doc(hidden)]` machinery (the
/// batch hooks `__encode_deferred` and `__verify_deferred`, a spread key's
/// `__rowkey_encode_shard`) or sits in the
/// anonymous `const _: () = { .. }` block with the trait impls; each
/// field's bytes are one call of the runtime, naming its rules as types. Generated code names the runtime through `rowkey::__private`
/// (or the path of `#[rowkey(crate = "..")]`), so it compiles beside user
/// items called `Result`, `Option` or `core` and under
/// `#![no_implicit_prelude]`.
///
/// # Checked at compile time
///
/// A variable-width field that is not last and has neither `#[pad]` nor
/// `#[delim]`; an attribute on a type it does not fit; out-of-range or
/// unknown arguments; duplicate or conflicting attributes; a field salt
/// beside a struct-level salt; enums, unions, tuple and empty structs, type
/// parameters; a layout wider than HBase's 32767-byte limit. Each error is
/// spanned on the offending field or attribute and says what to write instead.
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
        escaped,
        spread,
        width
    )
)]
pub fn derive_row_key(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input).into()
}

/// Derives `rowkey::KeyPart` (with `DecodePart` and `OrderedPart`) for a
/// field type of your own: a newtype, an enum of short codes, or a struct of
/// fixed-width fields. The guide `rowkey::guide::own_types` shows each.
///
/// - `#[rowkey(transparent)]` on a struct with one field: the field's own
///   bytes, width and order (and its `#[bucket]`, `#[reverse_ts]`,
///   `#[twos_complement]` and `#[reverse]` support).
/// - A fieldless enum with `#[rowkey(code = "tb")]` on each variant: the
///   variant's code; fixed width when every code has one length, ordered
///   by code. Decode refuses any other bytes, naming the field.
/// - Any other struct: its fields back to back, each of fixed width (an
///   integer, `bool`, `[u8; N]` or a fixed-width `KeyPart`), such as the
///   elements of a `Vec<T>` last field. `#[width(W)]` on an unsigned
///   integer field writes its low W bytes (OpenTSDB's 3-byte UIDs), and
///   encode refuses a value that does not fit.
///
/// ```
/// use rowkey::{KeyPart, RowKey};
///
/// #[derive(KeyPart, Debug, PartialEq)]
/// #[rowkey(transparent)]
/// struct UserId(u64);
///
/// #[derive(KeyPart, Debug, PartialEq)]
/// enum Platform {
///     #[rowkey(code = "tb")]
///     Taobao,
///     #[rowkey(code = "tm")]
///     Tmall,
/// }
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct Order {
///     platform: Platform,
///     user: UserId,
/// }
///
/// let key = Order { platform: Platform::Tmall, user: UserId(7) };
/// assert_eq!(key.to_vec()?, b"tm\0\0\0\0\0\0\0\x07");
/// assert_eq!(Order::decode(&key.to_vec()?)?, key);
/// let err = Order::decode(b"jd\0\0\0\0\0\0\0\x07").unwrap_err();
/// assert_eq!(err.field_name(), Some("platform"));
/// # Ok::<(), rowkey::Error>(())
/// ```
#[proc_macro_derive(KeyPart, attributes(rowkey, width))]
pub fn derive_key_part(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    keypart::derive(&input).into()
}
