//! A data-access layer as the crate's docs teach one ("Writing a data-access
//! layer"): a `Table<K>` over redb, generic over the key type with the one
//! bound `K: RowKey`. It puts and gets through the key's stack buffer without
//! allocating (counted), scans what the caller's typed builder selects,
//! merges a fan-out ascending or descending, takes the latest N across
//! buckets and pages with a resume-after token. Eight seed layouts use it —
//! borrowed `&str` keys, salted (field and struct level), bucketed,
//! `reverse_ts`, owned — and every scan, merge, latest-N and page is checked
//! against a brute-force filter and sort of the decoded keys.

use std::marker::PhantomData;

use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{Error, KeyBuf, KeyRange, Merge, Order, RowKey, ScanRanges};

mod common;
use common::counting::{count, Counting};
use common::seeds::{LogEvent, Metric, RecentEvent, ReversedUser, SellerOrder, UidType, UserOrder};

#[global_allocator]
static ALLOC: Counting = Counting;

const ROWS: TableDefinition<&[u8], u64> = TableDefinition::new("rows");

/// A row as the layer returns it: the key's bytes and the value.
type Row = (Vec<u8>, u64);

/// The generic table. Named by the key's `'static` form
/// (`Table<Metric<'static>>`); it writes keys borrowing anything
/// (`K::Key<'_>`), and callers decode the rows it returns into keys that
/// borrow from them.
struct Table<K: RowKey> {
    db: Database,
    _key: PhantomData<fn() -> K>,
}

/// One page of a paged scan, and where the next one resumes.
struct Page {
    rows: Vec<Row>,
    /// The last row's key, to pass as `after` for the next page; `None`
    /// when this page ended the scan.
    next: Option<Vec<u8>>,
}

impl<K: RowKey> Table<K> {
    fn new() -> Self {
        let db = Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .expect("in-memory redb");
        Table {
            db,
            _key: PhantomData,
        }
    }

    /// The key in its stack buffer (`K::Buf`, `[u8; MAX_LEN]`): no heap.
    fn encode(key: &K::Key<'_>) -> Result<(K::Buf, usize), Error> {
        let mut buf = K::Buf::ZERO;
        let n = key.encode_into(buf.as_mut())?;
        Ok((buf, n))
    }

    /// Writes `keys[i] => values[i]` in one transaction. Encoding
    /// allocates nothing.
    fn put_all(&self, keys: &[K::Key<'_>], values: &[u64]) -> Result<(), Error> {
        let txn = self.db.begin_write().expect("write txn");
        {
            let mut table = txn.open_table(ROWS).expect("table");
            for (key, &value) in keys.iter().zip(values) {
                let (encoded, allocations) = count(|| Self::encode(key));
                assert_eq!(allocations, 0, "{}: encoding allocated", K::NAME);
                let (buf, n) = encoded?;
                table.insert(&buf.as_ref()[..n], value).expect("insert");
            }
        }
        txn.commit().expect("commit");
        Ok(())
    }

    /// The key is encoded without allocating (counted); redb's read
    /// transaction itself allocates (8 or 9 times a get, measured), which
    /// is the store's, not the key's.
    fn get(&self, key: &K::Key<'_>) -> Result<Option<u64>, Error> {
        let (encoded, allocations) = count(|| Self::encode(key));
        assert_eq!(allocations, 0, "{}: encoding allocated", K::NAME);
        let (buf, n) = encoded?;
        let txn = self.db.begin_read().expect("read txn");
        let table = txn.open_table(ROWS).expect("table");
        Ok(table
            .get(&buf.as_ref()[..n])
            .expect("get")
            .map(|v| v.value()))
    }

    /// The rows `ranges` select, merged in `order` by the key after its
    /// salt or bucket, after the row `after` (a page token) and at most
    /// `limit` of them. Each range is read lazily: with a limit, no range
    /// is read past what the merge takes.
    fn select(
        &self,
        ranges: ScanRanges<K>,
        order: Order,
        after: Option<&[u8]>,
        limit: Option<usize>,
    ) -> Vec<Row> {
        let skip = ranges.merge_skip();
        // Paging: every range resumes after (or, newest first, before) the
        // page's last row rebased onto it; a range with nothing left drops.
        let ranges: Vec<KeyRange<K>> = match after {
            None => ranges.collect(),
            Some(row) => ranges
                .filter_map(|range| {
                    match order {
                        Order::Ascending => range.resume_after_merged(row, skip),
                        Order::Descending => range.resume_before_merged(row, skip),
                    }
                    .expect("the page token is a row of this scan")
                })
                .collect(),
        };
        let txn = self.db.begin_read().expect("read txn");
        let table = txn.open_table(ROWS).expect("table");
        let inputs: Vec<Box<dyn Iterator<Item = Row> + '_>> = ranges
            .iter()
            .map(|range| {
                let rows = table
                    .range::<&[u8]>(range.bounds())
                    .expect("range")
                    .map(|e| {
                        let (k, v) = e.expect("row");
                        (k.value().to_vec(), v.value())
                    });
                match order {
                    Order::Ascending => Box::new(rows) as Box<dyn Iterator<Item = Row>>,
                    Order::Descending => Box::new(rows.rev()),
                }
            })
            .collect();
        let mut merge = Merge::new(skip, |row: &Row| &row.0[..]).order(order);
        if let Some(n) = limit {
            merge = merge.limit(n);
        }
        merge.iter(inputs).collect()
    }

    /// The first `n` rows in `order`: the latest N across buckets is
    /// `Descending` for a plain timestamp, `Ascending` for `#[reverse_ts]`.
    fn first(&self, ranges: ScanRanges<K>, order: Order, n: usize) -> Vec<Row> {
        self.select(ranges, order, None, Some(n))
    }

    /// One page of at most `size` rows after the token `after`.
    fn page(&self, ranges: ScanRanges<K>, order: Order, after: Option<&[u8]>, size: usize) -> Page {
        let rows = self.select(ranges, order, after, Some(size));
        let next = (rows.len() == size)
            .then(|| rows.last().map(|r| r.0.clone()))
            .flatten();
        Page { rows, next }
    }
}

/// A deterministic generator (xorshift), so a failure reproduces.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// What one scan of a layout must return: the rows whose decoded key
/// `selects`, sorted by `order_by` (the key's value order without its salt
/// or bucket); `borrowed`: decoding allocates nothing.
struct Expect<K: RowKey, O> {
    scan: fn() -> ScanRanges<K>,
    selects: for<'a> fn(&K::Key<'a>) -> bool,
    order_by: for<'a> fn(&K::Key<'a>) -> O,
    borrowed: bool,
}

/// Stores `keys` (value = index), then checks get, the scan in both
/// orders, the first N in both orders and paging in both orders against
/// the brute force.
fn check<K: RowKey, O: Ord + std::fmt::Debug>(keys: &[K::Key<'_>], expect: &[Expect<K, O>]) {
    let table = Table::<K>::new();
    let values: Vec<u64> = (0..keys.len() as u64).collect();
    table.put_all(keys, &values).expect("put");
    let stored: Vec<Vec<u8>> = keys.iter().map(|k| k.to_vec().expect("encode")).collect();
    // A key put twice holds its last value.
    let last: std::collections::BTreeMap<&[u8], u64> = stored
        .iter()
        .zip(0u64..)
        .map(|(k, i)| (&k[..], i))
        .collect();
    for (key, bytes) in keys.iter().zip(&stored) {
        assert_eq!(
            table.get(key).expect("get"),
            Some(last[&bytes[..]]),
            "{}",
            K::NAME
        );
    }

    for (e, x) in expect.iter().enumerate() {
        let name = format!("{} scan {e}", K::NAME);
        // Brute force: decode every stored key, filter, sort.
        let mut want: Vec<(O, Vec<u8>)> = last
            .keys()
            .filter_map(|bytes| {
                let key = K::decode(bytes).expect("decode");
                (x.selects)(&key).then(|| ((x.order_by)(&key), bytes.to_vec()))
            })
            .collect();
        want.sort_by(|a, b| a.0.cmp(&b.0));
        let ascending: Vec<Vec<u8>> = want.into_iter().map(|(_, k)| k).collect();
        assert!(
            !ascending.is_empty(),
            "{name}: the scan should select something"
        );
        let descending: Vec<Vec<u8>> = ascending.iter().rev().cloned().collect();

        for (order, want) in [
            (Order::Ascending, &ascending),
            (Order::Descending, &descending),
        ] {
            let rows = table.select((x.scan)(), order, None, None);
            let got: Vec<Vec<u8>> = rows.iter().map(|r| r.0.clone()).collect();
            assert_eq!(&got, want, "{name} {order:?}");
            // Values are the rows that were put, and keys decode without
            // allocating when their fields borrow.
            for (bytes, value) in &rows {
                assert_eq!(&stored[*value as usize], bytes, "{name}");
                let (key, allocations) = count(|| K::decode_unverified(bytes).map(|_| ()));
                key.expect("decode_unverified");
                if x.borrowed {
                    assert_eq!(allocations, 0, "{name}: decode allocated");
                }
            }
            for n in [1, 3, want.len()] {
                let top: Vec<Vec<u8>> = table
                    .first((x.scan)(), order, n)
                    .into_iter()
                    .map(|r| r.0)
                    .collect();
                assert_eq!(top, want[..n.min(want.len())], "{name} {order:?} first {n}");
            }
            for size in [1, 2, 7] {
                let mut pages = Vec::new();
                let mut after: Option<Vec<u8>> = None;
                loop {
                    let page = table.page((x.scan)(), order, after.as_deref(), size);
                    assert!(page.rows.len() <= size, "{name}");
                    pages.extend(page.rows.into_iter().map(|r| r.0));
                    match page.next {
                        Some(next) => after = Some(next),
                        None => break,
                    }
                    assert!(pages.len() <= want.len(), "{name}: paging does not end");
                }
                assert_eq!(&pages, want, "{name} {order:?} pages of {size}");
            }
        }
    }
}

const HOSTS: [&str; 5] = ["web01", "web02", "web1", "web12", "db"];
const EVENTS: [&str; 3] = ["cpu", "mem", "disk.io"];

#[test]
fn bucketed_log_events_latest_and_windows() {
    let mut rng = Rng(1);
    let mut keys: Vec<LogEvent<'_>> = (0..400)
        .map(|_| LogEvent {
            ts: rng.below(300),
            host: HOSTS[rng.below(5) as usize],
            event: EVENTS[rng.below(3) as usize],
        })
        .collect();
    // web1 and web12 at one instant, so the exact scan has rows to find and
    // a neighbour to leave out.
    for (host, event) in [("web1", "cpu"), ("web1", "mem"), ("web12", "cpu")] {
        keys.push(LogEvent {
            ts: 150,
            host,
            event,
        });
    }
    check::<LogEvent<'static>, _>(
        &keys,
        &[
            // A time window fans out over the 16 buckets; merged, it reads
            // in time order, and backwards for the latest first.
            Expect {
                scan: || LogEvent::scan().ts(100..200).ranges().unwrap(),
                selects: |k| (100..200).contains(&k.ts),
                order_by: |k| (k.ts, k.host.to_owned(), k.event.to_owned()),
                borrowed: true,
            },
            // The whole table: latest N across all buckets.
            Expect {
                scan: || LogEvent::scan().ranges().unwrap(),
                selects: |_| true,
                order_by: |k| (k.ts, k.host.to_owned(), k.event.to_owned()),
                borrowed: true,
            },
            // One instant and host: one bucket, no fan-out.
            Expect {
                scan: || LogEvent::scan().ts(150).host("web1").ranges().unwrap(),
                selects: |k| k.ts == 150 && k.host == "web1",
                order_by: |k| (k.ts, k.host.to_owned(), k.event.to_owned()),
                borrowed: true,
            },
        ],
    );
}

#[test]
fn bucketed_reverse_ts_newest_first() {
    let mut rng = Rng(2);
    let keys: Vec<RecentEvent<'_>> = (0..300)
        .map(|_| RecentEvent {
            ts: 1_700_000_000_000 + rng.below(200),
            host: HOSTS[rng.below(5) as usize],
        })
        .collect();
    const T: u64 = 1_700_000_000_000;
    check::<RecentEvent<'static>, _>(
        &keys,
        &[Expect {
            // Ascending is newest first: reverse_ts stores i64::MAX - ts.
            scan: || RecentEvent::scan().ts(T + 50..T + 150).ranges().unwrap(),
            selects: |k| (T + 50..T + 150).contains(&k.ts),
            order_by: |k| (std::cmp::Reverse(k.ts), k.host.to_owned()),
            borrowed: true,
        }],
    );
}

#[test]
fn metrics_with_borrowed_strings_and_reverse_ts() {
    let mut rng = Rng(3);
    let hosts: Vec<String> = HOSTS.iter().map(|h| (*h).to_owned()).collect();
    let keys: Vec<Metric<'_>> = (0..300)
        .map(|_| Metric {
            host: &hosts[rng.below(5) as usize],
            event: EVENTS[rng.below(3) as usize],
            ts: rng.below(1000),
        })
        .collect();
    check::<Metric<'static>, _>(
        &keys,
        &[
            Expect {
                scan: || {
                    Metric::scan()
                        .host("web1")
                        .event("cpu")
                        .ts(100..700)
                        .ranges()
                        .unwrap()
                },
                selects: |k| k.host == "web1" && k.event == "cpu" && (100..700).contains(&k.ts),
                order_by: |k| (k.event.to_owned(), std::cmp::Reverse(k.ts)),
                borrowed: true,
            },
            // host1 must not return host12's rows.
            Expect {
                scan: || Metric::scan().host("web1").ranges().unwrap(),
                selects: |k| k.host == "web1",
                order_by: |k| (k.event.to_owned(), std::cmp::Reverse(k.ts)),
                borrowed: true,
            },
        ],
    );
}

#[test]
fn salted_user_orders() {
    let mut rng = Rng(4);
    let users: Vec<String> = (0..12).map(|i| format!("user{i}")).collect();
    let keys: Vec<UserOrder<'_>> = (0..300)
        .map(|_| UserOrder {
            user_id: &users[rng.below(12) as usize],
            order_id: rng.below(500),
        })
        .collect();
    check::<UserOrder<'static>, _>(
        &keys,
        &[Expect {
            scan: || {
                UserOrder::scan()
                    .user_id("user3")
                    .order_id(100..=400)
                    .ranges()
                    .unwrap()
            },
            selects: |k| k.user_id == "user3" && (100..=400).contains(&k.order_id),
            order_by: |k| k.order_id,
            borrowed: true,
        }],
    );
}

/// OpenTSDB's shape: a one-character salt over metric and tags, so a time
/// window for one metric fans out over the 16 salt values.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 1, fields(metric, tags)))]
struct Point<'a> {
    #[pad(8)]
    metric: &'a str,
    ts: u64,
    tags: &'a str,
}

#[test]
fn struct_salted_series_fan_out_over_the_salt() {
    let mut rng = Rng(5);
    let tags = ["host=a", "host=b", "host=c,dc=x", "dc=y"];
    let keys: Vec<Point<'_>> = (0..300)
        .map(|_| Point {
            metric: EVENTS[rng.below(3) as usize],
            ts: rng.below(400),
            tags: tags[rng.below(4) as usize],
        })
        .collect();
    check::<Point<'static>, _>(
        &keys,
        &[Expect {
            scan: || Point::scan().metric("cpu").ts(50..350).ranges().unwrap(),
            selects: |k| k.metric == "cpu" && (50..350).contains(&k.ts),
            order_by: |k| (k.ts, k.tags.to_owned()),
            borrowed: true,
        }],
    );
}

#[test]
fn struct_salted_uid_type() {
    let uids: Vec<String> = (0..30).map(|i| format!("{}", 10_000 + i * 7)).collect();
    let keys: Vec<UidType<'_>> = uids
        .iter()
        .flat_map(|u| ["buyer", "seller"].map(|kind| UidType { uid: u, kind }))
        .collect();
    check::<UidType<'static>, _>(
        &keys,
        &[Expect {
            scan: || {
                UidType::scan()
                    .uid("10049")
                    .kind("seller")
                    .ranges()
                    .unwrap()
            },
            selects: |k| k.uid == "10049" && k.kind == "seller",
            order_by: |k| (k.uid.to_owned(), k.kind.to_owned()),
            borrowed: true,
        }],
    );
}

#[test]
fn owned_keys() {
    let mut rng = Rng(6);
    let keys: Vec<SellerOrder> = (0..300)
        .map(|i| SellerOrder {
            seller_id: rng.below(4),
            ts: rng.below(1000),
            order_no: i,
        })
        .collect();
    check::<SellerOrder, _>(
        &keys,
        &[Expect {
            scan: || {
                SellerOrder::scan()
                    .seller_id(2u64)
                    .ts(200..800)
                    .ranges()
                    .unwrap()
            },
            selects: |k| k.seller_id == 2 && (200..800).contains(&k.ts),
            order_by: |k| (k.ts, k.order_no),
            borrowed: true,
        }],
    );

    let keys: Vec<ReversedUser> = (0..60)
        .map(|i| ReversedUser {
            user_id: format!("u{}", i % 7),
            order_id: i,
        })
        .collect();
    check::<ReversedUser, _>(
        &keys,
        &[Expect {
            scan: || ReversedUser::scan().user_id("u3").ranges().unwrap(),
            selects: |k| k.user_id == "u3",
            order_by: |k| k.order_id,
            // A reversed String is rebuilt on decode.
            borrowed: false,
        }],
    );
}
