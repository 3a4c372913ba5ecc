//! Bigtable's structured row-key schema (`Table.row_key_schema`), derived
//! from a key's [`rowkey::Layout`], for the layouts whose bytes are exactly
//! what one of Bigtable's struct encodings writes.
//!
//! Bigtable reads a row key through the schema as a `STRUCT` of typed
//! fields (for SQL queries); it never changes the bytes stored. A
//! schema is only useful if every key the type writes decodes, under it,
//! to the key's own field values, so a layout maps only when that holds for
//! every value the key accepts. What maps (the encodings as the admin API's
//! `types.proto` documents them):
//!
//! | rowkey layout | Bigtable schema |
//! | --- | --- |
//! | one field: `&str`/`String`, `#[decimal]`/`#[decimal(W)]` | `Singleton`, `STRING` `Utf8Bytes` |
//! | one field: `&[u8]`/`Vec<u8>`, `[u8; N]` | `Singleton`, `BYTES` `Raw` |
//! | one field: `#[twos_complement] i64`, or the `u64` (`UNSIGNED_LONG`) of a `#[rowkey(phoenix)]` key | `Singleton`, `INT64` `BigEndianBytes` |
//! | fields joined by one `#[delim(b'x')]` byte, the last one digits (`#[decimal]`) | `DelimitedBytes { delimiter: "x" }`, each field `STRING` or `BYTES` |
//! | `#[rowkey(phoenix)]`, every column a non-null ASC `String` (VARCHAR) | `DelimitedBytes { delimiter: "\0" }`, `STRING` fields |
//!
//! Everything else is refused with [`Error::RowKeySchema`], naming the
//! field and the reason: a salt, bucket or `#[desc]` changes the bytes
//! Bigtable would read; an `Option`'s presence byte has no Bigtable
//! encoding; a plain `u64` above `i64::MAX` would read back negative;
//! fields written back to back (fixed widths, `#[pad]`) have no delimiter
//! to split on; and `#[escaped]` is not Bigtable's `OrderedCodeBytes`
//! struct encoding (see [`row_key_schema`]).

use crate::Error;
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2 as admin;
use rowkey::layout::{Encoding, FieldLayout, Frame, KeySalt};
use rowkey::RowKey;

pub use admin::r#type::Struct;
pub use admin::{r#type, Type};

use admin::r#type::{bytes, int64, r#struct, string, Kind};

/// Bigtable's structured row-key schema for `K`, to send in a
/// `CreateTable` ([`Bigtable::create_table_with_schema`](crate::Bigtable::create_table_with_schema))
/// or to compare with a table's.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_bigtable::schema::{row_key_schema, r#type::r#struct::encoding::Encoding};
///
/// #[derive(RowKey)]
/// struct Order<'a> {
///     #[delim(b'#')]
///     user: &'a str,
///     #[decimal(10)]
///     day: u32,
/// }
///
/// let schema = row_key_schema::<Order<'static>>()?;
/// let names: Vec<_> = schema.fields.iter().map(|f| f.field_name.as_str()).collect();
/// assert_eq!(names, ["user", "day"]);
/// assert!(matches!(
///     schema.encoding.and_then(|e| e.encoding),
///     Some(Encoding::DelimitedBytes(d)) if d.delimiter == b"#"
/// ));
/// # Ok::<(), rowkey_bigtable::Error>(())
/// ```
///
/// Why some layouts close to these are refused:
///
/// - **A last text field after delimiters.** `DelimitedBytes` fields must
///   not contain the delimiter; rowkey refuses it only in a `#[delim]`
///   field, so a last `&str` could hold it and Bigtable would split there.
///   A last `#[decimal]` field is digits only.
/// - **`#[escaped]`.** Bigtable's `OrderedCodeBytes` struct encoding joins
///   fields with `0x00 0x01` and escapes `0x00` as `0x00 0xFF`, as
///   `#[escaped]` does, but it does not escape `0xFF`, writes an empty
///   field as `0x00 0x00` (`#[escaped]` writes the terminator alone) and
///   ends the last field with no terminator: no layout of `#[escaped]`
///   fields writes its bytes for every value.
/// - **Integers.** Bigtable's only integer is the 8-byte `INT64`, whose
///   `BigEndianBytes` is two's complement: rowkey's default `i64` flips the
///   sign bit, and a `u64` above `i64::MAX` would read back negative, so
///   declare `#[twos_complement] i64` (the same bytes as a `u64` up to
///   `i64::MAX`). Bigtable documents that encoding's order for
///   non-negative values only, as rowkey's scans take one exact value of a
///   `#[twos_complement]` field.
/// - **A delimiter other than `0x00`.** The bytes still split exactly, but
///   Bigtable documents the fields' order (its sorted mode) only for values
///   with no byte at or below the delimiter; rowkey's scan builder likewise
///   takes one exact value, not a range, of such a field.
///
/// # Errors
/// [`Error::RowKeySchema`] naming the key, the field and why its bytes
/// are not what any Bigtable encoding writes.
pub fn row_key_schema<K: RowKey>() -> Result<Struct, Error> {
    let layout = K::LAYOUT;
    let refuse = |field: Option<&'static str>, reason: String| Error::RowKeySchema {
        key: layout.name,
        field,
        reason,
    };
    match layout.salt {
        Some(KeySalt::Md5 { .. }) => {
            return Err(refuse(
                None,
                "the struct-level MD5 salt (#[rowkey(salt(md5, ..))]) at the front of the key \
                 is no field of the struct, and Bigtable would read it as part of the first one"
                    .into(),
            ))
        }
        Some(KeySalt::JavaHash { .. }) => {
            return Err(refuse(
                None,
                "the struct-level salt byte (#[rowkey(salt(java_hash, ..))]) at the front of the \
                 key is no field of the struct, and Bigtable would read it as part of the first one"
                    .into(),
            ))
        }
        None => {}
    }
    for f in layout.fields {
        if let Some(reason) = prefix_refusal(f) {
            return Err(refuse(Some(f.name), reason));
        }
    }
    check_field_names::<K>(&[])?;
    let (fields, encoding) = match layout.fields {
        [one] => {
            if let Some(reason) = frame_refusal_single(one) {
                return Err(refuse(Some(one.name), reason));
            }
            let ty = scalar(one, layout.phoenix).map_err(|r| refuse(Some(one.name), r))?;
            (
                vec![field(one.name, ty)],
                r#struct::encoding::Encoding::Singleton(r#struct::encoding::Singleton {}),
            )
        }
        _ if layout.phoenix => (
            phoenix_fields(layout.fields).map_err(|(f, r)| refuse(Some(f), r))?,
            delimited(0x00),
        ),
        _ => {
            let (fields, byte) =
                delimited_fields(layout.fields).map_err(|(f, r)| refuse(Some(f), r))?;
            (fields, delimited(byte))
        }
    };
    Ok(Struct {
        fields,
        encoding: Some(r#struct::Encoding {
            encoding: Some(encoding),
        }),
    })
}

/// The bytes in front of a field's value, or a transform of every byte,
/// which no Bigtable field type reads.
fn prefix_refusal(f: &FieldLayout) -> Option<String> {
    if let Some(s) = f.salt {
        return Some(format!(
            "#[salt(md5, {})] writes hex characters before the value, which Bigtable would read \
             as part of it",
            s.chars
        ));
    }
    if let Some(n) = f.bucket {
        return Some(format!(
            "#[bucket({n})] writes a bucket before the value, which Bigtable would read as part \
             of it"
        ));
    }
    if f.desc {
        return Some(
            "#[desc] stores every byte inverted; Bigtable's encodings have no descending form"
                .into(),
        );
    }
    if f.optional {
        return Some(format!(
            "{} writes a presence byte (or, in a Phoenix key, nothing for a NULL); Bigtable's \
             row-key schema has no encoding for an absent value",
            f.ty
        ));
    }
    None
}

/// A lone field's frame: anything after its value would be read as part
/// of it.
fn frame_refusal_single(f: &FieldLayout) -> Option<String> {
    match f.frame {
        Frame::Pad { width, .. } => Some(format!(
            "#[pad({width})] pads the value to {width} bytes, and Bigtable would read the pad \
             bytes as part of it; drop the #[pad] on a lone field"
        )),
        Frame::Delim { .. } => Some(
            "#[delim] writes a byte after the value, and Bigtable would read it as part of it; \
             drop the #[delim] on a lone field"
                .into(),
        ),
        _ => None,
    }
}

/// The field's Bigtable type when its body is exactly that type's
/// encoding of the value, read alone (`Singleton`).
fn scalar(f: &FieldLayout, phoenix: bool) -> Result<Type, String> {
    match f.encoding {
        Encoding::Utf8 | Encoding::Digits { .. } => Ok(string_type()),
        Encoding::Bytes | Encoding::ByteArray { .. } => Ok(bytes_type()),
        Encoding::Twos { bytes: 8 } => Ok(int64_type()),
        // Phoenix's UNSIGNED_LONG refuses values above i64::MAX (as
        // rowkey's Phoenix keys do), so its bytes are INT64's.
        Encoding::Unsigned { bytes: 8 } if phoenix => Ok(int64_type()),
        other => Err(encoding_refusal(f, other)),
    }
}

/// Why a body is no Bigtable type's encoding of the value.
fn encoding_refusal(f: &FieldLayout, e: Encoding) -> String {
    let ty = f.ty;
    match e {
        Encoding::Unsigned { bytes: 8 } => format!(
            "{ty} is written as 8 bytes big-endian, which Bigtable's INT64 BigEndianBytes reads as \
             two's complement: a value above i64::MAX would read back negative; declare the \
             field `#[twos_complement] i64` (the same bytes for 0..=i64::MAX)"
        ),
        Encoding::SignFlipped { bytes: 8 } => format!(
            "{ty} is written big-endian with the sign bit flipped (to sort negative values \
             first), where Bigtable's INT64 BigEndianBytes is plain two's complement; \
             #[twos_complement] writes Bigtable's bytes"
        ),
        Encoding::Unsigned { bytes }
        | Encoding::SignFlipped { bytes }
        | Encoding::Twos { bytes }
        | Encoding::LowBytes { bytes } => format!(
            "{ty} is written as {bytes} byte(s); Bigtable's only integer type in a row-key schema \
             is the 8-byte INT64: declare the field `#[twos_complement] i64`"
        ),
        Encoding::ReverseTimestamp | Encoding::ReverseTsDigits { .. } => {
            "#[reverse_ts] stores i64::MAX - ts, which Bigtable would read as the field's value"
                .into()
        }
        Encoding::Bool => "a BOOL field has no encoding in Bigtable's row-key schema, which \
                           needs one for every field"
            .into(),
        Encoding::Reversed { .. } => {
            "#[reverse] stores the bytes in reverse order; Bigtable would read them as the value"
                .into()
        }
        Encoding::Escaped { .. } => "#[escaped] writes OrderedCode escapes and a 0x00 0x01 \
             terminator; Bigtable's OrderedCodeBytes struct encoding differs (it does not escape \
             0xFF, writes an empty field as 0x00 0x00 and no terminator after the last field), \
             so no layout of #[escaped] fields has its bytes for every value"
            .into(),
        Encoding::Elements { .. } => {
            "a Vec<T> of elements is an ARRAY, which a row-key schema does not allow".into()
        }
        _ => format!(
            "{ty} is written by its own KeyPart impl, whose bytes no Bigtable type is known to \
             read"
        ),
    }
}

/// Fields joined by one `#[delim]` byte: `DelimitedBytes` when no field's
/// bytes can hold the delimiter.
fn delimited_fields(
    fields: &[FieldLayout],
) -> Result<(Vec<r#struct::Field>, u8), (&'static str, String)> {
    let Some(byte) = fields.first().and_then(|f| match f.frame {
        Frame::Delim { byte } => Some(byte),
        _ => None,
    }) else {
        let f = &fields[0];
        return Err((f.name, unjoined(f)));
    };
    let mut out = Vec::with_capacity(fields.len());
    let last = fields.len() - 1;
    for (i, f) in fields.iter().enumerate() {
        let digits = matches!(f.encoding, Encoding::Digits { .. });
        if i < last {
            match f.frame {
                Frame::Delim { byte: b } if b == byte => {}
                Frame::Delim { byte: b } => {
                    return Err((
                        f.name,
                        format!(
                            "its delimiter {} differs from the first field's {}; Bigtable's \
                             DelimitedBytes joins every field with one delimiter",
                            show(b),
                            show(byte)
                        ),
                    ))
                }
                _ => return Err((f.name, unjoined(f))),
            }
            if byte.is_ascii_digit() && digits {
                return Err((f.name, digits_hold(byte)));
            }
            // rowkey refuses the delimiter in a #[delim] string or byte
            // string, so its bytes never hold it.
            match f.encoding {
                Encoding::Utf8 | Encoding::Digits { .. } => out.push(field(f.name, string_type())),
                Encoding::Bytes => out.push(field(f.name, bytes_type())),
                Encoding::ByteArray { .. }
                | Encoding::Unsigned { .. }
                | Encoding::SignFlipped { .. }
                | Encoding::Twos { .. }
                | Encoding::LowBytes { .. }
                | Encoding::ReverseTimestamp
                | Encoding::Bool => {
                    return Err((
                        f.name,
                        format!(
                            "{} is written as fixed-width binary, whose bytes may hold the \
                             delimiter {} that Bigtable's DelimitedBytes splits on",
                            f.ty,
                            show(byte)
                        ),
                    ))
                }
                other => return Err((f.name, encoding_refusal(f, other))),
            }
        } else {
            match (f.frame, f.encoding) {
                (Frame::Last, Encoding::Digits { .. }) if !byte.is_ascii_digit() => {
                    out.push(field(f.name, string_type()));
                }
                (Frame::Last, Encoding::Digits { .. }) => return Err((f.name, digits_hold(byte))),
                (Frame::Last, Encoding::Utf8 | Encoding::Bytes) => {
                    return Err((
                        f.name,
                        format!(
                            "the last field may hold the delimiter {} (rowkey refuses it only in \
                             a #[delim] field), which Bigtable's DelimitedBytes would read as \
                             another field boundary; end the key with a #[decimal] field, or use \
                             #[rowkey(phoenix)] String columns, whose last one refuses 0x00",
                            show(byte)
                        ),
                    ))
                }
                (Frame::Delim { .. }, _) => {
                    return Err((
                        f.name,
                        "the last field's #[delim] ends the key with a delimiter, which \
                         Bigtable's DelimitedBytes would read as one more, empty, field; drop \
                         it"
                        .into(),
                    ))
                }
                (Frame::Pad { width, .. }, _) => {
                    return Err((
                        f.name,
                        format!(
                            "#[pad({width})] pads the last value, and Bigtable would read the \
                             pad bytes as part of it"
                        ),
                    ))
                }
                (_, other) => return Err((f.name, last_refusal(f, other, byte))),
            }
        }
    }
    Ok((out, byte))
}

/// Why a last field after delimited ones, unframed, does not map.
fn last_refusal(f: &FieldLayout, e: Encoding, byte: u8) -> String {
    match e {
        Encoding::Unsigned { .. }
        | Encoding::SignFlipped { .. }
        | Encoding::Twos { .. }
        | Encoding::LowBytes { .. }
        | Encoding::ReverseTimestamp
        | Encoding::Bool
        | Encoding::ByteArray { .. } => format!(
            "{} is written as fixed-width binary, whose bytes may hold the delimiter {} that \
             Bigtable's DelimitedBytes splits on",
            f.ty,
            show(byte)
        ),
        _ => encoding_refusal(f, e),
    }
}

/// A field not followed by a delimiter.
fn unjoined(f: &FieldLayout) -> String {
    if let Encoding::Escaped { .. } = f.encoding {
        return encoding_refusal(f, f.encoding);
    }
    let how = match f.frame {
        Frame::Pad { width, .. } => format!("padded to {width} bytes"),
        _ => "written with no delimiter after it".into(),
    };
    format!(
        "{} is {how}; Bigtable's struct encodings join fields with a delimiter (DelimitedBytes) \
         or an escaped separator (OrderedCodeBytes), so give every field but the last the same \
         #[delim(b'..')]",
        f.ty
    )
}

fn digits_hold(byte: u8) -> String {
    format!(
        "its digits may hold the delimiter {}; delimit with a byte that is no digit",
        show(byte)
    )
}

/// A Phoenix key of non-null ASC VARCHAR columns: Phoenix writes `0x00`
/// between them and refuses `0x00` and the empty string in every one, the
/// last included, so the key is `DelimitedBytes` of `0x00`.
fn phoenix_fields(fields: &[FieldLayout]) -> Result<Vec<r#struct::Field>, (&'static str, String)> {
    fields
        .iter()
        .map(|f| match f.encoding {
            Encoding::Utf8 if !matches!(f.frame, Frame::Pad { .. }) => {
                Ok(field(f.name, string_type()))
            }
            _ => Err((
                f.name,
                format!(
                    "a Phoenix key maps only when every column is a non-null ASC VARCHAR \
                     (String), which Phoenix joins with 0x00 and refuses 0x00 in; {} is written \
                     {}",
                    f.ty,
                    if matches!(f.frame, Frame::Pad { .. }) {
                        "as a space-padded CHAR"
                    } else {
                        "without a separator, so its bytes may hold 0x00"
                    }
                ),
            )),
        })
        .collect()
}

fn show(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("b'{}'", char::from(byte))
    } else {
        format!("0x{byte:02X}")
    }
}

fn field(name: &str, ty: Type) -> r#struct::Field {
    r#struct::Field {
        field_name: name.to_owned(),
        r#type: Some(ty),
    }
}

fn delimited(byte: u8) -> r#struct::encoding::Encoding {
    r#struct::encoding::Encoding::DelimitedBytes(r#struct::encoding::DelimitedBytes {
        delimiter: vec![byte],
    })
}

fn string_type() -> Type {
    Type {
        kind: Some(Kind::StringType(r#type::String {
            encoding: Some(string::Encoding {
                encoding: Some(string::encoding::Encoding::Utf8Bytes(
                    string::encoding::Utf8Bytes {},
                )),
            }),
        })),
    }
}

fn bytes_type() -> Type {
    Type {
        kind: Some(Kind::BytesType(r#type::Bytes {
            encoding: Some(bytes::Encoding {
                encoding: Some(bytes::encoding::Encoding::Raw(bytes::encoding::Raw {})),
            }),
        })),
    }
}

fn int64_type() -> Type {
    Type {
        kind: Some(Kind::Int64Type(r#type::Int64 {
            encoding: Some(int64::Encoding {
                encoding: Some(int64::encoding::Encoding::BigEndianBytes(
                    int64::encoding::BigEndianBytes::default(),
                )),
            }),
        })),
    }
}

/// Bigtable's rules for the schema's field names (the admin API's
/// `Table.row_key_schema`): not `_key` or `_timestamp`, and, given the
/// table's column families, none of theirs.
pub(crate) fn check_field_names<K: RowKey>(families: &[&str]) -> Result<(), Error> {
    for f in K::LAYOUT.fields {
        let reason = if f.name == "_key" || f.name == "_timestamp" {
            format!(
                "`{}` is a reserved name in Bigtable's row-key schema; rename the field",
                f.name
            )
        } else if families.contains(&f.name) {
            format!(
                "a row-key schema field may not share its name with column family `{}`; rename \
                 the field or the family",
                f.name
            )
        } else {
            continue;
        };
        return Err(Error::RowKeySchema {
            key: K::NAME,
            field: Some(f.name),
            reason,
        });
    }
    Ok(())
}
