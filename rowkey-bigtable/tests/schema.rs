//! Bigtable's structured row-key schema from a key's layout.
//!
//! The emulator accepts a schema but keeps none, so the schema is checked
//! here as a protobuf value against the encodings as the admin API's
//! `types.proto` documents them (quoted at each rule below): a reader and a
//! writer of those documented encodings, applied to the generated schema,
//! must give back every key's field values and write the key's own bytes.
//! Each refused layout comes with a value whose bytes the documented
//! encoding reads or writes otherwise.

mod common;

use rowkey::RowKey;
use rowkey_bigtable::schema::r#type::{bytes, int64, r#struct, string, Kind};
use rowkey_bigtable::schema::{row_key_schema, Struct, Type};
use rowkey_bigtable::Error;

// ---------------------------------------------------------------------------
// The documented encodings, as a reference.

#[derive(Debug, Clone, PartialEq)]
enum Val {
    Str(String),
    Bytes(Vec<u8>),
    Int(i64),
}

/// Reads one field's bytes by its type's encoding.
fn read_scalar(ty: &Type, b: &[u8]) -> Option<Val> {
    match ty.kind.as_ref()? {
        // String.Utf8Bytes: "UTF-8 encoding", "Compatible with ... HBase
        // `Bytes.toBytes`".
        Kind::StringType(s) => match s.encoding?.encoding? {
            string::encoding::Encoding::Utf8Bytes(_) => {
                String::from_utf8(b.to_vec()).ok().map(Val::Str)
            }
            #[allow(deprecated)]
            string::encoding::Encoding::Utf8Raw(_) => None,
        },
        // Bytes.Raw: "Leaves the value as-is."
        Kind::BytesType(t) => match t.encoding?.encoding? {
            bytes::encoding::Encoding::Raw(_) => Some(Val::Bytes(b.to_vec())),
        },
        // Int64.BigEndianBytes: "Encodes the value as an 8-byte big-endian
        // two's complement value."
        Kind::Int64Type(t) => match t.encoding?.encoding? {
            int64::encoding::Encoding::BigEndianBytes(_) => {
                Some(Val::Int(i64::from_be_bytes(b.try_into().ok()?)))
            }
            int64::encoding::Encoding::OrderedCodeBytes(_) => None,
        },
        _ => None,
    }
}

fn write_scalar(v: &Val) -> Vec<u8> {
    match v {
        Val::Str(s) => s.as_bytes().to_vec(),
        Val::Bytes(b) => b.clone(),
        Val::Int(i) => i.to_be_bytes().to_vec(),
    }
}

fn struct_encoding(s: &Struct) -> r#struct::encoding::Encoding {
    s.encoding.clone().unwrap().encoding.unwrap()
}

/// Reads a row key as the schema's struct.
fn read_key(s: &Struct, key: &[u8]) -> Option<Vec<Val>> {
    let types: Vec<&Type> = s
        .fields
        .iter()
        .map(|f| f.r#type.as_ref().unwrap())
        .collect();
    match struct_encoding(s) {
        // Singleton: "Uses the encoding of `fields[0].type` as-is. Only
        // valid if `fields.size == 1`."
        r#struct::encoding::Encoding::Singleton(_) => {
            assert_eq!(types.len(), 1, "Singleton is only valid for one field");
            Some(vec![read_scalar(types[0], key)?])
        }
        // DelimitedBytes: "Fields are encoded independently and
        // concatenated with a configurable `delimiter` in between."
        // Distinct mode: "Encoded field values must not contain
        // `delimiter[0]`": so the key splits at every delimiter.
        r#struct::encoding::Encoding::DelimitedBytes(d) => {
            assert_eq!(d.delimiter.len(), 1);
            let parts: Vec<&[u8]> = key.split(|&b| b == d.delimiter[0]).collect();
            if parts.len() != types.len() {
                return None;
            }
            types
                .iter()
                .zip(parts)
                .map(|(t, p)| read_scalar(t, p))
                .collect()
        }
        r#struct::encoding::Encoding::OrderedCodeBytes(_) => None,
    }
}

/// Writes field values as the schema's struct.
fn write_key(s: &Struct, vals: &[Val]) -> Vec<u8> {
    match struct_encoding(s) {
        r#struct::encoding::Encoding::Singleton(_) => write_scalar(&vals[0]),
        r#struct::encoding::Encoding::DelimitedBytes(d) => {
            let parts: Vec<Vec<u8>> = vals.iter().map(write_scalar).collect();
            parts.join(&d.delimiter[..])
        }
        r#struct::encoding::Encoding::OrderedCodeBytes(_) => ordered_code(vals),
    }
}

/// Struct.OrderedCodeBytes: "Fields are encoded independently and
/// concatenated with the fixed byte pair {0x00, 0x01} in between. Any null
/// (0x00) byte in an encoded field is replaced by the fixed byte pair
/// {0x00, 0xFF}." Empty fields: "the STRUCT only encodes until the last
/// non-empty field ... Any empty fields that aren't omitted are replaced
/// with the fixed byte pair {0x00, 0x00}."
fn ordered_code(vals: &[Val]) -> Vec<u8> {
    let fields: Vec<Vec<u8>> = vals.iter().map(write_scalar).collect();
    let Some(last) = fields.iter().rposition(|f| !f.is_empty()) else {
        return vec![0, 0];
    };
    let mut out = Vec::new();
    for (i, f) in fields[..=last].iter().enumerate() {
        if i > 0 {
            out.extend([0x00, 0x01]);
        }
        if f.is_empty() {
            out.extend([0x00, 0x00]);
        }
        for &b in f {
            if b == 0 {
                out.extend([0x00, 0xFF]);
            } else {
                out.push(b);
            }
        }
    }
    out
}

fn string_t() -> Type {
    Type {
        kind: Some(Kind::StringType(rowkey_bigtable::schema::r#type::String {
            encoding: Some(string::Encoding {
                encoding: Some(string::encoding::Encoding::Utf8Bytes(
                    string::encoding::Utf8Bytes {},
                )),
            }),
        })),
    }
}

fn bytes_t() -> Type {
    Type {
        kind: Some(Kind::BytesType(rowkey_bigtable::schema::r#type::Bytes {
            encoding: Some(bytes::Encoding {
                encoding: Some(bytes::encoding::Encoding::Raw(bytes::encoding::Raw {})),
            }),
        })),
    }
}

fn int64_t() -> Type {
    Type {
        kind: Some(Kind::Int64Type(rowkey_bigtable::schema::r#type::Int64 {
            encoding: Some(int64::Encoding {
                encoding: Some(int64::encoding::Encoding::BigEndianBytes(
                    int64::encoding::BigEndianBytes::default(),
                )),
            }),
        })),
    }
}

fn schema(fields: &[(&str, Type)], encoding: r#struct::encoding::Encoding) -> Struct {
    Struct {
        fields: fields
            .iter()
            .map(|(n, t)| r#struct::Field {
                field_name: (*n).to_owned(),
                r#type: Some(t.clone()),
            })
            .collect(),
        encoding: Some(r#struct::Encoding {
            encoding: Some(encoding),
        }),
    }
}

fn singleton() -> r#struct::encoding::Encoding {
    r#struct::encoding::Encoding::Singleton(r#struct::encoding::Singleton {})
}

fn delimited(d: u8) -> r#struct::encoding::Encoding {
    r#struct::encoding::Encoding::DelimitedBytes(r#struct::encoding::DelimitedBytes {
        delimiter: vec![d],
    })
}

/// The key's bytes are what the documented encoding writes for its field
/// values, and read back to them.
fn agrees<K: RowKey>(key: &K, s: &Struct, vals: &[Val]) {
    let bytes = key.to_vec().unwrap();
    assert_eq!(write_key(s, vals), bytes, "{vals:?}");
    assert_eq!(read_key(s, &bytes).as_deref(), Some(vals), "{vals:?}");
}

fn s(v: &str) -> Val {
    Val::Str(v.to_owned())
}

/// Strings built from bytes that include the delimiters and 0x00 (which
/// the layouts refuse where they must) and multi-byte UTF-8.
fn texts() -> Vec<String> {
    let mut rng = common::Rng(7);
    let alphabet = ['a', 'Z', '0', ' ', '#', '\0', '_', 'é', '淘', '\u{7f}'];
    let mut out = vec![String::new(), "web01".to_owned()];
    for _ in 0..300 {
        let n = rng.below(6) as usize;
        out.push((0..n).map(|_| alphabet[rng.below(10) as usize]).collect());
    }
    out
}

// ---------------------------------------------------------------------------
// Layouts that map.

#[derive(RowKey, Debug, PartialEq)]
struct Name {
    name: String,
}

#[derive(RowKey, Debug, PartialEq)]
struct Id {
    id: [u8; 16],
}

#[derive(RowKey, Debug, PartialEq)]
struct Blob<'a> {
    blob: &'a [u8],
}

#[derive(RowKey, Debug, PartialEq)]
struct Signed {
    #[twos_complement]
    v: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Day {
    #[decimal(8)]
    day: u32,
}

#[derive(RowKey, Debug, PartialEq)]
struct Order<'a> {
    #[delim(b'#')]
    user: &'a str,
    #[delim(b'#')]
    blob: Vec<u8>,
    #[decimal(10)]
    day: u32,
}

#[derive(RowKey, Debug, PartialEq)]
struct NulJoined {
    #[delim]
    region: String,
    #[decimal]
    #[delim]
    shard: u32,
    #[decimal]
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix)]
struct PhxNames {
    org: String,
    dept: String,
    name: String,
}

#[test]
fn a_lone_field_is_a_singleton_of_its_type() {
    let cases = [
        (row_key_schema::<Name>().unwrap(), string_t()),
        (row_key_schema::<Id>().unwrap(), bytes_t()),
        (row_key_schema::<Blob<'static>>().unwrap(), bytes_t()),
        (row_key_schema::<Signed>().unwrap(), int64_t()),
        (row_key_schema::<Day>().unwrap(), string_t()),
    ];
    let names = ["name", "id", "blob", "v", "day"];
    for ((got, ty), name) in cases.into_iter().zip(names) {
        assert_eq!(got, schema(&[(name, ty)], singleton()));
    }
    for t in texts() {
        if t.is_empty() {
            // No row has an empty key.
            assert!(Name { name: t }.to_vec().is_err());
            continue;
        }
        agrees(
            &Name { name: t.clone() },
            &row_key_schema::<Name>().unwrap(),
            &[s(&t)],
        );
        let b = t.as_bytes();
        agrees(
            &Blob { blob: b },
            &row_key_schema::<Blob<'static>>().unwrap(),
            &[Val::Bytes(b.to_vec())],
        );
    }
    let mut rng = common::Rng(1);
    let sch = row_key_schema::<Signed>().unwrap();
    for v in [0, 1, -1, i64::MIN, i64::MAX]
        .into_iter()
        .chain((0..200).map(|_| rng.next() as i64))
    {
        agrees(&Signed { v }, &sch, &[Val::Int(v)]);
    }
    let id = *b"\x00\xff#0123456789ab\x01";
    agrees(
        &Id { id },
        &row_key_schema::<Id>().unwrap(),
        &[Val::Bytes(id.to_vec())],
    );
    // #[decimal(8)]: the digits, read as a STRING.
    agrees(
        &Day { day: 20_240_430 },
        &row_key_schema::<Day>().unwrap(),
        &[s("20240430")],
    );
    agrees(
        &Day { day: 7 },
        &row_key_schema::<Day>().unwrap(),
        &[s("00000007")],
    );
}

#[test]
fn delimited_fields_are_delimited_bytes() {
    let sch = row_key_schema::<Order<'static>>().unwrap();
    assert_eq!(
        sch,
        schema(
            &[
                ("user", string_t()),
                ("blob", bytes_t()),
                ("day", string_t())
            ],
            delimited(b'#'),
        )
    );
    let mut tried = 0;
    for (i, t) in texts().into_iter().enumerate() {
        let key = Order {
            user: &t,
            blob: t.as_bytes().iter().rev().copied().collect(),
            day: i as u32 * 7919,
        };
        // rowkey refuses the delimiter in a #[delim] field: the keys that
        // encode are those whose fields hold none.
        if key.to_vec().is_err() {
            assert!(t.contains('#'), "{t:?}");
            continue;
        }
        tried += 1;
        let vals = [
            s(&t),
            Val::Bytes(key.blob.clone()),
            s(&format!("{:010}", key.day)),
        ];
        agrees(&key, &sch, &vals);
    }
    assert!(tried > 100, "{tried}");
}

#[test]
fn nul_delimiters_and_phoenix_varchars_are_delimited_by_0x00() {
    let sch = row_key_schema::<NulJoined>().unwrap();
    assert_eq!(
        sch,
        schema(
            &[
                ("region", string_t()),
                ("shard", string_t()),
                ("n", string_t())
            ],
            delimited(0x00),
        )
    );
    let phx = row_key_schema::<PhxNames>().unwrap();
    assert_eq!(
        phx,
        schema(
            &[
                ("org", string_t()),
                ("dept", string_t()),
                ("name", string_t())
            ],
            delimited(0x00),
        )
    );
    let mut tried = 0;
    for t in texts() {
        let key = NulJoined {
            region: t.clone(),
            shard: 3,
            n: u64::MAX,
        };
        match key.to_vec() {
            Ok(_) => agrees(&key, &sch, &[s(&t), s("3"), s(&u64::MAX.to_string())]),
            Err(_) => assert!(t.contains('\0'), "{t:?}"),
        }
        // Phoenix refuses 0x00 and the empty string in every VARCHAR, the
        // last one included.
        let key = PhxNames {
            org: "acme".into(),
            dept: t.clone(),
            name: t.clone(),
        };
        match key.to_vec() {
            Ok(_) => {
                tried += 1;
                agrees(&key, &phx, &[s("acme"), s(&t), s(&t)]);
            }
            Err(_) => assert!(t.is_empty() || t.contains('\0'), "{t:?}"),
        }
    }
    assert!(tried > 100, "{tried}");
}

// ---------------------------------------------------------------------------
// Layouts that do not map: each refused, naming the field, with a value
// whose bytes the documented encoding reads otherwise.

#[derive(RowKey, Debug, PartialEq)]
struct Unsigned {
    id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Flipped {
    id: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct LastText<'a> {
    #[delim(b'#')]
    tenant: &'a str,
    user: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct Escaped {
    #[escaped]
    name: String,
    #[decimal]
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Binary {
    host: [u8; 4],
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Padded<'a> {
    #[pad(8)]
    host: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct Salted<'a> {
    #[salt(md5, 4, delim = b'#')]
    #[delim(b'#')]
    user: &'a str,
    #[decimal]
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Bucketed {
    #[bucket(16)]
    #[decimal(10)]
    #[delim(b'#')]
    ts: u64,
    #[decimal]
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 4, fields(user), delim = b'#'))]
struct KeySalted<'a> {
    #[delim(b'#')]
    user: &'a str,
    #[decimal]
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 4))]
struct PhxSalted {
    org: String,
    name: String,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix)]
struct PhxInt {
    org: String,
    id: i32,
}

#[derive(RowKey, Debug, PartialEq)]
struct RevTs {
    #[reverse_ts]
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Desc {
    #[desc]
    name: String,
}

#[derive(RowKey, Debug, PartialEq)]
struct Optional {
    #[delim(b'#')]
    a: String,
    #[decimal]
    b: Option<u32>,
}

#[derive(RowKey, Debug, PartialEq)]
struct MixedDelims<'a> {
    #[delim(b'#')]
    a: &'a str,
    #[delim(b'_')]
    b: &'a str,
    #[decimal]
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct TrailingDelim<'a> {
    #[delim(b'#')]
    a: &'a str,
    #[delim(b'#')]
    b: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct IntInside<'a> {
    #[delim(b'#')]
    a: &'a str,
    #[twos_complement]
    #[delim(b'#')]
    v: i64,
    #[decimal]
    n: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct DigitDelim {
    #[decimal]
    #[delim(b'0')]
    a: u64,
    #[decimal]
    b: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct LastBinary<'a> {
    #[delim(b'#')]
    host: &'a str,
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct LastPadded<'a> {
    #[delim(b'#')]
    host: &'a str,
    #[pad(4)]
    code: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct Reserved {
    _key: String,
}

fn refused<K: RowKey>() -> (Option<&'static str>, String) {
    match row_key_schema::<K>().unwrap_err() {
        Error::RowKeySchema { key, field, reason } => {
            assert_eq!(key, K::NAME);
            (field, reason)
        }
        other => panic!("{other}"),
    }
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix)]
struct PhxId {
    id: u64,
}

#[test]
fn integers_map_only_as_twos_complement_i64() {
    // Phoenix's UNSIGNED_LONG refuses what INT64 would read as negative.
    let sch = row_key_schema::<PhxId>().unwrap();
    assert_eq!(sch, schema(&[("id", int64_t())], singleton()));
    for id in [0, 1, 1 << 40, i64::MAX as u64] {
        agrees(&PhxId { id }, &sch, &[Val::Int(id as i64)]);
    }
    assert!(PhxId {
        id: i64::MAX as u64 + 1
    }
    .to_vec()
    .is_err());

    let (field, why) = refused::<Unsigned>();
    assert_eq!(field, Some("id"));
    assert!(
        why.contains("above i64::MAX") && why.contains("#[twos_complement] i64"),
        "{why}"
    );
    // Int64.BigEndianBytes reads u64::MAX's bytes as -1.
    let bytes = Unsigned { id: u64::MAX }.to_vec().unwrap();
    assert_eq!(read_scalar(&int64_t(), &bytes), Some(Val::Int(-1)));
    // A #[twos_complement] i64 writes a u64's bytes up to i64::MAX.
    for v in [0u64, 1, 1 << 40, i64::MAX as u64] {
        assert_eq!(
            Unsigned { id: v }.to_vec().unwrap(),
            Signed { v: v as i64 }.to_vec().unwrap()
        );
    }

    let (field, why) = refused::<Flipped>();
    assert_eq!(field, Some("id"));
    assert!(why.contains("sign bit flipped"), "{why}");
    let bytes = Flipped { id: 0 }.to_vec().unwrap();
    assert_eq!(read_scalar(&int64_t(), &bytes), Some(Val::Int(i64::MIN)));

    let (field, why) = refused::<RevTs>();
    assert_eq!(field, Some("ts"));
    assert!(why.contains("i64::MAX - ts"), "{why}");

    let (field, why) = refused::<IntInside<'static>>();
    assert_eq!(field, Some("v"));
    assert!(why.contains("may hold the delimiter b'#'"), "{why}");
    // 0x23 is '#': the value's own byte splits the key.
    let k = IntInside {
        a: "a",
        v: 0x23,
        n: 1,
    };
    let sch = schema(
        &[("a", string_t()), ("v", int64_t()), ("n", string_t())],
        delimited(b'#'),
    );
    assert_eq!(read_key(&sch, &k.to_vec().unwrap()), None);
}

#[test]
fn a_last_field_that_may_hold_the_delimiter_is_refused() {
    let (field, why) = refused::<LastText<'static>>();
    assert_eq!(field, Some("user"));
    assert!(why.contains("may hold the delimiter b'#'"), "{why}");
    assert!(why.contains("#[decimal]"), "the fix: {why}");
    // rowkey writes "t#u#v", which DelimitedBytes of two fields cannot
    // read back as ("t", "u#v").
    let k = LastText {
        tenant: "t",
        user: "u#v",
    };
    let sch = schema(
        &[("tenant", string_t()), ("user", string_t())],
        delimited(b'#'),
    );
    assert_eq!(read_key(&sch, &k.to_vec().unwrap()), None);

    let (field, why) = refused::<TrailingDelim<'static>>();
    assert_eq!(field, Some("b"));
    assert!(why.contains("one more, empty, field"), "{why}");

    let (field, why) = refused::<MixedDelims<'static>>();
    assert_eq!(field, Some("b"));
    assert!(
        why.contains("b'_' differs from the first field's b'#'"),
        "{why}"
    );

    let (field, why) = refused::<DigitDelim>();
    assert_eq!(field, Some("a"));
    assert!(why.contains("digits may hold the delimiter b'0'"), "{why}");
}

#[test]
fn escaped_fields_are_not_ordered_code_bytes() {
    let (field, why) = refused::<Escaped>();
    assert_eq!(field, Some("name"));
    assert!(why.contains("OrderedCodeBytes"), "{why}");
    // The documented OrderedCodeBytes struct writes an empty field as
    // 0x00 0x00 before its separator; #[escaped] writes its terminator.
    let k = Escaped {
        name: String::new(),
        n: 7,
    };
    assert_eq!(k.to_vec().unwrap(), b"\x00\x017");
    assert_eq!(ordered_code(&[s(""), s("7")]), b"\x00\x00\x00\x017");
    // Non-empty (and before a last field of digits, which needs no
    // terminator: a last #[escaped] field would end in one), the bytes
    // agree: UTF-8 never holds the 0xFF that only #[escaped] escapes. The
    // empty string alone differs, and rowkey accepts it, so the layout is
    // refused.
    let k = Escaped {
        name: "a\0b".into(),
        n: 7,
    };
    assert_eq!(k.to_vec().unwrap(), ordered_code(&[s("a\0b"), s("7")]));
}

#[test]
fn prefixes_frames_and_transforms_are_refused() {
    type Refusal = fn() -> (Option<&'static str>, String);
    let cases: [(Refusal, Option<&str>, &str); 13] = [
        (
            refused::<Binary>,
            Some("host"),
            "written with no delimiter after it",
        ),
        (refused::<Padded<'static>>, Some("host"), "#[pad(8)]"),
        (refused::<Salted<'static>>, Some("user"), "#[salt(md5, 4)]"),
        (refused::<Bucketed>, Some("ts"), "#[bucket(16)]"),
        (refused::<KeySalted<'static>>, None, "struct-level MD5 salt"),
        (refused::<PhxSalted>, None, "java_hash"),
        (refused::<PhxInt>, Some("id"), "non-null ASC VARCHAR"),
        (refused::<Desc>, Some("name"), "#[desc]"),
        (refused::<Optional>, Some("b"), "presence byte"),
        (refused::<Reserved>, Some("_key"), "reserved"),
        (refused::<Padded<'static>>, Some("host"), "drop the #[pad]"),
        (
            refused::<LastBinary<'static>>,
            Some("ts"),
            "fixed-width binary",
        ),
        (
            refused::<LastPadded<'static>>,
            Some("code"),
            "pads the last value",
        ),
    ];
    for (f, field, says) in cases {
        let (got, why) = f();
        assert_eq!(got, field, "{why}");
        assert!(why.contains(says), "{says:?} in {why}");
    }
    // The message names the key and the field.
    let err = row_key_schema::<Salted<'static>>().unwrap_err().to_string();
    assert!(
        err.starts_with("Salted: no Bigtable row-key schema, field `user`: "),
        "{err}"
    );
    let err = row_key_schema::<KeySalted<'static>>()
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("KeySalted: no Bigtable row-key schema: "),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// On the emulator.

#[tokio::test]
async fn create_table_sends_the_schema_and_refuses_before_sending() {
    let env = common::env();
    let t = env
        .bt
        .create_table_with_schema::<Order<'static>, u64>("orders", &["d"], 1)
        .await
        .expect("the emulator accepts a CreateTable with a row-key schema");
    // It keeps none: a real instance returns what was sent.
    let kept = env.bt.row_key_schema("orders").await.unwrap();
    assert!(
        kept.is_none() || kept == Some(row_key_schema::<Order<'static>>().unwrap()),
        "{kept:?}"
    );
    let key = Order {
        user: "u1",
        blob: vec![0, 1],
        day: 20_240_430,
    };
    t.put(&key, &5).await.unwrap();
    assert_eq!(t.get(&key).await.unwrap(), Some(5));

    // A layout that does not map: refused, and no table is created.
    let err = env
        .bt
        .create_table_with_schema::<Unsigned, u64>("ids", &["d"], 1)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::RowKeySchema {
                field: Some("id"),
                ..
            }
        ),
        "{err}"
    );
    let gone = env.bt.row_key_schema("ids").await.unwrap_err();
    assert!(
        matches!(&gone, Error::Admin(s) if s.code() == tonic::Code::NotFound),
        "{gone}"
    );

    // A field named as a column family is refused too.
    let err = env
        .bt
        .create_table_with_schema::<Order<'static>, u64>("orders2", &["d", "user"], 1)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::RowKeySchema { field: Some("user"), reason, .. } if reason.contains("column family")),
        "{err}"
    );
    assert!(env.bt.row_key_schema("orders2").await.is_err());
}
