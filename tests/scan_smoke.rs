use rowkey::RowKey;
use std::collections::BTreeMap;
mod common;
use common::seeds::Metric;

#[derive(RowKey, Debug, PartialEq, Clone)]
struct LogEvent<'a> {
    #[bucket(4)]
    ts: u64,
    #[pad(8)]
    host: &'a str,
    event: &'a str,
}

#[test]
fn smoke() {
    let mut m = BTreeMap::new();
    for host in ["host1", "host12", "host2"] {
        for ts in 0..10u64 {
            let k = Metric {
                host,
                event: "cpu",
                ts,
            };
            m.insert(k.to_vec().unwrap(), (host, ts));
        }
    }
    let ranges: Vec<_> = Metric::scan()
        .host("host1")
        .event("cpu")
        .ts(3..=6)
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(ranges.len(), 1);
    let got: Vec<_> = m
        .range::<[u8], _>(ranges[0].bounds())
        .map(|(_, v)| *v)
        .collect();
    assert_eq!(
        got,
        vec![("host1", 6), ("host1", 5), ("host1", 4), ("host1", 3)]
    );
    let r = Metric::scan()
        .host("host1")
        .ranges()
        .unwrap()
        .next()
        .unwrap();
    assert_eq!(m.range::<[u8], _>(r.bounds()).count(), 10);

    let mut l = BTreeMap::new();
    for ts in 0..40u64 {
        let k = LogEvent {
            ts,
            host: "h",
            event: "e",
        };
        l.insert(k.to_vec().unwrap(), ts);
    }
    let rs = LogEvent::scan().ts(10..20).ranges().unwrap();
    let skip = rs.merge_skip();
    assert_eq!(rs.len(), 4);
    let streams: Vec<Vec<(Vec<u8>, u64)>> = rs
        .map(|r| {
            l.range::<[u8], _>(r.bounds())
                .map(|(k, v)| (k.clone(), *v))
                .collect()
        })
        .collect();
    let merged: Vec<u64> = rowkey::merge_sorted(
        streams.into_iter().map(|s| s.into_iter()),
        skip,
        |r: &(Vec<u8>, u64)| r.0.as_slice(),
    )
    .map(|r| r.1)
    .collect();
    assert_eq!(merged, (10..20).collect::<Vec<_>>());
    let one = LogEvent::scan()
        .ts(7)
        .host("h")
        .event("e")
        .ranges()
        .unwrap()
        .collect::<Vec<_>>();
    assert_eq!(one.len(), 1);
    assert_eq!(l.range::<[u8], _>(one[0].bounds()).count(), 1);
    println!("{:?}", one[0]);
}

#[test]
fn inherent_split_keys_match_the_free_function() {
    let inherent: Vec<Vec<u8>> = LogEvent::split_keys(4)
        .unwrap()
        .iter()
        .map(|k| k.to_vec())
        .collect();
    let free: Vec<Vec<u8>> = rowkey::split_keys::<LogEvent>(4)
        .unwrap()
        .iter()
        .map(|k| k.to_vec())
        .collect();
    assert_eq!(inherent, free);
    assert_eq!(inherent, vec![vec![1u8], vec![2], vec![3]]);
    // No leading salt or bucket: no keyspace to split.
    assert!(Metric::split_keys(4).is_err());
}

#[test]
fn owned_strings_scan_borrowed_fields() {
    let host = String::from("host1");
    let by_ref: Vec<_> = Metric::scan().host(&host).ranges().unwrap().collect();
    let by_str: Vec<_> = Metric::scan().host("host1").ranges().unwrap().collect();
    assert_eq!(by_ref, by_str);
    // The public capacity names the range type.
    let first: rowkey::KeyRange<Metric> = by_ref[0];
    assert!(first.contains(
        &Metric {
            host: "host1",
            event: "e",
            ts: 5
        }
        .to_vec()
        .unwrap()
    ));
}

/// OpenTSDB-like: a struct-level salt in front of an unbounded last field.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(metric, tags)))]
struct Point<'a> {
    #[pad(8)]
    metric: &'a str,
    ts: u64,
    tags: &'a str,
}

#[test]
fn scan_values_past_the_capacity_are_refused_not_a_panic() {
    // The last field's budget is 256 bytes; the salt and prefix leave less
    // room than that for a value that fills the whole budget.
    for len in 250..300 {
        let tags = "t".repeat(len);
        let result = Point::scan()
            .metric("cpu")
            .ts(5)
            .tags(tags.as_str())
            .ranges();
        match result {
            Ok(mut ranges) => {
                let r = ranges.next().unwrap();
                let key = Point {
                    metric: "cpu",
                    ts: 5,
                    tags: &tags,
                }
                .to_vec()
                .unwrap();
                assert!(r.contains(&key), "len {len}");
            }
            Err(e) => assert_eq!(e.field_name(), Some("tags"), "len {len}: {e}"),
        }
        let ranges = Point::scan()
            .metric("cpu")
            .ts(5)
            .tags(..tags.as_str())
            .ranges();
        if let Err(e) = ranges {
            assert_eq!(e.field_name(), Some("tags"), "len {len}: {e}");
        }
    }
}

/// A struct-level salt listed in another order than the key stores its
/// fields: encode, decode and scans all hash in the listed order. With a
/// salt delimiter the salt is over the values joined by it (Java's
/// `md5(kind + "_" + uid)`); without, over the fields' bytes as written.
#[test]
fn struct_salt_hashes_in_the_listed_order() {
    use common::seeds::{KindUid, UidType};
    use rowkey::DecodeKey;

    fn md5_4(text: &str) -> Vec<u8> {
        // The salt of a one-field layout over `text`: md5Hex(text)[0..4].
        #[derive(RowKey)]
        struct One<'a> {
            #[salt(md5, 4)]
            s: &'a str,
        }
        One { s: text }.to_vec().unwrap()[..4].to_vec()
    }

    let key = KindUid {
        uid: "12345",
        kind: "buyer",
    };
    let bytes = key.to_vec().unwrap();
    let declared = UidType {
        uid: "12345",
        kind: "buyer",
    }
    .to_vec()
    .unwrap();
    // Same bytes after the salt; the salt follows the listed order.
    assert_eq!(bytes[4..], declared[4..]);
    assert_eq!(&bytes[4..], b"_12345_buyer");
    assert_eq!(bytes[..4], md5_4("buyer_12345")[..]);
    assert_eq!(declared[..4], md5_4("12345_buyer")[..]);
    assert_eq!(&bytes[..4], b"7011");
    // Each layout verifies its own order and refuses the other's salt.
    assert_eq!(KindUid::decode(&bytes).unwrap(), key);
    assert_eq!(
        KindUid::decode(&declared).unwrap_err().kind(),
        &rowkey::ErrorKind::SaltMismatch
    );
    assert!(<UidType as DecodeKey>::decode(&bytes).is_err());

    // A scan that gives both salted fields knows the salt: one range, in
    // front of exactly this key.
    let ranges: Vec<_> = KindUid::scan()
        .uid("12345")
        .kind("buyer")
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(ranges.len(), 1);
    assert!(ranges[0].contains(&bytes), "{:?}", ranges[0]);
    assert_eq!(&ranges[0].start()[..4], b"7011");
    // Only uid given: the salt is open and the scan fans out over it.
    let fanned = KindUid::scan().uid("12345").ranges().unwrap();
    assert_eq!(fanned.fan_out(), 1 << 16);
    assert_eq!(fanned.filter(|r| r.contains(&bytes)).count(), 1);

    // Without a salt delimiter the slots are hashed as written, pad and
    // delimiter included, in the listed order.
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(salt(md5, 4, fields(kind, uid)))]
    struct Raw<'a> {
        #[delim(b'_')]
        uid: &'a str,
        #[pad(8)]
        kind: &'a str,
    }
    let raw = Raw {
        uid: "12345",
        kind: "buyer",
    }
    .to_vec()
    .unwrap();
    assert_eq!(raw[..4], md5_4(concat!("buyer\0\0\0", "12345_"))[..]);
    let ranges: Vec<_> = Raw::scan()
        .uid("12345")
        .kind("buyer")
        .ranges()
        .unwrap()
        .collect();
    assert!(ranges[0].contains(&raw));
}

/// A bound of all `0xFF` bytes carries into the bucket in front of it, so the
/// fanned-out ranges share no stop row: each is worked out on its own (and
/// the byte the carry incremented put back before the next one), not copied
/// from the first. A bound that carries nowhere shares its rows.
#[test]
fn carry_into_the_bucket_gives_each_range_its_own_stop_row() {
    let ranges: Vec<_> = LogEvent::scan()
        .ts(5..=u64::MAX)
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(ranges.len(), 4);
    for (b, r) in (0u8..).zip(&ranges) {
        let mut start = vec![b];
        start.extend_from_slice(&5u64.to_be_bytes());
        assert_eq!(r.start(), &start[..]);
        assert_eq!(r.stop(), Some(&[b + 1][..]), "bucket {b}");
    }
    // Twice, from a clone taken part way: the template was put back.
    let mut it = LogEvent::scan().ts(5..=u64::MAX).ranges().unwrap();
    it.next();
    let rest: Vec<_> = it.clone().collect();
    assert_eq!(rest, ranges[1..]);
    assert_eq!(it.collect::<Vec<_>>(), ranges[1..]);
    // Shared rows: every range is the first with its bucket written over.
    let shared: Vec<_> = LogEvent::scan().ts(5..9).ranges().unwrap().collect();
    for (b, r) in (0u8..).zip(&shared) {
        let (mut start, mut stop) = (vec![b], vec![b]);
        start.extend_from_slice(&5u64.to_be_bytes());
        stop.extend_from_slice(&9u64.to_be_bytes());
        assert_eq!((r.start(), r.stop()), (&start[..], Some(&stop[..])));
    }
    assert_eq!(shared.len(), 4);
}

/// A scan's rows as bytes, to compare the ranges of two key types.
fn rows<K: RowKey>(ranges: &[rowkey::KeyRange<K>]) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
    ranges
        .iter()
        .map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
        .collect()
}

/// `Metric` with a builder that implements `Clone` and `Debug`, as asked.
#[derive(RowKey)]
#[rowkey(scan(Clone, Debug))]
struct ForkedMetric<'a> {
    #[pad(16)]
    host: &'a str,
    #[pad(8)]
    event: &'a str,
    #[reverse_ts]
    ts: u64,
}

#[test]
fn a_builder_asked_for_clone_and_debug_clones_and_prints_at_any_stage() {
    // `#[rowkey(scan(Clone, Debug))]`: the builder's impls are written by
    // hand in the runtime's template (its steps are generic runtime
    // types). A clone scans the same rows as the original, which are
    // `Metric`'s rows (the same layout, without the attribute).
    let b = ForkedMetric::scan().host("host1").event("cpu");
    let again = b.clone();
    let a: Vec<_> = b.ts(3..5).ranges().unwrap().collect();
    let c: Vec<_> = again.ts(3..5).ranges().unwrap().collect();
    assert_eq!(a.len(), 1, "host, event and a window: one range");
    assert_eq!(a, c);
    let plain: Vec<_> = Metric::scan()
        .host("host1")
        .event("cpu")
        .ts(3..5)
        .ranges()
        .unwrap()
        .collect();
    assert_eq!(rows(&a), rows(&plain));
    let shown = format!("{:?}", ForkedMetric::scan().host("host1"));
    assert!(shown.starts_with("__ForkedMetricScan"), "{shown}");
    assert!(shown.contains("host1"), "{shown}");
}
