//! The merges of fan-out scans: ascending and descending, with limits, over
//! iterators and over async streams fed by tokio tasks, each checked against
//! a brute-force sort of the same rows. Rows come from real scans of a
//! bucketed and a salted layout over a `BTreeMap` store.

use std::collections::BTreeMap;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures_core::Stream;
use rowkey::{merge_sorted, Merge, Order, RowKey};

#[derive(RowKey, Debug, PartialEq, Clone)]
struct LogEvent<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(8)]
    host: &'a str,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(salt(md5, 1, fields(host)))]
struct Salted<'a> {
    #[pad(8)]
    host: &'a str,
    ts: u64,
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

type Store = BTreeMap<Vec<u8>, u64>;
/// A range's start and stop rows, owned.
type Rows = (Vec<u8>, Option<Vec<u8>>);

/// Rows of `LogEvent` for `hosts` at pseudo-random times, some equal.
fn log_store(seed: u64, rows: usize) -> Store {
    let mut rng = Rng(seed);
    let mut store = Store::new();
    for i in 0..rows {
        let ts = rng.below(500);
        let host = ["web01", "web02", "db1"][i % 3];
        store.insert(LogEvent { ts, host }.to_vec().unwrap(), ts);
    }
    store
}

/// One ascending (or, reversed, descending) run of rows per range.
fn runs(store: &Store, ranges: impl Iterator<Item = Rows>, order: Order) -> Vec<Vec<Vec<u8>>> {
    ranges
        .map(|(start, stop)| {
            let hi = stop.map_or(std::ops::Bound::Unbounded, std::ops::Bound::Excluded);
            let mut run: Vec<Vec<u8>> = store
                .range::<[u8], _>((
                    std::ops::Bound::Included(&start[..]),
                    hi.as_ref().map(|v| &v[..]),
                ))
                .map(|(k, _)| k.clone())
                .collect();
            if order == Order::Descending {
                run.reverse();
            }
            run
        })
        .collect()
}

/// The brute force: every row of the runs, sorted by the tail after
/// `skip`, stably in run order on ties (descending: reversed tails, the
/// same tie rule).
fn brute(runs: &[Vec<Vec<u8>>], skip: usize, order: Order) -> Vec<Vec<u8>> {
    let mut all: Vec<(usize, Vec<u8>)> = runs
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.iter().map(move |k| (i, k.clone())))
        .collect();
    all.sort_by(|(ia, a), (ib, b)| {
        let (ta, tb) = (&a[skip.min(a.len())..], &b[skip.min(b.len())..]);
        let by_key = match order {
            Order::Ascending => ta.cmp(tb),
            Order::Descending => tb.cmp(ta),
        };
        by_key.then(ia.cmp(ib))
    });
    all.into_iter().map(|(_, k)| k).collect()
}

fn key_of(k: &Vec<u8>) -> &[u8] {
    k
}

fn bucket_ranges(lo: u64, hi: u64) -> (Vec<Rows>, usize) {
    let ranges = LogEvent::scan().ts(lo..hi).ranges().unwrap();
    let skip = ranges.merge_skip();
    let ranges = ranges
        .map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
        .collect();
    (ranges, skip)
}

#[test]
fn merges_match_brute_force_both_ways_with_limits() {
    for seed in 1..40u64 {
        let store = log_store(seed, 1 + (seed as usize * 37) % 400);
        let (lo, hi) = (seed * 3 % 200, 200 + seed * 7 % 300);
        let (ranges, skip) = bucket_ranges(lo, hi);
        assert_eq!(ranges.len(), 16);
        assert_eq!(skip, 1);
        for order in [Order::Ascending, Order::Descending] {
            let runs = runs(&store, ranges.iter().cloned(), order);
            let expect = brute(&runs, skip, order);
            // Every row in the window, and each in time order.
            let in_window = store.values().filter(|&&ts| ts >= lo && ts < hi).count();
            assert_eq!(expect.len(), in_window);
            let times: Vec<u64> = expect
                .iter()
                .map(|k| LogEvent::decode(k).unwrap().ts)
                .collect();
            assert!(
                times.windows(2).all(|w| match order {
                    Order::Ascending => w[0] <= w[1],
                    Order::Descending => w[0] >= w[1],
                }),
                "{order:?} {times:?}"
            );

            let merged: Vec<Vec<u8>> = Merge::new(skip, key_of)
                .order(order)
                .iter(runs.clone())
                .collect();
            assert_eq!(merged, expect, "seed {seed} {order:?}");
            for n in [0, 1, 3, 10, expect.len(), expect.len() + 5] {
                let limited: Vec<Vec<u8>> = Merge::new(skip, key_of)
                    .order(order)
                    .limit(n)
                    .iter(runs.clone())
                    .collect();
                assert_eq!(
                    limited,
                    expect[..n.min(expect.len())],
                    "seed {seed} {order:?} limit {n}"
                );
            }
            if order == Order::Ascending {
                let old: Vec<Vec<u8>> =
                    merge_sorted(runs.clone().into_iter().map(Vec::into_iter), skip, key_of)
                        .collect();
                assert_eq!(old, expect);
            }
        }
    }
}

#[test]
fn latest_n_reads_no_more_than_it_needs() {
    // A limit stops reading the inputs: count the rows pulled.
    use std::cell::Cell;
    let pulled = Cell::new(0usize);
    let inputs: Vec<_> = (0..16u8)
        .map(|b| {
            let pulled = &pulled;
            (0..1000u16).rev().map(move |t| {
                pulled.set(pulled.get() + 1);
                let [hi, lo] = t.to_be_bytes();
                vec![b, hi, lo]
            })
        })
        .collect();
    let latest: Vec<Vec<u8>> = Merge::new(1, key_of)
        .order(Order::Descending)
        .limit(5)
        .iter(inputs)
        .collect();
    assert_eq!(latest.len(), 5);
    assert!(
        latest.iter().all(|k| k[1..] == [0x03, 0xe7]),
        "the five newest tie at 999: {latest:?}"
    );
    assert_eq!(
        latest.iter().map(|k| k[0]).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4],
        "ties in input order"
    );
    // One head per input, then one more per row taken before the last.
    assert_eq!(pulled.get(), 16 + 4);
}

#[test]
fn salted_fan_out_merges_by_the_rest_of_the_key() {
    let mut store = Store::new();
    let mut rng = Rng(99);
    for host in ["a", "b", "web01", "web02", "zz"] {
        for _ in 0..30 {
            let ts = rng.below(1000);
            store.insert(Salted { host, ts }.to_vec().unwrap(), ts);
        }
    }
    let ranges = Salted::scan().ranges().unwrap();
    let skip = ranges.merge_skip();
    assert_eq!((ranges.fan_out(), skip), (16, 1));
    let ranges: Vec<_> = ranges
        .map(|r| (r.start().to_vec(), r.stop().map(<[u8]>::to_vec)))
        .collect();
    for order in [Order::Ascending, Order::Descending] {
        let runs = runs(&store, ranges.iter().cloned(), order);
        let merged: Vec<Vec<u8>> = Merge::new(skip, key_of)
            .order(order)
            .iter(runs.clone())
            .collect();
        assert_eq!(merged.len(), store.len());
        assert_eq!(merged, brute(&runs, skip, order));
        // Unsalted, the rows are in (host, ts) order.
        let mut plain: Vec<(String, u64)> = merged
            .iter()
            .map(|k| {
                let e = Salted::decode(k).unwrap();
                (e.host.to_owned(), e.ts)
            })
            .collect();
        if order == Order::Descending {
            plain.reverse();
        }
        assert!(plain.windows(2).all(|w| w[0] <= w[1]));
    }
}

#[test]
fn keyless_rows_pass_at_once() {
    type Row = Result<Vec<u8>, &'static str>;
    fn key(r: &Row) -> Option<&[u8]> {
        r.as_ref().ok().map(Vec::as_slice)
    }
    let a: Vec<Row> = vec![Ok(vec![0, 5]), Err("a failed"), Ok(vec![0, 9])];
    let b: Vec<Row> = vec![Ok(vec![1, 1]), Ok(vec![1, 7])];
    let asc: Vec<Row> = Merge::new_fallible(1, key)
        .iter([a.clone(), b.clone()])
        .collect();
    assert_eq!(
        asc,
        [
            Ok(vec![1, 1]),
            Ok(vec![0, 5]),
            Err("a failed"),
            Ok(vec![1, 7]),
            Ok(vec![0, 9])
        ]
    );
    let a_desc: Vec<Row> = a.into_iter().rev().collect();
    let b_desc: Vec<Row> = b.into_iter().rev().collect();
    let desc: Vec<Row> = Merge::new_fallible(1, key)
        .order(Order::Descending)
        .iter([a_desc, b_desc])
        .collect();
    assert_eq!(
        desc,
        [
            Ok(vec![0, 9]),
            Err("a failed"),
            Ok(vec![1, 7]),
            Ok(vec![0, 5]),
            Ok(vec![1, 1])
        ]
    );
}

// ---------------------------------------------------------------------------
// Async: every input is a tokio channel fed by its own spawned task, which
// sleeps between rows so that inputs are pending at different times.

/// A tokio receiver as a `futures_core::Stream`.
struct Rx<T>(tokio::sync::mpsc::Receiver<T>);

impl<T> Stream for Rx<T> {
    type Item = T;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<T>> {
        self.0.poll_recv(cx)
    }
}

/// Drains a stream with nothing but `poll_next`: the merge needs no
/// runtime's stream helpers.
async fn collect<S: Stream + Unpin>(mut s: S) -> Vec<S::Item> {
    let mut out = Vec::new();
    while let Some(item) = std::future::poll_fn(|cx| Pin::new(&mut s).poll_next(cx)).await {
        out.push(item);
    }
    out
}

/// One channel per run, each fed by a task that sleeps a pseudo-random few
/// hundred microseconds before some rows.
fn feed<T: Send + Clone + 'static>(runs: &[Vec<T>], seed: u64) -> Vec<Rx<T>> {
    runs.iter()
        .enumerate()
        .map(|(i, run)| {
            let (tx, rx) = tokio::sync::mpsc::channel(4);
            let run = run.clone();
            let mut rng = Rng(seed * 1000 + i as u64 + 1);
            let pauses: Vec<u64> = run.iter().map(|_| rng.below(4)).collect();
            tokio::spawn(async move {
                for (row, pause) in run.into_iter().zip(pauses) {
                    if pause == 0 {
                        tokio::time::sleep(std::time::Duration::from_micros(300)).await;
                    } else {
                        tokio::task::yield_now().await;
                    }
                    if tx.send(row).await.is_err() {
                        return; // the merge stopped reading (a limit)
                    }
                }
            });
            Rx(rx)
        })
        .collect()
}

#[test]
fn async_merges_match_the_sync_ones() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_time()
        .build()
        .unwrap();
    rt.block_on(async {
        for seed in 1..12u64 {
            let store = log_store(seed, 300);
            let (ranges, skip) = bucket_ranges(100, 400);
            for order in [Order::Ascending, Order::Descending] {
                let runs = runs(&store, ranges.iter().cloned(), order);
                let expect = brute(&runs, skip, order);
                let merged = collect(
                    Merge::new(skip, key_of)
                        .order(order)
                        .stream(feed(&runs, seed)),
                )
                .await;
                assert_eq!(merged, expect, "seed {seed} {order:?}");
                for n in [0, 1, 7] {
                    let limited = collect(
                        Merge::new(skip, key_of)
                            .order(order)
                            .limit(n)
                            .stream(feed(&runs, seed)),
                    )
                    .await;
                    assert_eq!(
                        limited,
                        expect[..n.min(expect.len())],
                        "seed {seed} {order:?} limit {n}"
                    );
                }
            }
        }
    });
}

#[test]
fn async_merge_on_a_current_thread_runtime_and_empty_inputs() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    rt.block_on(async {
        let runs: Vec<Vec<Vec<u8>>> = vec![
            vec![],
            vec![vec![3, 1], vec![3, 4]],
            vec![],
            vec![vec![9, 2]],
        ];
        let merged = collect(Merge::new(1, key_of).stream(feed(&runs, 5))).await;
        assert_eq!(merged, [vec![3, 1], vec![9, 2], vec![3, 4]]);
        let none: Vec<Rx<Vec<u8>>> = Vec::new();
        assert!(collect(Merge::new(1, key_of).stream(none)).await.is_empty());
    });
}

#[test]
fn async_errors_pass_without_waiting_for_slow_inputs() {
    type Row = Result<Vec<u8>, &'static str>;
    fn key(r: &Row) -> Option<&[u8]> {
        r.as_ref().ok().map(Vec::as_slice)
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    rt.block_on(async {
        let (fast_tx, fast_rx) = tokio::sync::mpsc::channel::<Row>(4);
        let (slow_tx, slow_rx) = tokio::sync::mpsc::channel::<Row>(4);
        fast_tx.send(Err("region server gone")).await.unwrap();
        let mut merged = Merge::new_fallible(1, key).stream([Rx(fast_rx), Rx(slow_rx)]);
        // The slow input has sent nothing, yet the error comes out.
        let first = std::future::poll_fn(|cx| Pin::new(&mut merged).poll_next(cx)).await;
        assert_eq!(first, Some(Err("region server gone")));
        // A keyed row waits for the slow input, which then decides.
        fast_tx.send(Ok(vec![0, 5])).await.unwrap();
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        assert!(Pin::new(&mut merged).poll_next(&mut cx).is_pending());
        slow_tx.send(Ok(vec![1, 2])).await.unwrap();
        drop((fast_tx, slow_tx));
        assert_eq!(collect(merged).await, [Ok(vec![1, 2]), Ok(vec![0, 5])]);
    });
}

#[test]
fn many_inputs_with_ties_and_keyless_rows() {
    // 4096 inputs (a 3-char salt's fan-out), many rows sharing a tail, some
    // inputs empty: against the brute force, both orders, with limits.
    let mut rng = Rng(77);
    let runs: Vec<Vec<Vec<u8>>> = (0..4096u32)
        .map(|i| {
            let [_, _, a, b] = i.to_be_bytes();
            let mut tails: Vec<u8> = (0..rng.below(4)).map(|_| rng.below(6) as u8).collect();
            tails.sort_unstable();
            tails.into_iter().map(|t| vec![a, b, t]).collect()
        })
        .collect();
    for order in [Order::Ascending, Order::Descending] {
        let runs: Vec<Vec<Vec<u8>>> = runs
            .iter()
            .map(|r| {
                let mut r = r.clone();
                if order == Order::Descending {
                    r.reverse();
                }
                r
            })
            .collect();
        let want = brute(&runs, 2, order);
        let got: Vec<Vec<u8>> = Merge::new(2, key_of)
            .order(order)
            .iter(runs.clone())
            .collect();
        assert_eq!(got, want, "{order:?}");
        let got: Vec<Vec<u8>> = Merge::new(2, key_of)
            .order(order)
            .limit(100)
            .iter(runs.clone())
            .collect();
        assert_eq!(got, want[..100], "{order:?}");
    }
    // Keyless rows (errors) come out as soon as they head their input.
    type Row = Result<Vec<u8>, u32>;
    fn key(r: &Row) -> Option<&[u8]> {
        r.as_ref().ok().map(Vec::as_slice)
    }
    let inputs: Vec<Vec<Row>> = (0..300u32)
        .map(|i| {
            if i % 50 == 7 {
                vec![Err(i), Ok(vec![0, 1])]
            } else {
                vec![Ok(vec![0, (i % 5) as u8])]
            }
        })
        .collect();
    let got: Vec<Row> = Merge::new_fallible(1, key).iter(inputs).collect();
    let errors: Vec<u32> = got
        .iter()
        .take(6)
        .map(|r| *r.as_ref().unwrap_err())
        .collect();
    assert_eq!(errors, [7, 57, 107, 157, 207, 257]);
    assert!(got[6..]
        .windows(2)
        .all(|w| w[0].as_ref().unwrap()[1..] <= w[1].as_ref().unwrap()[1..]));
}

/// A stream that is always ready, counting the polls of every such stream
/// (one counter per test: the test below is the only user).
struct Ready(std::vec::IntoIter<Vec<u8>>);

static POLLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static KEY_READS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Stream for Ready {
    type Item = Vec<u8>;
    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Vec<u8>>> {
        POLLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Poll::Ready(self.0.next())
    }
}

fn counted_key(k: &Vec<u8>) -> &[u8] {
    KEY_READS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    k
}

/// The stream merge does O(log inputs) work per row, as the iterator's
/// heap does: counted, not timed. 4096 always-ready inputs (a 3-char
/// salt's fan-out), 4 rows each: every input is polled once per row it
/// yields and once more for its end, and each row costs at most about
/// 2 log2(4096) = 24 comparisons (each reads two keys), where one
/// comparison per input per row (the merge scanning every head) would be
/// 4095.
#[test]
fn stream_merge_work_per_row_grows_with_log_inputs() {
    use std::sync::atomic::Ordering::Relaxed;
    let inputs = 4096u32;
    let per = 4u8;
    let runs: Vec<Vec<Vec<u8>>> = (0..inputs)
        .map(|i| {
            let [_, _, a, b] = i.to_be_bytes();
            // Tails interleave across inputs: t, then the input's low byte.
            (0..per).map(|t| vec![a, b, t, b, a]).collect()
        })
        .collect();
    let want = brute(&runs, 2, Order::Ascending);
    let rows = want.len();
    for limit in [None, Some(1000)] {
        POLLS.store(0, Relaxed);
        KEY_READS.store(0, Relaxed);
        let mut merge = Merge::new(2, counted_key);
        if let Some(n) = limit {
            merge = merge.limit(n);
        }
        let streams: Vec<Ready> = runs.iter().map(|r| Ready(r.clone().into_iter())).collect();
        let mut merged = merge.stream(streams);
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        let mut got = Vec::new();
        while let Poll::Ready(Some(row)) = Pin::new(&mut merged).poll_next(&mut cx) {
            got.push(row);
        }
        let n = limit.unwrap_or(rows);
        assert_eq!(got, want[..n], "{limit:?}");
        let (polls, reads) = (POLLS.load(Relaxed), KEY_READS.load(Relaxed));
        // Every input once for its first row, then once per row taken (the
        // limit's last row reads no input further).
        let expect_polls = inputs as usize + n - usize::from(limit.is_some());
        assert_eq!(polls, expect_polls, "{limit:?}");
        // Building the heap of 4096 heads and then a push and pop per row:
        // at most 2 * 12 comparisons each, two key reads a comparison.
        let bound = (inputs as usize + n) * 2 * 12 * 2;
        assert!(
            reads <= bound,
            "{limit:?}: {reads} key reads for {n} rows, bound {bound}"
        );
        eprintln!("{limit:?}: {n} rows, {polls} polls, {reads} key reads");
    }
}

/// Cancellation: a merge dropped between rows (a caller's `select!` or
/// timeout) drops every input with it, so the clients' streams see the
/// reader gone; a merge polled again after a `Pending` picks up where it
/// was, each row once.
#[test]
fn stream_merge_dropped_or_resumed_mid_stream() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    rt.block_on(async {
        let (txs, rxs): (Vec<_>, Vec<_>) = (0..3u8)
            .map(|_| {
                let (tx, rx) = tokio::sync::mpsc::channel::<Vec<u8>>(8);
                (tx, Rx(rx))
            })
            .unzip();
        for (i, tx) in txs.iter().enumerate() {
            tx.send(vec![i as u8, 1]).await.unwrap();
        }
        let mut merged = Merge::new(1, key_of).stream(rxs);
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        // Every input has a row: the least goes out.
        assert_eq!(
            Pin::new(&mut merged).poll_next(&mut cx),
            Poll::Ready(Some(vec![0, 1]))
        );
        // Input 0 may still send a row before [1, 1]: the merge waits...
        assert!(Pin::new(&mut merged).poll_next(&mut cx).is_pending());
        assert!(Pin::new(&mut merged).poll_next(&mut cx).is_pending());
        // ...until it has.
        txs[0].send(vec![0, 5]).await.unwrap();
        assert_eq!(
            Pin::new(&mut merged).poll_next(&mut cx),
            Poll::Ready(Some(vec![1, 1]))
        );
        assert!(txs.iter().all(|tx| !tx.is_closed()));
        drop(merged);
        assert!(
            txs.iter().all(|tx| tx.is_closed()),
            "inputs dropped with the merge"
        );
    });
}
