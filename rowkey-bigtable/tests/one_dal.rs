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
use rowkey::{Cell, Order, RowKey, Store};
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
    assert_eq!(LogEvent::TIME, None);
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
