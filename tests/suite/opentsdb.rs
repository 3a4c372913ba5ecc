//! OpenTSDB's `tsdb` table in an embedded store (redb): data points written
//! as OpenTSDB 2.x writes them with `tsd.storage.salt.width = 1` and
//! `tsd.storage.salt.buckets = 20`, read back per metric and time window
//! across the 20 salt buckets (one scan per bucket, merged without the salt,
//! as OpenTSDB's `SaltScanner` does), and printed as HBase's shell prints
//! row keys (`Bytes.toStringBinary`).
//!
//! ```text
//! cargo run -p rowkey-suite --example opentsdb
//! ```

use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{Binary, RowKey};
use std::collections::BTreeMap;
use std::error::Error;

/// `[salt][metric uid][base time][tagk tagv]...`: 3-byte UIDs, the hour as
/// a 4-byte int, the tag pairs sorted by tagk UID. The salt hashes the
/// metric and the tags, not the base time, so one series stays in one
/// bucket while its hours move on.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
struct Tsdb {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

const TSDB: TableDefinition<&[u8], &[u8]> = TableDefinition::new("tsdb");

/// OpenTSDB's UID tables, in memory: names to 3-byte UIDs (from 1, in the
/// order names are first seen, as `UniqueId.getOrCreateId` assigns them).
#[derive(Default)]
struct Uids {
    metrics: BTreeMap<String, u32>,
    tagks: BTreeMap<String, u32>,
    tagvs: BTreeMap<String, u32>,
}

fn uid(table: &mut BTreeMap<String, u32>, name: &str) -> u32 {
    let next = u32::try_from(table.len()).unwrap_or(u32::MAX) + 1;
    *table.entry(name.to_owned()).or_insert(next)
}

fn long_to_uid(uid: u32) -> [u8; 3] {
    let [_, a, b, c] = uid.to_be_bytes();
    [a, b, c]
}

impl Uids {
    /// A data point's row key, as `TSDB.addPoint` builds it: the hour of
    /// the timestamp (`ts - ts % 3600`), the tags sorted by tagk UID bytes.
    fn row(&mut self, metric: &str, ts: u32, tags: &[(&str, &str)]) -> Tsdb {
        let mut pairs: Vec<[u8; 6]> = tags
            .iter()
            .map(|(k, v)| {
                let (k, v) = (
                    long_to_uid(uid(&mut self.tagks, k)),
                    long_to_uid(uid(&mut self.tagvs, v)),
                );
                [k[0], k[1], k[2], v[0], v[1], v[2]]
            })
            .collect();
        pairs.sort_unstable_by(|a, b| a[..3].cmp(&b[..3]));
        Tsdb {
            metric: uid(&mut self.metrics, metric),
            base_time: ts - ts % 3600,
            tags: pairs,
        }
    }
}

/// The column qualifier of a point with an integer value of 8 bytes: the
/// offset in seconds from the base time, shifted left 4, and the flags
/// (`0x7`: 8 bytes).
fn qualifier(ts: u32) -> [u8; 2] {
    let offset = u16::try_from(ts % 3600).unwrap_or(0);
    ((offset << 4) | 0x7).to_be_bytes()
}

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::temp_dir().join(format!("rowkey-opentsdb-{}.redb", std::process::id()));
    let db = Database::create(&path)?;
    let mut uids = Uids::default();
    let start: u32 = 1_700_000_000 - 1_700_000_000 % 3600;
    let hosts = ["web01", "web02", "web03", "db01"];

    // Six hours of sys.cpu.user and sys.mem.free for four hosts, one point
    // a minute: one row per series and hour, a column per point.
    let mut rows: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
    for minute in 0..6 * 60 {
        let ts = start + 60 * minute;
        for (h, host) in hosts.iter().enumerate() {
            let dc = if host.starts_with("db") { "ams" } else { "fra" };
            for metric in ["sys.cpu.user", "sys.mem.free"] {
                let key = uids
                    .row(metric, ts, &[("host", host), ("dc", dc)])
                    .to_vec()?;
                let cells = rows.entry(key).or_default();
                cells.extend(qualifier(ts));
                cells.extend((u64::from(minute) * (h as u64 + 1)).to_be_bytes());
            }
        }
    }
    let w = db.begin_write()?;
    {
        let mut t = w.open_table(TSDB)?;
        for (k, v) in &rows {
            t.insert(k.as_slice(), v.as_slice())?;
        }
    }
    w.commit()?;
    println!(
        "wrote {} rows ({} series x 6 hours) into {}",
        rows.len(),
        2 * hosts.len(),
        path.display()
    );

    // The regions OpenTSDB's salting asks for: one per salt bucket.
    let splits: Vec<String> = Tsdb::split_keys(20)?
        .iter()
        .map(|k| k.to_string())
        .collect();
    println!("pre-split at {}", splits.join(" "));

    // One metric over hours 2 to 4, all series: tags are left open, so the
    // salt is unknown and the scan fans out over the 20 buckets.
    let metric = uids.metrics["sys.cpu.user"];
    let (from, to) = (start + 2 * 3600, start + 4 * 3600);
    let ranges = Tsdb::scan().metric(metric).base_time(from..to).ranges()?;
    let skip = ranges.merge_skip();
    println!(
        "\nscan sys.cpu.user [{from}, {to}): {} ranges, merged skipping {skip} bytes",
        ranges.fan_out()
    );
    let t = db.begin_read()?.open_table(TSDB)?;
    let mut per_bucket = Vec::new();
    for r in ranges {
        let hits: Vec<(Vec<u8>, usize)> = t
            .range::<&[u8]>(r.bounds())?
            .map(|e| e.map(|(k, v)| (k.value().to_vec(), v.value().len() / 10)))
            .collect::<Result<_, _>>()?;
        if !hits.is_empty() {
            println!("  {}  {} rows", r.shell_scan("tsdb"), hits.len());
        }
        per_bucket.push(hits.into_iter());
    }
    // SaltScanner's merge: by the key without its salt (metric, hour, tags).
    let merged: Vec<(Vec<u8>, usize)> =
        rowkey::merge_sorted(per_bucket, skip, |(k, _): &(Vec<u8>, usize)| k.as_slice()).collect();
    println!(
        "\n{:<58} {:>6}  points",
        "ROW (as hbase shell prints it)", "hour"
    );
    let mut last = 0;
    for (key, points) in &merged {
        let row = Tsdb::decode(key)?;
        assert!(row.base_time >= last, "rows come in time order");
        last = row.base_time;
        println!(
            "{:<58} {:>6}  {points}",
            Binary(key).to_string(),
            (row.base_time - start) / 3600
        );
    }
    assert_eq!(merged.len(), 2 * hosts.len());

    // One series: every input of the salt given, so one range in one bucket.
    let key = uids.row(
        "sys.mem.free",
        start + 3600,
        &[("host", "db01"), ("dc", "ams")],
    );
    let one = Tsdb::scan()
        .metric(key.metric)
        .base_time(key.base_time)
        .tags(key.tags.clone())
        .ranges()?;
    println!(
        "\nget sys.mem.free{{dc=ams,host=db01}} hour 1: {} range",
        one.fan_out()
    );
    for r in one {
        for e in t.range::<&[u8]>(r.bounds())? {
            let (k, _) = e?;
            println!("{}", Tsdb::explain(k.value())?);
        }
    }
    drop(t);
    drop(db);
    std::fs::remove_file(&path)?;
    Ok(())
}
