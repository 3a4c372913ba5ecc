//! The layout rules that relate attributes to each other and to the field's
//! position. Rules that depend on a field's type are enforced by the compiler
//! (trait bounds emitted by `checks.rs`), so they hold for type aliases and
//! user types too. Where the type is spelled as a built-in one (`u64`, `&str`)
//! the same rules are also checked here first: the message can then point at
//! the attribute and name the types that fit, and the generated code, which
//! would fail on the same mistake in several places, is not emitted at all.

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::model::option_inner;
use proc_macro2::Span;
use syn::{GenericParam, Type};

/// Fields a struct-level salt may hash (the runtime's scan state keeps their
/// positions in an array of this size).
const MAX_SALT_FIELDS: usize = 8;

/// HBase's row-key limit (`Short.MAX_VALUE`).
const HBASE_MAX_KEY: usize = 32767;

pub fn check(cx: &Ctxt, input: &Input) {
    check_generics(cx, input);
    crate::time::check(cx, input);
    let phoenix = input.attrs.phoenix.is_some();
    if phoenix {
        crate::valid_phoenix::check(cx, input);
    }
    for field in &input.fields {
        check_spread(cx, field);
    }
    // One spread: its N candidates per key would multiply with a second's.
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
    for (i, field) in input.fields.iter().enumerate() {
        // One mistake, one error: an attribute already reported as
        // conflicting is not also reported as not fitting the type.
        if !check_conflicts(cx, field) {
            check_fit(cx, field);
        }
        let last = i + 1 == input.fields.len();
        // (A Phoenix key separates its variable-width columns itself.)
        if !last
            && !phoenix
            && field.attrs.pad.is_none()
            && field.attrs.delim.is_none()
            && !field.attrs.frame_unparsed
            && body_width(field) == Known::Variable
            // A `Vec<T>` not last has its own message (`check_vec`).
            && vec_element(inner(field)).is_none()
        {
            let msg = if field.attrs.decimal.is_some() {
                format!(
                    "field `{}` is #[decimal] without a width, so its digits are variable-width, \
                     and it is not last: add #[delim(b'_')] (Java text keys joined by _), write \
                     #[decimal(W)] for exactly W digits, or move it to the end",
                    field.ident
                )
            } else if field.attrs.desc.is_some() {
                format!(
                    "field `{}` is #[desc], variable-width and not last: add #[delim] (stored \
                     inverted as Phoenix's 0xFF separator, so longer values sort first) or \
                     #[pad(N)], or move it to the end",
                    field.ident
                )
            } else {
                format!(
                    "field `{}` is variable-width but not last: a prefix scan for \"host1\" would \
                     also return \"host12\"; add #[pad(N)], #[delim] or #[escaped], or move it \
                     to the end",
                    field.ident
                )
            };
            cx.syn_error(syn::Error::new_spanned(field.ty, msg));
        } else if !last
            && field.attrs.pad.is_none()
            && field.attrs.delim.is_none()
            && !field.attrs.frame_unparsed
        {
            if let Some(nested) = option_of_variable(inner(field)) {
                cx.syn_error(syn::Error::new_spanned(
                    field.ty,
                    format!(
                        "field `{}` holds an `Option<{}>`, whose bytes do not say where they \
                         end (its value is variable-width), and it is not last: add \
                         #[delim(b'_')] with a byte its values never hold (not the default \
                         0x00, which is how Some(None) is written), or move it to the end; an \
                         Option of a fixed-width type (Option<Option<u8>>) needs neither",
                        field.ident,
                        quote::ToTokens::to_token_stream(nested)
                    ),
                ));
            }
        }
        if i > 0 && !input.attrs.spread_not_first {
            check_spread_first(cx, field, &input.fields[0]);
        }
        check_vec(cx, field, last);
    }
    check_java_salt(cx, input);
    if let Some(salt) = &input.attrs.salt {
        // A key has one salt, at its front: a field's own salt beside it
        // would be a second hash that spreads nothing further.
        for field in &input.fields {
            if let Some(s) = &field.attrs.salt {
                cx.syn_error(syn::Error::new(
                    s.span,
                    format!(
                        "field `{}` has its own #[salt] but the struct already has a salt, \
                         #[rowkey(salt(..))]: a key has one salt, at its front; remove this \
                         #[salt] and list `{}` in the struct-level salt's fields(..) to hash it",
                        field.ident, field.ident
                    ),
                ));
            }
        }
        // The scan builder keeps the salted fields' positions in a fixed
        // array, so that building ranges needs no allocation.
        if let Some(extra) = salt.fields.get(MAX_SALT_FIELDS) {
            cx.syn_error(syn::Error::new(
                extra.span(),
                format!(
                    "a struct-level salt hashes at most {MAX_SALT_FIELDS} fields; hash fewer \
                     (the salt only needs enough of the key to spread it)"
                ),
            ));
        }
        for (i, name) in salt.fields.iter().enumerate() {
            match input.fields.iter().find(|f| f.ident == name) {
                None => cx.syn_error(syn::Error::new(
                    name.span(),
                    format!("the salt hashes field `{name}`, but the struct has no such field"),
                )),
                // As a field's own #[salt] or #[bucket] on an Option.
                Some(f) if option_inner(f.ty).is_some() => cx.syn_error(syn::Error::new(
                    name.span(),
                    format!(
                        "the struct-level salt hashes `{name}`, an Option field: None has no \
                         value to hash; list only fields that are always present in \
                         fields(..)"
                    ),
                )),
                Some(_) => {}
            }
            if salt.fields[..i].iter().any(|earlier| earlier == name) {
                cx.syn_error(syn::Error::new(
                    name.span(),
                    format!("field `{name}` is listed twice in the salt; list it once"),
                ));
            }
        }
    }
    check_limit(cx, input);
}

/// `#[spread(N)]`: an unsigned integer the caller sets, written as its
/// encoding writes it, so nothing that computes or transforms the value.
fn check_spread(cx: &Ctxt, field: &Field) {
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
                    err(format!(
                        "#[spread({n})] with #[width({w})]: {w} bytes hold {holds} shards; widen \
                         the field or spread over fewer shards"
                    ));
                }
            }
            if let Some(w) = a.decimal.as_ref().and_then(|d| d.width) {
                if w < 5 && n > 10u64.pow(u32::try_from(w).unwrap_or(4)) {
                    err(format!(
                        "#[spread({n})] with #[decimal({w})]: {w} digits hold {} shards; widen \
                         the digits or spread over fewer shards",
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
fn check_java_salt(cx: &Ctxt, input: &Input) {
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

/// A `Vec<T>` other than `Vec<u8>`: fixed-width elements back to back up
/// to the end of the key, so it is last, its elements fixed-width, and no
/// frame or text attribute applies.
fn check_vec(cx: &Ctxt, field: &Field, last: bool) {
    let Some(element) = vec_element(inner(field)) else {
        return;
    };
    if known_width(element) == Known::Variable || option_inner(element).is_some() {
        cx.syn_error(syn::Error::new_spanned(
            field.ty,
            format!(
                "field `{}` is a Vec of variable-width elements: a Vec<T> field writes its \
                 elements back to back with no separator, so each must take the same bytes; \
                 use [u8; N] or integers, or Vec<u8> for bytes",
                field.ident
            ),
        ));
        return;
    }
    if !last {
        cx.syn_error(syn::Error::new_spanned(
            field.ty,
            format!(
                "field `{}` is a Vec<T>, whose elements run to the end of the key with no count \
                 and no terminator, but it is not last: move it to the end of the struct",
                field.ident
            ),
        ));
        return;
    }
    let a = &field.attrs;
    let spans = [
        (a.pad.as_ref().map(|p| p.span), "#[pad]"),
        (a.delim.as_ref().map(|d| d.span), "#[delim]"),
        (a.escaped, "#[escaped]"),
        (a.reverse, "#[reverse]"),
        (a.decimal.as_ref().map(|d| d.span), "#[decimal]"),
        (a.width.as_ref().map(|w| w.span), "#[width]"),
        (a.reverse_ts, "#[reverse_ts]"),
        (a.twos_complement, "#[twos_complement]"),
        (a.bucket.as_ref().map(|b| b.span), "#[bucket]"),
    ];
    for (span, what) in spans {
        if let Some(span) = span {
            cx.syn_error(syn::Error::new(
                span,
                format!(
                    "{what} does not fit `{}`, a Vec<T> of fixed-width elements written back to \
                     back up to the end of the key; remove it",
                    field.ident
                ),
            ));
        }
    }
}

/// `T` of a `Vec<T>` other than `Vec<u8>`.
fn vec_element(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = crate::model::peel(ty) else {
        return None;
    };
    let last = p.path.segments.last()?;
    if p.qself.is_some() || last.ident != "Vec" {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first() {
            Some(syn::GenericArgument::Type(t)) if !is_u8(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// A salt or bucket after another field spreads nothing: every key still
/// starts with the earlier fields' bytes.
fn check_spread_first(cx: &Ctxt, field: &Field, first: &Field) {
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

/// The widths the macro can see (pads, salts, buckets, `reverse_ts` and
/// primitive integers) already over HBase's limit. Arrays and user types add
/// to this only through `KeyPart::WIDTH`, which the compiler checks.
fn check_limit(cx: &Ctxt, input: &Input) {
    let mut total = input
        .attrs
        .salt
        .as_ref()
        .map_or(0, |s| s.chars + usize::from(s.delim.is_some()))
        + input.attrs.java_salt.as_ref().map_or(0, |s| s.width);
    for field in &input.fields {
        let a = &field.attrs;
        let before = total;
        total += a
            .salt
            .as_ref()
            .map_or(0, |s| s.chars + usize::from(s.delim.is_some()));
        total += a
            .bucket
            .as_ref()
            .map_or(0, |b| if b.count <= 256 { 1 } else { 2 });
        total += match (&a.pad, &a.decimal, a.reverse_ts, shape(inner(field))) {
            _ if a.width.is_some() => a.width.as_ref().map_or(0, |w| w.bytes),
            (Some(p), _, _, _) => p.width,
            (_, Some(d), _, _) => d.width.unwrap_or(0),
            (_, _, Some(_), _) => 8,
            (_, _, _, Shape::Int { bytes, .. }) => bytes,
            (_, _, _, Shape::Bool) => 1,
            _ => 0,
        };
        total += usize::from(a.delim.is_some() && a.pad.is_none());
        total += usize::from(option_inner(field.ty).is_some());
        if total > HBASE_MAX_KEY {
            let span = a
                .pad
                .as_ref()
                .map(|p| p.span)
                .or(a.salt.as_ref().map(|s| s.span))
                .or(a.bucket.as_ref().map(|b| b.span))
                .unwrap_or_else(|| field.ident.span());
            cx.syn_error(syn::Error::new(
                span,
                format!(
                    "this row key is at least {total} bytes wide up to and including field \
                     `{}` (the fields before it take {before}), over HBase's row-key limit of \
                     {HBASE_MAX_KEY} bytes; shorten the #[pad(N)] widths",
                    field.ident
                ),
            ));
            return;
        }
    }
}

fn check_generics(cx: &Ctxt, input: &Input) {
    for param in &input.original.generics.params {
        match param {
            GenericParam::Lifetime(_) => {}
            GenericParam::Type(t) => cx.error_spanned_by(
                t,
                "a row key has one concrete layout: type parameters are not supported; \
                 use a concrete field type (lifetimes are fine)",
            ),
            GenericParam::Const(c) => cx.error_spanned_by(
                c,
                "a row key has one concrete layout: const parameters are not supported; \
                 write the width into the field type or #[pad(N)]",
            ),
        }
    }
}

/// Reports attributes that contradict each other; true if any did.
fn check_conflicts(cx: &Ctxt, field: &Field) -> bool {
    let a = &field.attrs;
    let name = field.ident;
    let found = std::cell::Cell::new(false);
    let conflict = |span: Option<Span>, msg: String| {
        if let Some(span) = span {
            cx.syn_error(syn::Error::new(span, msg));
            found.set(true);
        }
    };
    if let (Some(_), Some(d)) = (&a.pad, &a.delim) {
        conflict(
            Some(d.span),
            format!(
                "field `{name}` has both #[pad] and #[delim]: each already ends the field \
                 unambiguously; keep one"
            ),
        );
    }
    if a.reverse_ts.is_some() {
        let why = "#[reverse_ts] writes a fixed 8-byte timestamp";
        conflict(
            a.pad.as_ref().map(|p| p.span),
            format!("field `{name}`: {why}, so #[pad] has nothing to pad; remove it"),
        );
        conflict(
            a.reverse,
            format!(
                "field `{name}`: {why}; #[reverse] reverses strings, not timestamps; remove it"
            ),
        );
        conflict(
            a.twos_complement,
            format!("field `{name}`: {why} as Long.MAX_VALUE - ts; #[twos_complement] does not apply; remove it"),
        );
    }
    if let (Some(_), Some(b)) = (&a.salt, &a.bucket) {
        conflict(
            Some(b.span),
            format!(
                "field `{name}` has both #[salt] and #[bucket]: both spread keys over regions; \
                 keep one"
            ),
        );
    }
    if a.reverse.is_some() {
        conflict(
            a.twos_complement,
            format!("field `{name}`: #[reverse] is for strings and bytes, #[twos_complement] for signed integers; keep the one that fits"),
        );
    }
    if a.decimal.is_some() {
        conflict(
            a.pad.as_ref().map(|p| p.span),
            format!(
                "field `{name}` has #[decimal] and #[pad]: for a fixed number of digits write \
                 #[decimal(W)] (zero-padded, as Java's %0Wd); remove #[pad]"
            ),
        );
        for (span, what) in [
            (a.twos_complement, "#[twos_complement]"),
            (a.reverse, "#[reverse]"),
            (a.escaped, "#[escaped]"),
        ] {
            conflict(
                span,
                format!(
                    "field `{name}`: #[decimal] writes the value as digits, so {what} does not \
                     apply; keep one"
                ),
            );
        }
    }
    if let Some(w) = &a.width {
        let span = Some(w.span);
        let why = |other: &str, fix: &str| {
            format!("field `{name}` has #[width] and {other}: {fix}; keep one")
        };
        if a.pad.is_some() {
            conflict(
                span,
                why("#[pad]", "#[width(W)] already writes exactly W bytes"),
            );
        }
        if a.decimal.is_some() {
            conflict(
                span,
                why("#[decimal]", "#[width] writes binary bytes and #[decimal] digits (for a fixed number of digits write #[decimal(W)])"),
            );
        }
        if a.reverse_ts.is_some() {
            conflict(
                span,
                why(
                    "#[reverse_ts]",
                    "#[reverse_ts] writes 8 bytes of Long.MAX_VALUE - ts",
                ),
            );
        }
        for (other, what) in [
            (a.twos_complement, "#[twos_complement]"),
            (a.reverse, "#[reverse]"),
            (a.escaped, "#[escaped]"),
        ] {
            if other.is_some() {
                conflict(span, why(what, "#[width] is for unsigned integers"));
            }
        }
    }
    if a.escaped.is_some() {
        conflict(
            a.pad.as_ref().map(|p| p.span),
            format!(
                "field `{name}` has #[escaped] and #[pad]: an escaped value ends itself with \
                 0x00 0x01 anywhere in the key, so a pad only adds bytes; remove #[pad] (or \
                 #[escaped], to pad instead)"
            ),
        );
        conflict(
            a.reverse,
            format!(
                "field `{name}` has #[escaped] and #[reverse]: an escaped value keeps its order \
                 and #[reverse] gives it up; keep #[escaped], or #[reverse] with #[pad] or \
                 #[delim]"
            ),
        );
    }
    if a.desc.is_some() {
        conflict(
            a.reverse_ts,
            format!(
                "field `{name}`: #[reverse_ts] already sorts newest first, and #[desc] would sort \
                 it oldest first again; keep #[reverse_ts] for newest first, or remove both"
            ),
        );
        let unordered = |what: &str| {
            format!(
                "#[desc] on `{name}`, whose bytes keep no order ({what}): there is no order to \
                 reverse; remove #[desc]"
            )
        };
        conflict(
            a.salt.as_ref().map(|s| s.span),
            unordered("a salted field's keys start with its hash"),
        );
        conflict(a.reverse, unordered("#[reverse] reverses its bytes"));
        conflict(
            a.twos_complement,
            unordered("#[twos_complement] sorts negative values after positive ones"),
        );
        if a.decimal.as_ref().is_some_and(|d| d.width.is_none()) {
            conflict(
                a.decimal.as_ref().map(|d| d.span),
                format!(
                    "#[desc] on `{name}`, whose #[decimal] without a width keeps no order \
                     (\"9\" sorts after \"10\"): write #[decimal(W)] for W zero-padded \
                     digits, which sort as numbers, or remove #[desc]"
                ),
            );
        }
        // A variable-width value framed by a byte other than 0x00 (seed
        // 004's `_`) is stored inverted as written, like its ascending
        // counterpart: exact as a prefix, but a range cannot use it (a value
        // and its extensions by bytes below the delimiter cross), so the scan
        // builder takes only a value (`Layout::ranged`).
    }
    if option_inner(field.ty).is_some() {
        let msg = |what: &str| {
            format!(
                "{what} on `{name}`, an Option field: None has no value to hash; put the spread \
                 on a field that is always present"
            )
        };
        conflict(a.salt.as_ref().map(|s| s.span), msg("#[salt]"));
        conflict(a.bucket.as_ref().map(|b| b.span), msg("#[bucket]"));
    }
    found.get()
}

/// `X` of a type spelled `Option<X>` (at any depth of `Option`s) when `X`
/// is spelled as a variable-width built-in type: such an `Option` does not
/// delimit itself, where an `Option` of a fixed-width type does
/// (`KeyPart::SELF_DELIMITING`).
fn option_of_variable(ty: &Type) -> Option<&Type> {
    let mut x = option_inner(ty)?;
    while let Some(deeper) = option_inner(x) {
        x = deeper;
    }
    (known_width(x) == Known::Variable).then_some(x)
}

/// The field's inner type: `T` of `Option<T>`, else the field's type.
fn inner<'a>(field: &Field<'a>) -> &'a Type {
    option_inner(field.ty).unwrap_or(field.ty)
}

/// Whether the body's width is known fixed, variable or left to the type,
/// from the attributes first (`#[decimal]`, `#[reverse_ts]`, `#[escaped]`)
/// and then the type as spelled. An escaped body ends itself, so it counts
/// as fixed for the framing rules.
fn body_width(field: &Field) -> Known {
    let a = &field.attrs;
    match &a.decimal {
        Some(d) if d.width.is_none() => return Known::Variable,
        Some(_) => return Known::Fixed,
        None => {}
    }
    if a.reverse_ts.is_some() || a.escaped.is_some() || a.width.is_some() {
        return Known::Fixed;
    }
    known_width(inner(field))
}

const VARIABLE: &str = "&str, String, &[u8] or Vec<u8>";

/// Attributes on a built-in type they do not fit, told from the syntax.
fn check_fit(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let ty = shape(inner(field));
    let Some(tn) = ty.name() else {
        return;
    };
    let err = |span: Span, msg: String| cx.syn_error(syn::Error::new(span, msg));
    if let Some(fixed) = ty.fixed_width() {
        let why = format!("`{tn}` always writes {fixed}");
        if let Some(p) = &a.pad {
            err(
                p.span,
                format!(
                    "#[pad] does not fit `{tn}`: {why}, so there is nothing to pad; #[pad(N)] \
                     fits variable-width fields ({VARIABLE}); remove it"
                ),
            );
        }
    }
    check_text_fit(cx, field, ty, tn);
    if let Some(w) = &a.width {
        match ty {
            Shape::Int {
                signed: false,
                bytes,
                ..
            } if w.bytes < bytes => {}
            Shape::Int {
                signed: false,
                bytes,
                ..
            } => err(
                w.span,
                format!(
                    "#[width({})] on `{tn}`, which is {bytes} byte(s) wide: #[width(W)] keeps \
                     the low W bytes, so W must be less than the type's size; use a smaller \
                     W, or remove #[width] to write all {bytes} byte(s)",
                    w.bytes
                ),
            ),
            Shape::Int { signed: true, .. } => err(
                w.span,
                format!(
                    "#[width] does not fit `{tn}`: it keeps the low bytes of an unsigned value \
                     (OpenTSDB's UIDs); a signed value's sign would be lost; make the field \
                     unsigned (u16..u128)"
                ),
            ),
            _ => err(
                w.span,
                format!(
                    "#[width] does not fit `{tn}`: it keeps the low W bytes of an unsigned \
                     integer (u16..u128); `{tn}` is not one; remove it"
                ),
            ),
        }
    }
    if let Some(b) = &a.bucket {
        if !matches!(ty, Shape::Int { .. }) {
            err(
                b.span,
                format!(
                    "#[bucket] does not fit `{tn}`: a bucket is `value mod N` of an integer \
                     field (u8..u128, i8..i128); to spread keys by a string or bytes, use \
                     #[salt(md5, K)] instead"
                ),
            );
        }
    }
    if let Some(s) = a.reverse_ts {
        if !matches!(ty, Shape::Int { bytes: 8, .. }) {
            err(
                s,
                format!(
                    "#[reverse_ts] does not fit `{tn}`: it writes Java's Long.MAX_VALUE - ts \
                     and fits u64 and i64 fields; make the field u64 or i64"
                ),
            );
        }
    }
    if let Some(s) = a.twos_complement {
        match ty {
            Shape::Int { signed: true, .. } => {}
            Shape::Int { signed: false, .. } => err(
                s,
                format!(
                    "#[twos_complement] does not fit `{tn}`: unsigned integers are already \
                     stored as Java's Bytes.toBytes writes them; remove it (it fits i8..i128)"
                ),
            ),
            _ => err(
                s,
                format!(
                    "#[twos_complement] does not fit `{tn}`: it fits signed integers \
                     (i8..i128); remove it"
                ),
            ),
        }
    }
    if let Some(s) = a.reverse {
        match ty {
            Shape::String | Shape::VecU8 | Shape::Array => {}
            Shape::Str | Shape::Bytes => {
                let owned = if ty == Shape::Str {
                    "String"
                } else {
                    "Vec<u8>"
                };
                err(
                    s,
                    format!(
                        "#[reverse] does not fit `{tn}`: a reversed field cannot be borrowed \
                         back from the key; make the field `{owned}` (#[reverse] fits String, \
                         Vec<u8> and [u8; N])"
                    ),
                );
            }
            _ => err(
                s,
                format!(
                    "#[reverse] does not fit `{tn}`: it reverses the bytes of String, Vec<u8> \
                     and [u8; N] fields; remove it"
                ),
            ),
        }
    }
}

/// `#[decimal]`, `#[escaped]` and `#[desc]` on a built-in type they do not
/// fit.
fn check_text_fit(cx: &Ctxt, field: &Field, ty: Shape, tn: &str) {
    let a = &field.attrs;
    let err = |span: Span, msg: String| cx.syn_error(syn::Error::new(span, msg));
    if let Some(d) = &a.decimal {
        match ty {
            Shape::Int { signed: false, .. } => {}
            Shape::Int { bytes: 8, .. } if a.reverse_ts.is_some() => {}
            Shape::Int { .. } => err(
                d.span,
                format!(
                    "#[decimal] does not fit `{tn}`: it writes digits with no sign, as Java's \
                     Long.toString of a non-negative value; make the field unsigned (u8..u128), \
                     or add #[reverse_ts] to an i64 timestamp"
                ),
            ),
            _ => err(
                d.span,
                format!(
                    "#[decimal] does not fit `{tn}`: it writes an integer as decimal text, and \
                     `{tn}` is not an integer; make the field an unsigned integer (u8..u128) \
                     holding the number, or remove #[decimal] to store `{tn}` as it is"
                ),
            ),
        }
    }
    let owned = match ty {
        Shape::Str => Some("String"),
        Shape::Bytes => Some("Vec<u8>"),
        _ => None,
    };
    if let Some(e) = a.escaped {
        match (ty, owned) {
            (_, Some(owned)) => err(
                e,
                format!(
                    "#[escaped] on `{tn}`: an escaped value is decoded into a new buffer and \
                     cannot be borrowed from the key; make the field `{owned}`"
                ),
            ),
            (Shape::String | Shape::VecU8 | Shape::Array, None) => {}
            _ => err(
                e,
                format!(
                    "#[escaped] does not fit `{tn}`: it escapes the 0x00 and 0xFF bytes of \
                     strings and byte strings (String, Vec<u8>, [u8; N]); `{tn}` is \
                     fixed-width and needs no escaping; remove #[escaped]"
                ),
            ),
        }
    }
    if let (Some(d), Some(owned)) = (a.desc, owned) {
        err(
            d,
            format!(
                "#[desc] on `{tn}`: the field is stored inverted and decoded into a new buffer, \
                 so it cannot be borrowed from the key; make the field `{owned}`"
            ),
        );
    }
}

#[derive(PartialEq, Eq)]
pub enum Known {
    Fixed,
    Variable,
    Unknown,
}

/// What can be told from the syntax alone. Anything else is checked through
/// `KeyPart::WIDTH` by the compiler.
pub fn known_width(ty: &Type) -> Known {
    match shape(ty) {
        Shape::Int { .. } | Shape::Bool | Shape::Array | Shape::OtherArray => Known::Fixed,
        Shape::Str | Shape::Bytes | Shape::String | Shape::VecU8 | Shape::OtherVec => {
            Known::Variable
        }
        Shape::Unknown => Known::Unknown,
    }
}

/// Whether the type is spelled as a built-in string or byte string
/// (`&str`, `String`, `&[u8]`, `Vec<u8>`).
pub fn is_text(ty: &Type) -> bool {
    matches!(
        shape(ty),
        Shape::Str | Shape::Bytes | Shape::String | Shape::VecU8
    )
}

/// A field type as spelled, for the built-in types the rules name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Int {
        name: &'static str,
        bytes: usize,
        signed: bool,
    },
    Bool,
    /// `[u8; N]`.
    Array,
    /// Another array: fixed width if it is a field type at all.
    OtherArray,
    Str,
    Bytes,
    String,
    VecU8,
    /// Another `Vec`: variable width if it is a field type at all.
    OtherVec,
    Unknown,
}

impl Shape {
    /// The type's name in messages, for the types whose rules are known.
    pub(crate) fn name(self) -> Option<&'static str> {
        Some(match self {
            Shape::Int { name, .. } => name,
            Shape::Bool => "bool",
            Shape::Array => "[u8; N]",
            Shape::Str => "&str",
            Shape::Bytes => "&[u8]",
            Shape::String => "String",
            Shape::VecU8 => "Vec<u8>",
            Shape::OtherArray | Shape::OtherVec | Shape::Unknown => return None,
        })
    }

    fn fixed_width(self) -> Option<String> {
        match self {
            Shape::Int { bytes: 1, .. } | Shape::Bool => Some("1 byte".to_owned()),
            Shape::Int { bytes, .. } => Some(format!("{bytes} bytes")),
            Shape::Array => Some("N bytes".to_owned()),
            _ => None,
        }
    }
}

const INTS: &[(&str, usize, bool)] = &[
    ("u8", 1, false),
    ("u16", 2, false),
    ("u32", 4, false),
    ("u64", 8, false),
    ("u128", 16, false),
    ("i8", 1, true),
    ("i16", 2, true),
    ("i32", 4, true),
    ("i64", 8, true),
    ("i128", 16, true),
];

pub(crate) fn shape(ty: &Type) -> Shape {
    match ty {
        Type::Reference(r) => match crate::model::peel(&r.elem) {
            Type::Path(p) if p.path.is_ident("str") => Shape::Str,
            Type::Slice(s) if is_u8(&s.elem) => Shape::Bytes,
            _ => Shape::Unknown,
        },
        Type::Array(a) if is_u8(&a.elem) => Shape::Array,
        Type::Array(_) => Shape::OtherArray,
        Type::Paren(p) => shape(&p.elem),
        Type::Group(g) => shape(&g.elem),
        Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return Shape::Unknown;
            };
            let single = p.path.segments.len() == 1;
            if single {
                if let Some(&(name, bytes, signed)) = INTS.iter().find(|i| last.ident == i.0) {
                    return Shape::Int {
                        name,
                        bytes,
                        signed,
                    };
                }
                if last.ident == "bool" {
                    return Shape::Bool;
                }
            }
            if last.ident == "String" {
                Shape::String
            } else if last.ident == "Vec" {
                let element = match &last.arguments {
                    syn::PathArguments::AngleBracketed(args) => args.args.first(),
                    _ => None,
                };
                match element {
                    Some(syn::GenericArgument::Type(t)) if is_u8(t) => Shape::VecU8,
                    _ => Shape::OtherVec,
                }
            } else {
                Shape::Unknown
            }
        }
        _ => Shape::Unknown,
    }
}

fn is_u8(ty: &Type) -> bool {
    matches!(crate::model::peel(ty), Type::Path(p) if p.path.is_ident("u8"))
}
