//! `Store::page`'s last page, `Store::count` and `Store::delete_many`, one
//! body run on the embedded store (`rowkey-redb`) and on Google's emulator,
//! tables set up through `rowkey::Database` alone: `next` is `None` exactly
//! when no row is left (a scan that is an exact multiple of the page size
//! ends with a full page, not an empty one), ascending and descending, on
//! one range and over a 16-bucket fan-out; counts equal the scan's rows
//! (prefix neighbours, fan-out, other columns, empty scans); a list of keys
//! deletes exactly those rows, or nothing when a key does not encode.

mod common;

use rowkey::{Database, IntoRanges, Order, Ranges, RowKey, Store};
use std::collections::BTreeSet;

/// `[ts % 16][ts][host]`: a time window fans out over 16 buckets.
#[derive(RowKey, Debug)]
struct Event<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(8)]
    host: &'a str,
}

/// `md5(buyer)[..2] + rpad(buyer, 16) + (MAX - placed_at) + order_id`:
/// one buyer is one range, newest first.
#[derive(RowKey, Debug)]
struct OrderKey<'a> {
    #[salt(md5, 2)]
    #[pad(16)]
    buyer: &'a str,
    #[reverse_ts]
    placed_at: u64,
    order_id: &'a str,
}

/// `rpad(tenant, 8) + device`: led by its own values, an unpadded last
/// field whose values are prefixes of each other.
#[derive(RowKey, Debug)]
struct Device<'a> {
    #[pad(8)]
    tenant: &'a str,
    device: &'a str,
}

/// Every page of a scan, checked as a UI meets them: each page but the
/// last is full, `next` is `None` on the last one, and the last one is
/// empty only when the whole scan is. Returns each page's values.
async fn pages<T>(t: &T, first: Ranges<Event<'static>>, order: Order, size: usize) -> Vec<Vec<u64>>
where
    T: Store<Event<'static>, u64>,
{
    let mut out = Vec::new();
    let mut ranges = Some(first);
    while let Some(r) = ranges.take() {
        let page = t.page(r, order, size).await.unwrap();
        let values: Vec<u64> = page.rows.iter().map(|r| r.value).collect();
        assert!(values.len() <= size, "{values:?} > {size}");
        if page.next.is_some() {
            assert_eq!(values.len(), size, "a page before the last is full");
        } else {
            assert!(
                !values.is_empty() || out.is_empty(),
                "an empty last page after {out:?}"
            );
        }
        out.push(values);
        assert!(out.len() <= 100, "paging does not end: {out:?}");
        ranges = page.next;
    }
    out
}

/// The values `0..n` in pages of `size`, in `order`: what paging must give.
fn chunks(n: u64, order: Order, size: usize) -> Vec<Vec<u64>> {
    let mut all: Vec<u64> = (0..n).collect();
    if order == Order::Descending {
        all.reverse();
    }
    if all.is_empty() {
        return vec![Vec::new()];
    }
    all.chunks(size).map(<[u64]>::to_vec).collect()
}

/// Over 16 buckets: windows of 0 to 13 rows in pages of 1 to 5, both
/// orders; every exact multiple of the page size ends on a full page.
async fn fan_out_pages<D: Database>(db: &D, engine: &str) {
    let t: D::Table<Event<'static>, u64> = db
        .create_table_if_missing("events", &["d"], 16)
        .await
        .unwrap();
    // Window `n` holds rows `base + 0 .. base + n`, valued 0..n.
    let counts: [u64; 7] = [0, 1, 4, 5, 8, 12, 13];
    let base = |n: u64| 1_000 * (n + 1);
    let mut keys = Vec::new();
    for n in counts {
        for i in 0..n {
            keys.push((
                Event {
                    ts: base(n) + i,
                    host: "h",
                },
                i,
            ));
        }
    }
    t.put_many(keys.iter().map(|(k, v)| (k, v))).await.unwrap();
    for n in counts {
        let window = || {
            Event::scan()
                .ts(base(n)..base(n) + 500)
                .ranges()
                .unwrap()
                .into_ranges()
                .unwrap()
        };
        assert_eq!(window().len(), 16, "{engine}: the window fans out");
        for size in 1..=5 {
            for order in [Order::Ascending, Order::Descending] {
                let got = pages(&t, window(), order, size).await;
                assert_eq!(
                    got,
                    chunks(n, order, size),
                    "{engine}: {n} rows, {order:?}, {size}"
                );
            }
        }
    }
    // No range at all: one empty page, no next.
    let none = Event::scan()
        .ts(5..5)
        .ranges()
        .unwrap()
        .into_ranges()
        .unwrap();
    assert!(none.is_empty());
    assert_eq!(
        pages(&t, none, Order::Ascending, 3).await,
        [Vec::<u64>::new()],
        "{engine}"
    );
}

/// One range (a buyer's orders, `#[reverse_ts]`: ascending is newest
/// first): 4 rows in pages of 2 end on page 2, 5 rows on a third page of
/// 1; the token resumes exactly where the page stopped.
async fn one_range_pages<D: Database>(db: &D, engine: &str) {
    let t: D::Table<OrderKey<'static>, u64> = db
        .create_table_if_missing("orders", &["d"], 16)
        .await
        .unwrap();
    for (buyer, n) in [("b1", 4u64), ("b10", 5)] {
        for at in 0..n {
            let key = OrderKey {
                buyer,
                placed_at: 100 + at,
                order_id: "o",
            };
            t.put(&key, &at).await.unwrap();
        }
    }
    let ids = |page: &rowkey::Page<OrderKey<'static>, u64>| -> Vec<u64> {
        page.rows
            .iter()
            .map(|r| r.decode().unwrap().placed_at)
            .collect()
    };
    let scan = |buyer| OrderKey::scan().buyer(buyer).ranges().unwrap();

    // Ascending on `#[reverse_ts]`: newest first.
    let p1 = t.page(scan("b1"), Order::Ascending, 2).await.unwrap();
    assert_eq!(ids(&p1), [103, 102], "{engine}");
    let p2 = t
        .page(p1.next.expect("a second page"), Order::Ascending, 2)
        .await
        .unwrap();
    assert_eq!(ids(&p2), [101, 100], "{engine}");
    assert!(
        p2.next.is_none(),
        "{engine}: 4 rows, pages of 2: {:?}",
        p2.next
    );

    let p1 = t.page(scan("b1"), Order::Descending, 2).await.unwrap();
    assert_eq!(ids(&p1), [100, 101], "{engine}");
    let p2 = t
        .page(p1.next.expect("a second page"), Order::Descending, 2)
        .await
        .unwrap();
    assert_eq!(ids(&p2), [102, 103], "{engine}");
    assert!(p2.next.is_none(), "{engine}: {:?}", p2.next);

    // One row more: a last page of 1.
    for (order, want) in [
        (Order::Ascending, [[104, 103], [102, 101]]),
        (Order::Descending, [[100, 101], [102, 103]]),
    ] {
        let p1 = t.page(scan("b10"), order, 2).await.unwrap();
        assert_eq!(ids(&p1), want[0], "{engine} {order:?}");
        let p2 = t.page(p1.next.unwrap(), order, 2).await.unwrap();
        assert_eq!(ids(&p2), want[1], "{engine} {order:?}");
        let p3 = t
            .page(p2.next.expect("a third page"), order, 2)
            .await
            .unwrap();
        let last = if order == Order::Ascending { 100 } else { 104 };
        assert_eq!(ids(&p3), [last], "{engine} {order:?}");
        assert!(p3.next.is_none(), "{engine} {order:?}");
    }

    // The whole scan on one page, and a page larger than it.
    for size in [4, 5, 100] {
        let p = t.page(scan("b1"), Order::Ascending, size).await.unwrap();
        assert_eq!(ids(&p).len(), 4, "{engine}");
        assert!(p.next.is_none(), "{engine}: size {size}");
    }
    // One call for every page: the scan's ranges, then the token; newest
    // first by `latest_order` (ascending on `#[reverse_ts]`).
    let newest_first = rowkey::latest_order::<OrderKey<'static>>();
    assert_eq!(newest_first, Order::Ascending);
    let mut token = None;
    let mut seen = Vec::new();
    loop {
        let first = OrderKey::scan()
            .buyer("b10")
            .placed_at(101..104)
            .ranges()
            .unwrap();
        let ranges = Ranges::resume_or(token.take(), first).unwrap();
        let page = t.page(ranges, newest_first, 2).await.unwrap();
        seen.push(ids(&page));
        match page.next {
            Some(next) => token = Some(next),
            None => break,
        }
    }
    assert_eq!(seen, [vec![103, 102], vec![101]], "{engine}");

    // Three rows of 4: one is left, so there is a next page.
    let p = t.page(scan("b1"), Order::Ascending, 3).await.unwrap();
    assert!(p.next.is_some(), "{engine}");
}

/// `count` is the number of rows `scan` returns: prefix neighbours apart,
/// over a fan-out, without rows that hold other columns only, 0 for an
/// empty scan.
async fn counts<D: Database>(db: &D, engine: &str) {
    let t: D::Table<OrderKey<'static>, u64> = db
        .create_table_if_missing("orders", &["d", "e"], 16)
        .await
        .unwrap();
    for (buyer, n) in [("b", 1u64), ("b1", 5), ("b10", 3), ("b2", 2)] {
        for at in 0..n {
            let key = OrderKey {
                buyer,
                placed_at: 100 + at,
                order_id: "o",
            };
            t.put(&key, &at).await.unwrap();
        }
    }
    // Another column, and another family, of rows in and out of the scans.
    let other: D::Table<OrderKey<'static>, u64> = db.table("orders", "e", b"x").unwrap();
    let key = |buyer, placed_at, order_id| OrderKey {
        buyer,
        placed_at,
        order_id,
    };
    other.put(&key("b1", 100, "o"), &1).await.unwrap();
    other.put(&key("b1", 100, "p"), &1).await.unwrap();
    let w: D::Table<OrderKey<'static>, u64> = db.table("orders", "d", b"w").unwrap();
    w.put(&key("b1", 101, "q"), &1).await.unwrap();

    let scans = [
        ("b1", None, 5),
        ("b10", None, 3),
        ("b", None, 1),
        ("b2", None, 2),
        ("b100", None, 0),
        ("b1", Some(101..104), 3),
        ("b1", Some(104..200), 1),
        ("b10", Some(0..100), 0),
    ];
    for (buyer, window, want) in scans {
        let ranges = || match window.clone() {
            Some(w) => OrderKey::scan().buyer(buyer).placed_at(w).ranges().unwrap(),
            None => OrderKey::scan().buyer(buyer).ranges().unwrap(),
        };
        let n = t.count(ranges()).await.unwrap();
        assert_eq!(n, want, "{engine}: {buyer} {window:?}");
        let rows = t.scan(ranges()).await.unwrap();
        assert_eq!(n, u64::try_from(rows.len()).unwrap(), "{engine}: as scan");
    }
    assert_eq!(
        t.count(OrderKey::scan().ranges().unwrap()).await.unwrap(),
        11,
        "{engine}"
    );
    // The other column counts its own rows.
    assert_eq!(
        other
            .count(OrderKey::scan().buyer("b1").ranges().unwrap())
            .await
            .unwrap(),
        2,
        "{engine}"
    );

    let devices: D::Table<Device<'static>, u64> = db
        .create_table_if_missing("devices", &["d"], 1)
        .await
        .unwrap();
    for (tenant, device) in [
        ("acm", "d2"),
        ("acme", "d2"),
        ("acme", "d20"),
        ("acme", "d3"),
        ("acme2", "d2"),
    ] {
        devices.put(&Device { tenant, device }, &0).await.unwrap();
    }
    let count = |scan: rowkey::ScanRanges<Device<'static>>| devices.count(scan);
    assert_eq!(
        count(Device::scan().tenant("acme").ranges().unwrap())
            .await
            .unwrap(),
        3,
        "{engine}"
    );
    assert_eq!(
        count(Device::scan().tenant("acme").device("d2").ranges().unwrap())
            .await
            .unwrap(),
        1,
        "{engine}: d2 is not d20"
    );

    // Over 16 buckets, and empty.
    let events: D::Table<Event<'static>, u64> = db
        .create_table_if_missing("events", &["d"], 16)
        .await
        .unwrap();
    let keys: Vec<Event<'_>> = (0..100).map(|ts| Event { ts, host: "h" }).collect();
    events
        .put_many(keys.iter().map(|k| (k, k.ts)))
        .await
        .unwrap();
    let window = Event::scan()
        .ts(10..30)
        .ranges()
        .unwrap()
        .into_ranges()
        .unwrap();
    assert_eq!(window.len(), 16);
    assert_eq!(events.count(window).await.unwrap(), 20, "{engine}");
    assert_eq!(
        events.count(Event::scan().ranges().unwrap()).await.unwrap(),
        100,
        "{engine}"
    );
    let empty = Event::scan()
        .ts(50..50)
        .ranges()
        .unwrap()
        .into_ranges()
        .unwrap();
    assert!(empty.is_empty());
    assert_eq!(events.count(empty).await.unwrap(), 0, "{engine}");
    assert_eq!(
        events
            .count(Event::scan().ts(500..600).ranges().unwrap())
            .await
            .unwrap(),
        0
    );
    // A page token counts what is left.
    let page = events
        .page(
            Event::scan().ts(10..30).ranges().unwrap(),
            Order::Ascending,
            7,
        )
        .await
        .unwrap();
    assert_eq!(
        events.count(page.next.unwrap()).await.unwrap(),
        13,
        "{engine}"
    );
}

async fn events_left<T: Store<Event<'static>, u64>>(t: &T) -> BTreeSet<u64> {
    let rows = t.scan(Event::scan().ranges().unwrap()).await.unwrap();
    rows.iter().map(|r| r.decode().unwrap().ts).collect()
}

/// `delete_many`: exactly the listed rows go (every cell, every family),
/// the count is of keys sent, a key that does not encode deletes nothing.
async fn deletes<D: Database>(db: &D, engine: &str) {
    let t: D::Table<Event<'static>, u64> = db
        .create_table_if_missing("events", &["d", "e"], 16)
        .await
        .unwrap();
    let other: D::Table<Event<'static>, u64> = db.table("events", "e", b"x").unwrap();
    let keys: Vec<Event<'_>> = (0..40).map(|ts| Event { ts, host: "h" }).collect();
    t.put_many(keys.iter().map(|k| (k, k.ts))).await.unwrap();
    other.put(&Event { ts: 3, host: "h" }, &3).await.unwrap();

    // Refs of keys in several buckets, one with no row (41): counted.
    let gone: Vec<Event<'_>> = [3, 4, 19, 20, 35, 41]
        .iter()
        .map(|&ts| Event { ts, host: "h" })
        .collect();
    assert_eq!(
        t.delete_many(&gone).await.unwrap(),
        6,
        "{engine}: keys sent"
    );
    let mut model: BTreeSet<u64> = (0..40).collect();
    for ts in [3, 4, 19, 20, 35] {
        model.remove(&ts);
    }
    assert_eq!(events_left(&t).await, model, "{engine}");
    assert_eq!(
        other.get(&Event { ts: 3, host: "h" }).await.unwrap(),
        None,
        "{engine}: every family"
    );

    // Owned keys, from an iterator; nothing given sends nothing.
    let n = t
        .delete_many((0..3).map(|ts| Event { ts, host: "h" }))
        .await
        .unwrap();
    assert_eq!(n, 3, "{engine}");
    for ts in 0..3 {
        model.remove(&ts);
    }
    assert_eq!(
        t.delete_many(Vec::<Event<'_>>::new()).await.unwrap(),
        0,
        "{engine}"
    );
    assert_eq!(events_left(&t).await, model, "{engine}");

    // A key too long for its pad, last: nothing deleted, the field named.
    let bad = [
        Event { ts: 10, host: "h" },
        Event {
            ts: 11,
            host: "host-name-too-long",
        },
    ];
    let err = t.delete_many(&bad).await.unwrap_err().to_string();
    assert!(err.contains("host"), "{engine}: {err}");
    assert_eq!(events_left(&t).await, model, "{engine}: nothing deleted");
    let listed = t.count(Event::scan().ranges().unwrap()).await.unwrap();
    assert_eq!(listed, u64::try_from(model.len()).unwrap(), "{engine}");
}

on_both_engines!(fan_out_pages, one_range_pages, counts, deletes);

/// `delete_many` in `MutateRows` of 7 rows: 500 keys over 16 buckets, 72
/// batches, every listed row gone and none other.
#[tokio::test]
async fn delete_many_goes_in_batches_on_the_emulator() {
    let env = common::env();
    let t: rowkey_bigtable::Table<Event<'static>, u64> = env
        .bt
        .create_table_if_missing("batched", &["d"], 16)
        .await
        .unwrap();
    let t = t.with_batch(7).unwrap();
    let keys: Vec<Event<'_>> = (0..1_000).map(|ts| Event { ts, host: "h" }).collect();
    t.put_many(keys.iter().map(|k| (k, k.ts))).await.unwrap();
    let n = t
        .delete_many(keys.iter().filter(|k| k.ts % 2 == 0))
        .await
        .unwrap();
    assert_eq!(n, 500);
    let left: Vec<u64> = t
        .scan(Event::scan().ranges().unwrap())
        .await
        .unwrap()
        .iter()
        .map(|r| r.decode().unwrap().ts)
        .collect();
    let odd: Vec<u64> = (0..1_000).filter(|ts| ts % 2 == 1).collect();
    assert_eq!(left, odd);
}
