//! The metrics day of `tests/suite/metrics.rs` on Bigtable: 20 hosts × 5
//! metrics, one point every 10 s, written under the two layouts of the
//! Alibaba Cloud HBase row-key design note, then its three queries.
//!
//! ```text
//! cargo run --release -p rowkey-bigtable --example bigtable_metrics [HOSTS]
//! ```
//!
//! It starts Google's emulator (`cbtemulator`: `$CBTEMULATOR`, `PATH`, or the
//! Debian package's path) unless `BIGTABLE_EMULATOR_HOST` names a running
//! one. `HOSTS` (1 to 20, default 20) loads fewer hosts for a quicker run.

use rowkey::RowKey;
use rowkey_bigtable::{Bigtable, Emulator, FanOut, Read, Table};
use std::error::Error;
use std::time::{Duration, Instant};

// The day and its keys are those of the redb example, so the two runs print
// the same rows.
#[path = "../../tests/suite/metrics_day.rs"]
mod metrics_day;
use metrics_day::{clock, timestamp, value, EventKey, MetricKey, DAY, METRIC_NAMES, POINTS, STEP};

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// Writes every point in arrival order (each tick: every series), 10,000
/// rows per `put_many` call in batches of 1,000.
async fn load<K: RowKey>(
    table: &Table<K, f64>,
    hosts: &[String],
    key: for<'a> fn(&'a str, &'a str, u64) -> K::Key<'a>,
) -> Result<(usize, Duration), Box<dyn Error>> {
    let started = Instant::now();
    let mut rows = Vec::with_capacity(10_000);
    let mut written = 0;
    for i in 0..POINTS {
        for (h, host) in hosts.iter().enumerate() {
            for (m, metric) in METRIC_NAMES.iter().enumerate() {
                let ts = timestamp(h, m, i);
                rows.push((key(host, metric, ts), value(h, m, i)));
            }
        }
        if rows.len() >= 10_000 || i == POINTS - 1 {
            written += table.put_many(rows.drain(..)).await?;
        }
    }
    Ok((written, started.elapsed()))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let n_hosts: usize = std::env::args().nth(1).map_or(Ok(20), |a| a.parse())?;
    if !(1..=20).contains(&n_hosts) {
        return Err(format!("HOSTS is 1 to 20, not {n_hosts}").into());
    }
    // An emulator of our own, stopped when `_emulator` drops, unless one is
    // named.
    let (_emulator, addr) = match std::env::var("BIGTABLE_EMULATOR_HOST") {
        Ok(addr) => (None, addr),
        Err(_) => {
            let e = Emulator::start()?;
            let addr = e.addr().to_owned();
            println!("started cbtemulator on {addr} (pid {})", e.pid());
            (Some(e), addr)
        }
    };
    let bt = Bigtable::emulator(&addr, "rowkey", "metrics")?;
    for table in ["metrics", "events"] {
        // A named emulator may hold them from an earlier run.
        let _ = bt.delete_table(table).await;
    }
    let metrics = bt
        .create_table::<MetricKey<'static>, f64>("metrics", &["d"], 1)
        .await?;
    // 16 tablets, split where the buckets split.
    let events = bt
        .create_table::<EventKey<'static>, f64>("events", &["d"], 16)
        .await?;

    let hosts: Vec<String> = (1..=n_hosts).map(|h| format!("web{h:02}")).collect();
    println!(
        "{n_hosts} hosts x {} metrics, one point every {} s for a day: {} points per table",
        METRIC_NAMES.len(),
        STEP / 1000,
        n_hosts as u64 * METRIC_NAMES.len() as u64 * POINTS
    );
    let (n, took) = load(&metrics, &hosts, |host, metric, ts| MetricKey {
        host,
        metric,
        ts,
    })
    .await?;
    println!(
        "load [host][metric][MAX-ts]    {n} rows in {:.2} s ({:.0} rows/s)",
        took.as_secs_f64(),
        n as f64 / took.as_secs_f64()
    );
    let (n, took) = load(&events, &hosts, |host, metric, ts| EventKey {
        ts,
        host,
        metric,
    })
    .await?;
    println!(
        "load [ts%16][ts][host][metric] {n} rows in {:.2} s ({:.0} rows/s)",
        took.as_secs_f64(),
        n as f64 / took.as_secs_f64()
    );

    let host = hosts[hosts.len().min(7) - 1].as_str();

    // (a) One host's metric over an hour: one range, newest first.
    let (t1, t2) = (DAY + 12 * 3_600_000, DAY + 13 * 3_600_000);
    let started = Instant::now();
    let scan = MetricKey::scan().host(host).metric("cpu").ts(t1..t2);
    let rows = metrics.scan(scan.ranges()?).await?;
    let took = started.elapsed();
    let points: Vec<(u64, f64)> = rows
        .iter()
        .map(|r| Ok((r.decode()?.ts, r.value)))
        .collect::<Result<_, rowkey_bigtable::Error>>()?;
    assert_eq!(points.len() as u64, (t2 - t1) / STEP);
    assert!(points.windows(2).all(|w| w[0].0 > w[1].0), "newest first");
    println!(
        "(a) {host}/cpu 12:00-13:00: {} rows, newest first ({} .. {}), {}",
        points.len(),
        clock(points[0].0),
        clock(points[points.len() - 1].0),
        ms(took)
    );

    // (b) Its latest 10 points: one range, the limit sent to the server.
    let started = Instant::now();
    let read = Read {
        limit: Some(10),
        ..Read::default()
    };
    let scan = MetricKey::scan().host(host).metric("cpu");
    let rows = metrics.read(scan.ranges()?, read).await?;
    let took = started.elapsed();
    let latest: Vec<(u64, f64)> = rows
        .iter()
        .map(|r| Ok((r.decode()?.ts, r.value)))
        .collect::<Result<_, rowkey_bigtable::Error>>()?;
    assert_eq!(latest.len(), 10);
    assert_eq!(
        latest[0].0,
        timestamp(hosts.len().min(7) - 1, 0, POINTS - 1)
    );
    println!(
        "(b) latest 10 of {host}/cpu: {} back to {} ({:.2} .. {:.2}), {}",
        clock(latest[0].0),
        clock(latest[9].0),
        latest[0].1,
        latest[9].1,
        ms(took)
    );

    // (c) Every host and metric over five minutes: 16 bucket ranges merged
    // back into time order, in one ReadRows and as 16 concurrent streams.
    let (t1, t2) = (DAY + 18 * 3_600_000, DAY + 18 * 3_600_000 + 300_000);
    let expected = (t2 - t1) / STEP * hosts.len() as u64 * METRIC_NAMES.len() as u64;
    for fan_out in [FanOut::OneRequest, FanOut::Concurrent, FanOut::Sequential] {
        let started = Instant::now();
        let read = Read {
            fan_out,
            ..Read::default()
        };
        let rows = events
            .read(EventKey::scan().ts(t1..t2).ranges()?, read)
            .await?;
        let took = started.elapsed();
        let mut per_bucket = [0usize; 16];
        let mut merged = Vec::with_capacity(rows.len());
        for r in &rows {
            per_bucket[usize::from(r.key[0])] += 1;
            let k = r.decode()?;
            merged.push((k.ts, k.host, k.metric, r.value));
        }
        assert_eq!(merged.len() as u64, expected);
        assert!(
            merged
                .windows(2)
                .all(|w| (w[0].0, w[0].1, w[0].2) < (w[1].0, w[1].1, w[1].2)),
            "one stream, ordered by time, then host, then metric"
        );
        println!(
            "(c) all series 18:00-18:05, 16 buckets, {fan_out:?}: {} rows in time order ({} {} {} .. {} {} {}), {}",
            merged.len(),
            clock(merged[0].0),
            merged[0].1,
            merged[0].2,
            clock(merged[merged.len() - 1].0),
            merged[merged.len() - 1].1,
            merged[merged.len() - 1].2,
            ms(took)
        );
        if fan_out == FanOut::OneRequest {
            let counts: Vec<String> = per_bucket.iter().map(ToString::to_string).collect();
            println!("    rows per bucket: {}", counts.join(" "));
        }
    }
    Ok(())
}
