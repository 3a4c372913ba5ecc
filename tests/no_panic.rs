//! Library code never panics on user data (SPEC §6): every public function and
//! constructor of the runtime, fed the input a careless or hostile caller
//! could give it, returns an error or a defined value. A panic fails the test.

use rowkey::{
    split_keys_for, Binary, BucketValue, CreateTable, DecodePart, ErrorKind, Explain, Hotspot,
    KeyPart, Load, Regions, ReverseTs, Reversible, Segment, SegmentKind, ShellKey, Spread,
    TwosComplement,
};

fn seg(name: &'static str, start: usize, end: usize) -> Segment {
    Segment {
        name,
        kind: SegmentKind::Field,
        start,
        end,
    }
}

#[test]
fn explain_refuses_segments_outside_the_key() {
    let key = b"web01cpu";
    for (start, end) in [
        (0, 9),
        (5, 4),
        (9, 9),
        (usize::MAX, usize::MAX),
        (0, usize::MAX),
    ] {
        let err = Explain::new(key, [seg("host", 0, 5), seg("metric", start, end)]).unwrap_err();
        assert_eq!(err.key_name(), "Explain");
        assert_eq!(err.field_name(), Some("metric"), "{err}");
        assert!(matches!(err.kind(), ErrorKind::Invalid { .. }), "{err}");
        assert!(err.to_string().contains("outside the key"), "{err}");
    }
    // Segments inside the key, even empty or overlapping ones, print.
    let explain = Explain::new(
        key,
        [seg("host", 0, 5), seg("metric", 5, 8), seg("none", 8, 8)],
    )
    .unwrap();
    let text = explain.to_string();
    assert!(text.contains("web01") && text.contains("cpu"), "{text}");
    // A segment of another, longer key is not this key's: no bytes, no panic.
    assert_eq!(explain.bytes(&seg("far", 4, 40)), None);
    assert_eq!(explain.bytes(&seg("backwards", 6, 2)), None);
    assert_eq!(explain.bytes(&explain.segments()[1]), Some(&b"cpu"[..]));
    // The empty key with no segments.
    assert_eq!(Explain::new(b"", []).unwrap().to_string(), "");
}

#[test]
fn bucket_of_zero_buckets_is_zero_not_a_division_by_zero() {
    assert_eq!(17u64.bucket(0), 0);
    assert_eq!((-17i64).bucket(0), 0);
    assert_eq!(u128::MAX.bucket(0), 0);
    assert_eq!(i128::MIN.bucket(0), 0);
    assert_eq!(i128::MIN.bucket(1), 0);
    assert_eq!((-1i8).bucket(16), 15);
    assert_eq!(
        u128::MAX.bucket(u32::MAX),
        (u128::MAX % u128::from(u32::MAX)) as u32
    );
}

#[test]
fn field_types_take_any_bytes() {
    // Decoding arbitrary bytes of the wrong width is an error.
    for bytes in [&b""[..], b"\xff", b"123456789"] {
        assert!(u64::decode_part(bytes).is_err());
        assert!(i16::decode_part(bytes).is_err());
        assert!(bool::decode_part(bytes).is_err());
        assert!(<[u8; 4]>::decode_part(bytes).is_err());
        assert!(i32::decode_twos(bytes).is_err());
        assert!(<[u8; 4]>::decode_reversed(bytes).is_err());
    }
    // Reversing bytes that are not UTF-8 as a string neither panics nor
    // loses bytes; reading them back is an error.
    for bytes in [
        &b"\xff\xfe"[..],
        b"\x80abc",
        b"a\xe6\xb7",
        b"",
        b"\xe6\xb7\x98",
    ] {
        let mut body = bytes.to_vec();
        String::reverse_body(&mut body);
        assert_eq!(body.len(), bytes.len());
        let mut sorted = body.clone();
        sorted.sort_unstable();
        let mut expect = bytes.to_vec();
        expect.sort_unstable();
        assert_eq!(sorted, expect, "a byte was lost or made up");
        if std::str::from_utf8(bytes).is_err() {
            assert!(String::decode_reversed(bytes).is_err());
        }
    }
    // Timestamps at the edges of every type.
    assert!(u64::MAX.to_reversed().is_err());
    assert!(i64::MIN.to_reversed().is_err());
    assert!(u64::from_reversed(u64::MAX).is_err());
    assert!(i64::from_reversed(u64::MAX).is_err());
    assert_eq!(i64::from_reversed(0), Ok(i64::MAX));
    // Encoding into a buffer of the wrong size is an error.
    assert!("abc".encode_part(&mut [0u8; 2]).is_err());
    assert!(i128::MIN.encode_twos(&mut [0u8; 15]).is_err());
}

#[test]
fn splits_and_regions_refuse_what_they_cannot_split() {
    for spread in [
        Spread::None,
        Spread::HexSalt { chars: 0 },
        Spread::HexSalt { chars: 33 },
        Spread::HexSalt { chars: usize::MAX },
        Spread::Bucket { count: 0 },
        Spread::Bucket { count: 1 },
        Spread::Bucket { count: u32::MAX },
    ] {
        for n in [0, 1, 2, usize::MAX] {
            assert!(split_keys_for(spread, n).is_err(), "{spread:?} {n}");
        }
        let _ = spread.width();
    }
    for (spread, n) in [
        (Spread::HexSalt { chars: 1 }, 17),
        (Spread::Bucket { count: 2 }, 3),
        (Spread::Bucket { count: 65_536 }, 65_537),
    ] {
        assert!(split_keys_for(spread, n).is_err(), "{spread:?} {n}");
    }
    // The largest splits there are: every accessor stays in range.
    let splits = split_keys_for(Spread::HexSalt { chars: 32 }, usize::MAX).unwrap();
    assert_eq!(splits.len(), usize::MAX - 1);
    assert!(splits.get(usize::MAX - 2).is_some());
    assert!(splits.get(usize::MAX - 1).is_none());
    assert!(splits.get(usize::MAX).is_none());
    assert!(splits.prefixes_in(usize::MAX - 1).is_some());
    assert!(splits.prefixes_in(usize::MAX).is_none());
    assert!(splits.iter().nth(usize::MAX).is_none());
    assert!(splits.iter().next_back().is_some());
    let _ = splits.region_of(&[0xff; 40]);
    let splits = split_keys_for(Spread::Bucket { count: 65_536 }, 65_536).unwrap();
    assert_eq!(splits.region_of(&[0xff, 0xff, 0xff]), 65_535);
    assert_eq!(splits.region_of(b""), 0);

    // Counters of the wrong size, and boundaries HBase refuses.
    let keys: [&[u8]; 2] = [b"b", b"a"];
    assert!(Hotspot::new(&keys[..], &mut [0; 3]).is_err());
    let keys: [&[u8]; 2] = [b"a", b"b"];
    assert!(Hotspot::new(&keys[..], &mut [0; 2]).is_err());
    assert!(Hotspot::new(&keys[..], &mut []).is_err());
    let keys: [&[u8]; 1] = [b""];
    assert!(keys.check().is_err());
    let none: [&[u8]; 0] = [];
    let mut one = [u64::MAX];
    let mut hot = Hotspot::new(&none[..], &mut one).unwrap();
    assert_eq!(hot.record(b"x"), 0);
    assert_eq!(hot.counts(), &[1], "zeroed, then counted");
    let load = Load::of(&[]);
    assert_eq!((load.mean(), load.skew()), (None, None));
    let load = Load::of(&[u64::MAX, u64::MAX]);
    assert_eq!(load.total, u64::MAX);
}

#[test]
fn printing_takes_any_bytes_and_names() {
    let all: Vec<u8> = (0..=255).collect();
    assert_eq!(Binary(&all).to_string().len(), 95 - 1 + 161 * 4 + 4);
    let shell = ShellKey(&all).to_string();
    assert!(shell.starts_with('\'') && shell.ends_with('\''));
    let text = CreateTable::new("t'\\", "f\u{0}\u{ffff}", [&all[..], b""])
        .versions(u32::MAX)
        .ttl(u32::MAX)
        .to_string();
    assert!(text.contains("VERSIONS => 2147483647"), "{text}");
    assert!(text.contains(r"'t\'\\'"), "{text}");
}

#[test]
fn merge_takes_rows_shorter_than_the_skip() {
    let a = vec![vec![1u8], vec![]];
    let b = vec![vec![0u8, 0, 0]];
    let merged: Vec<Vec<u8>> =
        rowkey::merge_sorted([a.into_iter(), b.into_iter()], usize::MAX, |k: &Vec<u8>| {
            k.as_slice()
        })
        .collect();
    assert_eq!(merged.len(), 3);
}

#[test]
fn prefix_stop_takes_any_prefix() {
    assert_eq!(rowkey::prefix_stop(&mut []), None);
    assert_eq!(rowkey::prefix_stop(&mut [0xff; 3]), None);
    let mut p = [1, 0xfe, 0xff];
    assert_eq!(rowkey::prefix_stop(&mut p), Some(2));
    assert_eq!(p[..2], [1, 0xff]);
}

#[test]
fn option_and_text_field_types_take_any_input() {
    use rowkey::Decimal;
    // Option<T>: a presence byte, then T, into any buffer.
    assert!(Some(7u32).encode_part(&mut []).is_err());
    assert!(Some(7u32).encode_part(&mut [0; 3]).is_err());
    assert!(None::<u32>.encode_part(&mut []).is_err());
    let mut out = [9u8; 5];
    assert_eq!(Some(7u32).encode_part(&mut out), Ok(()));
    assert_eq!(out, [1, 0, 0, 0, 7]);
    for bytes in [
        &b""[..],
        b"\x02",
        b"\x00\x00",
        b"\x01",
        b"\x01\x00\x00\x00\x07\x00",
    ] {
        assert!(Option::<u32>::decode_part(bytes).is_err(), "{bytes:?}");
    }
    assert_eq!(Option::<u32>::decode_part(b"\x00"), Ok(None));
    // Decimal: values past the type are refused, not wrapped.
    assert_eq!(u8::from_u128(256), None);
    assert_eq!(u64::from_u128(u128::MAX), None);
    assert_eq!(u128::from_u128(u128::MAX), Some(u128::MAX));
}

#[test]
fn scan_state_refuses_a_salt_it_cannot_hold() {
    // The scan state is the derive's machinery (hidden): a struct-level salt of more than 32 hex
    // characters or over more than 8 fields is refused, not indexed past.
    #[derive(rowkey::RowKey)]
    struct Wide<'a> {
        #[pad(100)]
        a: &'a str,
    }
    for salt in [
        (33, Some(b'_'), 0),
        (33, None, 0),
        (0, None, 0),
        (4, None, 9),
    ] {
        let mut ranges = <rowkey::ScanRanges<Wide<'static>> as rowkey::__private::ScanStart>::START;
        let state = rowkey::__private::scan_state(&mut ranges, Some(salt));
        let err = rowkey::__private::scan_finish(state).unwrap_err();
        assert_eq!(err.field_name(), Some("salt"), "{salt:?}: {err}");
    }
}
