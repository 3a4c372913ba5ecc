//! Region splits over the keyspace a salt or bucket really uses (SPEC §5),
//! the HBase shell text for them, and the per-region write count.
//!
//! Oracles: HBase's `HexStringSplit` arithmetic restated with `format!`
//! (`i * (16^K / n)`, K lowercase hex digits); HBase's `Bytes.split` restated
//! over 16-byte big-endian values for the naive contrast, checked against the
//! split points seed 003 lists; a reader of the shell's `SPLITS` strings (Ruby
//! single quotes, then `Bytes.toBytesBinary`) for the escapes.

use std::collections::{BTreeMap, BTreeSet};

use rowkey::{
    split_keys, split_keys_for, BloomFilter, Compression, CreateTable, ErrorKind, Hotspot, Load,
    Regions, RowKey, ShellKey, Spread,
};

#[derive(RowKey, Debug, PartialEq)]
struct SaltedEvent {
    #[salt(md5, 4)]
    id: u64,
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct BucketedEvent {
    #[bucket(16)]
    ts: u64,
    id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct WideBucketEvent {
    #[bucket(1000)]
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Naive {
    ts: u64,
    id: u64,
}

/// Seed 001: `MD5(uid_type)` (4 hex chars), `_`, `uid_type`.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 4, fields(uid, kind), delim = b'_'))]
struct UidType<'a> {
    #[delim(b'_')]
    uid: &'a str,
    kind: &'a str,
}

/// OpenTSDB's shape: the salt covers metric and tags, not the timestamp, so a
/// series stays in one salt.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(metric, tags)))]
struct TsdbPoint<'a> {
    metric: u32,
    ts: u32,
    tags: &'a str,
}

const WRITES: u64 = 100_000;

fn hex_strings(splits: impl IntoIterator<Item = impl AsRef<[u8]>>) -> Vec<String> {
    splits
        .into_iter()
        .map(|k| String::from_utf8(k.as_ref().to_vec()).expect("hex split keys are ASCII"))
        .collect()
}

/// HBase `HexStringSplit.split(n)` with first row `0…0` and last row `f…f`
/// of `k` digits: `range = 16^k`, split i = `i * (range / n)`, left-padded.
fn hex_string_split(k: usize, n: u128) -> Vec<String> {
    let range = 1u128 << (4 * k);
    let step = range / n;
    (1..n).map(|i| format!("{:0k$x}", i * step)).collect()
}

/// HBase `Bytes.split(a, b, num)`: `num` points strictly between `a` and `b`
/// at `a + i * ((b - a) / (num + 1))`, with `a` and `b` included, as
/// `Admin.createTable(desc, start, end, regions)` uses with
/// `num = regions - 3`. Keys are 16 bytes here, so u128 holds them.
fn bytes_split(a: [u8; 16], b: [u8; 16], num: u128) -> Vec<Vec<u8>> {
    let (a, b) = (u128::from_be_bytes(a), u128::from_be_bytes(b));
    let interval = (b - a) / (num + 1);
    (0..=num + 1)
        .map(|i| {
            let v = if i == num + 1 { b } else { a + i * interval };
            v.to_be_bytes().to_vec()
        })
        .collect()
}

fn count<R: Regions + ?Sized>(regions: &R, keys: impl IntoIterator<Item = Vec<u8>>) -> Vec<u64> {
    let mut counts = vec![0; regions.regions()];
    let mut hot = Hotspot::new(regions, &mut counts).expect("valid regions");
    for key in keys {
        hot.record(&key);
    }
    counts
}

fn salted_keys() -> impl Iterator<Item = Vec<u8>> {
    (0..WRITES).map(|id| {
        SaltedEvent {
            id,
            ts: 1_700_000_000_000 + id,
        }
        .to_vec()
        .expect("encodes")
    })
}

#[test]
fn hex_salt_k8_is_hbase_hex_string_split() {
    let n16 = hex_strings(split_keys_for(Spread::HexSalt { chars: 8 }, 16).unwrap());
    let expected: Vec<String> = (1..16u32).map(|i| format!("{i:x}0000000")).collect();
    assert_eq!(n16, expected);
    assert_eq!(n16.first().map(String::as_str), Some("10000000"));
    assert_eq!(n16.last().map(String::as_str), Some("f0000000"));

    let n3 = hex_strings(split_keys_for(Spread::HexSalt { chars: 8 }, 3).unwrap());
    assert_eq!(n3, ["55555555", "aaaaaaaa"]);

    // Every n, including those where HBase's floor(range / n) * i differs
    // from floor(i * range / n) (n = 6, 7, 10, ...): the HBase rounding.
    for n in (2..=600).chain([1000, 4096, 65_535, 65_536, 65_537, 1 << 20]) {
        let got = hex_strings(split_keys_for(Spread::HexSalt { chars: 8 }, n).unwrap());
        assert_eq!(got, hex_string_split(8, n as u128), "n = {n}");
    }
    let n6 = hex_strings(split_keys_for(Spread::HexSalt { chars: 8 }, 6).unwrap());
    assert_eq!(n6[1], "55555554", "HBase's slop goes to the last region");
}

#[test]
fn hex_salt_other_widths() {
    let k4 = hex_strings(split_keys::<SaltedEvent>(16).unwrap());
    let expected: Vec<String> = (1..16u32).map(|i| format!("{i:x}000")).collect();
    assert_eq!(k4, expected);
    assert_eq!((k4[0].as_str(), k4[14].as_str()), ("1000", "f000"));

    for k in 1..=16usize {
        for n in (2..=300u128).chain([4096, 65_536]) {
            if n > 1u128 << (4 * k) {
                continue;
            }
            let got =
                hex_strings(split_keys_for(Spread::HexSalt { chars: k }, n as usize).unwrap());
            assert_eq!(got, hex_string_split(k, n), "k = {k}, n = {n}");
        }
    }

    // 32 characters: 16^32 does not fit a u128, the arithmetic still holds.
    let k32 = hex_strings(split_keys_for(Spread::HexSalt { chars: 32 }, 3).unwrap());
    assert_eq!(k32, ["5".repeat(32), "a".repeat(32)]);
    let k32 = hex_strings(split_keys_for(Spread::HexSalt { chars: 32 }, 16).unwrap());
    assert_eq!(k32[0], format!("1{}", "0".repeat(31)));
    assert_eq!(k32[14], format!("f{}", "0".repeat(31)));
    let k32 = hex_strings(split_keys_for(Spread::HexSalt { chars: 32 }, 7).unwrap());
    let step = u128::MAX / 7; // 2^128 mod 7 = 2, so floor(2^128 / 7) = floor(M / 7)
    let expected: Vec<String> = (1..7).map(|i| format!("{:032x}", i * step)).collect();
    assert_eq!(k32, expected);
}

#[test]
fn every_salt_value_lands_in_one_region_and_shares_are_as_documented() {
    // Every n for 1 and 2 characters; a spread of n for 3 and 4.
    let cases = (1..=2usize)
        .flat_map(|k| (2..=1usize << (4 * k)).map(move |n| (k, n)))
        .chain(
            (2..=40)
                .chain([100, 255, 256, 1000, 4095, 4096])
                .map(|n| (3, n)),
        )
        .chain([2, 3, 5, 6, 7, 10, 16, 100, 255, 256, 4095, 4096].map(|n| (4, n)));
    for (k, n) in cases {
        let space = 1u128 << (4 * k);
        {
            let splits = split_keys_for(Spread::HexSalt { chars: k }, n).unwrap();
            let vecs = splits.to_vecs();
            assert_eq!(vecs.len(), n - 1);
            // All k-character salts, routed by the split keys and by the slice.
            let mut counts = vec![0u128; n];
            for v in 0..space {
                let salt = format!("{v:0k$x}");
                let r = splits.region_of(salt.as_bytes());
                assert_eq!(r, vecs.region_of(salt.as_bytes()), "k {k} n {n} {salt}");
                // Anything after the salt stays in the salt's region.
                let mut longer = salt.clone().into_bytes();
                longer.extend_from_slice(&[0xff; 9]);
                assert_eq!(splits.region_of(&longer), r, "k {k} n {n} {salt}");
                counts[r] += 1;
            }
            let shares: Vec<u128> = (0..n).map(|r| splits.prefixes_in(r).unwrap()).collect();
            assert_eq!(counts, shares, "k {k} n {n}");
            assert_eq!(splits.prefixes_in(n), None);
            let step = space / n as u128;
            assert!(shares[..n - 1].iter().all(|&s| s == step), "k {k} n {n}");
            assert_eq!(shares[n - 1], step + space % n as u128, "k {k} n {n}");
            assert!(
                shares.iter().all(|&s| s >= 1),
                "no empty region: k {k} n {n}"
            );
        }
    }
}

#[test]
fn salted_writes_reach_every_region() {
    let keys: Vec<Vec<u8>> = salted_keys().collect();
    for n in [2, 3, 5, 7, 10, 16, 32, 64, 100, 256] {
        let splits = split_keys::<SaltedEvent>(n).unwrap();
        let counts = count(&splits, keys.iter().cloned());
        let load = Load::of(&counts);
        assert_eq!(load.total, WRITES);
        assert_eq!(load.empty, 0, "n = {n}: {counts:?}");
        // MD5 is uniform: each region's share of writes follows its share of
        // salt values (binomial, so within 5 standard deviations).
        for (r, &c) in counts.iter().enumerate() {
            let p = splits.prefixes_in(r).unwrap() as f64 / 65_536.0;
            let mean = WRITES as f64 * p;
            let sd = (WRITES as f64 * p * (1.0 - p)).sqrt();
            assert!(
                (c as f64 - mean).abs() < 5.0 * sd,
                "n {n} region {r}: {c} writes, expected {mean:.0} ± {sd:.0}"
            );
        }
    }
    let counts = count(&split_keys::<SaltedEvent>(16).unwrap(), keys);
    let skew = Load::of(&counts).skew().unwrap();
    assert!(skew < 1.05, "16 regions, skew {skew}: {counts:?}");
}

#[test]
fn naive_byte_splits_leave_regions_empty() {
    // 0x00..0xFF cut evenly into 16: split keys 0x10, 0x20, .. 0xf0. A hex
    // salt's first byte is '0'..'9' (0x30..0x39) or 'a'..'f' (0x61..0x66).
    let even_bytes: Vec<Vec<u8>> = (1..16u8).map(|i| vec![i * 16]).collect();
    let counts = count(&even_bytes, salted_keys());
    let load = Load::of(&counts);
    assert_eq!(load.empty, 14, "{counts:?}");
    assert_eq!(
        counts.iter().position(|&c| c > 0),
        Some(3),
        "digits land in [0x30, 0x40)"
    );
    assert!(load.skew().unwrap() > 7.0, "{counts:?}");

    // Seed 003: Admin.createTable(desc, "0000000000000000",
    // "ffffffffffffffff", 10) runs Bytes.split(start, end, 7). The model
    // reproduces the leading bytes the seed lists ...
    let seed = bytes_split([b'0'; 16], [b'f'; 16], 7);
    let leading: Vec<u8> = seed.iter().map(|k| k[0]).collect();
    assert_eq!(leading, [48, 54, 61, 68, 75, 82, 88, 95, 102]);
    assert_eq!(&seed[1][..3], &[54, 0xf6, 0xf6]); // "54 -10 -10 ..."
                                                  // ... and of its 10 regions, the five between ':' and '`' never get a key.
    let counts = count(&seed, salted_keys());
    let load = Load::of(&counts);
    assert_eq!(counts.len(), 10);
    assert_eq!(&counts[3..8], &[0, 0, 0, 0, 0], "{counts:?}");
    assert!(load.empty >= 5, "{counts:?}");

    // The same over the salt's own 16 characters: no region is empty.
    let counts = count(&split_keys::<SaltedEvent>(10).unwrap(), salted_keys());
    assert_eq!(Load::of(&counts).empty, 0, "{counts:?}");
}

#[test]
fn buckets_stay_whole_when_n_divides_count() {
    let keys: Vec<(u64, Vec<u8>)> = (0..WRITES)
        .map(|i| {
            let ts = 1_700_000_000_000 + i;
            (ts % 16, BucketedEvent { ts, id: i }.to_vec().unwrap())
        })
        .collect();
    for n in [2, 4, 8, 16] {
        let splits = split_keys::<BucketedEvent>(n).unwrap();
        let expected: Vec<Vec<u8>> = (1..n).map(|i| vec![(i * 16 / n) as u8]).collect();
        assert_eq!(splits.to_vecs(), expected, "n = {n}");

        let mut regions_of_bucket = BTreeMap::<u64, BTreeSet<usize>>::new();
        let mut counts = vec![0; n];
        let mut hot = Hotspot::new(&splits, &mut counts).unwrap();
        for (bucket, key) in &keys {
            let r = hot.record(key);
            regions_of_bucket.entry(*bucket).or_default().insert(r);
        }
        assert_eq!(regions_of_bucket.len(), 16);
        for (bucket, regions) in &regions_of_bucket {
            let r: Vec<usize> = regions.iter().copied().collect();
            // One region per bucket: the region holding buckets
            // [r * 16 / n, (r + 1) * 16 / n).
            assert_eq!(r, [*bucket as usize * n / 16], "n {n} bucket {bucket}");
        }
        assert!(
            counts.iter().all(|&c| c == WRITES / n as u64),
            "n {n}: {counts:?}"
        );
        assert!((0..n).all(|r| splits.prefixes_in(r) == Some(16 / n as u128)));
        assert_eq!(Load::of(&counts).skew(), Some(1.0));
    }
}

#[test]
fn buckets_when_n_does_not_divide_count() {
    // Documented rule: split i is bucket floor(i * N / n), so regions hold
    // floor(N / n) or ceil(N / n) whole buckets.
    let n6: Vec<Vec<u8>> = split_keys::<BucketedEvent>(6).unwrap().to_vecs();
    assert_eq!(n6, [[2], [5], [8], [10], [13]].map(|b: [u8; 1]| b.to_vec()));
    let splits = split_keys::<BucketedEvent>(6).unwrap();
    let shares: Vec<u128> = (0..6).map(|r| splits.prefixes_in(r).unwrap()).collect();
    assert_eq!(shares, [2, 3, 3, 2, 3, 3]);

    let cases = (2..=64u32)
        .flat_map(|c| (2..=c as usize).map(move |n| (c, n)))
        .chain(
            [255, 256, 257, 300, 1000, 65_536]
                .into_iter()
                .flat_map(|c| {
                    [2, 3, 7, 10, 16, c as usize / 3, c as usize - 1, c as usize]
                        .map(move |n| (c, n))
                }),
        );
    for (count_n, n) in cases {
        {
            let splits = split_keys_for(Spread::Bucket { count: count_n }, n).unwrap();
            let vecs = splits.to_vecs();
            let mut seen = vec![0u128; n];
            for b in 0..count_n {
                let key: Vec<u8> = if count_n <= 256 {
                    vec![b as u8, 0xff]
                } else {
                    let [_, _, hi, lo] = b.to_be_bytes();
                    vec![hi, lo, 0x00]
                };
                let r = splits.region_of(&key);
                assert_eq!(r, vecs.region_of(&key));
                // Region r holds buckets [r * N / n, (r + 1) * N / n).
                let first = |r: usize| (r as u64 * u64::from(count_n) / n as u64) as u32;
                assert!(first(r) <= b && b < first(r + 1), "N {count_n} n {n} b {b}");
                seen[r] += 1;
            }
            let (lo, hi) = (
                u128::from(count_n) / n as u128,
                u128::from(count_n).div_ceil(n as u128),
            );
            for (r, &s) in seen.iter().enumerate() {
                assert_eq!(Some(s), splits.prefixes_in(r), "N {count_n} n {n}");
                assert!(s == lo || s == hi, "N {count_n} n {n} region {r}: {s}");
            }
        }
    }

    // Every region of a non-dividing split still takes writes.
    for n in [3, 5, 6, 7, 10, 11, 13] {
        let splits = split_keys::<BucketedEvent>(n).unwrap();
        let counts = count(
            &splits,
            (0..WRITES).map(|i| BucketedEvent { ts: i, id: i }.to_vec().unwrap()),
        );
        let load = Load::of(&counts);
        assert_eq!(load.empty, 0, "n {n}: {counts:?}");
        assert!(load.max - load.min <= WRITES / 16 + 1, "n {n}: {counts:?}");
    }
}

#[test]
fn wide_buckets_split_on_two_byte_prefixes() {
    let splits = split_keys::<WideBucketEvent>(4).unwrap();
    assert_eq!(
        splits.to_vecs(),
        [[0x00, 0xfa], [0x01, 0xf4], [0x02, 0xee]].map(|b: [u8; 2]| b.to_vec())
    );
    let counts = count(
        &splits,
        (0..WRITES).map(|ts| WideBucketEvent { ts }.to_vec().unwrap()),
    );
    assert_eq!(counts, [25_000; 4]);
}

#[test]
fn struct_level_salt_splits() {
    assert_eq!(UidType::SPREAD, Spread::HexSalt { chars: 4 });
    let splits = split_keys::<UidType>(16).unwrap();
    assert_eq!(hex_strings(splits), hex_string_split(4, 16));

    let uids: Vec<String> = (0..WRITES).map(|i| format!("{}", 10_000_000 + i)).collect();
    let kinds = ["web", "app", "api"];
    let mut counts = vec![0; 16];
    let mut hot = Hotspot::new(&splits, &mut counts).unwrap();
    for (i, uid) in uids.iter().enumerate() {
        let key = UidType {
            uid,
            kind: kinds[i % 3],
        }
        .to_vec()
        .unwrap();
        assert_eq!(key[4], b'_');
        let r = hot.record(&key);
        // The region is decided by the 4 salt characters alone.
        assert_eq!(r, splits.region_of(&key[..4]));
        assert_eq!(UidType::decode(&key).unwrap().uid, uid);
    }
    let load = hot.load();
    assert_eq!(load.empty, 0, "{counts:?}");
    assert!(load.skew().unwrap() < 1.05, "{counts:?}");

    // OpenTSDB: one series (metric + tags) keeps one salt, so one region,
    // whatever its timestamps; the series themselves spread over all 16.
    let splits = split_keys::<TsdbPoint>(16).unwrap();
    assert_eq!(hex_strings(splits), hex_string_split(1, 16));
    let mut regions_of_series = BTreeMap::<(u32, String), BTreeSet<usize>>::new();
    for metric in 0..20u32 {
        for host in 0..20 {
            let tags = format!("host=web{host:02}");
            for ts in (1_700_000_000..).step_by(3600).take(24) {
                let key = TsdbPoint {
                    metric,
                    ts,
                    tags: &tags,
                }
                .to_vec()
                .unwrap();
                regions_of_series
                    .entry((metric, tags.clone()))
                    .or_default()
                    .insert(splits.region_of(&key));
            }
        }
    }
    assert!(regions_of_series.values().all(|r| r.len() == 1));
    let used: BTreeSet<usize> = regions_of_series.values().flatten().copied().collect();
    assert_eq!(used.len(), 16, "400 series cover all 16 regions");
}

#[test]
fn errors_instead_of_meaningless_splits() {
    let reason = |e: rowkey::Error| match e.kind() {
        ErrorKind::Invalid { reason } => *reason,
        other => panic!("unexpected {other:?}"),
    };
    let e = split_keys::<Naive>(16).unwrap_err();
    assert_eq!(e.key_name(), "Naive");
    assert!(
        reason(e.clone()).contains("without a leading salt or bucket"),
        "{e}"
    );
    assert!(e.to_string().starts_with("Naive: "), "{e}");

    for n in [0, 1] {
        let e = split_keys::<SaltedEvent>(n).unwrap_err();
        assert!(reason(e).contains("at least 2 regions"));
    }
    // One region per salt value is the most there can be.
    assert_eq!(split_keys::<SaltedEvent>(65_536).unwrap().len(), 65_535);
    let e = split_keys::<SaltedEvent>(65_537).unwrap_err();
    assert!(
        reason(e).contains("65536 for four"),
        "the value counts spelled out"
    );
    let e = split_keys_for(Spread::HexSalt { chars: 1 }, 17).unwrap_err();
    assert_eq!(e.key_name(), "split_keys");
    assert_eq!(split_keys::<BucketedEvent>(16).unwrap().len(), 15);
    let e = split_keys::<BucketedEvent>(17).unwrap_err();
    assert!(reason(e).contains("buckets"));

    for spread in [
        Spread::HexSalt { chars: 0 },
        Spread::HexSalt { chars: 33 },
        Spread::Bucket { count: 0 },
        Spread::Bucket { count: 1 },
        Spread::Bucket { count: 65_537 },
    ] {
        assert!(split_keys_for(spread, 2).is_err(), "{spread:?}");
    }
    // Huge n with a long salt is fine and lazy.
    let big = split_keys_for(Spread::HexSalt { chars: 32 }, usize::MAX).unwrap();
    assert_eq!(big.len(), usize::MAX - 1);
    assert!(big.get(usize::MAX - 2).is_some());
    assert_eq!(big.get(usize::MAX - 1), None);
}

#[test]
fn split_keys_iterate_both_ways() {
    let splits = split_keys::<SaltedEvent>(5).unwrap();
    let forward: Vec<_> = splits.into_iter().collect();
    let mut backward: Vec<_> = splits.into_iter().rev().collect();
    backward.reverse();
    assert_eq!(forward, backward);
    assert_eq!(splits.into_iter().len(), 4);
    assert_eq!(splits.into_iter().nth(3), splits.get(3));
    assert_eq!(splits.into_iter().nth(4), None);
    assert!(forward.windows(2).all(|w| w[0] < w[1]));
    // Split keys order as their bytes do, whatever their lengths.
    let two_byte = split_keys::<WideBucketEvent>(4).unwrap().get(0).unwrap(); // 00 fa
    let one_byte = split_keys::<BucketedEvent>(2).unwrap().get(0).unwrap(); // 08
    assert!(two_byte < one_byte);
    assert_eq!(two_byte.as_bytes().cmp(&one_byte), two_byte.cmp(&one_byte));
    assert_eq!(format!("{}", forward[0]), "3333");
    assert_eq!(format!("{:?}", forward[0]), "SplitKey(\"3333\")");
    let bucket = split_keys::<BucketedEvent>(2).unwrap().get(0).unwrap();
    assert_eq!(bucket.to_string(), r"\x08");
    assert_eq!(splits.spread(), SaltedEvent::SPREAD);
}

#[test]
fn hotspot_checks_its_inputs() {
    let splits = vec![b"b".to_vec(), b"d".to_vec()];
    let mut too_few = [0u64; 2];
    assert!(Hotspot::new(&splits, &mut too_few).is_err());
    let mut counts = [7u64; 3];
    let mut hot = Hotspot::new(&splits, &mut counts).unwrap();
    assert_eq!(hot.counts(), &[0, 0, 0], "counts start at zero");
    // [empty, "b") ["b", "d") ["d", end)
    let probes: [(&[u8], usize); 7] = [
        (b"", 0),
        (b"a\xff\xff", 0),
        (b"b", 1),
        (b"b\x00", 1),
        (b"c\xff", 1),
        (b"d", 2),
        (b"\xff", 2),
    ];
    for (key, region) in probes {
        assert_eq!(hot.record(key), region, "{key:?}");
    }
    let load = hot.load();
    assert_eq!(
        (load.total, load.max, load.busiest, load.min, load.empty),
        (7, 3, 1, 2, 0)
    );
    assert_eq!(load.skew(), Some(3.0 * 3.0 / 7.0));

    for bad in [
        vec![b"b".to_vec(), b"b".to_vec()],
        vec![b"d".to_vec(), b"b".to_vec()],
        vec![Vec::new(), b"b".to_vec()],
    ] {
        let mut counts = [0u64; 3];
        let e = Hotspot::new(&bad, &mut counts).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Invalid { .. }), "{bad:?}");
    }
    let empty = Load::of(&[0, 0]);
    assert_eq!(
        (empty.skew(), empty.mean(), empty.empty),
        (None, Some(0.0), 2)
    );
    assert_eq!(Load::of(&[]).mean(), None);
}

/// What the HBase shell makes of one `SPLITS` entry: Ruby parses the
/// single-quoted literal (only `\\` and `\'` are escapes), admin.rb hands the
/// string to `Bytes.toBytesBinary`, which turns `\xNN` into a byte and keeps
/// every other character's low byte.
fn shell_reads(literal: &str) -> Vec<u8> {
    let inner = literal
        .strip_prefix('\'')
        .and_then(|s| s.strip_suffix('\''))
        .expect("single-quoted");
    let mut ruby = Vec::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '\'')) => ruby.push(e),
                Some(other) => ruby.extend(['\\', other]),
                None => panic!("unterminated literal {literal}"),
            },
            '\'' => panic!("unescaped quote inside {literal}"),
            c => ruby.push(c),
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < ruby.len() {
        if ruby[i] == '\\' && ruby.get(i + 1) == Some(&'x') {
            let hex: String = ruby[i + 2..i + 4].iter().collect();
            out.push(u8::from_str_radix(&hex, 16).expect("hex escape"));
            i += 4;
        } else {
            assert!(ruby[i].is_ascii(), "non-ASCII in {literal}");
            out.push(ruby[i] as u8);
            i += 1;
        }
    }
    out
}

#[test]
fn shell_keys_read_back_exactly() {
    for b in 0..=255u8 {
        let lit = ShellKey(&[b, b'\'', b'\\', b'x', b]).to_string();
        assert!(lit.is_ascii(), "{lit}");
        assert_eq!(shell_reads(&lit), [b, b'\'', b'\\', b'x', b], "{lit}");
    }
    // Printable keys read as themselves; the quote is escaped Ruby's way.
    assert_eq!(ShellKey(b"1000").to_string(), "'1000'");
    assert_eq!(ShellKey(b"it's").to_string(), r"'it\'s'");
    assert_eq!(ShellKey(b"a\\b").to_string(), r"'a\x5Cb'");
    assert_eq!(ShellKey(b"\x00\x80\xff").to_string(), r"'\x00\x80\xFF'");
    // Every byte string of length <= 2 round-trips.
    for a in 0..=255u8 {
        for b in (0..=255u8).step_by(7) {
            let lit = ShellKey(&[a, b]).to_string();
            assert_eq!(shell_reads(&lit), [a, b], "{lit}");
        }
    }
}

#[test]
fn shell_text_for_salted_table() {
    let text = CreateTable::new("USER_INFO", "INFO", split_keys::<UidType>(16).unwrap())
        .versions(400)
        .ttl(31_536_000)
        .compression(Compression::Snappy)
        .to_string();
    assert_eq!(
        text,
        "create 'USER_INFO', {NAME => 'INFO', VERSIONS => 400, TTL => 31536000, \
         COMPRESSION => 'SNAPPY'}, SPLITS => ['1000', '2000', '3000', '4000', '5000', \
         '6000', '7000', '8000', '9000', 'a000', 'b000', 'c000', 'd000', 'e000', 'f000']"
    );
}

#[test]
fn shell_text_for_bucketed_tables() {
    let text = CreateTable::new("EVENTS", "d", split_keys::<BucketedEvent>(4).unwrap())
        .compression(Compression::Zstd)
        .bloom_filter(BloomFilter::Row)
        .to_string();
    assert_eq!(
        text,
        r"create 'EVENTS', {NAME => 'd', COMPRESSION => 'ZSTD', BLOOMFILTER => 'ROW'}, SPLITS => ['\x04', '\x08', '\x0C']"
    );

    // 256 buckets: bucket 64 is '@', printable; 128 and 192 are not ASCII.
    let text = CreateTable::new(
        "EVENTS",
        "d",
        split_keys_for(Spread::Bucket { count: 256 }, 4).unwrap(),
    )
    .to_string();
    assert_eq!(
        text,
        r"create 'EVENTS', {NAME => 'd'}, SPLITS => ['@', '\x80', '\xC0']"
    );

    // Over 256 buckets the prefix is two bytes.
    let splits = split_keys::<WideBucketEvent>(4).unwrap();
    let text = CreateTable::new("WIDE", "d", splits)
        .versions(1)
        .ttl(u32::MAX)
        .to_string();
    assert_eq!(
        text,
        r"create 'WIDE', {NAME => 'd', VERSIONS => 1, TTL => 2147483647}, SPLITS => ['\x00\xFA', '\x01\xF4', '\x02\xEE']"
    );
    // What the shell reads back is the split keys, byte for byte.
    let listed = text
        .split("SPLITS => [")
        .nth(1)
        .unwrap()
        .trim_end_matches(']');
    let read: Vec<Vec<u8>> = listed.split(", ").map(shell_reads).collect();
    assert_eq!(read, splits.to_vecs());
}

#[test]
fn shell_text_quotes_names_and_takes_any_split_list() {
    let splits: Vec<Vec<u8>> = vec![b"it's".to_vec(), b"m\\n".to_vec()];
    let text = CreateTable::new("ns:o'brien", "f\\1", &splits).to_string();
    assert_eq!(
        text,
        r"create 'ns:o\'brien', {NAME => 'f\\1'}, SPLITS => ['it\'s', 'm\x5Cn']"
    );
    let none: [&[u8]; 0] = [];
    assert_eq!(
        CreateTable::new("T", "f", none).to_string(),
        "create 'T', {NAME => 'f'}"
    );
}
