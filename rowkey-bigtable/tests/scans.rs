//! Typed scans on Google's Bigtable emulator, exact against brute force.
//!
//! Each layout writes at least 10,000 keys (adversarial values mixed in)
//! into its own emulator, then every scan is read five ways — the whole
//! fan-out in one `ReadRows`, concurrent streams, ascending with a limit,
//! newest-first (descending) with a limit, and page by page — and each must
//! give exactly the rows a filter over the decoded values selects, in the
//! order of the key without its salt or bucket.

mod common;

use common::seeds::{LogEvent, Metric, RecentEvent, SellerOrder, UserOrder};
use common::Rng;
use rowkey::RowKey;
use rowkey_bigtable::{FanOut, IntoRanges, Order, Ranges, Read, Row, Table};
use std::cmp::Reverse;
use std::collections::BTreeSet;
use std::fmt::Debug;

const KEYS: usize = 10_000;

/// A struct-level salt of one hex character: a scan that leaves the salted
/// field open fans out over 16 salts.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(host)))]
struct SaltedMetric<'a> {
    #[pad(8)]
    host: &'a str,
    ts: u64,
}

/// Raw bytes around 0x00 and 0xFF, unpadded at the end.
#[derive(RowKey, Debug, PartialEq)]
struct RawKey<'a> {
    head: u8,
    tail: &'a [u8],
}

fn ranges<R>(r: Result<R, rowkey::Error>) -> R {
    r.expect("scan ranges")
}

fn value_of<V: Debug>(v: &V) -> Vec<u8> {
    format!("{v:?}").into_bytes()
}

/// The first difference between two row lists, or `None`.
fn diff<V: PartialEq + Debug>(got: &[V], want: &[V]) -> Option<String> {
    if got == want {
        return None;
    }
    let i = got.iter().zip(want).take_while(|(a, b)| a == b).count();
    Some(format!(
        "{} rows, want {}; first difference at {i}: got {:?}, want {:?}",
        got.len(),
        want.len(),
        got.get(i),
        want.get(i)
    ))
}

impl<K, V> Drop for Layout<'_, K, V> {
    fn drop(&mut self) {
        eprintln!(
            "{}: {} keys, {} scans, {} rows read",
            self.name,
            self.data.len(),
            self.scans,
            self.rows_read
        );
    }
}

struct Layout<'t, K, V> {
    name: String,
    table: &'t Table<K>,
    data: Vec<V>,
    to_v: fn(&Row<K, Vec<u8>>) -> V,
    rng: Rng,
    scans: usize,
    rows_read: usize,
}

impl<'t, K: RowKey, V: Ord + Clone + Debug> Layout<'t, K, V> {
    /// Writes `keys`, made from `data` in order, with their values.
    async fn load<'k>(
        table: &'t Table<K>,
        data: &[V],
        keys: impl IntoIterator<Item = K::Key<'k>>,
        to_v: fn(&Row<K, Vec<u8>>) -> V,
        seed: u64,
    ) -> Self {
        assert!(data.len() >= KEYS, "{} keys, want {KEYS}", data.len());
        let written = table
            .put_many(keys.into_iter().zip(data).map(|(k, v)| (k, value_of(v))))
            .await
            .expect("put_many");
        assert_eq!(written, data.len());
        Layout {
            name: table
                .name()
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_owned(),
            table,
            data: data.to_vec(),
            to_v,
            rng: Rng(seed),
            scans: 0,
            rows_read: 0,
        }
    }

    fn rows(&mut self, rows: &[Row<K, Vec<u8>>], what: &str) -> Vec<V> {
        self.rows_read += rows.len();
        rows.iter()
            .map(|r| {
                let v = (self.to_v)(r);
                assert_eq!(r.value, value_of(&v), "{what}: value of {v:?}");
                v
            })
            .collect()
    }

    /// Reads `scan` every way and compares with the rows `keep` selects.
    async fn check(
        &mut self,
        what: &str,
        scan: impl IntoRanges<K>,
        keep: impl Fn(&V) -> bool,
    ) -> usize {
        let scan: Ranges<K> = scan.into_ranges().expect("owned ranges");
        self.scans += 1;
        let want: Vec<V> = self.data.iter().filter(|v| keep(v)).cloned().collect();
        let t = self.table;

        let got = t.scan(scan.clone()).await.expect("scan");
        let got = self.rows(&got, what);
        if let Some(d) = diff(&got, &want) {
            panic!("{what}, one ReadRows: {d}");
        }

        let concurrent = Read {
            fan_out: FanOut::Concurrent,
            ..Read::default()
        };
        let got = t.read(scan.clone(), concurrent).await.expect("read");
        let got = self.rows(&got, what);
        if let Some(d) = diff(&got, &want) {
            panic!("{what}, concurrent streams: {d}");
        }

        let limit = 1 + self.rng.below(25) as usize;
        for fan_out in [FanOut::OneRequest, FanOut::Concurrent, FanOut::Sequential] {
            let read = Read {
                fan_out,
                order: Order::Ascending,
                limit: Some(limit),
            };
            let got = t.read(scan.clone(), read).await.expect("read");
            let got = self.rows(&got, what);
            let first: Vec<V> = want.iter().take(limit).cloned().collect();
            if let Some(d) = diff(&got, &first) {
                panic!("{what}, first {limit} ({fan_out:?}): {d}");
            }
        }

        let got = t
            .select(scan.clone(), Order::Descending, Some(limit))
            .await
            .expect("select descending");
        let got = self.rows(&got, what);
        let last: Vec<V> = want.iter().rev().take(limit).cloned().collect();
        if let Some(d) = diff(&got, &last) {
            panic!("{what}, descending, first {limit}: {d}");
        }

        let size = 1 + self.rng.below(want.len() as u64 / 3 + 3) as usize;
        let mut paged = Vec::new();
        let mut page = t.page(scan, Order::Ascending, size).await.expect("page");
        let mut pages = 1;
        loop {
            let rows = self.rows(&page.rows, what);
            assert!(
                rows.len() <= size,
                "{what}: page of {} > {size}",
                rows.len()
            );
            let Some(next) = page.next.take() else {
                // No next page exactly when no row is left: the last page
                // is empty only when the whole scan is.
                assert!(
                    !rows.is_empty() || want.is_empty(),
                    "{what}: an empty last page after {} rows",
                    paged.len()
                );
                paged.extend(rows);
                break;
            };
            assert_eq!(rows.len(), size, "{what}: a page before the last is full");
            paged.extend(rows);
            pages += 1;
            assert!(
                pages <= want.len() / size + 2,
                "{what}: paging does not end"
            );
            page = t.page(next, Order::Ascending, size).await.expect("page");
        }
        if let Some(d) = diff(&paged, &want) {
            panic!("{what}, pages of {size}: {d}");
        }
        want.len()
    }
}

fn pick<'a, T>(rng: &mut Rng, from: &'a [T]) -> &'a T {
    &from[rng.below(from.len() as u64) as usize]
}

/// `#[pad]`: `host1` is not a prefix of `host12`; `#[reverse_ts]`: newest
/// first, with timestamps at 0 and `i64::MAX`; empty windows.
#[tokio::test]
#[allow(
    clippy::reversed_empty_ranges,
    reason = "inverted windows are scans that must select nothing"
)]
async fn padded_hosts_and_reverse_ts() {
    const HOSTS: [&str; 7] = ["host1", "host12", "host2", "host10", "h", "host1a", "web01"];
    const EVENTS: [&str; 4] = ["cpu", "mem", "cpu2", "c"];
    const T: u64 = 1_700_000_000_000;
    let env = common::env();
    let table = env.table::<Metric<'static>>("metric", 1).await;
    let mut rng = Rng(1);
    let mut data = BTreeSet::new();
    for ts in [0, 1, T, i64::MAX as u64 - 1, i64::MAX as u64] {
        for h in HOSTS {
            data.insert((h.to_owned(), EVENTS[0].to_owned(), Reverse(ts)));
        }
    }
    while data.len() < KEYS + 2000 {
        let h = *pick(&mut rng, &HOSTS);
        let e = *pick(&mut rng, &EVENTS);
        data.insert((
            h.to_owned(),
            e.to_owned(),
            Reverse(T + rng.below(1_000_000)),
        ));
    }
    let data: Vec<_> = data.into_iter().collect();
    #[allow(dead_code)]
    type V = (String, String, Reverse<u64>);
    let mut l = Layout::load(
        &table,
        &data,
        data.iter().map(|(host, event, Reverse(ts))| Metric {
            host,
            event,
            ts: *ts,
        }),
        |r| {
            let k = r.decode().expect("decode");
            (k.host.to_owned(), k.event.to_owned(), Reverse(k.ts))
        },
        2,
    )
    .await;

    l.check("whole table", ranges(Metric::scan().ranges()), |_| true)
        .await;
    for h in HOSTS {
        let n = l
            .check(
                &format!("host {h}"),
                ranges(Metric::scan().host(h).ranges()),
                |v| v.0 == h,
            )
            .await;
        assert!(n > 0);
    }
    l.check(
        "hosts host1..host2",
        ranges(Metric::scan().host("host1".."host2").ranges()),
        |v| ("host1".."host2").contains(&v.0.as_str()),
    )
    .await;
    for _ in 0..12 {
        let h = *pick(&mut l.rng, &HOSTS);
        let e = *pick(&mut l.rng, &EVENTS);
        let a = T + l.rng.below(1_000_000);
        let b = a + l.rng.below(300_000);
        let hit = |v: &V, lo: Option<u64>, hi: Option<u64>| {
            v.0 == h
                && v.1 == e
                && lo.is_none_or(|lo| v.2 .0 >= lo)
                && hi.is_none_or(|hi| v.2 .0 <= hi)
        };
        let s = || Metric::scan().host(h).event(e);
        l.check(&format!("{h}/{e}"), ranges(s().ranges()), |v| {
            hit(v, None, None)
        })
        .await;
        l.check(
            &format!("{h}/{e} {a}..{b}"),
            ranges(s().ts(a..b).ranges()),
            |v| hit(v, Some(a), Some(b - 1)),
        )
        .await;
        l.check(
            &format!("{h}/{e} {a}..={b}"),
            ranges(s().ts(a..=b).ranges()),
            |v| hit(v, Some(a), Some(b)),
        )
        .await;
        l.check(
            &format!("{h}/{e} {a}.."),
            ranges(s().ts(a..).ranges()),
            |v| hit(v, Some(a), None),
        )
        .await;
        l.check(
            &format!("{h}/{e} ..{b}"),
            ranges(s().ts(..b).ranges()),
            |v| hit(v, None, Some(b - 1)),
        )
        .await;
    }
    // Scans that select nothing: an empty, inverted or impossible window.
    // Were any of them sent as an empty RowSet or an empty stop row, the
    // emulator would return the whole table.
    let s = || Metric::scan().host("host1").event("cpu");
    for (what, scan) in [
        ("ts 5..5", ranges(s().ts(T..T).ranges())),
        ("ts inverted", ranges(s().ts(T + 10..T).ranges())),
        ("ts ..0", ranges(s().ts(..0).ranges())),
        (
            "ts above i64::MAX",
            ranges(s().ts(i64::MAX as u64 + 1..).ranges()),
        ),
        ("host ..\"\"", ranges(Metric::scan().host(.."").ranges())),
    ] {
        assert_eq!(l.check(what, scan, |_| false).await, 0, "{what}");
    }
}

/// `#[bucket(16)]` on a leading timestamp: every window fans out over 16
/// ranges and is merged back into time order.
#[tokio::test]
#[allow(
    clippy::reversed_empty_ranges,
    reason = "inverted windows are scans that must select nothing"
)]
async fn bucketed_fan_out() {
    const HOSTS: [&str; 5] = ["host1", "host12", "a", "web01", "web02"];
    const T: u64 = 1_700_000_000_000;
    let env = common::env();
    let table = env.table::<LogEvent<'static>>("log", 4).await;
    let mut rng = Rng(3);
    let mut data = BTreeSet::new();
    for ts in [0, 15, 16, u64::MAX - 1, u64::MAX] {
        data.insert((ts, "host1".to_owned(), "boot".to_owned()));
    }
    while data.len() < KEYS + 1000 {
        let h = *pick(&mut rng, &HOSTS);
        let e = format!("e{}", rng.below(20));
        data.insert((T + rng.below(500_000), h.to_owned(), e));
    }
    let data: Vec<_> = data.into_iter().collect();
    #[allow(dead_code)]
    type V = (u64, String, String);
    let mut l = Layout::load(
        &table,
        &data,
        data.iter().map(|(ts, host, event)| LogEvent {
            ts: *ts,
            host,
            event,
        }),
        |r| {
            let k = r.decode().expect("decode");
            (k.ts, k.host.to_owned(), k.event.to_owned())
        },
        4,
    )
    .await;
    l.check("whole table", ranges(LogEvent::scan().ranges()), |_| true)
        .await;
    for _ in 0..15 {
        let a = T + l.rng.below(500_000);
        let b = a + l.rng.below(40_000);
        let scan = LogEvent::scan().ts(a..b).ranges();
        assert_eq!(scan.as_ref().map(|r| r.fan_out()).ok(), Some(16));
        l.check(&format!("ts {a}..{b}"), ranges(scan), |v| {
            (a..b).contains(&v.0)
        })
        .await;
        l.check(
            &format!("ts {a}..={b}"),
            ranges(LogEvent::scan().ts(a..=b).ranges()),
            |v| (a..=b).contains(&v.0),
        )
        .await;
    }
    let extremes = [0, 15, 16, u64::MAX - 1, u64::MAX];
    for ts in extremes {
        l.check(
            &format!("ts {ts}"),
            ranges(LogEvent::scan().ts(ts).ranges()),
            |v| v.0 == ts,
        )
        .await;
        l.check(
            &format!("ts {ts}, host1"),
            ranges(LogEvent::scan().ts(ts).host("host1").ranges()),
            |v| v.0 == ts && v.1 == "host1",
        )
        .await;
    }
    l.check(
        "ts u64::MAX-1..",
        ranges(LogEvent::scan().ts(u64::MAX - 1..).ranges()),
        |v| v.0 >= u64::MAX - 1,
    )
    .await;
    l.check("ts ..16", ranges(LogEvent::scan().ts(..16).ranges()), |v| {
        v.0 < 16
    })
    .await;
    // One timestamp's rows, an event range on the unpadded last field.
    let (ts, host, _) = l.data[l.data.len() / 2].clone();
    l.check(
        "one ts, host, events e1..e5",
        ranges(
            LogEvent::scan()
                .ts(ts)
                .host(host.as_str())
                .event("e1".."e5")
                .ranges(),
        ),
        |v| v.0 == ts && v.1 == host && ("e1".."e5").contains(&v.2.as_str()),
    )
    .await;
    for (what, scan) in [
        ("ts T..T", ranges(LogEvent::scan().ts(T..T).ranges())),
        (
            "ts inverted",
            ranges(LogEvent::scan().ts(T + 5..T).ranges()),
        ),
        ("ts ..0", ranges(LogEvent::scan().ts(..0).ranges())),
    ] {
        assert_eq!(l.check(what, scan, |_| false).await, 0, "{what}");
    }
}

/// `#[bucket(16)] #[reverse_ts]`: the latest N over every bucket, read as N
/// rows per bucket and merged newest first.
#[tokio::test]
async fn latest_n_across_buckets() {
    const T: u64 = 1_700_000_000_000;
    let env = common::env();
    let table = env.table::<RecentEvent<'static>>("recent", 16).await;
    let mut rng = Rng(5);
    let mut data = BTreeSet::new();
    for ts in [0, 1, i64::MAX as u64] {
        data.insert((Reverse(ts), "edge".to_owned()));
    }
    while data.len() < KEYS + 500 {
        let h = format!("host{}", rng.below(40));
        data.insert((Reverse(T + rng.below(2_000_000)), h));
    }
    let data: Vec<_> = data.into_iter().collect();
    #[allow(dead_code)]
    type V = (Reverse<u64>, String);
    let mut l = Layout::load(
        &table,
        &data,
        data.iter()
            .map(|(Reverse(ts), host)| RecentEvent { ts: *ts, host }),
        |r| {
            let k = r.decode().expect("decode");
            (Reverse(k.ts), k.host.to_owned())
        },
        6,
    )
    .await;
    for n in [1, 2, 10, 100, 1000, KEYS + 1000] {
        let got = table
            .latest(ranges(RecentEvent::scan().ranges()), n)
            .await
            .expect("latest");
        let got = l.rows(&got, "latest");
        let want: Vec<V> = l.data.iter().take(n).cloned().collect();
        if let Some(d) = diff(&got, &want) {
            panic!("latest {n}: {d}");
        }
        assert_eq!(got[0].0 .0, i64::MAX as u64, "the newest first");
    }
    l.check("whole table", ranges(RecentEvent::scan().ranges()), |_| {
        true
    })
    .await;
    for _ in 0..12 {
        let a = T + l.rng.below(2_000_000);
        let b = a + l.rng.below(100_000);
        l.check(
            &format!("ts {a}..{b}"),
            ranges(RecentEvent::scan().ts(a..b).ranges()),
            |v| (a..b).contains(&v.0 .0),
        )
        .await;
    }
    for (what, scan) in [
        ("ts T..T", ranges(RecentEvent::scan().ts(T..T).ranges())),
        ("ts ..0", ranges(RecentEvent::scan().ts(..0).ranges())),
    ] {
        let latest = table.latest(scan.clone(), 5).await.expect("latest");
        assert!(latest.is_empty(), "{what}: latest 5 gave {latest:?}");
        assert_eq!(l.check(what, scan, |_| false).await, 0, "{what}");
    }
}

/// Salts: a field-level MD5 salt (seed 000), one range per user; a
/// struct-level one-character salt left open, 16 ranges merged without it.
#[tokio::test]
async fn salted() {
    let env = common::env();
    let users = env.table::<UserOrder<'static>>("orders", 8).await;
    let mut rng = Rng(7);
    let ids: Vec<String> = (0..60).map(|i| format!("user{i}")).collect();
    let mut data = BTreeSet::new();
    for id in &ids[..3] {
        for o in [0, 1, u64::MAX] {
            data.insert((id.clone(), o));
        }
    }
    while data.len() < KEYS {
        data.insert((pick(&mut rng, &ids).clone(), rng.below(1 << 40)));
    }
    let data: Vec<_> = data.into_iter().collect();
    #[allow(dead_code)]
    type V = (String, u64);
    let mut l = Layout::load(
        &users,
        &data,
        data.iter().map(|(user_id, order_id)| UserOrder {
            user_id,
            order_id: *order_id,
        }),
        |r| {
            let k = r.decode().expect("decode");
            (k.user_id.to_owned(), k.order_id)
        },
        8,
    )
    .await;
    for id in ids.iter().step_by(3) {
        l.check(
            &format!("user {id}"),
            ranges(UserOrder::scan().user_id(id.as_str()).ranges()),
            |v| &v.0 == id,
        )
        .await;
        let a = l.rng.below(1 << 40);
        let b = a + l.rng.below(1 << 39);
        l.check(
            &format!("user {id} orders {a}..={b}"),
            ranges(
                UserOrder::scan()
                    .user_id(id.as_str())
                    .order_id(a..=b)
                    .ranges(),
            ),
            |v| &v.0 == id && (a..=b).contains(&v.1),
        )
        .await;
    }
    l.check(
        "user0 orders u64::MAX..",
        ranges(
            UserOrder::scan()
                .user_id("user0")
                .order_id(u64::MAX..)
                .ranges(),
        ),
        |v| v.0 == "user0" && v.1 == u64::MAX,
    )
    .await;

    let salted = env.table::<SaltedMetric<'static>>("salted", 4).await;
    let hosts: Vec<String> = (0..40).map(|i| format!("h{i}")).collect();
    let mut data = BTreeSet::new();
    while data.len() < KEYS {
        data.insert((pick(&mut rng, &hosts).clone(), rng.below(100_000)));
    }
    let data: Vec<_> = data.into_iter().collect();
    let mut l = Layout::load(
        &salted,
        &data,
        data.iter().map(|(host, ts)| SaltedMetric { host, ts: *ts }),
        |r| {
            let k = r.decode().expect("decode");
            (k.host.to_owned(), k.ts)
        },
        9,
    )
    .await;
    let all = SaltedMetric::scan().ranges();
    assert_eq!(all.as_ref().map(|r| r.fan_out()).ok(), Some(16));
    l.check("every salt", ranges(all), |_| true).await;
    for h in hosts.iter().step_by(5) {
        let a = l.rng.below(100_000);
        l.check(
            &format!("{h} from {a}"),
            ranges(SaltedMetric::scan().host(h.as_str()).ts(a..).ranges()),
            |v| &v.0 == h && v.1 >= a,
        )
        .await;
    }
}

/// Keys full of 0x00 and 0xFF bytes: a prefix of all 0xFF has no stop row
/// (where `read_rows_with_prefix` of bigtable_rs over-reads), and ranges
/// end exactly at 0x00 and 0xFF boundaries.
#[tokio::test]
async fn bytes_00_and_ff() {
    const EDGES: [u64; 9] = [
        0,
        1,
        0xFF,
        0x100,
        0x00FF_00FF_00FF_00FF,
        0xFF00_0000_0000_0000,
        u64::MAX - 0xFF,
        u64::MAX - 1,
        u64::MAX,
    ];
    let env = common::env();
    let sellers = env.table::<SellerOrder>("sellers", 1).await;
    let mut rng = Rng(11);
    let mut data = BTreeSet::new();
    for s in EDGES {
        for t in EDGES {
            data.insert((s, t, *pick(&mut rng, &EDGES)));
        }
    }
    while data.len() < KEYS {
        let s = *pick(&mut rng, &EDGES);
        let t = if rng.below(2) == 0 {
            *pick(&mut rng, &EDGES)
        } else {
            rng.next()
        };
        data.insert((s, t, rng.next()));
    }
    let data: Vec<_> = data.into_iter().collect();
    #[allow(dead_code)]
    type V = (u64, u64, u64);
    let mut l = Layout::load(
        &sellers,
        &data,
        data.iter().map(|&(seller_id, ts, order_no)| SellerOrder {
            seller_id,
            ts,
            order_no,
        }),
        |r| {
            let k = r.decode().expect("decode");
            (k.seller_id, k.ts, k.order_no)
        },
        12,
    )
    .await;
    for s in EDGES {
        l.check(
            &format!("seller {s:#x}"),
            ranges(SellerOrder::scan().seller_id(s).ranges()),
            |v| v.0 == s,
        )
        .await;
        l.check(
            &format!("seller {s:#x}, ts 0xFF.."),
            ranges(SellerOrder::scan().seller_id(s).ts(0xFF..).ranges()),
            |v| v.0 == s && v.1 >= 0xFF,
        )
        .await;
        l.check(
            &format!("seller {s:#x}, ts ..=u64::MAX-1"),
            ranges(
                SellerOrder::scan()
                    .seller_id(s)
                    .ts(..=u64::MAX - 1)
                    .ranges(),
            ),
            |v| v.0 == s && v.1 < u64::MAX,
        )
        .await;
        l.check(
            &format!("sellers {s:#x}.."),
            ranges(SellerOrder::scan().seller_id(s..).ranges()),
            |v| v.0 >= s,
        )
        .await;
        l.check(
            &format!("seller {s:#x}, ts u64::MAX, orders ..u64::MAX"),
            ranges(
                SellerOrder::scan()
                    .seller_id(s)
                    .ts(u64::MAX)
                    .order_no(..u64::MAX)
                    .ranges(),
            ),
            |v| v.0 == s && v.1 == u64::MAX && v.2 < u64::MAX,
        )
        .await;
    }

    let raw = env.table::<RawKey<'static>>("raw", 1).await;
    const BYTES: [u8; 6] = [0x00, 0x01, 0x7F, 0xFE, 0xFF, b'a'];
    let mut data = BTreeSet::new();
    while data.len() < KEYS {
        let head = *pick(&mut rng, &[0x00, 0x01, 0xFE, 0xFF]);
        let len = rng.below(6) as usize;
        let tail: Vec<u8> = (0..len).map(|_| *pick(&mut rng, &BYTES)).collect();
        data.insert((head, tail));
    }
    let data: Vec<_> = data.into_iter().collect();
    #[allow(dead_code)]
    type R = (u8, Vec<u8>);
    let mut l = Layout::load(
        &raw,
        &data,
        data.iter().map(|(head, tail)| RawKey { head: *head, tail }),
        |r| {
            let k = r.decode().expect("decode");
            (k.head, k.tail.to_vec())
        },
        13,
    )
    .await;
    for head in [0x00u8, 0x01, 0xFE, 0xFF] {
        l.check(
            &format!("head {head:#x}"),
            ranges(RawKey::scan().head(head).ranges()),
            |v| v.0 == head,
        )
        .await;
        for (lo, hi) in [
            (&b"\xff"[..], &b"\xff\xff\xff"[..]),
            (b"\x00", b"\x00\x00\x01"),
            (b"\xfe\xff", b"\xff"),
            (b"", b"\x00"),
        ] {
            l.check(
                &format!("head {head:#x}, tail {lo:x?}..{hi:x?}"),
                ranges(RawKey::scan().head(head).tail(lo..hi).ranges()),
                |v| v.0 == head && (lo..hi).contains(&v.1.as_slice()),
            )
            .await;
            l.check(
                &format!("head {head:#x}, tail {lo:x?}..={hi:x?}"),
                ranges(RawKey::scan().head(head).tail(lo..=hi).ranges()),
                |v| v.0 == head && (lo..=hi).contains(&v.1.as_slice()),
            )
            .await;
            l.check(
                &format!("head {head:#x}, tail {hi:x?}"),
                ranges(RawKey::scan().head(head).tail(hi).ranges()),
                |v| v.0 == head && v.1 == hi,
            )
            .await;
        }
    }
    l.check(
        "heads 0xFE..",
        ranges(RawKey::scan().head(0xFE..).ranges()),
        |v| v.0 >= 0xFE,
    )
    .await;
}
