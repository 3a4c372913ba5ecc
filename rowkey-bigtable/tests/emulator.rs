//! The emulator harness (stopped and reaped on drop, on panic and when its
//! parent dies) and the table handle's writes, reads and refusals.

mod common;

use common::seeds::{LogEvent, Metric, UserOrder};
use rowkey::RowKey;
use rowkey_bigtable::{Bigtable, Emulator, Error, Order, MAX_ROW_KEY};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Whether process `pid` is gone (a zombie counts as still there: nobody
/// reaped it).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('X')),
    }
}

fn wait_gone(pid: u32) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if gone(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

fn is_emulator(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c.contains("cbtemulator"))
}

#[test]
fn emulator_stops_and_is_reaped_on_drop() {
    let emulator = common::emulator();
    let pid = emulator.pid();
    assert!(is_emulator(pid), "pid {pid} is the emulator");
    assert!(emulator.addr().starts_with("127.0.0.1:"), "{emulator:?}");
    drop(emulator);
    assert!(gone(pid), "emulator {pid} still there after drop");
}

#[test]
fn emulator_stops_when_a_test_panics() {
    let pid = std::sync::Mutex::new(0);
    let result = std::panic::catch_unwind(|| {
        let emulator = common::emulator();
        *pid.lock().unwrap() = emulator.pid();
        panic!("a failing test");
    });
    assert!(result.is_err());
    let pid = *pid.lock().unwrap();
    assert!(pid != 0 && gone(pid), "emulator {pid} outlived the panic");
}

/// The test binary runs itself as a child that starts an emulator and
/// hangs; killing that child with SIGKILL (no destructor runs) must still
/// stop the emulator.
#[test]
fn emulator_stops_when_its_process_is_killed() {
    if std::env::var_os("ROWKEY_BIGTABLE_HOLD_EMULATOR").is_some() {
        let emulator = common::emulator();
        println!("emulator pid {}", emulator.pid());
        loop {
            std::thread::sleep(Duration::from_secs(1));
        }
    }
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "emulator_stops_when_its_process_is_killed",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("ROWKEY_BIGTABLE_HOLD_EMULATOR", "1")
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the test binary");
    let stdout = child.stdout.take().unwrap();
    let pid: u32 = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        // libtest prints "test NAME ... " before it on the same line.
        .find_map(|l| {
            l.rsplit_once("emulator pid ")
                .map(|(_, p)| p.parse().unwrap())
        })
        .expect("the child started an emulator");
    assert!(is_emulator(pid));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(wait_gone(pid), "emulator {pid} outlived its killed parent");
}

#[test]
fn a_missing_emulator_is_an_error_that_says_how_to_get_one() {
    let err = Emulator::start_with(Path::new("/nonexistent/cbtemulator")).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("/nonexistent/cbtemulator"), "{text}");
    assert!(text.contains("CBTEMULATOR"), "{text}");
}

#[test]
fn connecting_outside_a_runtime_is_an_error() {
    let err = Bigtable::emulator("127.0.0.1:1", "p", "i").unwrap_err();
    assert!(err.to_string().contains("Tokio runtime"), "{err}");
}

#[test]
fn an_emulator_that_exits_at_once_is_an_error_not_a_hang() {
    let err = Emulator::start_with(Path::new("/bin/false")).unwrap_err();
    assert!(err.to_string().contains("exited without printing"), "{err}");
}

#[tokio::test]
async fn bad_addresses_are_refused_not_panicked_on() {
    for addr in ["", "127.0.0.1", "host:port", "a b:1", "127.0.0.1:99999"] {
        let err = Bigtable::emulator(addr, "p", "i").unwrap_err();
        assert!(err.to_string().contains("HOST:PORT"), "{addr:?}: {err}");
    }
}

#[tokio::test]
async fn put_get_delete_and_put_many_in_batches() {
    let env = common::env();
    let t = env.table::<Metric<'static>>("m", 1).await;
    let k = Metric {
        host: "host1",
        event: "cpu",
        ts: 1_700_000_000_000,
    };
    assert_eq!(t.get(&k).await.unwrap(), None);
    t.put(&k, &b"1".to_vec()).await.unwrap();
    t.put(&k, &b"2".to_vec()).await.unwrap();
    assert_eq!(
        t.get(&k).await.unwrap(),
        Some(b"2".to_vec()),
        "latest version"
    );
    // host12 is not host1.
    let k12 = Metric {
        host: "host12",
        ..k
    };
    assert_eq!(t.get(&k12).await.unwrap(), None);
    t.delete(&k).await.unwrap();
    assert_eq!(t.get(&k).await.unwrap(), None);

    // 2,500 rows in batches of 7 (358 MutateRows requests), then of 1000.
    let hosts: Vec<String> = (0..50).map(|i| format!("host{i}")).collect();
    let keys: Vec<Metric> = hosts
        .iter()
        .flat_map(|host| {
            (0..50).map(move |i| Metric {
                host,
                event: "mem",
                ts: i,
            })
        })
        .collect();
    for batch in [7, 1000] {
        let t = t.clone().with_batch(batch).unwrap();
        let written = t
            .put_many(keys.iter().map(|k| (k, format!("{batch}").into_bytes())))
            .await
            .unwrap();
        assert_eq!(written, keys.len());
        let rows = t.scan(Metric::scan().ranges().unwrap()).await.unwrap();
        assert_eq!(rows.len(), keys.len());
        assert!(rows
            .iter()
            .all(|r| r.value == format!("{batch}").as_bytes()));
        let mut want: Vec<Vec<u8>> = keys.iter().map(|k| k.to_vec().unwrap()).collect();
        want.sort();
        let got: Vec<Vec<u8>> = rows.iter().map(|r| r.key.clone()).collect();
        assert_eq!(got, want, "rows in key order");
        for r in &rows {
            let key = r.decode().unwrap();
            assert_eq!(key.event, "mem");
        }
    }
    for bad in [0, rowkey_bigtable::MAX_BATCH + 1] {
        let err = t.clone().with_batch(bad).unwrap_err();
        assert!(err.to_string().contains("100000"), "{err}");
    }
}

/// A key over Bigtable's 4 KiB limit and an empty key are refused at encode
/// with the key's name; a batch holding one writes nothing.
#[tokio::test]
async fn keys_bigtable_refuses_are_refused_at_encode() {
    #[derive(RowKey, Debug)]
    struct Document<'a> {
        path: &'a str,
    }
    let env = common::env();
    let t = env.table::<Document<'static>>("docs", 1).await;
    let long = "p".repeat(MAX_ROW_KEY + 1);
    let fits = "p".repeat(MAX_ROW_KEY);
    let err = t
        .put(&Document { path: &long }, &b"x".to_vec())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::KeyTooLong { key: "Document", len } if len == MAX_ROW_KEY + 1));
    assert!(err.to_string().contains("Document"), "{err}");
    assert!(err.to_string().contains("4096"), "{err}");
    t.put(&Document { path: &fits }, &b"x".to_vec())
        .await
        .unwrap();
    assert_eq!(
        t.get(&Document { path: &fits }).await.unwrap(),
        Some(b"x".to_vec())
    );
    for err in [
        t.put(&Document { path: "" }, &b"x".to_vec())
            .await
            .unwrap_err(),
        t.get(&Document { path: "" }).await.unwrap_err(),
        t.delete(&Document { path: "" }).await.unwrap_err(),
    ] {
        assert!(err.to_string().contains("Document"), "{err}");
    }
    let err = t
        .put_many([
            (Document { path: "a" }, b"1".to_vec()),
            (Document { path: &long }, b"2".to_vec()),
        ])
        .await
        .unwrap_err();
    assert!(err.to_string().contains("Document"), "{err}");
    assert_eq!(t.get(&Document { path: "a" }).await.unwrap(), None);
}

#[tokio::test]
async fn tables_are_created_pre_split_and_refused_twice() {
    let env = common::env();
    let t = env.table::<UserOrder<'static>>("orders", 16).await;
    assert!(t.name().ends_with("/tables/orders"), "{}", t.name());
    let err = env
        .bt
        .create_table::<UserOrder<'static>, Vec<u8>>("orders", &["d"], 16)
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Admin(_)), "{err}");
    // A layout without a leading salt or bucket has no split keys.
    let err = env
        .bt
        .create_table::<Metric<'static>, Vec<u8>>("metrics", &["d"], 4)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("Metric"), "{err}");
    let err = env
        .bt
        .create_table::<Metric<'static>, Vec<u8>>("metrics", &[], 1)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("column family"), "{err}");
    // One region: no splits needed.
    env.bt
        .create_table::<Metric<'static>, Vec<u8>>("metrics", &["d", "e"], 1)
        .await
        .unwrap();
    env.bt.delete_table("metrics").await.unwrap();
    env.bt
        .create_table::<Metric<'static>, Vec<u8>>("metrics", &["d"], 1)
        .await
        .unwrap();
    // The cbt command for a real instance: the hex salt's split keys.
    assert_eq!(
        t.create_command(4).unwrap(),
        "cbt createtable orders families=d:maxversions=1 splits=4000,8000,c000"
    );
    // A bucket byte is not printable for cbt.
    let log = env.table::<LogEvent<'static>>("log", 4).await;
    let err = log.create_command(4).unwrap_err();
    assert!(err.to_string().contains("\\x04"), "{err}");
}

/// A row written under another column is not this table's row; a scan that
/// selects nothing returns nothing rather than the table.
#[tokio::test]
async fn reads_see_only_the_table_column() {
    let env = common::env();
    let t = env.table::<LogEvent<'static>>("log", 1).await;
    let other = env
        .bt
        .table::<LogEvent<'static>, Vec<u8>>("log", "d", b"other")
        .unwrap();
    let k = LogEvent {
        ts: 7,
        host: "a",
        event: "b",
    };
    other.put(&k, &b"x".to_vec()).await.unwrap();
    assert_eq!(t.get(&k).await.unwrap(), None);
    assert_eq!(other.get(&k).await.unwrap(), Some(b"x".to_vec()));
    t.put(&k, &b"y".to_vec()).await.unwrap();
    assert_eq!(t.get(&k).await.unwrap(), Some(b"y".to_vec()));
    let all = LogEvent::scan().ranges().unwrap();
    assert_eq!(t.scan(all).await.unwrap().len(), 1);
    let none = LogEvent::scan().ts(9..9).ranges().unwrap();
    assert!(t.scan(none).await.unwrap().is_empty());
    let err = t
        .page(LogEvent::scan().ranges().unwrap(), Order::Ascending, 0)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("page size 0"), "{err}");
}

/// The emulator reads an empty `RowSet` (and an empty stop row) as the
/// whole table, so a scan that selects nothing must send nothing: every
/// read of one returns no row.
#[tokio::test]
#[allow(
    clippy::reversed_empty_ranges,
    reason = "inverted windows are scans that must select nothing"
)]
async fn a_scan_that_selects_nothing_sends_no_empty_row_set() {
    use bigtable_rs::bigtable::BigTableConnection;
    use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
    use bigtable_rs::google::bigtable::v2::{ReadRowsRequest, RowRange, RowSet};
    use futures::TryStreamExt;
    use rowkey_bigtable::{FanOut, IntoRanges, Read};

    let env = common::env();
    let t = env.table::<LogEvent<'static>>("log", 4).await;
    let keys: Vec<LogEvent> = (0..100)
        .map(|ts| LogEvent {
            ts,
            host: "h",
            event: "e",
        })
        .collect();
    t.put_many(keys.iter().map(|k| (k, b"v".to_vec())))
        .await
        .unwrap();

    // What a client that forwarded nothing, or an empty stop row, would get.
    let mut raw = BigTableConnection::new_with_emulator(
        env.emulator.addr(),
        "test",
        "test",
        false,
        1,
        Some(Duration::from_secs(30)),
    )
    .unwrap()
    .client();
    let read = |rows: RowSet| ReadRowsRequest {
        table_name: t.name().to_owned(),
        rows: Some(rows),
        ..Default::default()
    };
    let whole = raw.read_rows(read(RowSet::default())).await.unwrap();
    assert_eq!(whole.len(), 100, "an empty RowSet reads the whole table");
    let start = keys[50].to_vec().unwrap();
    let to_empty_stop = raw
        .read_rows(read(RowSet {
            row_keys: Vec::new(),
            row_ranges: vec![RowRange {
                start_key: Some(StartKey::StartKeyClosed(start.clone())),
                end_key: Some(EndKey::EndKeyOpen(Vec::new())),
            }],
        }))
        .await
        .unwrap();
    assert!(
        to_empty_stop.len() > 1,
        "an empty stop row reads to the end of the table"
    );

    let nothing = [
        ("ts 5..5", LogEvent::scan().ts(5..5).ranges().unwrap()),
        ("ts 9..3", LogEvent::scan().ts(9..3).ranges().unwrap()),
        ("ts ..0", LogEvent::scan().ts(..0).ranges().unwrap()),
        (
            "ts 3, host ..\"\"",
            LogEvent::scan().ts(3).host(.."").ranges().unwrap(),
        ),
    ];
    for (what, scan) in nothing {
        let ranges = IntoRanges::<LogEvent<'static>>::into_ranges(scan).unwrap();
        assert!(ranges.is_empty(), "{what}: {ranges:?}");
        assert!(t.scan(ranges.clone()).await.unwrap().is_empty(), "{what}");
        for fan_out in [FanOut::OneRequest, FanOut::Concurrent, FanOut::Sequential] {
            for order in [Order::Ascending, Order::Descending] {
                for limit in [None, Some(3)] {
                    let read = Read {
                        fan_out,
                        order,
                        limit,
                    };
                    let rows = t.read(ranges.clone(), read).await.unwrap();
                    assert!(rows.is_empty(), "{what}, {read:?}: {} rows", rows.len());
                }
            }
        }
        assert!(t.latest(ranges.clone(), 5).await.unwrap().is_empty());
        assert!(t
            .select(ranges.clone(), Order::Descending, None)
            .await
            .unwrap()
            .is_empty());
        let streamed: Vec<_> = t
            .stream(ranges.clone(), None)
            .await
            .unwrap()
            .try_collect()
            .await
            .unwrap();
        assert!(streamed.is_empty(), "{what}: streamed {}", streamed.len());
        let page = t.page(ranges, Order::Ascending, 10).await.unwrap();
        assert!(page.rows.is_empty() && page.next.is_none(), "{what}");
    }
}

/// Rows of a range may pass Bigtable's 4 KiB (they follow HBase's 32767
/// bytes): they are sent as the equivalent rows within it, and a range that
/// holds no row Bigtable can store (an exact value over 4 KiB, a page
/// resumed after a 4096-byte row) is not sent at all.
#[tokio::test]
async fn ranges_past_4_kib_read_exactly() {
    /// 4000 bytes of directory, then up to 96 bytes of name fit.
    #[derive(RowKey, Debug)]
    struct Document<'a> {
        #[pad(4000)]
        dir: &'a str,
        name: &'a str,
    }
    let env = common::env();
    let t = env.table::<Document<'static>>("docs", 1).await;
    let p95 = "p".repeat(95);
    let p96 = "p".repeat(96);
    let p95q = format!("{p95}q");
    let rows = [
        ("c", "x"),
        ("d", &p95[..]),
        ("d", &p96[..]),
        ("d", &p95q[..]),
    ];
    t.put_many(
        rows.iter()
            .map(|&(dir, name)| (Document { dir, name }, name.as_bytes().to_vec())),
    )
    .await
    .unwrap();
    assert_eq!(
        Document {
            dir: "d",
            name: &p96
        }
        .encoded_len(),
        MAX_ROW_KEY
    );
    let names = |rows: Vec<rowkey_bigtable::Row<Document<'static>, Vec<u8>>>| -> Vec<String> {
        rows.iter()
            .map(|r| Document::decode(&r.key).unwrap().name.to_owned())
            .collect()
    };
    let longer = format!("{p96}x");
    // An exact value over the limit: no row, no error, nothing sent.
    let exact = Document::scan()
        .dir("d")
        .name(longer.as_str())
        .ranges()
        .unwrap();
    assert_eq!(exact.len(), 1, "a range in HBase's terms");
    assert!(t.scan(exact).await.unwrap().is_empty());
    // Up to and including a value over the limit: p96 itself is in it.
    let upto = || {
        Document::scan()
            .dir("d")
            .name(..=longer.as_str())
            .ranges()
            .unwrap()
    };
    assert_eq!(names(t.scan(upto()).await.unwrap()), [p95.as_str(), &p96]);
    let mut page = t.page(upto(), Order::Ascending, 1).await.unwrap();
    let mut pages = vec![names(page.rows.clone())];
    while let Some(next) = page.next.take() {
        page = t.page(next, Order::Ascending, 1).await.unwrap();
        pages.push(names(page.rows.clone()));
        assert!(pages.len() <= 2, "{pages:?}");
    }
    // The page after p96 would be (p96, p96]: it is not read.
    assert_eq!(pages, [vec![p95.clone()], vec![p96.clone()]]);
    // From a value over the limit: after its first 4096 bytes.
    let from = Document::scan()
        .dir("d")
        .name(longer.as_str()..)
        .ranges()
        .unwrap();
    assert_eq!(names(t.scan(from).await.unwrap()), [p95q.as_str()]);
}

/// Names a real instance refuses (the emulator accepts them) are refused
/// before anything is sent: a connection to a port nobody listens on gives
/// the rule, not a transport error. Valid names at the length limits pass.
#[tokio::test]
async fn names_bigtable_refuses_are_refused_before_sending() {
    let nowhere = Bigtable::emulator("127.0.0.1:1", "p", "i").unwrap();
    for id in ["", "t/u", "../../other", "t t", "-t", ".t", &"t".repeat(51)] {
        for err in [
            nowhere
                .create_table::<LogEvent<'static>, u64>(id, &["d"], 1)
                .await
                .unwrap_err(),
            nowhere
                .create_table_if_missing::<LogEvent<'static>, u64>(id, &["d"], 1)
                .await
                .unwrap_err(),
            nowhere
                .table::<LogEvent<'static>, u64>(id, "d", b"v")
                .unwrap_err(),
            nowhere.delete_table(id).await.unwrap_err(),
        ] {
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
            assert!(
                err.to_string().contains("[_a-zA-Z0-9][-_.a-zA-Z0-9]*"),
                "{err}"
            );
        }
    }
    for family in ["", "d:x", "d d", "d/e", &"f".repeat(65)] {
        for err in [
            nowhere
                .create_table::<LogEvent<'static>, u64>("t", &["d", family], 1)
                .await
                .unwrap_err(),
            nowhere
                .table::<LogEvent<'static>, u64>("t", family, b"v")
                .unwrap_err(),
        ] {
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
            assert!(err.to_string().contains("[-_.a-zA-Z0-9]+"), "{err}");
        }
    }
    // At the limits, on the emulator: created, written, read.
    let env = common::env();
    let id = format!("_{}", "t".repeat(49));
    let family = "f".repeat(64);
    let t = env
        .bt
        .create_table_if_missing::<LogEvent<'static>, u64>(&id, &[&family, "e.v-1", "e-v-1"], 1)
        .await
        .unwrap();
    let k = LogEvent {
        ts: 1,
        host: "h",
        event: "e",
    };
    t.put(&k, &7).await.unwrap();
    assert_eq!(t.get(&k).await.unwrap(), Some(7));
    // Again: kept, rows and all, and a family it lacked is added.
    let again = env
        .bt
        .create_table_if_missing::<LogEvent<'static>, u64>(&id, &[&family, "new"], 1)
        .await
        .unwrap();
    assert_eq!(again.get(&k).await.unwrap(), Some(7));
    let other = env
        .bt
        .table::<LogEvent<'static>, u64>(&id, "new", b"v")
        .unwrap();
    other.put(&k, &8).await.unwrap();
    assert_eq!(other.get(&k).await.unwrap(), Some(8));
    // A family whose name holds a '.', which RE2 would read as any
    // character: get_row reads that family alone.
    let dotted = env
        .bt
        .table::<LogEvent<'static>, u64>(&id, "e.v-1", b"v")
        .unwrap();
    dotted.put_cells(&k, [("a", 1u64), ("b", 2)]).await.unwrap();
    let dashed = env
        .bt
        .table::<LogEvent<'static>, u64>(&id, "e-v-1", b"v")
        .unwrap();
    dashed.put_cells(&k, [("c", 3u64)]).await.unwrap();
    let cells = dotted.get_row(&k).await.unwrap().unwrap();
    let got: Vec<(&[u8], u64)> = cells.iter().map(|c| (&c.qualifier[..], c.value)).collect();
    assert_eq!(got, [(&b"a"[..], 1), (&b"b"[..], 2)]);
}
