//! `#[spread(N)]`, the Java-hash salt, and a salt or bucket after other
//! fields: where a key's spread may be.

use super::{shape, Shape, MAX_SALT_FIELDS};
use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::model::option_inner;

/// One spread per key: its N candidates per key would multiply with a
/// second's.
pub(super) fn check_one(cx: &Ctxt, input: &Input) {
    for extra in input
        .fields
        .iter()
        .filter_map(|f| f.attrs.spread.as_ref())
        .skip(1)
    {
        cx.syn_error(syn::Error::new(
            extra.span,
            "a key has at most one #[spread] field: a get would have to read every combination \
             of shards; spread one field over more shards instead",
        ));
    }
}

/// `#[spread(N)]`: an unsigned integer the caller sets, written as its
/// encoding writes it, so nothing that computes or transforms the value.
pub(super) fn check_spread(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let Some(spread) = &a.spread else {
        return;
    };
    let name = field.ident;
    let err = |msg: String| cx.syn_error(syn::Error::new(spread.span, msg));
    if option_inner(field.ty).is_some() {
        err(format!(
            "#[spread] on `{name}`, an Option field: every row is under one of the N shards; \
             make the field an unsigned integer that is always present"
        ));
        return;
    }
    let conflicting = [
        (a.salt.is_some(), "#[salt]"),
        (a.bucket.is_some(), "#[bucket]"),
        (a.reverse_ts.is_some(), "#[reverse_ts]"),
        (a.twos_complement.is_some(), "#[twos_complement]"),
        (a.reverse.is_some(), "#[reverse]"),
        (a.escaped.is_some(), "#[escaped]"),
        (a.desc.is_some(), "#[desc]"),
        (a.pad.is_some(), "#[pad]"),
    ];
    if let Some((_, what)) = conflicting.iter().find(|c| c.0) {
        err(format!(
            "field `{name}` has #[spread] and {what}: a spread is a shard number 0..N the caller \
             picks, written as the integer is (binary, #[decimal], #[decimal(W)], with an \
             optional #[delim]); remove {what}"
        ));
        return;
    }
    match shape(field.ty) {
        Shape::Int {
            signed: false,
            bytes,
            name: tn,
        } => {
            let n = u64::from(spread.count);
            if bytes == 1 && n > 256 {
                err(format!(
                    "#[spread({n})] on `{name}: {tn}`, which holds 256 shards; use at most \
                     #[spread(256)], or make the field u16"
                ));
            }
            if let Some(w) = a.width.as_ref().map(|w| w.bytes).filter(|&w| w < 3) {
                let holds = 1u64 << (8 * w);
                if n > holds {
                    let bytes = if w == 1 {
                        "1 byte holds"
                    } else {
                        "2 bytes hold"
                    };
                    err(format!(
                        "#[spread({n})] with #[width({w})]: {bytes} {holds} shards; widen the \
                         field or spread over fewer shards"
                    ));
                }
            }
            if let Some(w) = a.decimal.as_ref().and_then(|d| d.width) {
                if w < 5 && n > 10u64.pow(u32::try_from(w).unwrap_or(4)) {
                    let digits = if w == 1 {
                        "1 digit holds".to_owned()
                    } else {
                        format!("{w} digits hold")
                    };
                    err(format!(
                        "#[spread({n})] with #[decimal({w})]: {digits} {} shards; widen the \
                         digits or spread over fewer shards",
                        10u64.pow(u32::try_from(w).unwrap_or(4))
                    ));
                }
            }
        }
        Shape::Unknown => {}
        other => err(format!(
            "#[spread] does not fit `{}`: a spread is a shard number 0..N, an unsigned integer \
             field (u8..u128) the caller sets (random or round-robin); make `{name}` unsigned",
            other.name().unwrap_or("this type")
        )),
    }
}

/// `#[rowkey(salt(java_hash, ..))]`: one spread at the front of the key,
/// over fields that exist, each listed once and always present.
pub(super) fn check_java_salt(cx: &Ctxt, input: &Input) {
    let Some(salt) = &input.attrs.java_salt else {
        return;
    };
    for field in &input.fields {
        let a = &field.attrs;
        let spread = a
            .salt
            .as_ref()
            .map(|s| (s.span, "#[salt]"))
            .or(a.bucket.as_ref().map(|b| (b.span, "#[bucket]")));
        if let Some((span, what)) = spread {
            cx.syn_error(syn::Error::new(
                span,
                format!(
                    "field `{}` has {what} but the struct already has a java_hash salt at the \
                     front of the key: a key has one spread; remove this {what} (list `{}` in \
                     the salt's fields(..) to hash it)",
                    field.ident, field.ident
                ),
            ));
        }
    }
    let Some(fields) = &salt.fields else {
        return;
    };
    if let Some(extra) = fields.get(MAX_SALT_FIELDS) {
        cx.syn_error(syn::Error::new(
            extra.span(),
            format!(
                "a struct-level salt hashes at most {MAX_SALT_FIELDS} fields; hash fewer (the \
                 salt only needs enough of the key to spread it)"
            ),
        ));
    }
    for (i, name) in fields.iter().enumerate() {
        let Some(field) = input.fields.iter().find(|f| f.ident == name) else {
            cx.syn_error(syn::Error::new(
                name.span(),
                format!(
                    "the salt hashes field `{name}`, but the struct has no such field; list \
                     fields of this struct in fields(..)"
                ),
            ));
            continue;
        };
        if fields[..i].iter().any(|earlier| earlier == name) {
            cx.syn_error(syn::Error::new(
                name.span(),
                format!("field `{name}` is listed twice in the salt; list it once"),
            ));
        } else if option_inner(field.ty).is_some() {
            cx.syn_error(syn::Error::new(
                name.span(),
                format!(
                    "the salt hashes `{name}`, an Option field: None has no value to hash; \
                     hash fields that are always present (or leave fields(..) out to hash \
                     every byte after the salt)"
                ),
            ));
        }
    }
}

/// A salt or bucket after another field spreads nothing: every key still
/// starts with the earlier fields' bytes.
pub(super) fn check_spread_first(cx: &Ctxt, field: &Field, first: &Field) {
    let a = &field.attrs;
    let name = &field.ident;
    // The struct-level salt that spreads by this field from the front of the
    // key, keeping the fields before it scannable as a prefix.
    let (what, span, front) = match (&a.salt, &a.bucket) {
        (Some(s), _) => {
            let delim = s.delim.map_or(String::new(), |d| {
                format!(", delim = b'{}'", std::ascii::escape_default(d))
            });
            let front = format!("salt(md5, {}, fields({name}){delim})", s.chars);
            ("#[salt]", s.span, front)
        }
        (None, Some(b)) => {
            let width = if b.count > 256 { ", width = 2" } else { "" };
            let front = format!(
                "salt(java_hash, buckets = {}{width}, fields({name}))",
                b.count
            );
            ("#[bucket]", b.span, front)
        }
        (None, None) => return,
    };
    cx.syn_error(syn::Error::new(
        span,
        format!(
            "{what} on `{name}`, which is not the first field: every key starts with `{first}`, \
             so writes still land where `{first}` puts them and the {what} spreads nothing; move \
             `{name}` first; or, to spread by `{name}` and keep `{first}` scannable as a prefix, \
             hash `{name}` at the front of the key with #[rowkey({front})] on the struct instead; \
             or, if a prefix before it is what you mean (a tenant id before a salted id), opt in \
             with #[rowkey(spread_not_first)] on the struct",
            first = first.ident,
        ),
    ));
}
