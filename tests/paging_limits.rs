//! Paging at the row-key limits: resuming after or before a row of
//! `SCAN_CAP` bytes, of Bigtable's 4096 and of HBase's 32767, forward and
//! backward, one range and a merged fan-out. Every resume is checked
//! against brute force over keys packed around the row: `Ok(None)` only
//! when no key is left, `Ok(Some)` selecting exactly the keys left, and an
//! error only when the inline range cannot hold the row it needs.

use rowkey::{KeyRange, OwnedKeyRange, RowKey};

const HBASE_MAX: usize = 32767;
const BIGTABLE_MAX: usize = 4096;

/// A small `SCAN_CAP` (an unpadded last field).
#[derive(RowKey)]
struct Tailed {
    id: u16,
    rest: Vec<u8>,
}

/// The same, bucketed: a scan over ids fans out and is merged.
#[derive(RowKey)]
struct Bucketed {
    #[bucket(4)]
    id: u16,
    rest: Vec<u8>,
}

/// A `SCAN_CAP` of HBase's limit: every legal row fits a range.
#[derive(RowKey)]
struct Wide {
    #[pad(32600)]
    head: Vec<u8>,
    rest: Vec<u8>,
}

/// HBase's stop row for a prefix (trailing 0xFF dropped, last byte + 1).
fn prefix_stop(row: &[u8]) -> Option<Vec<u8>> {
    let mut v = row.to_vec();
    while v.last() == Some(&0xFF) {
        v.pop();
    }
    *v.last_mut()? += 1;
    Some(v)
}

/// Rows `head ++ tail` whose tails end every way a successor can trip on,
/// at each length around the limits (`cap` being the key's `SCAN_CAP`).
fn probes(head: &[u8], cap: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for len in [
        cap - 1,
        cap,
        cap + 1,
        BIGTABLE_MAX - 1,
        BIGTABLE_MAX,
        BIGTABLE_MAX + 1,
        HBASE_MAX - 1,
        HBASE_MAX,
    ] {
        let Some(n) = len.checked_sub(head.len()).filter(|&n| n > 0) else {
            continue;
        };
        for (body, end) in [
            (0x07, &[][..]),
            (0x07, &[0xFF][..]),
            (0x07, &[0xFF; 40][..]),
            (0x07, &[0x00][..]),
            (0xFF, &[][..]),
            (0x07, &[0x08, 0xFF][..]),
        ] {
            let Some(m) = n.checked_sub(end.len()) else {
                continue;
            };
            out.push([head, &vec![body; m][..], end].concat());
        }
        // Short enough that its successor fits any range: a prefix of 0x07
        // then 0xFF to the length.
        out.push([head, &[0x07][..], &vec![0xFF; n - 1][..]].concat());
    }
    out
}

/// The keys packed around each probe: itself, the row right after it, the
/// row right after all its extensions and one past that, the row before it.
fn neighbours(probes: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut keys = Vec::new();
    for p in probes {
        keys.push(p.clone());
        if p.len() < HBASE_MAX {
            keys.push([&p[..], &[0][..]].concat());
            keys.push([&p[..], &[0xFF][..]].concat());
        }
        keys.push(p[..p.len() - 1].to_vec());
        if let Some(s) = prefix_stop(p) {
            keys.push([&s[..], &[0][..]].concat());
            keys.push(s);
        }
    }
    keys.retain(|k| k.len() <= HBASE_MAX);
    keys.sort();
    keys.dedup();
    keys
}

/// `row` moved into the range starting `start` (`start[..skip]` then
/// `row[skip..]`): the row a merged fan-out resumes from in that range.
fn rebased(start: &[u8], row: &[u8], skip: usize) -> Vec<u8> {
    [&start[..skip], &row[skip..]].concat()
}

#[derive(Default, Debug)]
struct Count {
    checked: usize,
    refused: usize,
}

/// Checks every resume of every range after and before every probe
/// against the keys, inline and owned; returns how many were checked.
fn check<K: RowKey>(ranges: &[KeyRange<K>], skip: usize, probes: &[Vec<u8>]) -> Count {
    let keys = neighbours(probes);
    let mut n = Count::default();
    for r in ranges {
        let owned = OwnedKeyRange::from(*r);
        for p in probes {
            let x = rebased(r.start(), p, skip);
            let after: Vec<&Vec<u8>> = keys
                .iter()
                .filter(|k| r.contains(k) && k.as_slice() > x.as_slice())
                .collect();
            let before: Vec<&Vec<u8>> = keys
                .iter()
                .filter(|k| r.contains(k) && k.as_slice() < x.as_slice())
                .collect();
            let selects = |o: &Option<OwnedKeyRange<K>>| -> Vec<&Vec<u8>> {
                keys.iter()
                    .filter(|k| o.as_ref().is_some_and(|o| o.contains(k)))
                    .collect()
            };
            let ctx = format!("{} at a {}-byte row", r.start().len(), p.len());

            let o_after = owned.resume_after_merged(p, skip).expect("owned");
            assert_eq!(selects(&o_after), after, "owned after, {ctx}");
            let o_before = owned.resume_before_merged(p, skip).expect("owned");
            assert_eq!(selects(&o_before), before, "owned before, {ctx}");

            // Inline: exact, or refused because the row it needs does not
            // fit `SCAN_CAP`; never "nothing left" while keys are.
            match r.resume_after_merged(p, skip) {
                Ok(got) => {
                    let got = got.map(OwnedKeyRange::from);
                    assert_eq!(selects(&got), after, "after, {ctx}");
                    assert_eq!(got, o_after, "after, {ctx}");
                }
                Err(e) => {
                    let need = o_after.as_ref().map_or(0, |o| o.start().len());
                    assert!(
                        need > K::SCAN_CAP,
                        "after, {ctx}: {e}, yet {need} bytes fit"
                    );
                    assert!(e.to_string().contains("OwnedKeyRange"), "{e}");
                    n.refused += 1;
                }
            }
            match r.resume_before_merged(p, skip) {
                Ok(got) => {
                    let got = got.map(OwnedKeyRange::from);
                    assert_eq!(selects(&got), before, "before, {ctx}");
                    assert_eq!(got, o_before, "before, {ctx}");
                }
                Err(e) => {
                    let need = o_before
                        .as_ref()
                        .and_then(|o| o.stop())
                        .map_or(0, <[u8]>::len);
                    assert!(
                        need > K::SCAN_CAP,
                        "before, {ctx}: {e}, yet {need} bytes fit"
                    );
                    n.refused += 1;
                }
            }
            n.checked += 2;
        }
    }
    n
}

#[test]
fn one_range_resumes_at_every_limit() {
    let ranges: Vec<_> = Tailed::scan().id(1).ranges().expect("scan").collect();
    let n = check(&ranges, 0, &probes(&[0, 1], Tailed::SCAN_CAP));
    eprintln!("{n:?}");
    // Rows past SCAN_CAP whose successor or stop is as long are refused;
    // the rest resume exactly.
    assert!(n.refused > 0 && n.refused < n.checked, "{n:?}");
}

/// The case found: a 32767-byte row whose successor does not fit the
/// inline range was read as "nothing left".
#[test]
fn a_32767_byte_row_never_ends_paging() {
    let range = Tailed::scan()
        .id(1)
        .ranges()
        .expect("scan")
        .next()
        .expect("one");
    let row = [&[0, 1][..], &[0x07; HBASE_MAX - 2][..]].concat();
    assert!(range.resume_after(&row).is_err(), "an error, not Ok(None)");
    // Its successor (the row after every extension) is short: it fits.
    let row = [&[0, 1, 0x07][..], &[0xFF; HBASE_MAX - 3][..]].concat();
    let next = range.resume_after(&row).expect("fits").expect("rows left");
    assert_eq!(next.start(), [0, 1, 0x08]);
}

#[test]
fn merged_fan_out_resumes_at_every_limit() {
    let scan = Bucketed::scan().id(0..8).ranges().expect("scan");
    let skip = scan.merge_skip();
    assert_eq!((scan.fan_out(), skip), (4, 1));
    let ranges: Vec<_> = scan.collect();
    // The page's last row came from bucket 1 (id 5); every bucket resumes.
    let n = check(&ranges, skip, &probes(&[1, 0, 5], Bucketed::SCAN_CAP));
    eprintln!("{n:?}");
    assert!(n.refused > 0 && n.refused < n.checked, "{n:?}");
}

#[test]
fn a_scan_cap_of_the_limit_resumes_every_row_inline() {
    assert_eq!(Wide::SCAN_CAP, HBASE_MAX);
    let head = vec![b'h'; 32600];
    let ranges: Vec<_> = Wide::scan().head(&head).ranges().expect("scan").collect();
    let n = check(&ranges, 0, &probes(&head, Wide::SCAN_CAP - 1));
    eprintln!("{n:?}");
    assert_eq!(n.refused, 0, "{n:?}");
}

/// The same class in the scan builder: the rows after and before a bound
/// (an exclusive lower bound's `v 00`, an inclusive upper bound's, the
/// prefix stop of all-0xFF bounds) for bounds up to the longest a range
/// holds, ascending and `#[desc]`: every range selects exactly the keys
/// inside it, or the scan is refused for a bound past `SCAN_CAP`.
#[derive(RowKey)]
struct TailedDesc {
    id: u16,
    #[desc]
    #[delim]
    rest: Vec<u8>,
}

/// A range's start and stop rows.
type Rows = (Vec<u8>, Option<Vec<u8>>);

#[test]
fn scan_bounds_up_to_scan_cap_select_exactly() {
    use std::ops::Bound;
    let seed = std::cell::Cell::new(0x9e37_79b9_7f4a_7c15u64);
    let next = || {
        let mut x = seed.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        seed.set(x);
        x
    };
    let alphabet = [0u8, 1, 0x7F, 0xFE, 0xFF];
    let bytes = |lens: &[usize], no_zero: bool| -> Vec<u8> {
        let n = lens[(next() % lens.len() as u64) as usize];
        (0..n)
            .map(|_| alphabet[usize::from(no_zero) + (next() % (5 - u64::from(no_zero))) as usize])
            .collect()
    };
    let lens: Vec<usize> = (0..4).chain(250..=262).collect();
    let cap = Tailed::SCAN_CAP;
    let mut checked = (0, 0);
    for desc in [false, true] {
        let mut values: Vec<Vec<u8>> = (0..600).map(|_| bytes(&lens, desc)).collect();
        values.extend([vec![0xFF; cap - 3], vec![0xFF; cap - 2], vec![0xFF; cap]]);
        if desc {
            values.retain(|v| !v.contains(&0));
        }
        values.sort();
        values.dedup();
        let rows: Vec<(Vec<u8>, Vec<u8>)> = values
            .iter()
            .map(|v| {
                let row = if desc {
                    TailedDesc {
                        id: 1,
                        rest: v.clone(),
                    }
                    .to_vec()
                } else {
                    Tailed {
                        id: 1,
                        rest: v.clone(),
                    }
                    .to_vec()
                };
                (row.expect("encode"), v.clone())
            })
            .collect();
        for _ in 0..400 {
            let bound = || match next() % 4 {
                0 => Bound::Unbounded,
                1 => Bound::Included(bytes(&lens, false)),
                _ => Bound::Excluded(bytes(&lens, false)),
            };
            let (lo, hi) = (bound(), bound());
            let ranges: Result<Vec<Rows>, _> = if desc {
                TailedDesc::scan()
                    .id(1)
                    .rest((lo.clone(), hi.clone()))
                    .ranges()
                    .map(|rs| {
                        rs.map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
                            .collect()
                    })
            } else {
                Tailed::scan()
                    .id(1)
                    .rest((lo.clone(), hi.clone()))
                    .ranges()
                    .map(|rs| {
                        rs.map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
                            .collect()
                    })
            };
            let longest = [&lo, &hi]
                .iter()
                .map(|b| match b {
                    Bound::Included(v) | Bound::Excluded(v) => v.len(),
                    Bound::Unbounded => 0,
                })
                .max()
                .unwrap_or(0);
            let Ok(ranges) = ranges else {
                // Refused only for a bound whose row would pass SCAN_CAP.
                assert!(
                    longest + 2 + usize::from(desc) > cap - 1,
                    "{lo:?}..{hi:?} refused"
                );
                checked.1 += 1;
                continue;
            };
            for (row, v) in &rows {
                let inside = match &lo {
                    Bound::Included(b) => v >= b,
                    Bound::Excluded(b) => v > b,
                    Bound::Unbounded => true,
                } && match &hi {
                    Bound::Included(b) => v <= b,
                    Bound::Excluded(b) => v < b,
                    Bound::Unbounded => true,
                };
                let selected = ranges
                    .iter()
                    .any(|(s, e)| row >= s && e.as_ref().is_none_or(|e| row < e));
                assert_eq!(selected, inside, "desc {desc}: {v:?} in {lo:?}..{hi:?}");
            }
            checked.0 += 1;
        }
    }
    eprintln!("{checked:?} (scans checked, refused)");
    assert!(checked.0 > 500, "{checked:?}");
}
