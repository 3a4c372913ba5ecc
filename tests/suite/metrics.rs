//! A day of host metrics in an embedded store (redb), queried the ways the
//! HBase row-key notes (seeds 000 and 002) design for:
//!
//! - `[hostname][metric][Long.MAX_VALUE - ts]`: one host's metric over a time
//!   range, and its latest N points (a prefix scan with a limit);
//! - `[ts % 16][ts][hostname][metric]`: everything in a time range, across
//!   all 16 buckets, merged back into one time-ordered stream.
//!
//! ```text
//! cargo run --release -p rowkey-suite --example metrics [path.redb]
//! ```
//!
//! Without a path the database goes to the temp dir and is removed at the end.

use redb::{Database, ReadableDatabase, ReadableTableMetadata, TableDefinition};
use rowkey::RowKey;
use std::error::Error;
use std::time::{Duration, Instant};

mod metrics_day;
use metrics_day::{clock, timestamp, value, EventKey, MetricKey, DAY, METRIC_NAMES, POINTS, STEP};

const METRICS: TableDefinition<&[u8], f64> = TableDefinition::new("metrics");
const EVENTS: TableDefinition<&[u8], f64> = TableDefinition::new("events");

const HOSTS: usize = 20;

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn main() -> Result<(), Box<dyn Error>> {
    let keep = std::env::args().nth(1);
    let path = keep.clone().map_or_else(
        || std::env::temp_dir().join(format!("rowkey-metrics-{}.redb", std::process::id())),
        Into::into,
    );
    let _ = std::fs::remove_file(&path);
    let db = Database::create(&path)?;
    let hosts: Vec<String> = (1..=HOSTS).map(|h| format!("web{h:02}")).collect();
    println!(
        "{HOSTS} hosts x {} metrics, one point every {} s for a day: {} points per table",
        METRIC_NAMES.len(),
        STEP / 1000,
        HOSTS as u64 * METRIC_NAMES.len() as u64 * POINTS
    );

    // Load in arrival order: every series' point for 00:00:00, then 00:00:10, ...
    let mut buf = [0u8; MetricKey::MAX_LEN];
    for (name, table, by_host) in [
        ("[host][metric][MAX-ts]", METRICS, true),
        ("[ts%16][ts][host][metric]", EVENTS, false),
    ] {
        let started = Instant::now();
        let w = db.begin_write()?;
        {
            let mut t = w.open_table(table)?;
            for i in 0..POINTS {
                for (h, host) in hosts.iter().enumerate() {
                    for (m, metric) in METRIC_NAMES.iter().enumerate() {
                        let ts = timestamp(h, m, i);
                        let n = if by_host {
                            MetricKey { host, metric, ts }.encode_into(&mut buf)?
                        } else {
                            EventKey { ts, host, metric }.encode_into(&mut buf)?
                        };
                        t.insert(&buf[..n], value(h, m, i))?;
                    }
                }
            }
        }
        w.commit()?;
        let took = started.elapsed();
        let rows = db.begin_read()?.open_table(table)?.len()?;
        println!(
            "load {name:<26} {rows} rows in {:.2} s ({:.0} rows/s)",
            took.as_secs_f64(),
            rows as f64 / took.as_secs_f64()
        );
    }
    println!("file {} MiB", std::fs::metadata(&path)?.len() / (1 << 20));

    let read = db.begin_read()?;
    let metrics = read.open_table(METRICS)?;
    let events = read.open_table(EVENTS)?;

    // (a) One host's metric over an hour: one range, newest first.
    let (t1, t2) = (DAY + 12 * 3_600_000, DAY + 13 * 3_600_000);
    let started = Instant::now();
    let range = MetricKey::scan()
        .host("web07")
        .metric("cpu")
        .ts(t1..t2)
        .ranges()?
        .next();
    let mut rows = Vec::new();
    if let Some(r) = &range {
        for e in metrics.range::<&[u8]>(r.bounds())? {
            let (k, v) = e?;
            rows.push((MetricKey::decode(k.value())?.ts, v.value()));
        }
    }
    let took = started.elapsed();
    assert_eq!(rows.len() as u64, (t2 - t1) / STEP);
    assert!(rows.windows(2).all(|w| w[0].0 > w[1].0), "newest first");
    println!(
        "(a) web07/cpu 12:00-13:00: {} rows, newest first ({} .. {}), {}",
        rows.len(),
        clock(rows[0].0),
        clock(rows[rows.len() - 1].0),
        ms(took)
    );
    if let Some(r) = range {
        println!("    {r:?}");
    }

    // (b) Its latest 10 points: a prefix scan that stops after 10 rows.
    let started = Instant::now();
    let mut latest = Vec::new();
    for r in MetricKey::scan().host("web07").metric("cpu").ranges()? {
        for e in metrics.range::<&[u8]>(r.bounds())?.take(10) {
            let (k, v) = e?;
            latest.push((MetricKey::decode(k.value())?.ts, v.value()));
        }
    }
    let took = started.elapsed();
    assert_eq!(latest.len(), 10);
    assert_eq!(latest[0].0, timestamp(6, 0, POINTS - 1));
    println!(
        "(b) latest 10 of web07/cpu: {} rows, {} back to {} (value {:.2} .. {:.2}), {}",
        latest.len(),
        clock(latest[0].0),
        clock(latest[9].0),
        latest[0].1,
        latest[9].1,
        ms(took)
    );

    // (c) Every host and metric over five minutes: 16 ranges, one per
    // bucket, merged back into time order.
    let (t1, t2) = (DAY + 18 * 3_600_000, DAY + 18 * 3_600_000 + 300_000);
    let started = Instant::now();
    let ranges = EventKey::scan().ts(t1..t2).ranges()?;
    let fan_out = ranges.fan_out();
    let skip = ranges.merge_skip();
    let mut streams = Vec::with_capacity(fan_out);
    for r in ranges {
        streams.push(
            events
                .range::<&[u8]>(r.bounds())?
                .map(|e| e.map(|(k, v)| (k.value().to_vec(), v.value()))),
        );
    }
    let mut merged = Vec::new();
    let mut per_bucket = [0usize; 16];
    for row in rowkey::merge_sorted(
        streams,
        skip,
        |r: &Result<(Vec<u8>, f64), redb::StorageError>| {
            r.as_ref().map_or(&[][..], |(k, _)| k.as_slice())
        },
    ) {
        let (k, v) = row?;
        per_bucket[usize::from(k[0])] += 1;
        let key = EventKey::decode(&k)?;
        merged.push((key.ts, key.host.to_owned(), key.metric.to_owned(), v));
    }
    let took = started.elapsed();
    let expected = (t2 - t1) / STEP * HOSTS as u64 * METRIC_NAMES.len() as u64;
    assert_eq!(merged.len() as u64, expected);
    assert!(
        merged
            .windows(2)
            .all(|w| (w[0].0, &w[0].1, &w[0].2) < (w[1].0, &w[1].1, &w[1].2)),
        "one stream, ordered by time, then host, then metric"
    );
    println!(
        "(c) all series 18:00-18:05 over {fan_out} buckets: {} rows merged in time order ({} .. {}), {}",
        merged.len(),
        clock(merged[0].0),
        clock(merged[merged.len() - 1].0),
        ms(took)
    );
    println!(
        "    rows per bucket: {}",
        per_bucket
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );

    drop((metrics, events, read, db));
    if keep.is_none() {
        std::fs::remove_file(&path)?;
    }
    Ok(())
}
