//! The generic surface: one function body, written against `K: RowKey` only,
//! puts, gets, scans, explains and splits seed layouts with borrowed and
//! owned fields over a real store (redb). If a generated capability were
//! inherent only, this file would not compile.

use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{Error, KeyBuf, KeyRange, RowKey, ScanBuilder, ScanRanges, SegmentKind};
use std::path::PathBuf;

mod common;
use common::counting::{count, Counting};
use common::seeds::{LogEvent, Metric, ReversedUser, SellerOrder, UidType, UserOrder};

#[global_allocator]
static ALLOC: Counting = Counting;

const TABLE: TableDefinition<&[u8], u64> = TableDefinition::new("rows");

/// A table of one key type over redb, generic over the key with the single
/// bound the docs name. Named by the key's `'static` form; it writes keys
/// borrowing anything (`K::Key<'_>`) and reads back keys borrowing its rows.
struct Table<K: RowKey> {
    path: PathBuf,
    db: Option<Database>,
    _key: std::marker::PhantomData<K>,
}

impl<K: RowKey> Table<K> {
    fn create() -> Self {
        let path = std::env::temp_dir().join(format!(
            "rowkey-generic-{}-{}-{}.redb",
            std::process::id(),
            K::NAME,
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        let db = Database::create(&path).expect("create redb file");
        Table {
            path,
            db: Some(db),
            _key: std::marker::PhantomData,
        }
    }

    fn db(&self) -> &Database {
        self.db.as_ref().expect("open")
    }

    /// Encodes into the key's stack buffer: no allocation (counted).
    fn encode(key: &K::Key<'_>) -> Result<(K::Buf, usize), Error> {
        let mut buf = K::Buf::ZERO;
        let n = key.encode_into(buf.as_mut())?;
        Ok((buf, n))
    }

    fn put(&self, key: &K::Key<'_>, value: u64) -> Result<(), Error> {
        let (encoded, allocations) = count(|| Self::encode(key));
        assert_eq!(allocations, 0, "{}: encoding allocated", K::NAME);
        let (buf, n) = encoded?;
        let w = self.db().begin_write().expect("write txn");
        w.open_table(TABLE)
            .expect("table")
            .insert(&buf.as_ref()[..n], value)
            .expect("insert");
        w.commit().expect("commit");
        Ok(())
    }

    fn get(&self, key: &K::Key<'_>) -> Result<Option<u64>, Error> {
        let (buf, n) = Self::encode(key)?;
        let r = self.db().begin_read().expect("read txn");
        let t = r.open_table(TABLE).expect("table");
        Ok(t.get(&buf.as_ref()[..n]).expect("get").map(|v| v.value()))
    }

    /// Every row a set of ranges selects, key bytes and value, in store order.
    fn scan(&self, ranges: impl IntoIterator<Item = KeyRange<K>>) -> Vec<(Vec<u8>, u64)> {
        let r = self.db().begin_read().expect("read txn");
        let t = r.open_table(TABLE).expect("table");
        let mut out = Vec::new();
        for range in ranges {
            for e in t.range::<&[u8]>(range.bounds()).expect("range") {
                let (k, v) = e.expect("row");
                out.push((k.value().to_vec(), v.value()));
            }
        }
        out
    }

    /// The whole table, through a scan generic code starts itself.
    fn all(&self) -> Vec<(Vec<u8>, u64)> {
        let ranges: ScanRanges<K> = K::scan().ranges().expect("full scan");
        self.scan(ranges)
    }
}

impl<K: RowKey> Drop for Table<K> {
    fn drop(&mut self) {
        drop(self.db.take());
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The generic round trip: put every key, get each back, decode every row of
/// the table verified and unverified, explain it and plan splits. Returns the
/// decoded keys re-encoded, for the caller to compare with its own.
fn exercise<K: RowKey>(keys: &[K::Key<'_>]) -> Vec<Vec<u8>>
where
    for<'a> K::Key<'a>: PartialEq + std::fmt::Debug,
{
    let table = Table::<K>::create();
    for (i, k) in keys.iter().enumerate() {
        table.put(k, i as u64).expect("put");
    }
    for (i, k) in keys.iter().enumerate() {
        assert_eq!(table.get(k).expect("get"), Some(i as u64), "{}", K::NAME);
    }
    let rows = table.all();
    assert_eq!(rows.len(), keys.len(), "{}: full scan", K::NAME);
    let mut reencoded = Vec::new();
    for (bytes, value) in &rows {
        // Borrowed from `bytes`: a `MetricKey<'_>` out of a
        // `Table<MetricKey<'static>>`.
        let key: K::Key<'_> = K::decode(bytes).expect("decode");
        let fast: K::Key<'_> = K::decode_unverified(bytes).expect("decode_unverified");
        assert_eq!(key, fast, "{}", K::NAME);
        let (buf, n) = Table::<K>::encode(&key).expect("encode");
        assert_eq!(&buf.as_ref()[..n], &bytes[..], "{}", K::NAME);
        let written = Table::<K>::encode(&keys[*value as usize]).expect("encode");
        assert_eq!(&written.0.as_ref()[..written.1], &bytes[..], "{}", K::NAME);
        reencoded.push(bytes.clone());

        let explained = K::explain(bytes).expect("explain");
        let segments = explained.as_ref();
        assert_eq!(segments.first().map(|s| s.start), Some(0), "{}", K::NAME);
        assert_eq!(
            segments.last().map(|s| s.end),
            Some(bytes.len()),
            "{}",
            K::NAME
        );
        assert!(
            explained.to_string().lines().count() == segments.len(),
            "{}: {explained}",
            K::NAME
        );
        if K::SPREAD != rowkey::Spread::None {
            assert_ne!(segments[0].kind, SegmentKind::Field, "{}", K::NAME);
        }
    }
    // Splits where the layout has a spread, a named refusal where not.
    match K::split_keys(4) {
        Ok(splits) => assert_eq!(splits.into_iter().count(), 3, "{}", K::NAME),
        Err(e) => {
            assert_eq!(K::SPREAD, rowkey::Spread::None, "{}: {e}", K::NAME);
            assert!(e.to_string().contains(K::NAME), "{e}");
        }
    }
    reencoded
}

/// A tampered salt: verified decode refuses it, unverified decode reads it.
fn tampered_salt<K: RowKey>(key: &K::Key<'_>) {
    let mut bytes = key.to_vec().expect("encode");
    bytes[0] = if bytes[0] == b'0' { b'1' } else { b'0' };
    assert!(K::decode(&bytes).is_err(), "{}", K::NAME);
    assert!(K::decode_unverified(&bytes).is_ok(), "{}", K::NAME);
}

#[test]
fn borrowed_keys_through_one_bound() {
    // Strings that do not live for 'static, in a table of `Metric<'static>`.
    let hosts: Vec<String> = (0..6).map(|i| format!("host{i}")).collect();
    let keys: Vec<Metric<'_>> = hosts
        .iter()
        .enumerate()
        .map(|(i, h)| Metric {
            host: h,
            event: if i % 2 == 0 { "cpu" } else { "mem" },
            ts: 1_700_000_000_000 + i as u64,
        })
        .collect();
    exercise::<Metric<'static>>(&keys);

    let users: Vec<UserOrder<'_>> = hosts
        .iter()
        .map(|h| UserOrder {
            user_id: h,
            order_id: 7,
        })
        .collect();
    exercise::<UserOrder<'static>>(&users);
    tampered_salt::<UserOrder<'static>>(&users[0]);

    let events: Vec<LogEvent<'_>> = (0..40)
        .map(|i| LogEvent {
            ts: 1000 + i,
            host: &hosts[(i % 6) as usize],
            event: "boot",
        })
        .collect();
    exercise::<LogEvent<'static>>(&events);

    let uids: Vec<UidType<'_>> = hosts
        .iter()
        .map(|h| UidType { uid: h, kind: "a" })
        .collect();
    exercise::<UidType<'static>>(&uids);
}

#[test]
fn owned_keys_through_the_same_bound() {
    let orders: Vec<SellerOrder> = (0..20)
        .map(|i| SellerOrder {
            seller_id: i % 3,
            ts: 100 + i,
            order_no: i,
        })
        .collect();
    exercise::<SellerOrder>(&orders);

    let users: Vec<ReversedUser> = (0..5)
        .map(|i| ReversedUser {
            user_id: format!("user{i}"),
            order_id: i,
        })
        .collect();
    exercise::<ReversedUser>(&users);
}

/// Scans built from the typed builder by the caller and run by generic code
/// that only knows `K`: the ranges carry their key type.
#[test]
fn typed_scans_on_a_generic_table() {
    let table = Table::<LogEvent<'static>>::create();
    let hosts = ["web01", "web02"];
    for ts in 0..64u64 {
        let host = hosts[(ts % 2) as usize];
        table
            .put(
                &LogEvent {
                    ts,
                    host,
                    event: "x",
                },
                ts,
            )
            .expect("put");
    }
    // A time window fans out over the 16 buckets.
    let ranges = LogEvent::scan().ts(10..20).ranges().expect("ranges");
    assert_eq!(ranges.len(), 16);
    let mut got: Vec<u64> = table.scan(ranges).into_iter().map(|(_, v)| v).collect();
    got.sort_unstable();
    assert_eq!(got, (10..20).collect::<Vec<_>>());

    // A host given by a borrowed String that dies after the call.
    let host = String::from("web02");
    let ranges = LogEvent::scan()
        .ts(33)
        .host(host.as_str())
        .ranges()
        .expect("ranges");
    drop(host);
    let got: Vec<u64> = table.scan(ranges).into_iter().map(|(_, v)| v).collect();
    assert_eq!(got, [33]);

    let owned = Table::<SellerOrder>::create();
    for i in 0..30 {
        let k = SellerOrder {
            seller_id: i % 3,
            ts: i,
            order_no: 0,
        };
        owned.put(&k, i).expect("put");
    }
    let got: Vec<u64> = owned
        .scan(
            SellerOrder::scan()
                .seller_id(1)
                .ts(10..=19)
                .ranges()
                .expect("ranges"),
        )
        .into_iter()
        .map(|(_, v)| v)
        .collect();
    assert_eq!(got, [10, 13, 16, 19]);
}

/// The buffers are the sizes the layout implies.
#[test]
fn buffer_types_fit_the_layout() {
    assert_eq!(<Metric<'static> as RowKey>::Buf::LEN, Metric::MAX_LEN);
    assert_eq!(<SellerOrder as RowKey>::Buf::LEN, 24);
    // Unbounded keys get HBase's limit, which encode never exceeds.
    assert_eq!(<LogEvent<'static> as RowKey>::Buf::LEN, 32767);
    assert_eq!(
        <Metric<'static> as RowKey>::ScanBuf::LEN,
        <Metric<'static> as RowKey>::SCAN_CAP
    );
    assert_eq!(<Metric<'static> as RowKey>::SCAN_CAP, Metric::SCAN_CAP);
}
