//! `#[rowkey(phoenix)]` keys: what Phoenix refuses is refused, naming the
//! field; keys round-trip; and hostile bytes either fail to decode or
//! decode to values that encode back to exactly those bytes (a key Phoenix
//! would write), never panic.

use rowkey::{ErrorKind, RowKey};

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Row {
    #[pad(3, b' ')]
    code: String,
    name: String,
    dept: Option<String>,
    #[desc]
    score: i32,
    #[desc]
    active: bool,
    #[desc]
    nick: Option<String>,
    alias: Option<String>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Unsigned {
    a: u8,
    b: u16,
    c: u32,
    #[desc]
    d: u64,
    bin: Vec<u8>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 3))]
struct Salted {
    #[desc]
    a: String,
    b: Option<String>,
}

fn row() -> Row {
    Row {
        code: "ab".into(),
        name: "n".into(),
        dept: Some("d".into()),
        score: -7,
        active: true,
        nick: Some("k".into()),
        alias: Some("x".into()),
    }
}

fn refused<K: RowKey>(k: &K, field: &str) -> ErrorKind {
    let e = k.to_vec().expect_err("refused");
    assert_eq!(e.field_name(), Some(field), "{e}");
    e.kind().clone()
}

#[test]
fn refuses_what_phoenix_refuses_naming_the_field() {
    // An empty VARCHAR is NULL: refused where NOT NULL, and as Some("").
    assert!(matches!(
        refused(
            &Row {
                name: String::new(),
                ..row()
            },
            "name"
        ),
        ErrorKind::Invalid { .. }
    ));
    refused(
        &Row {
            dept: Some(String::new()),
            ..row()
        },
        "dept",
    );
    refused(
        &Row {
            nick: Some(String::new()),
            ..row()
        },
        "nick",
    );
    refused(
        &Row {
            alias: Some(String::new()),
            ..row()
        },
        "alias",
    );
    // The separator byte inside a VARCHAR, ASC or DESC, middle or last.
    for (k, f) in [
        (
            Row {
                name: "a\0b".into(),
                ..row()
            },
            "name",
        ),
        (
            Row {
                dept: Some("\0".into()),
                ..row()
            },
            "dept",
        ),
        (
            Row {
                nick: Some("k\0".into()),
                ..row()
            },
            "nick",
        ),
        (
            Row {
                alias: Some("x\0".into()),
                ..row()
            },
            "alias",
        ),
    ] {
        assert!(matches!(
            refused(&k, f),
            ErrorKind::ContainsDelimiter { byte: 0, .. }
        ));
    }
    // CHAR(3): at most 3 single-byte characters, not ending in a space,
    // not empty.
    assert!(matches!(
        refused(
            &Row {
                code: "abcd".into(),
                ..row()
            },
            "code"
        ),
        ErrorKind::TooLongForPad { len: 4, pad: 3 }
    ));
    refused(
        &Row {
            code: "é".into(),
            ..row()
        },
        "code",
    );
    refused(
        &Row {
            code: "a ".into(),
            ..row()
        },
        "code",
    );
    refused(
        &Row {
            code: String::new(),
            ..row()
        },
        "code",
    );
    // UNSIGNED_* hold 0 ..= the signed type's MAX.
    let ok = Unsigned {
        a: 127,
        b: 32767,
        c: i32::MAX as u32,
        d: i64::MAX as u64,
        bin: vec![0, 0xFF],
    };
    let bytes = ok.to_vec().expect("the signed MAX fits");
    assert_eq!(Unsigned::decode(&bytes).expect("decodes"), ok);
    refused(
        &Unsigned {
            a: 128,
            ..ok.clone()
        },
        "a",
    );
    refused(
        &Unsigned {
            b: 32768,
            ..ok.clone()
        },
        "b",
    );
    refused(
        &Unsigned {
            c: 1 << 31,
            ..ok.clone()
        },
        "c",
    );
    refused(
        &Unsigned {
            d: 1 << 63,
            ..ok.clone()
        },
        "d",
    );
    refused(
        &Unsigned {
            bin: vec![],
            ..ok.clone()
        },
        "bin",
    );
    // Decode refuses them too: 0x80 in UNSIGNED_TINYINT.
    let mut bad = bytes.clone();
    bad[0] = 0x80;
    assert_eq!(
        Unsigned::decode(&bad).expect_err("128").field_name(),
        Some("a")
    );
}

#[test]
fn bytes_are_phoenixs() {
    let k = row();
    let mut want = b"ab ".to_vec(); // CHAR(3)
    want.extend(b"n\0d\0"); // VARCHARs with their separators
    want.extend((-7i32 as u32 ^ 0x8000_0000).to_be_bytes().map(|b| !b)); // INTEGER DESC
    want.push(0x00); // BOOLEAN DESC true
    want.extend([!b'k', 0xFF]); // VARCHAR DESC and its separator
    want.push(b'x'); // the last column, ASC: nothing after it
    assert_eq!(k.to_vec().expect("encodes"), want);
    // Trailing NULLs leave nothing, not even the DESC column's separator
    // for a NULL; a non-null DESC value that ends the key keeps its 0xFF.
    let k = Row {
        alias: None,
        ..row()
    };
    assert_eq!(k.to_vec().expect("encodes"), &want[..want.len() - 1]);
    let k = Row {
        nick: None,
        alias: None,
        ..row()
    };
    assert_eq!(k.to_vec().expect("encodes"), &want[..want.len() - 3]);
    // A NULL in the middle is its separator, 0x00 even for a DESC column.
    let k = Row {
        nick: None,
        ..row()
    };
    let mut mid = want[..want.len() - 3].to_vec();
    mid.extend([0x00, b'x']);
    assert_eq!(k.to_vec().expect("encodes"), mid);
    let k = Row {
        active: false,
        ..row()
    };
    assert_eq!(k.to_vec().expect("encodes")[11], 0x01, "BOOLEAN DESC false");
    for k in [
        row(),
        Row {
            nick: None,
            ..row()
        },
        Row {
            dept: None,
            nick: None,
            alias: None,
            ..row()
        },
    ] {
        assert_eq!(
            Row::decode(&k.to_vec().expect("encodes")).expect("decodes"),
            k
        );
        assert_eq!(k.encoded_len(), k.to_vec().expect("encodes").len());
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Random keys built from the bytes that matter (separators, inverted
/// separators, spaces, sign bits): each decodes to values that encode back
/// to the same bytes, or is refused; nothing panics.
#[test]
fn hostile_bytes_decode_only_to_keys_phoenix_writes() {
    let alphabet = [
        0x00u8, 0xFF, 0x01, 0xFE, b' ', b'a', 0x80, 0x7F, 0x9E, 0xC3, 0xA9,
    ];
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let (mut row_ok, mut uns_ok, mut salted_ok) = (0, 0, 0);
    for _ in 0..300_000 {
        let len = (rng.next() % 24) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize])
            .collect();
        // Row needs a CHAR(3) and a DESC INTEGER where random bytes rarely
        // put them: a valid key with one byte changed, one inserted or cut.
        let mut seeds = [
            row(),
            Row {
                dept: None,
                nick: None,
                alias: None,
                ..row()
            },
            Row {
                nick: None,
                ..row()
            },
            Row {
                alias: None,
                ..row()
            },
        ][(rng.next() % 4) as usize]
            .to_vec()
            .expect("encodes");
        let at = (rng.next() as usize) % seeds.len();
        let b = alphabet[(rng.next() % alphabet.len() as u64) as usize];
        match rng.next() % 3 {
            0 => seeds[at] = b,
            1 => seeds.insert(at, b),
            _ => seeds.truncate(at),
        }
        if let Ok(k) = Row::decode(&seeds) {
            assert_eq!(k.to_vec().expect("re-encodes"), seeds, "{k:?}");
            row_ok += 1;
        }
        if let Ok(k) = Row::decode(&bytes) {
            assert_eq!(k.to_vec().expect("re-encodes"), bytes, "{k:?}");
            row_ok += 1;
        }
        if let Ok(k) = Unsigned::decode(&bytes) {
            assert_eq!(k.to_vec().expect("re-encodes"), bytes, "{k:?}");
            uns_ok += 1;
        }
        if let Ok(k) = Salted::decode(&bytes) {
            assert_eq!(k.to_vec().expect("re-encodes"), bytes, "{k:?}");
            salted_ok += 1;
        }
    }
    // Something decoded, so the round trip was tested.
    assert!(
        row_ok > 0 && uns_ok > 0 && salted_ok > 0,
        "{row_ok} {uns_ok} {salted_ok}"
    );
}

/// Encoded keys of random values: decode gives them back.
#[test]
fn random_keys_round_trip() {
    let mut rng = Rng(0x0BAD_5EED_0BAD_5EED);
    let text = |rng: &mut Rng| -> String {
        let n = 1 + (rng.next() % 4) as usize;
        (0..n)
            .map(|_| ['a', 'é', '~', '\u{1}', 'z'][(rng.next() % 5) as usize])
            .collect()
    };
    for _ in 0..20_000 {
        let opt = |rng: &mut Rng| (!rng.next().is_multiple_of(3)).then(|| text(rng));
        let k = Row {
            code: "q".repeat(1 + (rng.next() % 3) as usize),
            name: text(&mut rng),
            dept: opt(&mut rng),
            score: rng.next() as i32,
            active: rng.next().is_multiple_of(2),
            nick: opt(&mut rng),
            alias: opt(&mut rng),
        };
        let bytes = k.to_vec().expect("encodes");
        assert_eq!(Row::decode(&bytes).expect("decodes"), k);
        let s = Salted {
            a: text(&mut rng),
            b: opt(&mut rng),
        };
        let bytes = s.to_vec().expect("encodes");
        assert!(bytes[0] < 3, "salt byte {}", bytes[0]);
        assert_eq!(Salted::decode(&bytes).expect("decodes"), s);
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct Events {
    source: String,
    at: rowkey::PhoenixTimestamp,
    #[desc]
    seen: rowkey::PhoenixTimestamp,
}

/// TIMESTAMP as `PTimestamp.toBytes` writes it: `PDate`'s 8 bytes of
/// `getTime()`, then `getNanos() % 1_000_000` as an int; DESC inverts all 12.
#[test]
fn timestamp_is_phoenixs() {
    use rowkey::PhoenixTimestamp as Ts;
    let k = Events {
        source: "s".into(),
        at: Ts {
            millis: -1,
            nanos: 5,
        },
        seen: Ts {
            millis: 1,
            nanos: 999_999,
        },
    };
    let mut want = b"s\0".to_vec();
    want.extend([0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 5]);
    want.extend([0x80, 0, 0, 0, 0, 0, 0, 1, 0, 0x0f, 0x42, 0x3f].map(|b: u8| !b));
    assert_eq!(k.to_vec().expect("encodes"), want);
    assert_eq!(Events::decode(&want).expect("decodes"), k);
    let e = Events {
        at: Ts {
            millis: 0,
            nanos: 1_000_000,
        },
        ..k.clone()
    }
    .to_vec()
    .expect_err("nanos past the millisecond");
    assert_eq!(e.field_name(), Some("at"));
    // Byte order is (millis, nanos) order, reversed under DESC.
    let ts = [
        Ts {
            millis: i64::MIN,
            nanos: 0,
        },
        Ts {
            millis: -1,
            nanos: 999_999,
        },
        Ts {
            millis: 0,
            nanos: 0,
        },
        Ts {
            millis: 0,
            nanos: 1,
        },
        Ts {
            millis: i64::MAX,
            nanos: 0,
        },
    ];
    for w in ts.windows(2) {
        let a = Events {
            at: w[0],
            seen: w[0],
            ..k.clone()
        }
        .to_vec()
        .expect("encodes");
        let b = Events {
            at: w[1],
            seen: w[0],
            ..k.clone()
        }
        .to_vec()
        .expect("encodes");
        let c = Events {
            at: w[0],
            seen: w[1],
            ..k.clone()
        }
        .to_vec()
        .expect("encodes");
        assert!(a < b && c < a, "{w:?}");
    }
    // A range of timestamps is one scan range holding exactly its keys.
    let r = Events::scan()
        .source("s")
        .at(ts[1]..ts[3])
        .ranges()
        .expect("scan")
        .next()
        .expect("a range");
    for (i, t) in ts.iter().enumerate() {
        let key = Events {
            at: *t,
            ..k.clone()
        }
        .to_vec()
        .expect("encodes");
        assert_eq!(r.contains(&key), (1..3).contains(&i), "{t:?}");
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 8))]
struct Borrowed<'a> {
    host: &'a str,
    dept: Option<&'a str>,
    ts: i64,
    blob: &'a [u8],
}

/// Borrowed VARCHARs and a borrowed VARBINARY: decode borrows from the key.
#[test]
fn borrowed_columns_decode_from_the_key() {
    let k = Borrowed {
        host: "web01",
        dept: None,
        ts: -5,
        blob: &[0, 0xFF, 0],
    };
    let bytes = k.to_vec().expect("encodes");
    assert_eq!(
        &bytes[1..],
        b"web01\0\0\x7f\xff\xff\xff\xff\xff\xff\xfb\0\xff\0"
    );
    let back = Borrowed::decode(&bytes).expect("decodes");
    assert_eq!(back, k);
    let r = Borrowed::scan().host("web01").ranges().expect("scan");
    assert_eq!(r.fan_out(), 8);
    assert!(r.clone().any(|r| r.contains(&bytes)));
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 4))]
struct AllNullable {
    a: Option<String>,
    #[desc]
    b: Option<String>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct AllNullableUnsalted {
    a: Option<String>,
    #[desc]
    b: Option<String>,
}

/// Phoenix writes no row whose primary key is all NULL (`newKey`: "Primary
/// key may not be null"): salted, such a key would be its salt byte alone.
/// Encode refuses it, and decode refuses the salt byte alone, whichever.
#[test]
fn an_all_null_primary_key_is_refused_salted_or_not() {
    let none = AllNullable { a: None, b: None };
    let e = none.to_vec().expect_err("all NULL");
    assert_eq!(e.field_name(), None, "{e}");
    assert!(e.to_string().contains("Primary key may not be null"), "{e}");
    for salt in 0..=255u8 {
        let e = AllNullable::decode(&[salt]).expect_err("a salt byte alone");
        assert!(e.to_string().contains("Primary key may not be null"), "{e}");
    }
    let e = AllNullableUnsalted { a: None, b: None }
        .to_vec()
        .expect_err("all NULL");
    assert_eq!(e.kind(), &ErrorKind::EmptyKey, "{e}");
    // One column is enough.
    for k in [
        AllNullable {
            a: Some("x".into()),
            b: None,
        },
        AllNullable {
            a: None,
            b: Some("y".into()),
        },
    ] {
        let bytes = k.to_vec().expect("encodes");
        assert_eq!(AllNullable::decode(&bytes).expect("decodes"), k);
    }
}
