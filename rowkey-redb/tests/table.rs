//! The embedded adapter's own behaviour: names, files, transactions,
//! values that do not decode, whole rows, serde values, ready futures.

use futures::executor::block_on;
use rowkey::{Order, Postcard, RowKey, Store};
use rowkey_redb::{Error, Redb};
use std::future::Future;

#[derive(RowKey, Debug, PartialEq)]
struct Event<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(8)]
    host: &'a str,
}

#[derive(RowKey, Debug, PartialEq)]
struct Doc<'a> {
    path: &'a str,
}

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Reading {
    min: f64,
    max: f64,
    note: Option<String>,
}

#[test]
fn names_bigtable_refuses_are_refused() {
    let db = Redb::in_memory().unwrap();
    for id in ["", "t/u", "../../other", "t t", "-t", &"t".repeat(51)] {
        let err =
            block_on(db.create_table_if_missing::<Event<'static>, u64>(id, &["d"], 1)).unwrap_err();
        assert!(
            matches!(
                err,
                Error::Name {
                    what: "table id",
                    ..
                }
            ),
            "{id:?}: {err}"
        );
        assert!(err.to_string().contains("[_a-zA-Z0-9]"), "{err}");
        assert!(db.table::<Event<'static>, u64>(id, "d", b"v").is_err());
        assert!(block_on(db.delete_table(id)).is_err());
    }
    for family in ["", "d:x", "d d", &"f".repeat(65)] {
        let err = block_on(db.create_table_if_missing::<Event<'static>, u64>("t", &[family], 1))
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::Name {
                    what: "column family",
                    ..
                }
            ),
            "{family:?}: {err}"
        );
    }
    let id = "t".repeat(50);
    let family = "f".repeat(64);
    block_on(db.create_table_if_missing::<Event<'static>, u64>(&id, &[&family], 1)).unwrap();
    let err = block_on(db.create_table_if_missing::<Event<'static>, u64>("t", &[], 1)).unwrap_err();
    assert!(err.to_string().contains("column family"), "{err}");
}

/// Every future is ready at its first poll: no runtime, no waker.
#[test]
fn futures_are_ready_at_once() {
    let db = Redb::in_memory().unwrap();
    let t = block_on(db.create_table_if_missing::<Event<'static>, u64>("e", &["d"], 1)).unwrap();
    let key = Event { ts: 1, host: "a" };
    let put = std::pin::pin!(t.put(&key, &5));
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    assert!(matches!(put.poll(&mut cx), std::task::Poll::Ready(Ok(()))));
    let get = std::pin::pin!(t.get(&key));
    assert!(matches!(
        get.poll(&mut cx),
        std::task::Poll::Ready(Ok(Some(5)))
    ));
}

#[test]
fn rows_survive_reopening_the_file() {
    let dir = std::env::temp_dir().join(format!("rowkey-redb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("events.redb");
    let _ = std::fs::remove_file(&path);
    {
        let db = Redb::create(&path).unwrap();
        let t =
            block_on(db.create_table_if_missing::<Event<'static>, String>("e", &["d"], 1)).unwrap();
        block_on(t.put(
            &Event {
                ts: 9,
                host: "web01",
            },
            &"up".to_owned(),
        ))
        .unwrap();
    }
    let db = Redb::create(&path).unwrap();
    let t = db.table::<Event<'static>, String>("e", "d", b"v").unwrap();
    assert_eq!(
        block_on(t.get(&Event {
            ts: 9,
            host: "web01"
        }))
        .unwrap(),
        Some("up".to_owned())
    );
    drop(db);
    std::fs::remove_dir_all(&dir).unwrap();
    let err = Redb::create(dir.join("no/such/dir/x.redb")).unwrap_err();
    assert!(err.to_string().contains("no/such/dir"), "{err}");
}

/// A batch with one key that cannot be stored writes nothing; an empty key
/// is refused, as Bigtable refuses it; errors name the key type.
#[test]
fn a_batch_with_a_bad_key_writes_nothing() {
    let db = Redb::in_memory().unwrap();
    let t = block_on(db.create_table_if_missing::<Event<'static>, u64>("e", &["d"], 1)).unwrap();
    let too_long = "x".repeat(9);
    let rows = [
        (Event { ts: 1, host: "a" }, 1u64),
        (
            Event {
                ts: 2,
                host: &too_long,
            },
            2,
        ),
    ];
    let err = block_on(t.put_many(rows)).unwrap_err();
    assert!(
        err.to_string().contains("Event") && err.to_string().contains("host"),
        "{err}"
    );
    assert_eq!(block_on(t.get(&Event { ts: 1, host: "a" })).unwrap(), None);
    let docs = block_on(db.create_table_if_missing::<Doc<'static>, u64>("d", &["d"], 1)).unwrap();
    let err = block_on(docs.put(&Doc { path: "" }, &1)).unwrap_err();
    assert!(
        err.to_string().contains("Doc") && err.to_string().contains("empty"),
        "{err}"
    );
    // A table never created: an error naming it, not an empty answer.
    let missing = db.table::<Doc<'static>, u64>("nope", "d", b"v").unwrap();
    let err = block_on(missing.get(&Doc { path: "a" })).unwrap_err();
    assert!(err.to_string().contains("nope/d"), "{err}");
    // A scan's error names the table and its ranges.
    let err = block_on(missing.scan(Doc::scan().path("a").ranges().unwrap())).unwrap_err();
    let err = err.to_string();
    assert!(err.contains("nope/d") && err.contains("rows \"a"), "{err}");
    let err = block_on(missing.latest(Doc::scan().path("b").ranges().unwrap(), 3)).unwrap_err();
    assert!(err.to_string().contains("rows \"b"), "{err}");
}

/// Several cells per row; delete takes them all; a cell of another type
/// is an error naming the row and the column wherever it is read.
#[test]
fn whole_rows_and_cells_that_do_not_decode() {
    let db = Redb::in_memory().unwrap();
    let t = block_on(db.create_table_if_missing::<Doc<'static>, u64>("docs", &["d"], 1)).unwrap();
    let k = Doc { path: "/a" };
    block_on(t.put(&k, &1)).unwrap();
    block_on(t.put_cells(&k, [("size", 10u64), ("mtime", 99)])).unwrap();
    let cells = block_on(t.get_row(&k)).unwrap().unwrap();
    let got: Vec<(&[u8], u64)> = cells.iter().map(|c| (&c.qualifier[..], c.value)).collect();
    assert_eq!(
        got,
        [(&b"mtime"[..], 99), (&b"size"[..], 10), (&b"v"[..], 1)]
    );
    // A neighbour sharing the prefix is another row.
    block_on(t.put(&Doc { path: "/a/b" }, &2)).unwrap();
    assert_eq!(block_on(t.get_row(&k)).unwrap().unwrap().len(), 3);
    block_on(t.delete(&k)).unwrap();
    assert_eq!(block_on(t.get_row(&k)).unwrap(), None);
    assert_eq!(block_on(t.get(&Doc { path: "/a/b" })).unwrap(), Some(2));

    let bytes = db
        .table::<Doc<'static>, Vec<u8>>("docs", "d", b"v")
        .unwrap();
    block_on(bytes.put(&Doc { path: "/bad" }, &vec![7; 3])).unwrap();
    let errors = [
        block_on(t.get(&Doc { path: "/bad" })).unwrap_err(),
        block_on(t.scan(Doc::scan().ranges().unwrap())).unwrap_err(),
        block_on(t.select(Doc::scan().ranges().unwrap(), Order::Descending, Some(5))).unwrap_err(),
        block_on(t.page(Doc::scan().ranges().unwrap(), Order::Ascending, 10)).unwrap_err(),
        block_on(t.get_row(&Doc { path: "/bad" })).unwrap_err(),
    ];
    for err in errors {
        let text = err.to_string();
        assert!(matches!(err, Error::Value { .. }), "{text}");
        assert!(
            text.contains("/bad") && text.contains("d:v") && text.contains("u64"),
            "{text}"
        );
    }
}

/// Serde values in postcard: a struct with an `Option`, and a cell that is
/// not one is an error.
#[test]
fn serde_values_in_postcard() {
    let db = Redb::in_memory().unwrap();
    let t =
        block_on(db.create_table_if_missing::<Event<'static>, Postcard<Reading>>("r", &["d"], 1))
            .unwrap();
    let r = Reading {
        min: 0.5,
        max: 9.5,
        note: Some("ok".into()),
    };
    let k = Event {
        ts: 3,
        host: "web01",
    };
    block_on(t.put(&k, &Postcard(r))).unwrap();
    let got = block_on(t.get(&k)).unwrap().unwrap().0;
    assert_eq!(got.note.as_deref(), Some("ok"));
    assert_eq!((got.min, got.max), (0.5, 9.5));
    let bytes = db.table::<Event<'static>, Vec<u8>>("r", "d", b"v").unwrap();
    block_on(bytes.put(&k, &vec![0xFF])).unwrap();
    let err = block_on(t.get(&k)).unwrap_err().to_string();
    assert!(err.contains("Reading") && err.contains("web01"), "{err}");
}

#[derive(RowKey, Debug)]
struct OldestFirst<'a> {
    #[bucket(4)]
    ts: u64,
    #[pad(4)]
    host: &'a str,
}

#[derive(RowKey, Debug)]
struct NewestFirst<'a> {
    #[bucket(4)]
    #[reverse_ts]
    ts: u64,
    #[pad(4)]
    host: &'a str,
}

#[derive(RowKey, Debug)]
struct HostFirst<'a> {
    #[pad(4)]
    host: &'a str,
    #[reverse_ts]
    ts: u64,
}

/// `latest` returns the newest N on each layout, the key type choosing the
/// direction: a plain timestamp (oldest first on disk) and `#[reverse_ts]`
/// (newest first), bucketed or under a host prefix.
#[test]
fn latest_is_the_newest_whatever_the_layout() {
    assert_eq!(
        OldestFirst::TIME.map(|t| (t.name, t.newest_first)),
        Some(("ts", false))
    );
    assert_eq!(NewestFirst::TIME.map(|t| t.newest_first), Some(true));
    assert_eq!(
        HostFirst::TIME.map(|t| (t.name, t.newest_first)),
        Some(("ts", true))
    );
    let db = Redb::in_memory().unwrap();
    let times: Vec<u64> = (0..50).map(|i| 1_000 + (i * 37) % 101).collect();
    let mut newest = times.clone();
    newest.sort_unstable_by(|a, b| b.cmp(a));
    newest.dedup();
    let a =
        block_on(db.create_table_if_missing::<OldestFirst<'static>, u64>("a", &["d"], 4)).unwrap();
    let b =
        block_on(db.create_table_if_missing::<NewestFirst<'static>, u64>("b", &["d"], 4)).unwrap();
    let c =
        block_on(db.create_table_if_missing::<HostFirst<'static>, u64>("c", &["d"], 1)).unwrap();
    for &ts in &times {
        block_on(a.put(&OldestFirst { ts, host: "h" }, &ts)).unwrap();
        block_on(b.put(&NewestFirst { ts, host: "h" }, &ts)).unwrap();
        block_on(c.put(&HostFirst { host: "h", ts }, &ts)).unwrap();
    }
    for n in [1, 5, 30] {
        let want = &newest[..n];
        let got: Vec<u64> = block_on(a.latest(OldestFirst::scan().ranges().unwrap(), n))
            .unwrap()
            .iter()
            .map(|r| r.value)
            .collect();
        assert_eq!(got, want, "oldest first on disk, latest {n}");
        let got: Vec<u64> = block_on(b.latest(NewestFirst::scan().ranges().unwrap(), n))
            .unwrap()
            .iter()
            .map(|r| r.value)
            .collect();
        assert_eq!(got, want, "newest first on disk, latest {n}");
        let got: Vec<u64> = block_on(c.latest(HostFirst::scan().host("h").ranges().unwrap(), n))
            .unwrap()
            .iter()
            .map(|r| r.value)
            .collect();
        assert_eq!(got, want, "host, then reverse_ts, latest {n}");
    }
}

/// Writes to a table never created fail naming it, as on Bigtable; a
/// delete takes the row's cells in every family.
#[test]
fn writes_need_the_table_and_deletes_take_every_family() {
    let db = Redb::in_memory().unwrap();
    let nowhere = db.table::<Doc<'static>, u64>("nowhere", "d", b"v").unwrap();
    let err = block_on(nowhere.put(&Doc { path: "/a" }, &1)).unwrap_err();
    assert!(err.to_string().contains("nowhere/d"), "{err}");
    let d = block_on(db.create_table_if_missing::<Doc<'static>, u64>("t", &["d", "e"], 1)).unwrap();
    let e = db.table::<Doc<'static>, u64>("t", "e", b"x").unwrap();
    let k = Doc { path: "/a" };
    block_on(d.put(&k, &1)).unwrap();
    block_on(e.put(&k, &2)).unwrap();
    // Each family holds its own cells.
    assert_eq!(block_on(d.get_row(&k)).unwrap().unwrap().len(), 1);
    assert_eq!(block_on(e.get(&k)).unwrap(), Some(2));
    block_on(d.delete(&k)).unwrap();
    assert_eq!(block_on(e.get(&k)).unwrap(), None);
    assert_eq!(block_on(d.get(&k)).unwrap(), None);
    // Deleting the table takes every family.
    assert!(block_on(db.delete_table("t")).unwrap());
    assert!(block_on(d.get(&k)).is_err());
}

/// `delete_ranges` reads no value (a cell that does not decode is deleted
/// too), counts each row once, leaves other tables and prefix neighbours
/// alone, and needs the table, as a write does.
#[test]
fn delete_ranges_takes_the_scanned_rows_only() {
    let db = Redb::in_memory().unwrap();
    let t = block_on(db.create_table_if_missing::<Event<'static>, u64>("e", &["d"], 16)).unwrap();
    let twin =
        block_on(db.create_table_if_missing::<Event<'static>, u64>("e2", &["d"], 16)).unwrap();
    let bytes = db.table::<Event<'static>, Vec<u8>>("e", "d", b"v").unwrap();
    for ts in 0..40 {
        for host in ["web", "web1"] {
            block_on(t.put(&Event { ts, host }, &ts)).unwrap();
            block_on(twin.put(&Event { ts, host }, &ts)).unwrap();
        }
    }
    // Not a u64: a scan of it fails, a delete of it does not.
    block_on(bytes.put(&Event { ts: 5, host: "web" }, &vec![1; 3])).unwrap();
    assert!(block_on(t.scan(Event::scan().ts(5).ranges().unwrap())).is_err());
    let gone = block_on(t.delete_ranges(Event::scan().ts(5).host("web").ranges().unwrap()));
    assert_eq!(gone.unwrap(), 1);
    let rest: Vec<String> = block_on(t.scan(Event::scan().ts(5).ranges().unwrap()))
        .unwrap()
        .iter()
        .map(|r| r.decode().unwrap().host.to_owned())
        .collect();
    assert_eq!(rest, ["web1"]);
    // Ready at the first poll, as every operation of this adapter.
    let window = Event::scan().ts(10..20).ranges().unwrap();
    let delete = std::pin::pin!(t.delete_ranges(window));
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    assert!(matches!(
        delete.poll(&mut cx),
        std::task::Poll::Ready(Ok(20))
    ));
    let left = block_on(t.scan(Event::scan().ranges().unwrap())).unwrap();
    assert_eq!(left.len(), 80 - 1 - 20);
    assert!(left
        .iter()
        .all(|r| !(10..20).contains(&r.decode().unwrap().ts)));
    assert_eq!(
        block_on(twin.scan(Event::scan().ranges().unwrap()))
            .unwrap()
            .len(),
        80
    );
    let nowhere = db
        .table::<Event<'static>, u64>("nowhere", "d", b"v")
        .unwrap();
    let err = block_on(nowhere.delete_ranges(Event::scan().ranges().unwrap())).unwrap_err();
    assert!(err.to_string().contains("nowhere/d"), "{err}");
    assert!(err.to_string().contains("delete_ranges"), "{err}");
}

/// `regions` is checked as Bigtable checks it, through
/// `rowkey::table_split_keys`: a key led by its own values takes 1, a
/// bucket at most its count, never 0.
#[test]
fn regions_are_refused_as_on_bigtable() {
    let db = Redb::in_memory().unwrap();
    let refused = |err: Error, words: String| match err {
        Error::Invalid(text) => assert_eq!(text, words),
        other => panic!("{other}"),
    };
    for regions in [0, 2, 16] {
        let err = block_on(db.create_table_if_missing::<Doc<'static>, u64>("d", &["d"], regions))
            .unwrap_err();
        let words = rowkey::table_split_keys::<Doc<'static>>("d", regions).unwrap_err();
        refused(err, words.to_string());
    }
    let err = block_on(db.create_table_if_missing::<Doc<'static>, u64>("d", &["d"], 16))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(
            "table d: 16 regions for Doc: a key with no leading salt or bucket takes regions = 1"
        ),
        "{err}"
    );
    block_on(db.create_table_if_missing::<Doc<'static>, u64>("d", &["d"], 1)).unwrap();
    let err = block_on(db.create_table_if_missing::<Event<'static>, u64>("e", &["d"], 17))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("table e: 17 regions for Event: "), "{err}");
    block_on(db.create_table_if_missing::<Event<'static>, u64>("e", &["d"], 16)).unwrap();
}
