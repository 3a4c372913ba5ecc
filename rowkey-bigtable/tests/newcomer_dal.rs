//! A metrics data-access layer written once against `rowkey::Store`, run on
//! the embedded store (`rowkey-redb`) and on Google's Bigtable emulator,
//! every answer checked against a brute-force model (a `BTreeMap`).

use std::collections::BTreeMap;

use rowkey::{Order, RowKey, Store};

// ---- types ----------------------------------------------------------------

/// `[bucket of ts (16)][host padded][metric padded][ts]`: the bucket byte is
/// Java's `Arrays.hashCode` of `ts` mod 16, so a series' writes spread over
/// 16 tablets and a window of it fans out over 16 ranges.
#[derive(RowKey, Debug)]
#[rowkey(salt(java_hash, buckets = 16, width = 1, fields(ts)))]
struct MetricKey<'a> {
    #[pad(16)]
    host: &'a str,
    #[pad(16)]
    metric: &'a str,
    ts: u64,
}

/// One point read back.
#[derive(Debug, Clone, PartialEq)]
struct Point {
    host: String,
    metric: String,
    ts: u64,
    value: f64,
}

/// Where the next page of a window starts.
type Token = rowkey::Ranges<MetricKey<'static>>;

/// The data-access layer: `S` is `rowkey_redb::Table` or
/// `rowkey_bigtable::Table`.
struct Metrics<S> {
    table: S,
}

// ---- glue -------------------------------------------------------------------

fn point(row: &rowkey::Row<MetricKey<'static>, f64>) -> Result<Point, rowkey::Error> {
    let key = row.decode()?;
    Ok(Point {
        host: key.host.to_owned(),
        metric: key.metric.to_owned(),
        ts: key.ts,
        value: row.value,
    })
}

fn points<E: From<rowkey::Error>>(
    rows: &[rowkey::Row<MetricKey<'static>, f64>],
) -> Result<Vec<Point>, E> {
    Ok(rows.iter().map(point).collect::<Result<_, _>>()?)
}

// ---- business logic -----------------------------------------------------------

impl<S: Store<MetricKey<'static>, f64>> Metrics<S> {
    async fn put(&self, host: &str, metric: &str, ts: u64, value: f64) -> Result<(), S::Error> {
        self.table
            .put(&MetricKey { host, metric, ts }, &value)
            .await
    }

    async fn get(&self, host: &str, metric: &str, ts: u64) -> Result<Option<f64>, S::Error> {
        self.table.get(&MetricKey { host, metric, ts }).await
    }

    async fn delete(&self, host: &str, metric: &str, ts: u64) -> Result<(), S::Error> {
        self.table.delete(&MetricKey { host, metric, ts }).await
    }

    /// Every point of one host, by metric then time.
    async fn host(&self, host: &str) -> Result<Vec<Point>, S::Error> {
        let rows = self
            .table
            .scan(MetricKey::scan().host(host).ranges()?)
            .await?;
        points(&rows)
    }

    /// `[from, to)` of one series over the 16 buckets, in time order.
    async fn window(
        &self,
        host: &str,
        metric: &str,
        from: u64,
        to: u64,
    ) -> Result<Vec<Point>, S::Error> {
        let scan = MetricKey::scan()
            .host(host)
            .metric(metric)
            .ts(from..to)
            .ranges()?;
        points(&self.table.scan(scan).await?)
    }

    /// The newest `n` points of one series, newest first.
    async fn latest(&self, host: &str, metric: &str, n: usize) -> Result<Vec<Point>, S::Error> {
        let scan = MetricKey::scan().host(host).metric(metric).ranges()?;
        points(&self.table.latest(scan, n).await?)
    }

    /// One page of `[from, to)` of a series, in time order; `token` from the
    /// previous page, `None` for the first.
    async fn page(
        &self,
        host: &str,
        metric: &str,
        (from, to): (u64, u64),
        size: usize,
        token: Option<Token>,
    ) -> Result<(Vec<Point>, Option<Token>), S::Error> {
        let page = match token {
            Some(next) => self.table.page(next, Order::Ascending, size).await?,
            None => {
                let scan = MetricKey::scan()
                    .host(host)
                    .metric(metric)
                    .ts(from..to)
                    .ranges()?;
                self.table.page(scan, Order::Ascending, size).await?
            }
        };
        Ok((points(&page.rows)?, page.next))
    }
}

// ---- checks against a brute-force model ---------------------------------------

type Model = BTreeMap<(String, String, u64), f64>;

const HOSTS: [&str; 4] = ["web1", "web12", "web2", "db1"];
const METRICS: [&str; 3] = ["cpu", "cpu_user", "mem"];

/// A small deterministic generator (no dependency).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

fn model_points(model: &Model, keep: impl Fn(&str, &str, u64) -> bool) -> Vec<Point> {
    model
        .iter()
        .filter(|((h, m, ts), _)| keep(h, m, *ts))
        .map(|((h, m, ts), v)| Point {
            host: h.clone(),
            metric: m.clone(),
            ts: *ts,
            value: *v,
        })
        .collect()
}

async fn exercise<S>(dal: &Metrics<S>) -> Result<(), S::Error>
where
    S: Store<MetricKey<'static>, f64>,
{
    const T0: u64 = 1_700_000_000_000;
    let mut rng = Lcg(7);
    let mut model = Model::new();
    for i in 0..600 {
        let host = HOSTS[rng.next(4) as usize];
        let metric = METRICS[rng.next(3) as usize];
        // Milliseconds with jitter, some repeated: a repeat overwrites.
        let ts = T0 + rng.next(3_600) * 1_000 + rng.next(1_000);
        let value = i as f64 * 0.25 - 50.0;
        dal.put(host, metric, ts, value).await?;
        model.insert((host.into(), metric.into(), ts), value);
    }
    // Deletes: every fifth point, and one absent row.
    let doomed: Vec<_> = model.keys().step_by(5).cloned().collect();
    for (h, m, ts) in &doomed {
        dal.delete(h, m, *ts).await?;
        model.remove(&(h.clone(), m.clone(), *ts));
    }
    dal.delete("web1", "cpu", 1).await?;

    for ((h, m, ts), v) in &model {
        assert_eq!(dal.get(h, m, *ts).await?, Some(*v), "get {h}/{m}/{ts}");
    }
    for (h, m, ts) in &doomed {
        assert_eq!(dal.get(h, m, *ts).await?, None, "deleted {h}/{m}/{ts}");
    }

    for host in HOSTS {
        let want = model_points(&model, |h, _, _| h == host);
        assert!(!want.is_empty());
        assert_eq!(
            dal.host(host).await?,
            want,
            "prefix scan of {host} (not web12 for web1)"
        );
    }
    assert!(dal.host("web").await?.is_empty());

    let windows = [
        (T0, T0 + 3_600_000),
        (T0 + 600_000, T0 + 1_200_000),
        (T0 + 5, T0 + 5),
        (T0 + 9, T0 + 3),
    ];
    for host in HOSTS {
        for metric in METRICS {
            for (from, to) in windows {
                let want = model_points(&model, |h, m, ts| {
                    h == host && m == metric && (from..to).contains(&ts)
                });
                let got = dal.window(host, metric, from, to).await?;
                assert_eq!(got, want, "window {host}/{metric} {from}..{to}");

                let mut paged = Vec::new();
                let mut token = None;
                loop {
                    let (rows, next) = dal.page(host, metric, (from, to), 7, token).await?;
                    assert!(rows.len() <= 7, "page of {} rows", rows.len());
                    paged.extend(rows);
                    match next {
                        Some(next) => token = Some(next),
                        None => break,
                    }
                }
                assert_eq!(paged, want, "pages of {host}/{metric} {from}..{to}");
            }
            for n in [1, 5, 1_000] {
                let mut want = model_points(&model, |h, m, _| h == host && m == metric);
                want.reverse();
                want.truncate(n);
                assert_eq!(
                    dal.latest(host, metric, n).await?,
                    want,
                    "latest {n} of {host}/{metric}"
                );
            }
        }
    }
    Ok(())
}

#[tokio::test]
async fn newcomer_dal_on_redb() -> Result<(), rowkey_redb::Error> {
    let db = rowkey_redb::Redb::in_memory()?;
    let table = db
        .create_table_if_missing::<MetricKey<'static>, f64>("metrics", &["d"], 16)
        .await?;
    exercise(&Metrics { table }).await
}

#[tokio::test]
async fn newcomer_dal_on_bigtable_emulator() -> Result<(), rowkey_bigtable::Error> {
    let emulator = rowkey_bigtable::Emulator::start()?;
    let bt = rowkey_bigtable::Bigtable::emulator(emulator.addr(), "dev", "dev")?;
    let table = bt
        .create_table_if_missing::<MetricKey<'static>, f64>("metrics", &["d"], 16)
        .await?;
    exercise(&Metrics { table }).await
}

/// The front byte spreads points on exact 10 s ticks over all 16 values,
/// where `ts % 16` would put every one in bucket 0.
#[test]
fn front_hash_spreads_ticks() -> Result<(), rowkey::Error> {
    let mut seen = [0usize; 16];
    for k in 0..1_000u64 {
        let ts = 1_700_000_000_000 + k * 10_000;
        assert_eq!(ts % 16, 0);
        let key = MetricKey {
            host: "web1",
            metric: "cpu",
            ts,
        }
        .to_vec()?;
        seen[usize::from(key[0])] += 1;
    }
    assert!(seen.iter().all(|&n| n > 20), "rows per bucket: {seen:?}");
    Ok(())
}
