//! `Store::delete_ranges` and `Database`, one body run on the embedded
//! store (`rowkey-redb`) and on Google's emulator: tables set up through
//! `rowkey::Database` alone, every delete's count and the rows left after
//! it checked against a model of what was written (prefix neighbours, a
//! 16-bucket fan-out, rows of several cells and families, empty scans),
//! and `regions` refused alike on both.

mod common;

use rowkey::{Database, IntoRanges, RowKey, Store};
use std::collections::BTreeSet;

/// `md5(device)[..2] + rpad(device, 16) + rpad(metric, 8) + (MAX - ts)`.
#[derive(RowKey, Debug)]
struct Sample<'a> {
    #[salt(md5, 2)]
    #[pad(16)]
    device: &'a str,
    #[pad(8)]
    metric: &'a str,
    #[reverse_ts]
    ts: u64,
}

/// `[ts % 16][ts][host]`: a time window fans out over 16 buckets.
#[derive(RowKey, Debug)]
struct Event<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(8)]
    host: &'a str,
}

/// `rpad(tenant, 8) + device`: led by its own values, one region.
#[derive(RowKey, Debug)]
struct Device<'a> {
    #[pad(8)]
    tenant: &'a str,
    device: &'a str,
}

/// A sample's fields, owned.
type Point = (String, String, u64);

async fn samples_left<T: Store<Sample<'static>, f64>>(t: &T) -> BTreeSet<Point> {
    let rows = t.scan(Sample::scan().ranges().unwrap()).await.unwrap();
    rows.iter()
        .map(|r| {
            let k = r.decode().unwrap();
            (k.device.to_owned(), k.metric.to_owned(), k.ts)
        })
        .collect()
}

async fn events_left<T: Store<Event<'static>, u64>>(t: &T) -> BTreeSet<(u64, String)> {
    let rows = t.scan(Event::scan().ranges().unwrap()).await.unwrap();
    rows.iter()
        .map(|r| {
            let k = r.decode().unwrap();
            (k.ts, k.host.to_owned())
        })
        .collect()
}

/// A prefix delete takes every row of its prefix and no neighbour's:
/// `dev-1` leaves `dev-10` and `dev-2`, `temp` leaves `temperature`.
async fn prefix_deletes<D: Database>(db: &D, engine: &str) {
    let t: D::Table<Sample<'static>, f64> = db
        .create_table_if_missing("samples", &["d"], 16)
        .await
        .unwrap();
    let mut model = BTreeSet::new();
    let mut put = |device: &str, metric: &str, ts: u64| {
        model.insert((device.to_owned(), metric.to_owned(), ts));
        (device.to_owned(), metric.to_owned(), ts)
    };
    let mut rows = Vec::new();
    for ts in 0..10 {
        rows.push(put("dev-1", "temp", 1_000 + ts));
    }
    for ts in 0..3 {
        rows.push(put("dev-1", "humid", 1_000 + ts));
    }
    rows.push(put("dev-1", "temps", 1_005));
    rows.push(put("dev-10", "temp", 1_005));
    rows.push(put("dev-2", "temp", 1_000));
    rows.push(put("dev-", "temp", 1_000));
    for (device, metric, ts) in &rows {
        let key = Sample {
            device,
            metric,
            ts: *ts,
        };
        t.put(&key, &1.5).await.unwrap();
    }
    assert_eq!(samples_left(&t).await, model, "{engine}: as written");

    let n = t
        .delete_ranges(
            Sample::scan()
                .device("dev-1")
                .metric("temp")
                .ranges()
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(n, 10, "{engine}: dev-1 temp");
    model.retain(|(d, m, _)| !(d == "dev-1" && m == "temp"));
    assert_eq!(samples_left(&t).await, model, "{engine}: after dev-1 temp");

    // A time window of one series: `#[reverse_ts]` stores it newest first.
    let n = t
        .delete_ranges(
            Sample::scan()
                .device("dev-1")
                .metric("humid")
                .ts(1_001..1_003)
                .ranges()
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(n, 2, "{engine}: dev-1 humid window");
    model.retain(|(d, m, ts)| !(d == "dev-1" && m == "humid" && (1_001..1_003).contains(ts)));
    assert_eq!(samples_left(&t).await, model, "{engine}: after the window");

    let n = t
        .delete_ranges(Sample::scan().device("dev-1").ranges().unwrap())
        .await
        .unwrap();
    assert_eq!(n, 2, "{engine}: the rest of dev-1");
    model.retain(|(d, _, _)| d != "dev-1");
    assert_eq!(samples_left(&t).await, model, "{engine}: after dev-1");
    assert_eq!(
        model.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(),
        ["dev-", "dev-10", "dev-2"],
        "{engine}"
    );

    // Nothing left to delete: 0, and nothing else touched.
    let n = t
        .delete_ranges(Sample::scan().device("dev-1").ranges().unwrap())
        .await
        .unwrap();
    assert_eq!(n, 0, "{engine}: dev-1 again");
    assert_eq!(
        samples_left(&t).await,
        model,
        "{engine}: after the second delete"
    );

    // A key led by its own values: a prefix on a padded field, then on the
    // unpadded last one.
    let devices: D::Table<Device<'static>, String> = db
        .create_table_if_missing("devices", &["d"], 1)
        .await
        .unwrap();
    let all = [
        ("acm", "d8"),
        ("acme", "d1"),
        ("acme", "d2"),
        ("acme", "d20"),
        ("acme2", "d9"),
    ];
    for (tenant, device) in all {
        devices
            .put(&Device { tenant, device }, &device.to_owned())
            .await
            .unwrap();
    }
    let n = devices
        .delete_ranges(Device::scan().tenant("acme").device("d2").ranges().unwrap())
        .await
        .unwrap();
    assert_eq!(n, 1, "{engine}: acme d2 leaves acme d20");
    let n = devices
        .delete_ranges(Device::scan().tenant("acme").ranges().unwrap())
        .await
        .unwrap();
    assert_eq!(n, 2, "{engine}: acme");
    let left: Vec<(String, String)> = devices
        .scan(Device::scan().ranges().unwrap())
        .await
        .unwrap()
        .iter()
        .map(|r| {
            let k = r.decode().unwrap();
            (k.tenant.to_owned(), k.device.to_owned())
        })
        .collect();
    assert_eq!(
        left,
        [
            ("acm".to_owned(), "d8".to_owned()),
            ("acme2".to_owned(), "d9".to_owned())
        ],
        "{engine}"
    );
}

/// A time window over a 16-bucket fan-out: every bucket's rows of the
/// window go, none outside it; an empty scan sends nothing; the whole
/// table last.
async fn fan_out_deletes<D: Database>(db: &D, engine: &str) {
    let t: D::Table<Event<'static>, u64> = db
        .create_table_if_missing("events", &["d"], 4)
        .await
        .unwrap();
    let hosts = ["a", "b", "web01"];
    let mut model = BTreeSet::new();
    let mut keys = Vec::new();
    for ts in 0..100u64 {
        let host = hosts[usize::try_from(ts).unwrap() % hosts.len()];
        model.insert((ts, host.to_owned()));
        keys.push(Event { ts, host });
    }
    assert_eq!(
        t.put_many(keys.iter().map(|k| (k, k.ts))).await.unwrap(),
        100
    );

    let window = Event::scan().ts(10..30).ranges().unwrap();
    let ranges = window.into_ranges().unwrap();
    assert_eq!(ranges.len(), 16, "{engine}: the window fans out");
    assert_eq!(t.delete_ranges(ranges).await.unwrap(), 20, "{engine}");
    model.retain(|(ts, _)| !(10..30).contains(ts));
    assert_eq!(events_left(&t).await, model, "{engine}: after [10, 30)");

    // No range at all (an empty window), and ranges with no row in them.
    let empty = Event::scan().ts(50..50).ranges().unwrap();
    let empty = empty.into_ranges().unwrap();
    assert!(empty.is_empty(), "{engine}: {empty:?}");
    assert_eq!(t.delete_ranges(empty).await.unwrap(), 0, "{engine}");
    let none = Event::scan().ts(1_000..2_000).ranges().unwrap();
    assert_eq!(t.delete_ranges(none).await.unwrap(), 0, "{engine}");
    assert_eq!(
        events_left(&t).await,
        model,
        "{engine}: after empty deletes"
    );

    // One bucket's row and one host: exact key scans.
    let one = Event::scan().ts(42).host("web01").ranges().unwrap();
    assert_eq!(
        t.delete_ranges(one).await.unwrap(),
        0,
        "{engine}: 42 is b's"
    );
    let one = Event::scan().ts(42).host("a").ranges().unwrap();
    assert_eq!(t.delete_ranges(one).await.unwrap(), 1, "{engine}: ts 42");
    model.remove(&(42, "a".to_owned()));
    assert_eq!(events_left(&t).await, model, "{engine}: after ts 42");

    // The whole table, every bucket.
    let left = u64::try_from(model.len()).unwrap();
    let all = Event::scan().ranges().unwrap();
    assert_eq!(t.delete_ranges(all).await.unwrap(), left, "{engine}: all");
    assert!(events_left(&t).await.is_empty(), "{engine}");
}

/// A row counts once however many cells it has, every cell goes (other
/// qualifiers, other families: as `delete` takes them), and a row with no
/// cell in the handle's column goes too.
async fn whole_rows_go<D: Database>(db: &D, engine: &str) {
    let t: D::Table<Event<'static>, u64> = db
        .create_table_if_missing("cells", &["d", "e"], 1)
        .await
        .unwrap();
    let other: D::Table<Event<'static>, u64> = db.table("cells", "e", b"x").unwrap();
    let key = |ts| Event { ts, host: "h" };
    t.put_cells(&key(1), [(&b"v"[..], 1), (&b"w"[..], 2)])
        .await
        .unwrap();
    // Only other columns: no cell in `d:v`.
    t.put_cells(&key(2), [(&b"w"[..], 3)]).await.unwrap();
    other.put(&key(3), &4).await.unwrap();
    other.put(&key(1), &5).await.unwrap();
    // Outside the window.
    t.put(&key(9), &9).await.unwrap();
    other.put(&key(9), &9).await.unwrap();

    let n = t
        .delete_ranges(Event::scan().ts(0..5).ranges().unwrap())
        .await
        .unwrap();
    assert_eq!(n, 3, "{engine}: rows 1, 2 and 3, once each");
    for ts in [1, 2, 3] {
        assert_eq!(t.get_row(&key(ts)).await.unwrap(), None, "{engine}: {ts}");
        assert_eq!(other.get(&key(ts)).await.unwrap(), None, "{engine}: {ts}");
    }
    assert_eq!(t.get(&key(9)).await.unwrap(), Some(9), "{engine}");
    assert_eq!(other.get(&key(9)).await.unwrap(), Some(9), "{engine}");
}

/// `regions` a key cannot be split into: refused by both, in the same
/// words, whether the table exists or not.
async fn regions_refused<D: Database>(db: &D) -> Vec<String> {
    let mut errors = Vec::new();
    let mut refuse = |e: Result<D::Table<Device<'static>, u64>, D::Error>| match e {
        Ok(_) => panic!("created"),
        Err(e) => errors.push(e.to_string()),
    };
    refuse(db.create_table_if_missing("dev", &["d"], 16).await);
    refuse(db.create_table_if_missing("dev", &["d"], 0).await);
    db.create_table_if_missing::<Device<'static>, u64>("dev", &["d"], 1)
        .await
        .unwrap();
    // The table exists now: refused all the same.
    refuse(db.create_table_if_missing("dev", &["d"], 2).await);
    match db
        .create_table_if_missing::<Event<'static>, u64>("ev", &["d"], 17)
        .await
    {
        Ok(_) => panic!("17 regions of 16 buckets"),
        Err(e) => errors.push(e.to_string()),
    }
    db.create_table_if_missing::<Event<'static>, u64>("ev", &["d"], 16)
        .await
        .unwrap();
    errors
}

on_both_engines!(prefix_deletes, fan_out_deletes, whole_rows_go);

#[tokio::test]
async fn regions_are_refused_alike() {
    let embedded = regions_refused(&rowkey_redb::Redb::in_memory().unwrap()).await;
    let env = common::env();
    let emulator = regions_refused(&env.bt).await;
    assert_eq!(embedded, emulator);
    assert_eq!(embedded.len(), 4);
    assert!(
        embedded[0].starts_with(
            "table dev: 16 regions for Device: a key with no leading salt or bucket takes \
             regions = 1"
        ),
        "{}",
        embedded[0]
    );
    assert!(
        embedded[1].starts_with("table dev: 0 regions for Device"),
        "{}",
        embedded[1]
    );
    assert!(
        embedded[2].starts_with("table dev: 2 regions for Device"),
        "{}",
        embedded[2]
    );
    assert!(
        embedded[3].starts_with("table ev: 17 regions for Event"),
        "{}",
        embedded[3]
    );
    assert!(
        !embedded.iter().any(|e| e.contains("invalid value")),
        "{embedded:?}"
    );
}

/// Deletes in `MutateRows` of 7 rows: 2,500 rows over 16 buckets, 358
/// batches, every row of the window gone and none outside it.
#[tokio::test]
async fn deletes_go_in_batches_on_the_emulator() {
    let env = common::env();
    let t: rowkey_bigtable::Table<Event<'static>, u64> = env
        .bt
        .create_table_if_missing("batched", &["d"], 16)
        .await
        .unwrap();
    let t = t.with_batch(7).unwrap();
    let keys: Vec<Event<'_>> = (0..3_000).map(|ts| Event { ts, host: "h" }).collect();
    t.put_many(keys.iter().map(|k| (k, k.ts))).await.unwrap();
    let n = t
        .delete_ranges(Event::scan().ts(250..2_750).ranges().unwrap())
        .await
        .unwrap();
    assert_eq!(n, 2_500);
    let left: Vec<u64> = t
        .scan(Event::scan().ranges().unwrap())
        .await
        .unwrap()
        .iter()
        .map(|r| r.decode().unwrap().ts)
        .collect();
    let expected: Vec<u64> = (0..250).chain(2_750..3_000).collect();
    assert_eq!(left, expected);
}
