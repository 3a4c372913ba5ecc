//! One data-access layer, written once against `rowkey::Store`, run
//! unchanged on the embedded store (`rowkey-redb`) and on Google's
//! emulator: put, get, delete, whole rows of several cells, a prefix scan,
//! a time window over a 16-bucket fan-out merged in time order, latest N on
//! a layout stored oldest first and on one stored newest first, and pages
//! in both directions; every answer checked against a brute-force filter
//! and sort of what was written.

mod common;

use common::seeds::{LogEvent, Metric};
use common::Rng;
use rowkey::{Cell, IntoRanges, Order, RowKey, Store};
use std::cmp::Reverse;
use std::collections::BTreeMap;

// ---- The layer: no glue beyond its own types. ----

/// An access log: `[ts % 16][ts][host][event] => HTTP status`.
struct AccessLog<S> {
    table: S,
}

/// One entry, decoded.
type Entry = (u64, String, String, u64);

impl<S: Store<LogEvent<'static>, u64>> AccessLog<S> {
    async fn record(&self, ts: u64, host: &str, event: &str, status: u64) -> Result<(), S::Error> {
        self.table.put(&LogEvent { ts, host, event }, &status).await
    }

    async fn record_all(&self, entries: &[Entry]) -> Result<usize, S::Error> {
        let keys: Vec<LogEvent<'_>> = entries
            .iter()
            .map(|(ts, host, event, _)| LogEvent {
                ts: *ts,
                host,
                event,
            })
            .collect();
        let rows = keys.iter().zip(entries).map(|(k, e)| (k, e.3));
        self.table.put_many(rows).await
    }

    async fn status(&self, ts: u64, host: &str, event: &str) -> Result<Option<u64>, S::Error> {
        self.table.get(&LogEvent { ts, host, event }).await
    }

    async fn forget(&self, ts: u64, host: &str, event: &str) -> Result<(), S::Error> {
        self.table.delete(&LogEvent { ts, host, event }).await
    }

    fn entries(rows: &[rowkey::Row<LogEvent<'static>, u64>]) -> Result<Vec<Entry>, S::Error> {
        rows.iter()
            .map(|r| {
                let k = r.decode()?;
                Ok((k.ts, k.host.to_owned(), k.event.to_owned(), r.value))
            })
            .collect()
    }

    /// Every entry in `[from, to)`: 16 bucket ranges merged in time order.
    async fn window(&self, from: u64, to: u64) -> Result<Vec<Entry>, S::Error> {
        let rows = self
            .table
            .scan(LogEvent::scan().ts(from..to).ranges()?)
            .await?;
        Self::entries(&rows)
    }

    /// The newest `n` entries over every bucket.
    async fn latest(&self, n: usize) -> Result<Vec<Entry>, S::Error> {
        let rows = self.table.latest(LogEvent::scan().ranges()?, n).await?;
        Self::entries(&rows)
    }

    /// `[from, to)` page by page, in `order`.
    async fn pages(
        &self,
        from: u64,
        to: u64,
        order: Order,
        size: usize,
    ) -> Result<Vec<Vec<Entry>>, S::Error> {
        let mut pages = Vec::new();
        let mut page = self
            .table
            .page(LogEvent::scan().ts(from..to).ranges()?, order, size)
            .await?;
        loop {
            pages.push(Self::entries(&page.rows)?);
            match page.next.take() {
                Some(next) => page = self.table.page(next, order, size).await?,
                None => return Ok(pages),
            }
        }
    }
}

/// Host metrics: `[host][event][Long.MAX_VALUE - ts] => reading`, stored
/// newest first; readings of several columns per row.
struct Metrics<S> {
    table: S,
}

impl<S: Store<Metric<'static>, String>> Metrics<S> {
    async fn put(&self, host: &str, event: &str, ts: u64, v: &str) -> Result<(), S::Error> {
        self.table
            .put(&Metric { host, event, ts }, &v.to_owned())
            .await
    }

    /// Every row of one host: a prefix scan.
    async fn host(&self, host: &str) -> Result<Vec<(String, u64, String)>, S::Error> {
        let rows = self.table.scan(Metric::scan().host(host).ranges()?).await?;
        rows.iter()
            .map(|r| {
                let k = r.decode()?;
                Ok((k.event.to_owned(), k.ts, r.value.clone()))
            })
            .collect()
    }

    /// The newest `n` of one series: the same call as the access log's,
    /// though this layout stores time the other way.
    async fn latest(&self, host: &str, event: &str, n: usize) -> Result<Vec<u64>, S::Error> {
        let scan = Metric::scan().host(host).event(event).ranges()?;
        let rows = self.table.latest(scan, n).await?;
        rows.iter().map(|r| Ok(r.decode()?.ts)).collect()
    }

    async fn put_summary(&self, host: &str, ts: u64, min: &str, max: &str) -> Result<(), S::Error> {
        let key = Metric {
            host,
            event: "summary",
            ts,
        };
        let cells = [("min", min.to_owned()), ("max", max.to_owned())];
        self.table.put_cells(&key, cells).await
    }

    async fn summary(&self, host: &str, ts: u64) -> Result<Option<Vec<Cell<String>>>, S::Error> {
        self.table
            .get_row(&Metric {
                host,
                event: "summary",
                ts,
            })
            .await
    }
}

// ---- The checks, against brute force. ----

const HOSTS: [&str; 5] = ["web01", "web1", "web12", "db", "web02"];
const EVENTS: [&str; 3] = ["GET /", "POST /x", "GET /health"];

fn data(seed: u64, n: usize) -> Vec<Entry> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            (
                rng.below(600),
                HOSTS[rng.below(5) as usize].to_owned(),
                EVENTS[rng.below(3) as usize].to_owned(),
                200 + rng.below(300),
            )
        })
        .collect()
}

/// The layer on one engine: `log` and `metrics` are its tables, `raw` the
/// access log's table read as bytes (to write a cell that is not a `u64`).
async fn check<L, M, R>(engine: &str, log: AccessLog<L>, metrics: Metrics<M>, raw: R)
where
    L: Store<LogEvent<'static>, u64>,
    M: Store<Metric<'static>, String>,
    R: Store<LogEvent<'static>, Vec<u8>>,
{
    let entries = data(7, 3000);
    assert_eq!(log.record_all(&entries).await.unwrap(), entries.len());
    // What was written: the last value of each key, in (ts, host, event)
    // order, which is the merged order without the bucket.
    let mut model: BTreeMap<(u64, String, String), u64> = BTreeMap::new();
    for (ts, host, event, status) in &entries {
        model.insert((*ts, host.clone(), event.clone()), *status);
    }
    // Single puts, gets and deletes.
    log.record(1000, "web01", "GET /", 404).await.unwrap();
    model.insert((1000, "web01".into(), "GET /".into()), 404);
    assert_eq!(log.status(1000, "web01", "GET /").await.unwrap(), Some(404));
    assert_eq!(log.status(1000, "web1", "GET /").await.unwrap(), None);
    let gone: Vec<(u64, String, String)> = model.keys().step_by(97).cloned().collect();
    for (ts, host, event) in &gone {
        log.forget(*ts, host, event).await.unwrap();
        assert_eq!(
            log.status(*ts, host, event).await.unwrap(),
            None,
            "{engine}"
        );
        model.remove(&(*ts, host.clone(), event.clone()));
    }
    let all: Vec<Entry> = model
        .iter()
        .map(|((ts, h, e), s)| (*ts, h.clone(), e.clone(), *s))
        .collect();

    for (from, to) in [(100, 200), (0, 1001), (599, 600), (300, 300)] {
        let want: Vec<Entry> = all
            .iter()
            .filter(|e| (from..to).contains(&e.0))
            .cloned()
            .collect();
        assert_eq!(
            log.window(from, to).await.unwrap(),
            want,
            "{engine}: window {from}..{to}"
        );
        let mut backwards = want.clone();
        backwards.reverse();
        // Page by one row where the window is small; thousands of rows in
        // pages of one would be 16 requests a row on the emulator.
        let sizes: &[usize] = if want.len() > 200 {
            &[61, 500]
        } else {
            &[1, 7, 100]
        };
        for &size in sizes {
            for (order, want) in [(Order::Ascending, &want), (Order::Descending, &backwards)] {
                let pages = log.pages(from, to, order, size).await.unwrap();
                assert!(pages.iter().all(|p| p.len() <= size), "{engine}");
                let full = pages.len().saturating_sub(1);
                assert!(pages[..full].iter().all(|p| p.len() == size), "{engine}");
                let got: Vec<Entry> = pages.into_iter().flatten().collect();
                assert_eq!(
                    &got, want,
                    "{engine}: pages of {size} {order:?} {from}..{to}"
                );
            }
        }
    }
    for n in [1, 5, 40] {
        let want: Vec<Entry> = all.iter().rev().take(n).cloned().collect();
        assert_eq!(log.latest(n).await.unwrap(), want, "{engine}: latest {n}");
    }
    // A limit over the 16 bucket ranges, both ways: each range reads at
    // most `n` rows and the merge keeps the first `n` of all of them.
    for (from, to) in [(100, 200), (0, 1001)] {
        let window: Vec<&Entry> = all.iter().filter(|e| (from..to).contains(&e.0)).collect();
        for n in [1, 3, 16, 17, 250] {
            for order in [Order::Ascending, Order::Descending] {
                let scan = LogEvent::scan().ts(from..to).ranges().unwrap();
                let rows = log.table.select(scan, order, Some(n)).await.unwrap();
                let got = AccessLog::<L>::entries(&rows).unwrap();
                let want: Vec<Entry> = match order {
                    Order::Ascending => window.iter().take(n).map(|e| (*e).clone()).collect(),
                    Order::Descending => {
                        window.iter().rev().take(n).map(|e| (*e).clone()).collect()
                    }
                };
                assert_eq!(
                    got, want,
                    "{engine}: select {from}..{to} {order:?} limit {n}"
                );
            }
        }
    }

    // Newest first on disk: latest N is the same call.
    let mut rng = Rng(11);
    let mut series: BTreeMap<(String, String, Reverse<u64>), String> = BTreeMap::new();
    for _ in 0..400 {
        let (host, event, ts) = (
            HOSTS[rng.below(5) as usize],
            EVENTS[rng.below(2) as usize],
            1_700_000_000_000 + rng.below(10_000),
        );
        let v = format!("{}", rng.below(100));
        metrics.put(host, event, ts, &v).await.unwrap();
        series.insert((host.into(), event.into(), Reverse(ts)), v);
    }
    for host in ["web1", "web12", "db"] {
        let want: Vec<(String, u64, String)> = series
            .iter()
            .filter(|((h, _, _), _)| h == host)
            .map(|((_, e, Reverse(ts)), v)| (e.clone(), *ts, v.clone()))
            .collect();
        assert_eq!(
            metrics.host(host).await.unwrap(),
            want,
            "{engine}: host {host}"
        );
        let newest: Vec<u64> = want
            .iter()
            .filter(|(e, _, _)| e == "GET /")
            .map(|(_, ts, _)| *ts)
            .take(3)
            .collect();
        assert_eq!(
            metrics.latest(host, "GET /", 3).await.unwrap(),
            newest,
            "{engine}"
        );
    }

    // A row of several cells, read in one call.
    metrics.put_summary("web01", 5, "0.5", "9.5").await.unwrap();
    let cells = metrics.summary("web01", 5).await.unwrap().expect("a row");
    let cells: Vec<(&[u8], &str)> = cells
        .iter()
        .map(|c| (&c.qualifier[..], c.value.as_str()))
        .collect();
    assert_eq!(
        cells,
        [(&b"max"[..], "9.5"), (&b"min"[..], "0.5")],
        "{engine}"
    );
    assert_eq!(metrics.summary("web01", 6).await.unwrap(), None, "{engine}");

    // A cell that is not a u64: an error naming the key and column, not a
    // skipped row.
    let bad = LogEvent {
        ts: 2000,
        host: "web09",
        event: "bad",
    };
    raw.put(&bad, &vec![1, 2, 3]).await.unwrap();
    let err = log
        .status(2000, "web09", "bad")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("web09") && err.contains("d:v") && err.contains("u64"),
        "{engine}: {err}"
    );
    let err = log.window(1999, 2001).await.unwrap_err().to_string();
    assert!(
        err.contains("web09") && err.contains("d:v"),
        "{engine}: {err}"
    );
    let err = log.latest(1).await.unwrap_err().to_string();
    assert!(err.contains("web09"), "{engine}: {err}");
}

#[tokio::test]
async fn one_layer_on_the_embedded_store() {
    let db = rowkey_redb::Redb::in_memory().unwrap();
    let log = db
        .create_table_if_missing::<LogEvent<'static>, u64>("log", &["d"], 16)
        .await
        .unwrap();
    let metrics = db
        .create_table_if_missing::<Metric<'static>, String>("metrics", &["d"], 1)
        .await
        .unwrap();
    let raw = db
        .table::<LogEvent<'static>, Vec<u8>>("log", "d", b"v")
        .unwrap();
    check(
        "redb",
        AccessLog { table: log },
        Metrics { table: metrics },
        raw,
    )
    .await;
}

#[tokio::test]
async fn one_layer_on_the_emulator() {
    let env = common::env();
    let db = &env.bt;
    let log = db
        .create_table_if_missing::<LogEvent<'static>, u64>("log", &["d"], 16)
        .await
        .unwrap();
    let metrics = db
        .create_table_if_missing::<Metric<'static>, String>("metrics", &["d"], 1)
        .await
        .unwrap();
    let raw = db
        .table::<LogEvent<'static>, Vec<u8>>("log", "d", b"v")
        .unwrap();
    check(
        "emulator",
        AccessLog { table: log },
        Metrics { table: metrics },
        raw,
    )
    .await;
}

/// The key type says which way time runs, for `latest`.
#[test]
fn the_key_says_which_way_time_runs() {
    let t = LogEvent::TIME.expect("a time field");
    assert_eq!((t.name, t.newest_first), ("ts", false));
    assert_eq!(
        rowkey::latest_order::<LogEvent<'static>>(),
        Order::Descending
    );
    let t = Metric::TIME.expect("a time field");
    assert_eq!((t.name, t.newest_first), ("ts", true));
    assert_eq!(rowkey::latest_order::<Metric<'static>>(), Order::Ascending);
}

#[derive(RowKey, Debug)]
struct Event<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(8)]
    host: &'a str,
}

/// The crate docs' first program: the same lines after the one that opens
/// the database.
macro_rules! first_program {
    ($open:expr) => {{
        let db = $open;
        let events = db
            .create_table_if_missing::<Event<'static>, u64>("events", &["d"], 16)
            .await?;
        events
            .put(
                &Event {
                    ts: 1_700_000_000_123,
                    host: "web01",
                },
                &200,
            )
            .await?;
        let rows = events
            .scan(Event::scan().ts(1_700_000_000_000..).ranges()?)
            .await?;
        let row = &rows[0];
        (row.decode()?.host.to_owned(), row.decode()?.ts, row.value)
    }};
}

#[tokio::test]
async fn the_first_program_runs_on_both_engines() -> Result<(), Box<dyn std::error::Error>> {
    let want = ("web01".to_owned(), 1_700_000_000_123, 200);
    let embedded = first_program!(rowkey_redb::Redb::in_memory()?);
    assert_eq!(embedded, want);
    let emulator = common::emulator();
    let on_bigtable = first_program!(rowkey_bigtable::Bigtable::emulator(
        emulator.addr(),
        "dev",
        "dev"
    )?);
    assert_eq!(on_bigtable, want);
    Ok(())
}

// ---- Latest N on every way of storing time. ----

/// `#[desc]` on a plain integer time: newest first on disk.
#[derive(RowKey, Debug)]
struct DescTs {
    #[desc]
    ts: u64,
    id: u32,
}

/// `#[desc]` on a bucketed time: 16 ranges, each newest first.
#[derive(RowKey, Debug)]
struct BucketDescTs {
    #[bucket(16)]
    #[desc]
    ts: u64,
    id: u32,
}

/// `#[desc]` on a time type, after a prefix the scan fixes.
#[derive(RowKey, Debug)]
struct DescSystemTime {
    sensor: u8,
    #[desc]
    when: std::time::SystemTime,
}

/// A `SystemTime` under `#[reverse_ts]`: newest first.
#[derive(RowKey, Debug)]
struct ReverseSystemTime {
    sensor: u8,
    #[reverse_ts]
    when: std::time::SystemTime,
}

/// The time named on the struct: no rule would find `created`, and the
/// `#[desc]` integer before it is not the time.
#[derive(RowKey, Debug)]
#[rowkey(time = created)]
struct NamedTime {
    #[desc]
    priority: u8,
    #[desc]
    created: i64,
}

/// A name the derive reads as time, stored oldest first, after a `#[desc]`
/// field that is not time.
#[derive(RowKey, Debug)]
struct SeenAt {
    #[desc]
    shard: u8,
    seen_at: u64,
}

/// No time field at all: "latest" is the greatest keys.
#[derive(RowKey, Debug)]
struct Sequence {
    seq: u64,
}

/// Writes `rows` (each value the row's time) and checks `latest(scan, n)`
/// against the times sorted newest first, for several `n`.
async fn latest_matches<K, S>(
    engine: &str,
    what: &str,
    table: &S,
    rows: &[(K::Key<'static>, u64)],
    scan: rowkey::Ranges<K>,
    want_order: Order,
) where
    K: RowKey,
    S: Store<K, u64>,
{
    assert_eq!(rowkey::latest_order::<K>(), want_order, "{what}");
    let written = table
        .put_many(rows.iter().map(|(k, v)| (k, *v)))
        .await
        .unwrap();
    assert_eq!(written, rows.len());
    let mut newest: Vec<u64> = rows.iter().map(|r| r.1).collect();
    newest.sort_unstable_by(|a, b| b.cmp(a));
    for n in [1, 7, 50, rows.len() + 1] {
        let got = table.latest(scan.clone(), n).await.unwrap();
        for row in &got {
            row.decode().unwrap();
        }
        let got: Vec<u64> = got.iter().map(|r| r.value).collect();
        let want = &newest[..n.min(newest.len())];
        assert_eq!(got, want, "{engine}: {what}, latest {n}");
    }
}

fn times(seed: u64, n: usize) -> Vec<u64> {
    let mut rng = Rng(seed);
    let mut t: Vec<u64> = (0..n)
        .map(|_| 1_700_000_000_000 + rng.below(1_000_000))
        .collect();
    // Distinct times: equal ones would make "the newest n" ambiguous.
    t.sort_unstable();
    t.dedup();
    let mut shuffled = Vec::with_capacity(t.len());
    while !t.is_empty() {
        let i = rng.below(t.len() as u64) as usize;
        shuffled.push(t.swap_remove(i));
    }
    shuffled
}

fn at(ms: u64) -> std::time::SystemTime {
    std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms)
}

/// Every layout above, on one engine: `$db` has `create_table_if_missing`
/// (the embedded store or the emulator).
macro_rules! latest_on_every_layout {
    ($engine:expr, $db:expr) => {{
        let (engine, db) = ($engine, $db);
        macro_rules! case {
            ($what:expr, $id:expr, $k:ty, $rows:expr, $scan:expr, $order:expr) => {{
                // Pre-split by the bucket; a key led by its own values
                // has no split keys.
                let regions = match <$k as RowKey>::SPREAD {
                    rowkey::Spread::Bucket { count } => count as usize,
                    _ => 1,
                };
                let table = db
                    .create_table_if_missing::<$k, u64>($id, &["d"], regions)
                    .await
                    .unwrap();
                let scan = $scan.ranges().unwrap().into_ranges().unwrap();
                latest_matches(engine, $what, &table, &$rows, scan, $order).await;
                table
            }};
        }
        let ts = times(3, 300);
        let id = |i: usize| u32::try_from(i).unwrap();
        let rows: Vec<_> = ts
            .iter()
            .enumerate()
            .map(|(i, &t)| (DescTs { ts: t, id: id(i) }, t))
            .collect();
        case!(
            "#[desc] ts",
            "l_desc",
            DescTs,
            rows,
            DescTs::scan(),
            Order::Ascending
        );
        let rows: Vec<_> = ts
            .iter()
            .enumerate()
            .map(|(i, &t)| (BucketDescTs { ts: t, id: id(i) }, t))
            .collect();
        let scan = BucketDescTs::scan();
        case!(
            "#[bucket] #[desc] ts",
            "l_bdesc",
            BucketDescTs,
            rows,
            scan,
            Order::Ascending
        );
        let rows: Vec<_> = ts
            .iter()
            .map(|&t| {
                (
                    DescSystemTime {
                        sensor: 1,
                        when: at(t),
                    },
                    t,
                )
            })
            .collect();
        let scan = DescSystemTime::scan().sensor(1);
        let table = case!(
            "#[desc] SystemTime",
            "l_dsys",
            DescSystemTime,
            rows,
            scan,
            Order::Ascending
        );
        // Newer rows of sensors before and after it stay out of its latest.
        let newer = |sensor| DescSystemTime {
            sensor,
            when: at(1_800_000_000_000),
        };
        table.put(&newer(0), &0).await.unwrap();
        table.put(&newer(2), &2).await.unwrap();
        let got = table
            .latest(DescSystemTime::scan().sensor(1).ranges().unwrap(), 1)
            .await
            .unwrap();
        assert_eq!(got[0].value, *ts.iter().max().unwrap(), "{engine}");
        let rows: Vec<_> = ts
            .iter()
            .map(|&t| {
                (
                    ReverseSystemTime {
                        sensor: 4,
                        when: at(t),
                    },
                    t,
                )
            })
            .collect();
        let scan = ReverseSystemTime::scan().sensor(4);
        case!(
            "#[reverse_ts] SystemTime",
            "l_rsys",
            ReverseSystemTime,
            rows,
            scan,
            Order::Ascending
        );
        let rows: Vec<_> = ts
            .iter()
            .map(|&t| {
                (
                    NamedTime {
                        priority: 2,
                        created: i64::try_from(t).unwrap(),
                    },
                    t,
                )
            })
            .collect();
        let scan = NamedTime::scan().priority(2);
        case!(
            "time = created, #[desc] i64",
            "l_named",
            NamedTime,
            rows,
            scan,
            Order::Ascending
        );
        let rows: Vec<_> = ts
            .iter()
            .map(|&t| {
                (
                    SeenAt {
                        shard: 9,
                        seen_at: t,
                    },
                    t,
                )
            })
            .collect();
        let scan = SeenAt::scan().shard(9);
        case!(
            "seen_at after a #[desc] shard",
            "l_seen",
            SeenAt,
            rows,
            scan,
            Order::Descending
        );
        let rows: Vec<_> = ts.iter().map(|&t| (Sequence { seq: t }, t)).collect();
        case!(
            "no time field",
            "l_seq",
            Sequence,
            rows,
            Sequence::scan(),
            Order::Descending
        );
    }};
}

#[tokio::test]
async fn latest_on_every_layout_on_the_embedded_store() {
    latest_on_every_layout!("redb", rowkey_redb::Redb::in_memory().unwrap());
}

#[tokio::test]
async fn latest_on_every_layout_on_the_emulator() {
    let env = common::env();
    latest_on_every_layout!("emulator", &env.bt);
}

/// Which field is the time and which way it runs, as `latest` reads it.
#[test]
fn each_layout_names_its_time() {
    let time = |t: Option<rowkey::TimeField>| t.map(|t| (t.name, t.newest_first));
    assert_eq!(time(DescTs::TIME), Some(("ts", true)));
    assert_eq!(time(BucketDescTs::TIME), Some(("ts", true)));
    assert_eq!(time(DescSystemTime::TIME), Some(("when", true)));
    assert_eq!(time(ReverseSystemTime::TIME), Some(("when", true)));
    assert_eq!(time(NamedTime::TIME), Some(("created", true)));
    assert_eq!(time(SeenAt::TIME), Some(("seen_at", false)));
    assert_eq!(time(Sequence::TIME), None);
}
