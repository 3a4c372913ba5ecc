//! `#[derive(KeyPart)]`: newtypes that take their field's encoding, enums
//! of short codes, and structs of fixed-width fields, each checked for the
//! bytes it writes, decoding back, order, and the errors it names.

use rowkey::{DecodePart, ErrorKind, KeyPart, OrderedPart, RowKey};

#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
#[rowkey(transparent)]
struct UserId(u64);

#[derive(KeyPart, Debug, PartialEq, Clone)]
#[rowkey(transparent)]
struct Host {
    name: String,
}

#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
#[rowkey(transparent)]
struct Tenant<'a>(&'a str);

#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
#[rowkey(transparent)]
struct Millis(i64);

/// The Alibaba Cloud design note's platform codes: 淘寶 is `tb`.
#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
enum Platform {
    #[rowkey(code = "tb")]
    Taobao,
    #[rowkey(code = "tm")]
    Tmall,
    #[rowkey(code = "jd")]
    Jd,
}

/// Codes of different lengths: variable width.
#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
enum Level {
    #[rowkey(code = "warn")]
    Warn,
    #[rowkey(code = "err")]
    Error,
    #[rowkey(code = b"\x00\xFF")]
    Raw,
}

/// OpenTSDB's tag pair: a 3-byte tag key id and a 3-byte value id.
#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
struct Tag {
    key: [u8; 3],
    value: [u8; 3],
}

#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
struct Pair(u16, UserId, bool);

#[derive(RowKey, Debug, PartialEq)]
struct Order<'a> {
    #[bucket(8)]
    user: UserId,
    platform: Platform,
    tenant: Tenant<'a>,
}

#[derive(RowKey, Debug, PartialEq)]
struct Event {
    #[pad(8)]
    host: Host,
    #[delim]
    level: Level,
    #[reverse_ts]
    at: Millis,
    tag: Tag,
}

#[derive(RowKey, Debug, PartialEq)]
struct Ranked {
    #[desc]
    platform: Platform,
    pair: Pair,
}

#[test]
fn widths_follow_the_fields() {
    assert_eq!(<UserId as KeyPart>::WIDTH, Some(8));
    assert_eq!(<Host as KeyPart>::WIDTH, None);
    assert_eq!(<Tenant<'_> as KeyPart>::WIDTH, None);
    assert_eq!(<Platform as KeyPart>::WIDTH, Some(2));
    assert_eq!(<Level as KeyPart>::WIDTH, None);
    assert_eq!(<Tag as KeyPart>::WIDTH, Some(6));
    assert_eq!(<Pair as KeyPart>::WIDTH, Some(2 + 8 + 1));
    fn ordered<T: OrderedPart>() {}
    ordered::<UserId>();
    ordered::<Platform>();
    ordered::<Tag>();
    ordered::<Pair>();
}

#[test]
fn newtypes_write_their_fields_bytes() -> Result<(), rowkey::Error> {
    let key = Order {
        platform: Platform::Taobao,
        user: UserId(9),
        tenant: Tenant("acme"),
    };
    let bytes = key.to_vec()?;
    // 9 mod 8 = 1: the bucket of the newtype's u64.
    assert_eq!(bytes, b"\x01\0\0\0\0\0\0\0\x09tbacme");
    assert_eq!(Order::decode(&bytes)?, key);
    // The borrowed newtype borrows from the key.
    let decoded = Order::decode(&bytes)?;
    assert!(std::ptr::eq(
        decoded.tenant.0.as_ptr(),
        bytes[11..].as_ptr()
    ));
    Ok(())
}

#[test]
fn reverse_ts_and_pad_reach_through_a_newtype() -> Result<(), rowkey::Error> {
    let key = Event {
        host: Host {
            name: "web01".into(),
        },
        level: Level::Error,
        at: Millis(1_700_000_000_000),
        tag: Tag {
            key: *b"\0\0\x01",
            value: *b"\0\0\x02",
        },
    };
    let bytes = key.to_vec()?;
    let mut want = b"web01\0\0\0err\0".to_vec();
    want.extend_from_slice(&(i64::MAX - 1_700_000_000_000).to_be_bytes());
    want.extend_from_slice(b"\0\0\x01\0\0\x02");
    assert_eq!(bytes, want);
    assert_eq!(Event::decode(&bytes)?, key);
    let too_long = Event {
        host: Host {
            name: "web01-long-name".into(),
        },
        ..key
    };
    assert_eq!(too_long.to_vec().unwrap_err().field_name(), Some("host"));
    Ok(())
}

#[test]
fn unknown_codes_are_refused_naming_the_field() -> Result<(), rowkey::Error> {
    let bytes = Order {
        platform: Platform::Jd,
        user: UserId(1),
        tenant: Tenant("t"),
    }
    .to_vec()?;
    let mut bad = bytes.clone();
    bad[9..11].copy_from_slice(b"tx");
    let err = Order::decode(&bad).unwrap_err();
    assert_eq!(err.field_name(), Some("platform"));
    assert!(matches!(err.kind(), ErrorKind::Invalid { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "Order.platform: invalid value: not a code of Platform (one of tb, tm, jd)"
    );
    assert_eq!(
        Level::decode_part(b"fatal").unwrap_err(),
        ErrorKind::Invalid {
            reason: "not a code of Level (one of warn, err, \\x00\\xFF)"
        }
    );
    for code in [&b"warn"[..], b"err", b"\x00\xFF"] {
        let level = Level::decode_part(code).unwrap();
        let mut out = vec![0; level.encoded_len()];
        level.encode_part(&mut out).unwrap();
        assert_eq!(out, code);
    }
    // A buffer of the wrong width is refused, not a panic.
    assert!(Platform::Tmall.encode_part(&mut [0; 3]).is_err());
    assert!(Tag::decode_part(&[0; 5]).is_err());
    assert!(Tag {
        key: [1; 3],
        value: [2; 3]
    }
    .encode_part(&mut [0; 7])
    .is_err());
    Ok(())
}

#[test]
fn order_is_the_codes_order() -> Result<(), rowkey::Error> {
    let mut keys: Vec<Vec<u8>> = [Platform::Tmall, Platform::Taobao, Platform::Jd]
        .into_iter()
        .map(|platform| {
            Order {
                platform,
                user: UserId(0),
                tenant: Tenant(""),
            }
            .to_vec()
        })
        .collect::<Result<_, _>>()?;
    keys.sort();
    let order: Vec<Platform> = keys
        .iter()
        .map(|k| Order::decode(k).map(|o| o.platform))
        .collect::<Result<_, _>>()?;
    assert_eq!(order, [Platform::Jd, Platform::Taobao, Platform::Tmall]);
    // #[desc] on a code enum: highest code first.
    let a = Ranked {
        platform: Platform::Tmall,
        pair: Pair(1, UserId(2), true),
    }
    .to_vec()?;
    let b = Ranked {
        platform: Platform::Jd,
        pair: Pair(1, UserId(2), true),
    }
    .to_vec()?;
    assert!(a < b);
    assert_eq!(Ranked::decode(&a)?.platform, Platform::Tmall);
    Ok(())
}

#[test]
fn scans_take_values_and_ranges_of_derived_parts() -> Result<(), rowkey::Error> {
    let key = Order {
        platform: Platform::Tmall,
        user: UserId(42),
        tenant: Tenant("acme"),
    };
    let bytes = key.to_vec()?;
    let ranges: Vec<_> = Order::scan()
        .user(UserId(42))
        .platform(Platform::Tmall)
        .ranges()?
        .collect();
    assert_eq!(ranges.len(), 1);
    assert!(ranges[0].contains(&bytes));
    // A range over the code enum: Jd..Tmall holds Taobao, not Tmall.
    let taobao = Order {
        platform: Platform::Taobao,
        ..key
    }
    .to_vec()?;
    let ranges: Vec<_> = Order::scan()
        .user(UserId(42))
        .platform(Platform::Jd..Platform::Tmall)
        .ranges()?
        .collect();
    assert!(ranges.iter().any(|r| r.contains(&taobao)));
    assert!(!ranges.iter().any(|r| r.contains(&bytes)));
    // A range over the newtype's u64 behind its bucket fans out.
    let ranges = Order::scan().user(UserId(40)..UserId(50)).ranges()?;
    assert_eq!(ranges.fan_out(), 8);
    assert!(ranges.into_iter().any(|r| r.contains(&bytes)));
    Ok(())
}

/// Fields named as types, as the scan builder's order check names them
/// (`u64`, `none`), and a unit-struct-like name (`n`) that generated code
/// also uses as a parameter.
#[derive(RowKey, Debug, PartialEq)]
struct Odd {
    none: u32,
    u64: u64,
    n: UserId,
    u8: u8,
}

#[test]
fn scan_order_markers_shadow_no_type() -> Result<(), rowkey::Error> {
    let key = Odd {
        none: 1,
        u64: 2,
        n: UserId(3),
        u8: 4,
    };
    let bytes = key.to_vec()?;
    assert_eq!(Odd::decode(&bytes)?, key);
    let ranges: Vec<_> = Odd::scan()
        .none(1)
        .u64(2)
        .n(UserId(3))
        .u8(4..5)
        .ranges()?
        .collect();
    assert!(ranges[0].contains(&bytes));
    Ok(())
}

/// OpenTSDB's tag pair as it writes it: two 3-byte UIDs (`UniqueId.longToUID`).
#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
struct TsdbTag {
    #[width(3)]
    key: u32,
    #[width(3)]
    value: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct TsdbRow {
    metric: [u8; 3],
    base: u32,
    tag: TsdbTag,
}

#[test]
fn width_writes_the_low_bytes_and_refuses_what_does_not_fit() -> Result<(), rowkey::Error> {
    assert_eq!(<TsdbTag as KeyPart>::WIDTH, Some(6));
    let tag = TsdbTag {
        key: 0x01_02_03,
        value: 0xFF_FF_FF,
    };
    let mut out = [0u8; 6];
    tag.encode_part(&mut out).unwrap();
    assert_eq!(out, [1, 2, 3, 0xFF, 0xFF, 0xFF]);
    assert_eq!(TsdbTag::decode_part(&out).unwrap(), tag);
    let row = TsdbRow {
        metric: [0, 0, 7],
        base: 1_700_000_000,
        tag,
    };
    assert_eq!(TsdbRow::decode(&row.to_vec()?)?, row);
    // 2^24 needs a fourth byte: refused, naming the field, never truncated.
    let big = TsdbRow {
        tag: TsdbTag {
            key: 1 << 24,
            value: 0,
        },
        ..row
    };
    let err = big.to_vec().unwrap_err();
    assert_eq!(err.field_name(), Some("tag"));
    // The byte rule and refusal of a key's own #[width(3)] field.
    assert_eq!(
        err.kind(),
        &rowkey::ErrorKind::TooWide {
            value: 1 << 24,
            width: 3
        },
        "{err}"
    );
    assert!(err.to_string().contains("#[width(3)]"), "{err}");
    // Order: low bytes big-endian keep value order.
    let a = TsdbTag {
        key: 0xFF,
        value: 0,
    };
    let b = TsdbTag {
        key: 0x100,
        value: 0,
    };
    let (mut x, mut y) = ([0u8; 6], [0u8; 6]);
    a.encode_part(&mut x).unwrap();
    b.encode_part(&mut y).unwrap();
    assert!(x < y);
    Ok(())
}

/// A generic newtype takes whatever its parameter writes.
#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
#[rowkey(transparent)]
struct Tagged<T>(T);

#[derive(RowKey, Debug, PartialEq)]
struct Generic {
    #[bucket(4)]
    id: Tagged<u32>,
    code: Tagged<Platform>,
}

#[test]
fn generic_newtypes_take_their_parameters_encoding() -> Result<(), rowkey::Error> {
    assert_eq!(<Tagged<u16> as KeyPart>::WIDTH, Some(2));
    assert_eq!(<Tagged<Level> as KeyPart>::WIDTH, None);
    let key = Generic {
        id: Tagged(6),
        code: Tagged(Platform::Jd),
    };
    let bytes = key.to_vec()?;
    assert_eq!(bytes, b"\x02\0\0\0\x06jd");
    assert_eq!(Generic::decode(&bytes)?, key);
    Ok(())
}

/// The HBase reference guide's salting: a random letter `a`..`d`, `-`, the
/// id. A code enum's variants are a `#[spread]` field's shards.
#[derive(KeyPart, Debug, PartialEq, Clone, Copy)]
enum Letter {
    #[rowkey(code = "a")]
    A,
    #[rowkey(code = "b")]
    B,
    #[rowkey(code = "c")]
    C,
    #[rowkey(code = "d")]
    D,
}

#[derive(RowKey, Debug, PartialEq)]
struct GuideRow<'a> {
    #[spread(4)]
    #[delim(b'-')]
    letter: Letter,
    id: &'a str,
}

#[test]
fn a_code_enum_is_a_spread_of_its_variants() {
    let key = GuideRow {
        letter: Letter::C,
        id: "foo0003",
    };
    assert_eq!(key.to_vec().unwrap(), b"c-foo0003");
    let rows: Vec<Vec<u8>> = key.candidates().map(|c| c.unwrap().to_vec()).collect();
    assert_eq!(
        rows,
        [&b"a-foo0003"[..], b"b-foo0003", b"c-foo0003", b"d-foo0003"]
    );
    for (row, letter) in rows
        .iter()
        .zip([Letter::A, Letter::B, Letter::C, Letter::D])
    {
        assert_eq!(
            GuideRow::decode(row).unwrap(),
            GuideRow {
                letter,
                id: "foo0003"
            }
        );
    }
    // The letter left open: one range per letter, the merge skipping `x-`.
    let ranges = GuideRow::scan().id("foo0002".."foo0005").ranges().unwrap();
    assert_eq!(ranges.merge_skip(), 2);
    let starts: Vec<Vec<u8>> = ranges.map(|r| r.start().to_vec()).collect();
    assert_eq!(
        starts,
        [&b"a-foo0002"[..], b"b-foo0002", b"c-foo0002", b"d-foo0002"]
    );
}
