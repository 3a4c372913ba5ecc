//! Attributes that contradict each other on one field.

use crate::ast::Field;
use crate::ctxt::Ctxt;
use crate::model::option_inner;
use proc_macro2::Span;

/// Reports attributes that contradict each other; true if any did.
pub(super) fn check_conflicts(cx: &Ctxt, field: &Field) -> bool {
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
