//! The embedded adapter against raw redb calls with hand-built keys, in one
//! run: writing 10,000 rows in one transaction, and reading a 1,600-row
//! time window over 16 buckets merged into time order. Also deleting a
//! 10,000-row window over the 16 buckets: `delete_ranges` (one write
//! transaction) against a scan and one `delete` per row; deleting the
//! same rows by key, `delete_many` against a `delete` per key; counting a
//! 16,000-row window of 1 KiB values, `count` against `scan(..).len()`;
//! a page of 50 over the 16 buckets.
//!
//! ```text
//! cargo bench -p rowkey-redb --bench redb
//! ```
//!
//! The raw side is what a program without rowkey writes: keys concatenated
//! by hand into a `&[u8] => &[u8]` table, and a window read as 16 ranges
//! whose rows are sorted by the key after its bucket byte. The adapter
//! keeps the column in a redb table keyed by the row, reads the 16 ranges
//! in one transaction, merges them (a stable sort of the runs) and decodes
//! each value as a `u64`.

use divan::counter::ItemsCount;
use divan::Bencher;
use futures::executor::block_on;
use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{RowKey, Store};
use rowkey_redb::{Redb, Table};
use std::sync::OnceLock;

#[derive(RowKey, Debug)]
struct EventKey<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    metric: &'a str,
}

const T: u64 = 1_700_000_000_000;
const WRITE: u64 = 10_000;
const LOADED: u64 = 100_000;
const WINDOW: u64 = 1600;

const RAW: TableDefinition<&[u8], &[u8]> = TableDefinition::new("raw");

/// `EventKey`'s bytes, by hand: `[ts % 16][ts][host padded to 16][metric]`.
fn hand_key(ts: u64, host: &str, metric: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(25 + metric.len());
    k.push((ts % 16) as u8);
    k.extend_from_slice(&ts.to_be_bytes());
    k.extend_from_slice(host.as_bytes());
    k.resize(9 + 16, 0);
    k.extend_from_slice(metric.as_bytes());
    k
}

fn memory() -> Database {
    Database::builder()
        .create_with_backend(redb::backends::InMemoryBackend::new())
        .expect("in-memory redb")
}

fn raw_put(db: &Database, from: u64, n: u64) {
    let txn = db.begin_write().expect("txn");
    {
        let mut t = txn.open_table(RAW).expect("table");
        for i in from..from + n {
            let key = hand_key(T + i, "web01", "cpu");
            t.insert(&key[..], &i.to_be_bytes()[..]).expect("insert");
        }
    }
    txn.commit().expect("commit");
}

fn adapter_put(t: &Table<EventKey<'static>, u64>, from: u64, n: u64) {
    let rows = (from..from + n).map(|i| {
        let key = EventKey {
            ts: T + i,
            host: "web01",
            metric: "cpu",
        };
        (key, i)
    });
    block_on(t.put_many(rows)).expect("put_many");
}

struct Loaded {
    raw: Database,
    adapter: Table<EventKey<'static>, u64>,
}

fn loaded() -> &'static Loaded {
    static LOADED_DB: OnceLock<Loaded> = OnceLock::new();
    LOADED_DB.get_or_init(|| {
        let raw = memory();
        raw_put(&raw, 0, LOADED);
        let db = Redb::in_memory().expect("redb");
        let adapter = block_on(db.create_table_if_missing("t", &["d"], 1)).expect("table");
        adapter_put(&adapter, 0, LOADED);
        Loaded { raw, adapter }
    })
}

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn put_many_raw(bencher: Bencher) {
    bencher
        .counter(ItemsCount::new(WRITE))
        .with_inputs(memory)
        .bench_local_values(|db| raw_put(&db, 0, WRITE));
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn put_many_adapter(bencher: Bencher) {
    bencher
        .counter(ItemsCount::new(WRITE))
        .with_inputs(|| {
            let db = Redb::in_memory().expect("redb");
            block_on(db.create_table_if_missing::<EventKey<'static>, u64>("t", &["d"], 1))
                .expect("table")
        })
        .bench_local_values(|t| adapter_put(&t, 0, WRITE));
}

#[divan::bench(sample_count = 20)]
fn window_raw(bencher: Bencher) {
    let db = &loaded().raw;
    bencher.counter(ItemsCount::new(WINDOW)).bench_local(|| {
        let (from, to) = (T + 1000, T + 1000 + WINDOW);
        let txn = db.begin_read().expect("txn");
        let t = txn.open_table(RAW).expect("table");
        let mut rows: Vec<(Vec<u8>, u64)> = Vec::new();
        for b in 0..16u8 {
            let mut start = vec![b];
            start.extend_from_slice(&from.to_be_bytes());
            let mut stop = vec![b];
            stop.extend_from_slice(&to.to_be_bytes());
            for e in t.range::<&[u8]>(&start[..]..&stop[..]).expect("range") {
                let (k, v) = e.expect("row");
                let v: [u8; 8] = v.value().try_into().expect("8 bytes");
                rows.push((k.value().to_vec(), u64::from_be_bytes(v)));
            }
        }
        rows.sort_by(|a, b| a.0[1..].cmp(&b.0[1..]));
        assert_eq!(rows.len() as u64, WINDOW);
        rows
    });
}

#[divan::bench(sample_count = 20)]
fn window_adapter(bencher: Bencher) {
    let t = &loaded().adapter;
    bencher.counter(ItemsCount::new(WINDOW)).bench_local(|| {
        let scan = EventKey::scan().ts(T + 1000..T + 1000 + WINDOW).ranges();
        let rows = block_on(t.scan(scan.expect("ranges"))).expect("scan");
        assert_eq!(rows.len() as u64, WINDOW);
        rows
    });
}

/// A table of `WRITE` rows, each sample's own.
fn written() -> Table<EventKey<'static>, u64> {
    let db = Redb::in_memory().expect("redb");
    let t = block_on(db.create_table_if_missing::<EventKey<'static>, u64>("t", &["d"], 16))
        .expect("table");
    adapter_put(&t, 0, WRITE);
    t
}

fn window_of_all() -> rowkey::ScanRanges<EventKey<'static>> {
    EventKey::scan().ts(T..T + WRITE).ranges().expect("ranges")
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn delete_ranges_adapter(bencher: Bencher) {
    bencher
        .counter(ItemsCount::new(WRITE))
        .with_inputs(written)
        .bench_local_values(|t| {
            let n = block_on(t.delete_ranges(window_of_all())).expect("delete");
            assert_eq!(n, WRITE);
        });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn delete_row_by_row_adapter(bencher: Bencher) {
    bencher
        .counter(ItemsCount::new(WRITE))
        .with_inputs(written)
        .bench_local_values(|t| {
            let rows = block_on(t.scan(window_of_all())).expect("scan");
            assert_eq!(rows.len() as u64, WRITE);
            for row in &rows {
                block_on(t.delete(&row.decode().expect("decode"))).expect("delete");
            }
        });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn delete_many_adapter(bencher: Bencher) {
    let keys: Vec<EventKey<'static>> = (0..WRITE)
        .map(|i| EventKey {
            ts: T + i,
            host: "web01",
            metric: "cpu",
        })
        .collect();
    bencher
        .counter(ItemsCount::new(WRITE))
        .with_inputs(written)
        .bench_local_values(|t| {
            let n = block_on(t.delete_many(&keys)).expect("delete_many");
            assert_eq!(n as u64, WRITE);
        });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn delete_key_by_key_adapter(bencher: Bencher) {
    let keys: Vec<EventKey<'static>> = (0..WRITE)
        .map(|i| EventKey {
            ts: T + i,
            host: "web01",
            metric: "cpu",
        })
        .collect();
    bencher
        .counter(ItemsCount::new(WRITE))
        .with_inputs(written)
        .bench_local_values(|t| {
            for key in &keys {
                block_on(t.delete(key)).expect("delete");
            }
        });
}

/// Rows of the counted window, each valued with 1 KiB.
const COUNTED: u64 = 16_000;

fn wide() -> &'static Table<EventKey<'static>, Vec<u8>> {
    static WIDE: OnceLock<Table<EventKey<'static>, Vec<u8>>> = OnceLock::new();
    WIDE.get_or_init(|| {
        let db = Redb::in_memory().expect("redb");
        let t = block_on(db.create_table_if_missing("wide", &["d"], 16)).expect("table");
        let rows = (0..COUNTED).map(|i| {
            let key = EventKey {
                ts: T + i,
                host: "web01",
                metric: "cpu",
            };
            (key, vec![7u8; 1024])
        });
        block_on(t.put_many(rows)).expect("put_many");
        t
    })
}

fn counted() -> rowkey::ScanRanges<EventKey<'static>> {
    EventKey::scan()
        .ts(T..T + COUNTED)
        .ranges()
        .expect("ranges")
}

#[divan::bench(sample_count = 20)]
fn count_adapter(bencher: Bencher) {
    let t = wide();
    bencher.counter(ItemsCount::new(COUNTED)).bench_local(|| {
        let n = block_on(t.count(counted())).expect("count");
        assert_eq!(n, COUNTED);
    });
}

#[divan::bench(sample_count = 20)]
fn count_by_scan_adapter(bencher: Bencher) {
    let t = wide();
    bencher.counter(ItemsCount::new(COUNTED)).bench_local(|| {
        let n = block_on(t.scan(counted())).expect("scan").len();
        assert_eq!(n as u64, COUNTED);
    });
}

/// The first page of 50 of a 16-bucket window (each bucket read to 51
/// rows, one past the page, to tell whether any is left).
#[divan::bench(sample_count = 50)]
fn page_adapter(bencher: Bencher) {
    let t = &loaded().adapter;
    bencher.counter(ItemsCount::new(50u64)).bench_local(|| {
        let scan = EventKey::scan().ts(T + 1000..T + 1000 + WINDOW).ranges();
        let page =
            block_on(t.page(scan.expect("ranges"), rowkey::Order::Ascending, 50)).expect("page");
        assert_eq!(page.rows.len(), 50);
        assert!(page.next.is_some());
        page
    });
}
