//! Which field is the key's time, and which way it is stored: what
//! `RowKey::TIME` says, so that "latest N" reads the newest rows on every
//! layout without the caller choosing a direction.
//!
//! The time field is, in this order: the field `#[rowkey(time = f)]`
//! names; the first `#[reverse_ts]` field; the first field of a time type
//! (`SystemTime`, `DateTime`, `OffsetDateTime`, `PhoenixTimestamp`); the
//! first integer field named `ts`, `time` or `timestamp`, or ending in
//! `_ts`, `_time` or `_at`. Only a field whose bytes keep its value's order
//! counts (not salted, byte-reversed, spread, optional, or shortest
//! decimal). It is stored newest first when it has `#[reverse_ts]` or
//! `#[desc]`, not both (the two together are refused elsewhere, but the
//! rule stays an exclusive or).

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::valid::{shape, Shape};
use syn::Type;

/// The last segments of the time types rowkey writes as key fields.
const TIME_TYPES: [&str; 4] = [
    "SystemTime",
    "DateTime",
    "OffsetDateTime",
    "PhoenixTimestamp",
];

/// The key's time field and whether a scan meets its newest row first.
pub fn pick<'i>(input: &'i Input<'i>) -> Option<(&'i Field<'i>, bool)> {
    let fields = &input.fields;
    let field = match &input.attrs.time {
        Some(name) => fields.iter().find(|f| f.ident == name)?,
        None => fields
            .iter()
            .find(|f| f.attrs.reverse_ts.is_some())
            .or_else(|| {
                fields
                    .iter()
                    .find(|f| ordered(f).is_ok() && is_time_type(f.ty))
            })
            .or_else(|| {
                fields.iter().find(|f| {
                    ordered(f).is_ok()
                        && matches!(shape(f.ty), Shape::Int { .. })
                        && is_time_name(&f.ident.to_string())
                })
            })?,
    };
    let newest_first = field.attrs.reverse_ts.is_some() != field.attrs.desc.is_some();
    Some((field, newest_first))
}

/// Refuses a `#[rowkey(time = f)]` that names no field, or a field whose
/// bytes are not in time's order.
pub fn check(cx: &Ctxt, input: &Input) {
    let Some(name) = &input.attrs.time else {
        return;
    };
    let Some(field) = input.fields.iter().find(|f| f.ident == name) else {
        let names: Vec<String> = input.fields.iter().map(|f| f.ident.to_string()).collect();
        cx.error_spanned_by(
            name,
            format!(
                "#[rowkey(time = {name})]: the key has no field `{name}`; name the field that \
                 holds the row's time, one of: {}",
                names.join(", ")
            ),
        );
        return;
    };
    if let Err(why) = ordered(field) {
        cx.error_spanned_by(
            name,
            format!(
                "#[rowkey(time = {name})]: `{name}` {why}, so its bytes are not in time's order \
                 and \"latest N\" could not read the newest rows; name a plain, #[desc] or \
                 #[reverse_ts] integer or time field"
            ),
        );
        return;
    }
    if let Some(ty) = shape(field.ty).name().filter(|_| !is_time_type(field.ty)) {
        if !matches!(shape(field.ty), Shape::Int { .. }) {
            cx.error_spanned_by(
                name,
                format!(
                    "#[rowkey(time = {name})]: `{name}` is a {ty}, not a time; name an integer \
                     field (epoch seconds, milliseconds, ..) or one of type SystemTime, \
                     chrono::DateTime<Utc>, time::OffsetDateTime or rowkey::PhoenixTimestamp"
                ),
            );
        }
    }
}

/// `Ok` when the field's bytes sort as its values do (or exactly the
/// other way under `#[desc]`); otherwise what breaks the order.
fn ordered(field: &Field) -> Result<(), &'static str> {
    let a = &field.attrs;
    if a.salt.is_some() {
        return Err("is salted (its bytes start with a hash)");
    }
    if a.reverse.is_some() {
        return Err("has #[reverse] (its bytes are reversed)");
    }
    if a.spread.is_some() {
        return Err("is a #[spread] shard number");
    }
    if a.decimal.as_ref().is_some_and(|d| d.width.is_none()) {
        return Err("is written in as few digits as it needs (\"10\" sorts before \"9\")");
    }
    if crate::model::option_inner(field.ty).is_some() {
        return Err("is an Option (rows without it sort first)");
    }
    Ok(())
}

fn is_time_type(ty: &Type) -> bool {
    match crate::model::peel(ty) {
        Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .is_some_and(|s| TIME_TYPES.iter().any(|t| s.ident == t)),
        _ => false,
    }
}

fn is_time_name(name: &str) -> bool {
    let name = name.strip_prefix("r#").unwrap_or(name);
    matches!(name, "ts" | "time" | "timestamp")
        || ["_ts", "_time", "_at"].iter().any(|s| name.ends_with(s))
}
