//! `RowKey::LAYOUT`: the layout as data agrees with the attributes it was
//! derived from and with the bytes the key writes, and `explain` labels its
//! segments from it.

use rowkey::layout::{Encoding, FieldSalt, Frame, KeySalt};
use rowkey::{RowKey, Spread};

#[derive(RowKey, Debug, PartialEq)]
struct Metric<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    host: &'a str,
    #[delim(b'_')]
    metric: String,
    #[reverse_ts]
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Every {
    #[bucket(300)]
    a: u32,
    b: i16,
    #[twos_complement]
    c: i64,
    d: bool,
    e: [u8; 6],
    #[escaped]
    f: Vec<u8>,
    #[reverse]
    #[pad(8, b' ')]
    g: String,
    #[decimal(10)]
    h: u64,
    #[reverse_ts]
    #[decimal(19)]
    i: u64,
    #[width(3)]
    j: u32,
    #[desc]
    k: u16,
    l: Option<u32>,
    #[spread(16)]
    m: u8,
    n: uuid::Uuid,
    #[decimal]
    #[delim(b'#')]
    o: u32,
    r#type: Vec<[u8; 6]>,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 6, fields(kind, uid), delim = b'_'))]
struct MultiSalted<'a> {
    #[delim(b'_')]
    uid: &'a str,
    kind: u8,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 16))]
struct Phx<'a> {
    org: &'a str,
    id: i32,
    #[desc]
    name: String,
    alias: Option<&'a str>,
}

#[test]
fn fields_carry_names_types_encodings_frames_and_widths() {
    let l = Metric::LAYOUT;
    assert_eq!(l.name, "Metric");
    assert_eq!(l.spread, Spread::HexSalt { chars: 4 });
    assert_eq!(l.spread, Metric::SPREAD);
    assert_eq!((l.salt, l.phoenix), (None, false));
    let names: Vec<_> = l.fields.iter().map(|f| (f.name, f.ty)).collect();
    assert_eq!(
        names,
        [("host", "&'a str"), ("metric", "String"), ("ts", "u64")]
    );
    let host = &l.fields[0];
    assert_eq!(host.encoding, Encoding::Utf8);
    assert_eq!(host.frame, Frame::Pad { width: 16, byte: 0 });
    assert_eq!(
        host.salt,
        Some(FieldSalt {
            chars: 4,
            delim: None
        })
    );
    assert_eq!(host.width, Some(16), "the slot, without its salt");
    let metric = &l.fields[1];
    assert_eq!(
        (metric.encoding, metric.frame, metric.width),
        (Encoding::Utf8, Frame::Delim { byte: b'_' }, None)
    );
    let ts = &l.fields[2];
    assert_eq!(
        (ts.encoding, ts.frame, ts.width),
        (Encoding::ReverseTimestamp, Frame::Last, Some(8))
    );
    // The widths agree with the bytes written.
    let k = Metric {
        host: "web01",
        metric: "cpu".into(),
        ts: 7,
    };
    let bytes = k.to_vec().unwrap();
    assert_eq!(bytes.len(), 4 + 16 + "cpu_".len() + 8);
}

#[test]
fn every_encoding_and_attribute_is_recorded() {
    let f = Every::LAYOUT.fields;
    let enc: Vec<_> = f.iter().map(|f| f.encoding).collect();
    assert_eq!(
        enc,
        [
            Encoding::Unsigned { bytes: 4 },
            Encoding::SignFlipped { bytes: 2 },
            Encoding::Twos { bytes: 8 },
            Encoding::Bool,
            Encoding::ByteArray { len: 6 },
            Encoding::Escaped { utf8: false },
            Encoding::Reversed { utf8: true },
            Encoding::Digits { digits: Some(10) },
            Encoding::ReverseTsDigits { digits: Some(19) },
            Encoding::LowBytes { bytes: 3 },
            Encoding::Unsigned { bytes: 2 },
            Encoding::Unsigned { bytes: 4 },
            Encoding::Unsigned { bytes: 1 },
            Encoding::Part { width: Some(16) },
            Encoding::Digits { digits: None },
            Encoding::Elements { width: 6 },
        ]
    );
    assert_eq!(f[0].bucket, Some(300));
    assert_eq!(Every::LAYOUT.spread, Spread::Bucket { count: 300 });
    assert_eq!(
        f[6].frame,
        Frame::Pad {
            width: 8,
            byte: b' '
        }
    );
    assert!(f[10].desc && !f[9].desc);
    assert!(f[11].optional && !f[10].optional);
    assert_eq!(f[11].width, None, "an Option's slot is 1 or 5 bytes");
    assert_eq!(f[12].spread, Some(16));
    assert_eq!(f[14].frame, Frame::Delim { byte: b'#' });
    assert_eq!((f[15].name, f[15].ty), ("type", "Vec<[u8; 6]>"));
    assert_eq!(f[15].frame, Frame::Last);
    // The fixed slots' widths are the bytes the key gives them.
    let widths: Vec<_> = f.iter().map(|f| f.width).collect();
    assert_eq!(
        &widths[..5],
        [Some(4), Some(2), Some(8), Some(1), Some(6)],
        "the bucket byte is not the slot's"
    );
    assert_eq!(&widths[7..11], [Some(10), Some(19), Some(3), Some(2)]);
    for (i, field) in f.iter().enumerate() {
        let unframed_variable = matches!(
            field.encoding,
            Encoding::Escaped { .. } | Encoding::Digits { digits: None }
        ) || field.optional
            || i == f.len() - 1;
        assert_eq!(field.width.is_none(), unframed_variable, "{field}");
    }
}

#[test]
fn struct_level_salts_and_phoenix_columns() {
    let m = MultiSalted::LAYOUT;
    assert_eq!(
        m.salt,
        Some(KeySalt::Md5 {
            chars: 6,
            delim: Some(b'_'),
            fields: &["kind", "uid"],
        })
    );
    assert_eq!(m.spread, Spread::HexSalt { chars: 6 });
    let p = Phx::LAYOUT;
    assert!(p.phoenix);
    assert_eq!(
        p.salt,
        Some(KeySalt::JavaHash {
            buckets: 16,
            width: 1,
            fields: &[],
        })
    );
    let frames: Vec<_> = p.fields.iter().map(|f| f.frame).collect();
    assert_eq!(
        frames,
        [Frame::Separator, Frame::Bare, Frame::Separator, Frame::Last]
    );
    assert_eq!(p.fields[1].encoding, Encoding::SignFlipped { bytes: 4 });
    assert!(p.fields[2].desc && p.fields[3].optional);
    assert_eq!(p.fields[3].ty, "Option<&'a str>");
}

#[test]
fn layouts_print_one_line_per_field() {
    let text = Metric::LAYOUT.to_string();
    assert_eq!(text.lines().count(), 1 + 3, "{text}");
    assert!(text.starts_with("Metric\n"), "{text}");
    assert!(
        text.contains("host: &'a str, Utf8, pad(16, 0x00), salt(md5, 4), 16 bytes"),
        "{text}"
    );
    assert!(
        text.contains("metric: String, Utf8, delim(b'_'), variable width"),
        "{text}"
    );
    let text = MultiSalted::LAYOUT.to_string();
    assert!(
        text.contains("salt: md5 6 hex over [\"kind\", \"uid\"], delim b'_'"),
        "{text}"
    );
    let text = Phx::LAYOUT.to_string();
    assert!(text.starts_with("Phx (phoenix)\n"), "{text}");
    assert!(text.contains("java_hash % 16, 1 byte(s) over every byte after it"));
}

#[test]
fn explain_labels_fields_from_the_layout() {
    let k = Metric {
        host: "web01",
        metric: "cpu".into(),
        ts: 7,
    };
    let bytes = k.to_vec().unwrap();
    let e = Metric::explain(&bytes).unwrap();
    assert_eq!(e.layout(), Some(&Metric::LAYOUT));
    let segs = e.segments();
    assert_eq!(
        e.field(&segs[0]).map(|f| f.name),
        Some("host"),
        "the salt's field"
    );
    assert_eq!(e.field(&segs[3]), Some(&Metric::LAYOUT.fields[2]));
    let text = e.to_string();
    let lines: Vec<_> = text.lines().collect();
    assert!(lines[0].contains(" salt "), "{text}");
    assert!(lines[1].contains(" utf8 "), "{text}");
    assert!(lines[3].contains(" rev-ts "), "{text}");
    // A struct-level salt belongs to no field.
    let k = MultiSalted { uid: "u1", kind: 3 };
    let bytes = k.to_vec().unwrap();
    let e = MultiSalted::explain(&bytes).unwrap();
    assert_eq!(e.segments()[0].name, "salt");
    assert_eq!(e.field(&e.segments()[0]), None);
    // Built by hand, an explain has no layout and prints no labels.
    let seg = rowkey::Segment {
        name: "uid",
        kind: rowkey::SegmentKind::Field,
        start: 0,
        end: 2,
    };
    let e = rowkey::Explain::new(b"u1", [seg]).unwrap();
    assert_eq!((e.layout(), e.field(&seg)), (None, None));
}

/// Generic code reads the layout through the one `RowKey` bound.
fn field_names<K: RowKey>() -> Vec<&'static str> {
    K::LAYOUT.fields.iter().map(|f| f.name).collect()
}

#[test]
fn generic_code_reads_it_through_the_trait() {
    assert_eq!(field_names::<Metric<'static>>(), ["host", "metric", "ts"]);
    assert_eq!(
        field_names::<Phx<'static>>(),
        ["org", "id", "name", "alias"]
    );
    assert_eq!(<Phx<'static> as RowKey>::LAYOUT.name, "Phx");
}

/// A field type of no fixed width, its own bytes to the end of the key.
#[derive(Debug, PartialEq)]
struct Note(Vec<u8>);

impl rowkey::KeyPart for Note {
    const WIDTH: Option<usize> = None;
    fn encoded_len(&self) -> usize {
        self.0.len()
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(&self.0);
        Ok(())
    }
}

impl rowkey::DecodePart<'_> for Note {
    fn decode_part(bytes: &[u8]) -> Result<Self, rowkey::ErrorKind> {
        Ok(Note(bytes.to_vec()))
    }
}

/// The encodings, frames and attributes `Every` and `Metric` leave out, at
/// the ends of their ranges: the derive hands each field to the runtime
/// as integer codes, and these read back as the attributes say.
#[derive(RowKey, Debug, PartialEq)]
struct Rest<'a> {
    #[salt(md5, 32, delim = b'|')]
    #[pad(32000, 0xFF)]
    b: &'a str,
    #[delim(0xFE)]
    c: &'a [u8],
    #[escaped]
    d: String,
    #[reverse]
    #[pad(4)]
    e: Vec<u8>,
    #[reverse_ts]
    #[decimal]
    #[delim(b'.')]
    f: u64,
    #[width(15)]
    g: u128,
    h: i128,
    note: Note,
}

/// The widest bucket.
#[derive(RowKey, Debug, PartialEq)]
struct Wide {
    #[bucket(65536)]
    a: u64,
    b: u8,
}

/// The most shards and digits.
#[derive(RowKey, Debug, PartialEq)]
struct Most {
    #[spread(65536)]
    shard: u32,
    #[decimal(39)]
    n: u128,
}

/// The widest pad.
#[derive(RowKey, Debug, PartialEq)]
struct WidestPad<'a> {
    #[pad(32767)]
    name: &'a str,
}

#[test]
fn field_codes_read_back_at_the_ends_of_their_ranges() {
    let f = Rest::LAYOUT.fields;
    let enc: Vec<_> = f.iter().map(|f| f.encoding).collect();
    assert_eq!(
        enc,
        [
            Encoding::Utf8,
            Encoding::Bytes,
            Encoding::Escaped { utf8: true },
            Encoding::Reversed { utf8: false },
            Encoding::ReverseTsDigits { digits: None },
            Encoding::LowBytes { bytes: 15 },
            Encoding::SignFlipped { bytes: 16 },
            Encoding::Part { width: None },
        ]
    );
    let frames: Vec<_> = f.iter().map(|f| f.frame).collect();
    assert_eq!(
        frames,
        [
            Frame::Pad {
                width: 32000,
                byte: 0xFF
            },
            Frame::Delim { byte: 0xFE },
            Frame::Bare,
            Frame::Pad { width: 4, byte: 0 },
            Frame::Delim { byte: b'.' },
            Frame::Bare,
            Frame::Bare,
            Frame::Last,
        ]
    );
    assert_eq!(Wide::LAYOUT.fields[0].bucket, Some(65536));
    assert_eq!(Most::LAYOUT.fields[0].spread, Some(65536));
    assert_eq!(
        Most::LAYOUT.fields[1].encoding,
        Encoding::Digits { digits: Some(39) }
    );
    assert_eq!(
        WidestPad::LAYOUT.fields[0].frame,
        Frame::Pad {
            width: 32767,
            byte: 0
        }
    );
    assert_eq!(
        Wide::LAYOUT.fields[0].encoding,
        Encoding::Unsigned { bytes: 8 }
    );
    assert_eq!(
        f[0].salt,
        Some(FieldSalt {
            chars: 32,
            delim: Some(b'|')
        })
    );
    assert!(f
        .iter()
        .all(|f| !f.desc && !f.optional && f.spread.is_none() && f.bucket.is_none()));
    assert!(f[1..].iter().all(|f| f.salt.is_none()));
}
