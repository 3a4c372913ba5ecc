//! A data-access layer generic over the engine, spawned on a multi-threaded
//! runtime: its methods return `impl Future + Send` (not `async fn`, whose
//! futures rustc cannot prove `Send` for keys with a lifetime: the crate
//! docs' "Spawning a layer's futures" says why), and each runs inside
//! `tokio::spawn` on both engines.

mod common;

use rowkey::{Database, RowKey, Store};
use std::future::Future;
use std::sync::Arc;

#[derive(RowKey, Debug)]
struct LogEvent<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    event: &'a str,
}

struct AccessLog<D: Database> {
    table: D::Table<LogEvent<'static>, u64>,
}

#[allow(
    clippy::manual_async_fn,
    reason = "an async fn's future is not Send at a concrete engine for a key with a lifetime"
)]
impl<D: Database> AccessLog<D> {
    async fn open(db: &D) -> Result<Self, D::Error> {
        let table = db.create_table_if_missing("log", &["d"], 16).await?;
        Ok(AccessLog { table })
    }

    fn record<'s>(
        &'s self,
        ts: u64,
        host: &'s str,
        status: u64,
    ) -> impl Future<Output = Result<(), D::Error>> + Send + 's {
        async move {
            let key = LogEvent {
                ts,
                host,
                event: "get",
            };
            self.table.put(&key, &status).await
        }
    }

    fn hosts_after(
        &self,
        from: u64,
    ) -> impl Future<Output = Result<Vec<String>, D::Error>> + Send + '_ {
        async move {
            let rows = self
                .table
                .scan(LogEvent::scan().ts(from..).ranges()?)
                .await?;
            rows.iter()
                .map(|r| Ok(r.decode()?.host.to_owned()))
                .collect::<Result<_, rowkey::Error>>()
                .map_err(D::Error::from)
        }
    }

    fn count_after(&self, from: u64) -> impl Future<Output = Result<u64, D::Error>> + Send + '_ {
        async move {
            self.table
                .count(LogEvent::scan().ts(from..).ranges()?)
                .await
        }
    }
}

/// Spawns every method of the layer and checks what they return.
async fn spawned<D: Database + 'static>(db: &D, engine: &str)
where
    D::Table<LogEvent<'static>, u64>: 'static,
{
    let log = Arc::new(AccessLog::open(db).await.unwrap());
    let mut writes = Vec::new();
    for (i, host) in ["web01", "web02", "web10"].into_iter().enumerate() {
        let log = Arc::clone(&log);
        let ts = 1_700_000_000_000 + u64::try_from(i).unwrap();
        writes.push(tokio::spawn(async move { log.record(ts, host, 200).await }));
    }
    for w in writes {
        w.await.unwrap().unwrap();
    }
    let reader = Arc::clone(&log);
    let hosts = tokio::spawn(async move { reader.hosts_after(1_700_000_000_001).await })
        .await
        .unwrap()
        .unwrap();
    assert_eq!(hosts, ["web02", "web10"], "{engine}");
    let counter = Arc::clone(&log);
    let n = tokio::spawn(async move { counter.count_after(0).await })
        .await
        .unwrap()
        .unwrap();
    assert_eq!(n, 3, "{engine}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_generic_layer_spawns_on_the_embedded_store() {
    spawned(&rowkey_redb::Redb::in_memory().unwrap(), "redb").await;
}

/// The layer at a concrete engine, as an application's state holds it:
/// where an `async fn` layer's futures fail to be `Send` ("implementation
/// of `Store` is not general enough").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_layer_at_a_concrete_engine_spawns() {
    let db = rowkey_redb::Redb::in_memory().unwrap();
    let log: Arc<AccessLog<rowkey_redb::Redb>> = Arc::new(AccessLog::open(&db).await.unwrap());
    let writer = Arc::clone(&log);
    tokio::spawn(async move { writer.record(1, "web01", 200).await })
        .await
        .unwrap()
        .unwrap();
    let n = tokio::spawn(async move { log.count_after(0).await })
        .await
        .unwrap()
        .unwrap();
    assert_eq!(n, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_generic_layer_spawns_on_the_emulator() {
    let env = common::env();
    spawned(&env.bt, "emulator").await;
}
