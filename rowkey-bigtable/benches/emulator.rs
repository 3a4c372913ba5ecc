//! Throughput on Google's Bigtable emulator (one `cbtemulator` for the whole
//! run, started here): writes by batch size, a whole-table scan, and a
//! 16-bucket fan-out read in one `ReadRows`, as 16 concurrent streams, and
//! as 16 requests one after another; a 16-bucket window deleted by
//! `delete_ranges` and row by row (a scan, then a `MutateRow` per row), and
//! by key (`delete_many`); a 16,000-row window counted by `count` (keys
//! only) and by `scan(..).len()`.
//!
//! ```text
//! cargo bench -p rowkey-bigtable --bench emulator
//! ```
//!
//! Rows per second are divan's `items/s` (every sample counts its rows).

use divan::counter::ItemsCount;
use divan::Bencher;
use rowkey::RowKey;
use rowkey_bigtable::{Bigtable, Emulator, FanOut, Read, Table};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use tokio::runtime::Runtime;

/// `[ts % 16][ts][host][metric]`, as the metrics example's events.
#[derive(RowKey, Debug)]
struct EventKey<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    metric: &'a str,
}

const T: u64 = 1_700_000_000_000;
/// Rows in the read table: 16 buckets of 6,250.
const READ_ROWS: u64 = 100_000;
const WRITE_ROWS: usize = 10_000;
/// Rows of each window deleted.
const DELETE_ROWS: u64 = 2_000;

struct Env {
    rt: Runtime,
    bt: Bigtable,
    /// Loaded once: `READ_ROWS` rows, one per millisecond from `T`.
    read: Table<EventKey<'static>>,
    _emulator: Emulator,
}

fn env() -> &'static Env {
    static ENV: OnceLock<Env> = OnceLock::new();
    ENV.get_or_init(|| {
        let emulator = Emulator::start().expect("cbtemulator");
        let rt = Runtime::new().expect("tokio runtime");
        let (bt, read) = rt.block_on(async {
            let bt = Bigtable::emulator(emulator.addr(), "bench", "bench").expect("connect");
            let read = bt
                .create_table::<EventKey<'static>, Vec<u8>>("read", &["d"], 16)
                .await
                .expect("create");
            let rows = (0..READ_ROWS).map(|i| {
                let key = EventKey {
                    ts: T + i,
                    host: "web01",
                    metric: "cpu",
                };
                (key, vec![0u8; 8])
            });
            read.put_many(rows).await.expect("load");
            (bt, read)
        });
        Env {
            rt,
            bt,
            read,
            _emulator: emulator,
        }
    })
}

fn main() {
    divan::main();
}

/// 10,000 new rows per sample, `batch` rows per `MutateRows`.
#[divan::bench(args = [10, 100, 1000, 10_000], sample_count = 5, sample_size = 1)]
fn write_batch(bencher: Bencher, batch: usize) {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let env = env();
    let table = env
        .rt
        .block_on(env.bt.create_table::<EventKey<'static>, Vec<u8>>(
            &format!("w{batch}"),
            &["d"],
            16,
        ))
        .expect("create")
        .with_batch(batch)
        .expect("batch");
    bencher
        .counter(ItemsCount::new(WRITE_ROWS))
        .bench_local(|| {
            let start = NEXT.fetch_add(WRITE_ROWS as u64, Ordering::Relaxed);
            let rows = (start..start + WRITE_ROWS as u64).map(|i| {
                let key = EventKey {
                    ts: T + i,
                    host: "web01",
                    metric: "cpu",
                };
                (key, vec![0u8; 8])
            });
            env.rt.block_on(table.put_many(rows)).expect("put_many")
        });
}

/// 1,000 rows, one `MutateRow` each.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn write_one_by_one(bencher: Bencher) {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let env = env();
    let table = env
        .rt
        .block_on(
            env.bt
                .create_table::<EventKey<'static>, Vec<u8>>("w1", &["d"], 16),
        )
        .expect("create");
    bencher.counter(ItemsCount::new(1000usize)).bench_local(|| {
        env.rt.block_on(async {
            for _ in 0..1000 {
                let key = EventKey {
                    ts: T + NEXT.fetch_add(1, Ordering::Relaxed),
                    host: "web01",
                    metric: "cpu",
                };
                table.put(&key, &vec![0u8; 8]).await.expect("put");
            }
        });
    });
}

/// Every row of the table, 16 bucket ranges, merged: the whole 100,000.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn scan_all(bencher: Bencher) {
    let env = env();
    bencher.counter(ItemsCount::new(READ_ROWS)).bench_local(|| {
        let rows = env
            .rt
            .block_on(env.read.scan(EventKey::scan().ranges().expect("ranges")))
            .expect("scan");
        assert_eq!(rows.len() as u64, READ_ROWS);
        rows
    });
}

/// A time window over 16 buckets: `rows` rows, read three ways.
fn fan_out(bencher: Bencher, rows: u64, fan_out: FanOut) {
    let env = env();
    bencher.counter(ItemsCount::new(rows)).bench_local(|| {
        let ranges = EventKey::scan().ts(T + 1000..T + 1000 + rows).ranges();
        let read = Read {
            fan_out,
            ..Read::default()
        };
        let got = env
            .rt
            .block_on(env.read.read(ranges.expect("ranges"), read))
            .expect("read");
        assert_eq!(got.len() as u64, rows);
        got
    });
}

#[divan::bench(args = [160, 16_000], sample_count = 10, sample_size = 1)]
fn fan_out_one_request(bencher: Bencher, rows: u64) {
    fan_out(bencher, rows, FanOut::OneRequest);
}

#[divan::bench(args = [160, 16_000], sample_count = 10, sample_size = 1)]
fn fan_out_concurrent(bencher: Bencher, rows: u64) {
    fan_out(bencher, rows, FanOut::Concurrent);
}

#[divan::bench(args = [160, 16_000], sample_count = 10, sample_size = 1)]
fn fan_out_sequential(bencher: Bencher, rows: u64) {
    fan_out(bencher, rows, FanOut::Sequential);
}

/// A new window of `DELETE_ROWS` rows over the 16 buckets of table `id`,
/// written before each sample: its first time.
fn load_window(table: &Table<EventKey<'static>>, next: &AtomicU64) -> u64 {
    let start = T + next.fetch_add(DELETE_ROWS, Ordering::Relaxed);
    let rows = (start..start + DELETE_ROWS).map(|ts| {
        let key = EventKey {
            ts,
            host: "web01",
            metric: "cpu",
        };
        (key, vec![0u8; 8])
    });
    env().rt.block_on(table.put_many(rows)).expect("load");
    start
}

fn delete_table(id: &str) -> Table<EventKey<'static>> {
    let env = env();
    env.rt
        .block_on(
            env.bt
                .create_table::<EventKey<'static>, Vec<u8>>(id, &["d"], 16),
        )
        .expect("create")
}

/// A 16-bucket window of 2,000 rows in one `delete_ranges`: a keys-only
/// `ReadRows`, then `MutateRows` of 1,000 `DeleteFromRow`s.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn delete_ranges(bencher: Bencher) {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let table = delete_table("del_ranges");
    bencher
        .counter(ItemsCount::new(DELETE_ROWS))
        .with_inputs(|| load_window(&table, &NEXT))
        .bench_local_values(|start| {
            let ranges = EventKey::scan()
                .ts(start..start + DELETE_ROWS)
                .ranges()
                .expect("ranges");
            let n = env()
                .rt
                .block_on(table.delete_ranges(ranges))
                .expect("delete");
            assert_eq!(n, DELETE_ROWS);
        });
}

/// The same window as a layer without `delete_ranges` deletes it: a scan
/// (values read), then one `MutateRow` per row.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn delete_row_by_row(bencher: Bencher) {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let table = delete_table("del_rows");
    bencher
        .counter(ItemsCount::new(DELETE_ROWS))
        .with_inputs(|| load_window(&table, &NEXT))
        .bench_local_values(|start| {
            let ranges = EventKey::scan()
                .ts(start..start + DELETE_ROWS)
                .ranges()
                .expect("ranges");
            env().rt.block_on(async {
                let rows = table.scan(ranges).await.expect("scan");
                assert_eq!(rows.len() as u64, DELETE_ROWS);
                for row in &rows {
                    table
                        .delete(&row.decode().expect("decode"))
                        .await
                        .expect("delete");
                }
            });
        });
}

/// The same window deleted by its keys, known to the caller: one
/// `delete_many` (`MutateRows` of 1,000 `DeleteFromRow`s), no read.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn delete_many(bencher: Bencher) {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let table = delete_table("del_many");
    bencher
        .counter(ItemsCount::new(DELETE_ROWS))
        .with_inputs(|| load_window(&table, &NEXT))
        .bench_local_values(|start| {
            let keys = (start..start + DELETE_ROWS).map(|ts| EventKey {
                ts,
                host: "web01",
                metric: "cpu",
            });
            let n = env()
                .rt
                .block_on(table.delete_many(keys))
                .expect("delete_many");
            assert_eq!(n as u64, DELETE_ROWS);
        });
}

/// Rows of the counted window.
const COUNTED: u64 = 16_000;

/// A 16-bucket window counted from its keys: one `ReadRows`, values
/// stripped by the server.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn count(bencher: Bencher) {
    let env = env();
    bencher.counter(ItemsCount::new(COUNTED)).bench_local(|| {
        let ranges = EventKey::scan().ts(T + 1000..T + 1000 + COUNTED).ranges();
        let n = env
            .rt
            .block_on(env.read.count(ranges.expect("ranges")))
            .expect("count");
        assert_eq!(n, COUNTED);
    });
}

/// The same window counted as a layer without `count` does: every row
/// and value read.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn count_by_scan(bencher: Bencher) {
    let env = env();
    bencher.counter(ItemsCount::new(COUNTED)).bench_local(|| {
        let ranges = EventKey::scan().ts(T + 1000..T + 1000 + COUNTED).ranges();
        let rows = env
            .rt
            .block_on(env.read.scan(ranges.expect("ranges")))
            .expect("scan");
        assert_eq!(rows.len() as u64, COUNTED);
    });
}
