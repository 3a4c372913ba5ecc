//! Scans at HBase's 32767-byte row-key limit: rows never exceed it, the
//! scan state stays within two rows of `SCAN_CAP` bytes, and several scans
//! of a limit-wide layout run on a 2 MiB thread (the default for
//! `std::thread` and tokio workers).

use rowkey::{KeyRange, RowKey, ScanBuilder, ScanRanges};
use std::collections::BTreeMap;
use std::ops::Bound;

/// 32759 + 8 = 32767 bytes: the widest key HBase stores.
#[derive(RowKey, Debug, PartialEq)]
struct Wide<'a> {
    #[pad(32759)]
    blob: &'a [u8],
    n: u64,
}

/// An unframed last field behind a prefix that leaves it 167 bytes before
/// the limit: its exact value fills the key to 32767 bytes.
#[derive(RowKey, Debug, PartialEq)]
struct WideOpen<'a> {
    #[pad(32600)]
    head: &'a [u8],
    tail: &'a [u8],
}

const HBASE_MAX: usize = 32767;

fn rows<K: RowKey>(rs: ScanRanges<K>) -> Vec<KeyRange<K>> {
    let v: Vec<_> = rs.collect();
    for r in &v {
        assert!(
            r.start().len() <= HBASE_MAX,
            "start of {} bytes",
            r.start().len()
        );
        let stop = r.stop().map_or(0, <[u8]>::len);
        assert!(stop <= HBASE_MAX, "stop of {stop} bytes");
        assert!(r.stop().is_none_or(|s| s > r.start()));
    }
    v
}

/// The keys a set of ranges selects, read as HBase reads start and stop
/// (an empty stop row is the end of the table).
fn select<K: RowKey>(ranges: &[KeyRange<K>], keys: &BTreeMap<Vec<u8>, usize>) -> Vec<usize> {
    let mut out = Vec::new();
    for r in ranges {
        let stop = r.stop().unwrap_or(b"");
        for (k, &i) in keys {
            if k.as_slice() >= r.start() && (stop.is_empty() || k.as_slice() < stop) {
                out.push(i);
            }
        }
    }
    out
}

#[test]
fn rows_stay_within_hbase_limit_and_select_exactly() {
    assert_eq!(Wide::MAX_LEN, HBASE_MAX);
    const { assert!(Wide::SCAN_CAP <= HBASE_MAX) };
    let blob = vec![b'b'; 32759];
    let ff = vec![0xFF; 32759];
    let values = [0u64, 1, 5, 6, u64::MAX - 1, u64::MAX];
    let mut keys = BTreeMap::new();
    let mut all = Vec::new();
    for b in [&blob, &ff] {
        for &n in &values {
            let k = Wide { blob: b, n }.to_vec().expect("encode");
            assert_eq!(k.len(), HBASE_MAX);
            keys.insert(k, all.len());
            all.push((b.clone(), n));
        }
    }
    let want = |pred: &dyn Fn(&[u8], u64) -> bool| -> Vec<usize> {
        let mut w: Vec<usize> = keys
            .values()
            .copied()
            .filter(|&i| pred(&all[i].0, all[i].1))
            .collect();
        w.sort_unstable();
        w
    };
    for b in [&blob, &ff] {
        // An exact last value: before, a 32768-byte stop row.
        for &n in &values {
            let r = rows(Wide::scan().blob(&b[..]).n(n).ranges().expect("scan"));
            let mut got = select(&r, &keys);
            got.sort_unstable();
            assert_eq!(got, want(&|x, y| x == &b[..] && y == n), "n = {n}");
        }
        // An exclusive lower bound and an inclusive upper bound on the last
        // field, the other two shapes that grew a byte.
        for &n in &values {
            let r = rows(
                Wide::scan()
                    .blob(&b[..])
                    .n((Bound::Excluded(n), Bound::Unbounded))
                    .ranges()
                    .expect("scan"),
            );
            let mut got = select(&r, &keys);
            got.sort_unstable();
            assert_eq!(got, want(&|x, y| x == &b[..] && y > n), "> {n}");
            let r = rows(Wide::scan().blob(&b[..]).n(..=n).ranges().expect("scan"));
            let mut got = select(&r, &keys);
            got.sort_unstable();
            assert_eq!(got, want(&|x, y| x == &b[..] && y <= n), "<= {n}");
        }
    }
}

#[test]
fn an_open_last_field_at_the_limit() {
    assert_eq!(WideOpen::SCAN_CAP, HBASE_MAX);
    let head = vec![b'h'; 32600];
    let tails: Vec<Vec<u8>> = vec![
        vec![b't'; 167],
        vec![0xFF; 167],
        vec![b't'; 166],
        vec![b't'; 10],
        [vec![b't'; 166], vec![0]].concat(),
    ];
    let mut keys = BTreeMap::new();
    for (i, t) in tails.iter().enumerate() {
        let k = WideOpen {
            head: &head,
            tail: t,
        }
        .to_vec()
        .expect("encode");
        keys.insert(k, i);
    }
    for (i, t) in tails.iter().enumerate() {
        let exact = rows(
            WideOpen::scan()
                .head(&head[..])
                .tail(&t[..])
                .ranges()
                .expect("scan"),
        );
        assert_eq!(select(&exact, &keys), [i], "exact tail {}", t.len());
        let after = rows(
            WideOpen::scan()
                .head(&head[..])
                .tail((Bound::Excluded(&t[..]), Bound::Unbounded))
                .ranges()
                .expect("scan"),
        );
        let mut got = select(&after, &keys);
        got.sort_unstable();
        let mut want: Vec<usize> = (0..tails.len()).filter(|&j| tails[j] > *t).collect();
        want.sort_unstable();
        assert_eq!(got, want, "after tail {}", t.len());
        let upto = rows(
            WideOpen::scan()
                .head(&head[..])
                .tail(..=&t[..])
                .ranges()
                .expect("scan"),
        );
        let mut got = select(&upto, &keys);
        got.sort_unstable();
        let mut want: Vec<usize> = (0..tails.len()).filter(|&j| tails[j] <= *t).collect();
        want.sort_unstable();
        assert_eq!(got, want, "up to tail {}", t.len());
    }
    // A value no key can hold here (the row would pass the limit) is
    // refused, naming the field.
    let long = [b't'; 200];
    let e = WideOpen::scan()
        .head(&head[..])
        .tail(&long[..])
        .ranges()
        .expect_err("over the limit");
    assert_eq!(e.field_name(), Some("tail"), "{e}");
    assert!(e.to_string().contains("32767"), "{e}");
}

/// The scan state is the two rows and a few lengths; the builder holds only
/// the values given.
#[test]
fn scan_state_is_two_rows() {
    fn check<K: RowKey>(ranges: ScanRanges<K>) {
        let state = std::mem::size_of_val(&ranges);
        assert!(
            state <= 2 * K::SCAN_CAP + 512,
            "{}: {state} bytes of state for SCAN_CAP {}",
            K::NAME,
            K::SCAN_CAP
        );
        assert!(std::mem::size_of::<KeyRange<K>>() <= 2 * K::SCAN_CAP + 32);
    }
    let blob = [1u8; 100];
    let b = Wide::scan().blob(&blob[..]);
    assert!(
        std::mem::size_of_val(&b) <= 32,
        "{}",
        std::mem::size_of_val(&b)
    );
    assert_eq!(std::mem::size_of::<<Wide<'static> as RowKey>::Scan>(), 0);
    check(b.n(5..).ranges().expect("scan"));
    check(WideOpen::scan().ranges().expect("scan"));
    check(
        WideOpen::scan()
            .head(&blob[..])
            .tail(..&blob[..])
            .ranges()
            .expect("scan"),
    );
}

/// Three scans of a limit-wide layout in one function (the case that
/// aborted a 2 MiB thread: each scan held about 35 x `SCAN_CAP` of stack),
/// every range used, then more in a second function, on a thread with the
/// 2 MiB stack `std::thread` and tokio give workers. Run in debug builds,
/// where every temporary has its own stack slot.
#[test]
fn several_wide_scans_fit_a_2_mib_thread() {
    fn three(blob: &[u8]) -> usize {
        let mut n = 0;
        for r in Wide::scan().blob(blob).n(5).ranges().expect("scan") {
            n += r.start().len();
        }
        for r in Wide::scan().blob(blob).n(5..9).ranges().expect("scan") {
            n += r.stop().map_or(0, <[u8]>::len);
        }
        for r in Wide::scan().ranges().expect("scan") {
            n += r.start().len();
        }
        n
    }
    #[inline(never)]
    fn more(blob: &[u8]) -> usize {
        let head = vec![b'h'; 32600];
        let r = WideOpen::scan()
            .head(&head[..])
            .tail(&b"t"[..])
            .ranges()
            .expect("scan")
            .next()
            .expect("one");
        let mut n = r.start().len();
        n += <Wide<'static> as RowKey>::scan()
            .ranges()
            .expect("scan")
            .len();
        let page = Wide::scan()
            .blob(blob)
            .ranges()
            .expect("scan")
            .next()
            .expect("one");
        let row = Wide { blob, n: 7 }.to_vec().expect("encode");
        let next = page.resume_after(&row).expect("resume").expect("rows left");
        n + next.start().len()
    }
    fn scans() -> usize {
        let blob = vec![b'x'; 32759];
        three(&blob) + more(&blob)
    }
    let total = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(scans)
        .expect("spawn")
        .join()
        .expect("no stack overflow");
    // A 32767-byte start row, a 32767-byte stop row, an empty start row; a
    // 32601-byte start, one range, and a resumed 32767-byte start.
    assert_eq!(total, 2 * HBASE_MAX + 32601 + 1 + HBASE_MAX);
}

/// Generic code builds the same scans through the trait.
#[test]
fn generic_full_scan_is_one_range_from_the_start() {
    fn full<K: RowKey>() -> Vec<KeyRange<K>> {
        K::scan().ranges().expect("scan").collect()
    }
    let r = full::<Wide<'static>>();
    assert_eq!(r.len(), 1);
    assert_eq!((r[0].start(), r[0].stop()), (&b""[..], None));
}
