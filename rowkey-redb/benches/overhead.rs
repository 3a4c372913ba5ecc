//! Instructions of `rowkey-redb` against raw redb calls doing the same
//! transactions, for `scripts/callgrind-redb.sh` (valgrind's callgrind).
//!
//! `ROWKEY_CG=OP/WAY*ROUNDS` runs one operation ROUNDS times after the set-up
//! (an in-memory database, its table, the rows to read): OP is `put_many`
//! (1,000 rows in one write transaction), `scan` (a 1,600-row window over
//! 16 buckets in one read transaction, merged into time order) or `get`
//! (100 rows, one read transaction each); WAY is `adapter` or `raw` (keys
//! built by hand into a `&[u8] => &[u8]` table, the window sorted by hand).
//! Values are `u64`s, 8 bytes big-endian either way.
//!
//! ```text
//! bash scripts/callgrind-redb.sh
//! ```

use futures::executor::block_on;
use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{RowKey, Store};
use rowkey_redb::Redb;

#[derive(RowKey, Debug)]
struct EventKey<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    metric: &'a str,
}

const T: u64 = 1_700_000_000_000;
const WRITE: u64 = 1000;
const LOADED: u64 = 16_000;
const WINDOW: u64 = 1600;
const GETS: u64 = 100;

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

fn raw_put(db: &Database, n: u64) {
    let txn = db.begin_write().expect("txn");
    {
        let mut t = txn.open_table(RAW).expect("table");
        for i in 0..n {
            let key = hand_key(T + i, "web01", "cpu");
            t.insert(&key[..], &i.to_be_bytes()[..]).expect("insert");
        }
    }
    txn.commit().expect("commit");
}

fn key(i: u64) -> EventKey<'static> {
    EventKey {
        ts: T + i,
        host: "web01",
        metric: "cpu",
    }
}

fn main() {
    let spec = std::env::var("ROWKEY_CG").unwrap_or_else(|_| "scan/adapter*1".into());
    let (op, rounds) = spec.split_once('*').expect("OP/WAY*ROUNDS");
    let rounds: u64 = rounds.parse().expect("rounds");
    let raw = Database::builder()
        .create_with_backend(redb::backends::InMemoryBackend::new())
        .expect("in-memory redb");
    let db = Redb::in_memory().expect("redb");
    let table = block_on(db.create_table_if_missing::<EventKey<'static>, u64>("t", &["d"], 16))
        .expect("table");
    if op.starts_with("scan") || op.starts_with("get") {
        if op.ends_with("raw") {
            raw_put(&raw, LOADED);
        } else {
            block_on(table.put_many((0..LOADED).map(|i| (key(i), i)))).expect("load");
        }
    }
    for _ in 0..rounds {
        match op {
            "put_many/adapter" => {
                let n = block_on(table.put_many((0..WRITE).map(|i| (key(i), i))));
                assert_eq!(n.expect("put_many"), 1000);
            }
            "put_many/raw" => raw_put(&raw, WRITE),
            "scan/adapter" => {
                let scan = EventKey::scan()
                    .ts(T + 1000..T + 1000 + WINDOW)
                    .ranges()
                    .expect("ranges");
                let rows = block_on(table.scan(scan)).expect("scan");
                assert_eq!(rows.len() as u64, WINDOW);
            }
            "scan/raw" => {
                let (from, to) = (T + 1000, T + 1000 + WINDOW);
                let txn = raw.begin_read().expect("txn");
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
                // Time order without the bucket byte.
                rows.sort_by(|a, b| a.0[1..].cmp(&b.0[1..]));
                assert_eq!(rows.len() as u64, WINDOW);
            }
            "get/adapter" => {
                for i in 0..GETS {
                    let v = block_on(table.get(&key(i * 97))).expect("get");
                    assert_eq!(v, Some(i * 97));
                }
            }
            "get/raw" => {
                for i in 0..GETS {
                    let k = hand_key(T + i * 97, "web01", "cpu");
                    let txn = raw.begin_read().expect("txn");
                    let t = txn.open_table(RAW).expect("table");
                    let v = t.get(&k[..]).expect("get").map(|v| {
                        let v: [u8; 8] = v.value().try_into().expect("8 bytes");
                        u64::from_be_bytes(v)
                    });
                    assert_eq!(v, Some(i * 97));
                }
            }
            other => panic!("unknown operation {other}"),
        }
    }
}
