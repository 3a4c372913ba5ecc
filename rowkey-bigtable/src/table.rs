//! The connection and the typed table handle.

use crate::keys::{self, IntoRanges, Ranges};
use crate::Error;
use bigtable_rs::bigtable::{BigTable, BigTableConnection};
use bigtable_rs::google::bigtable::v2::mutation::{self, DeleteFromRow, SetCell};
use bigtable_rs::google::bigtable::v2::row_filter::{Chain, Filter};
use bigtable_rs::google::bigtable::v2::{
    column_range, mutate_rows_request, ColumnRange, MutateRowRequest, MutateRowsRequest, Mutation,
    ReadRowsRequest, RowFilter, RowSet,
};
use futures::stream::BoxStream;
use futures::{StreamExt, TryStreamExt};
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2 as admin;
use rowkey::{Merge, OwnedKeyRange, RowKey};
use std::marker::PhantomData;
use std::time::Duration;
use tonic::transport::Channel;

/// Bigtable's limit of mutations in one `MutateRows` request.
pub const MAX_BATCH: usize = 100_000;

type AdminClient = admin::bigtable_table_admin_client::BigtableTableAdminClient<Channel>;

/// The rows of [`Table::stream`]: every range's `ReadRows` stream, merged
/// in key order.
pub type RowStream = rowkey::MergeStreams<BoxStream<'static, Result<Row, Error>>>;

/// A connection to one Bigtable instance: the data client and, for the
/// emulator, the table admin client.
#[derive(Clone)]
pub struct Bigtable {
    data: BigTable,
    admin: Option<AdminClient>,
    instance: String,
}

impl std::fmt::Debug for Bigtable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bigtable")
            .field("instance", &self.instance)
            .field("admin", &self.admin.is_some())
            .finish_non_exhaustive()
    }
}

impl Bigtable {
    /// Connects to an emulator at `addr` (`HOST:PORT`, as
    /// [`Emulator::addr`](crate::Emulator::addr) or `BIGTABLE_EMULATOR_HOST`
    /// give it): plain-text gRPC, no credentials. The project and instance
    /// are names only; the emulator accepts any.
    ///
    /// Call it inside a Tokio runtime: the channels belong to it.
    ///
    /// # Errors
    /// [`Error::Invalid`] for an address that is not `HOST:PORT`, or when
    /// called outside a Tokio runtime.
    pub fn emulator(addr: &str, project: &str, instance: &str) -> Result<Self, Error> {
        if tokio::runtime::Handle::try_current().is_err() {
            return Err(Error::Invalid(
                "Bigtable::emulator called outside a Tokio runtime: call it from async code \
                 (#[tokio::main], #[tokio::test])"
                    .into(),
            ));
        }
        // bigtable_rs panics on an address it cannot parse: check it first.
        let uri = format!("http://{addr}");
        let endpoint = Channel::from_shared(uri.clone())
            .ok()
            .filter(|_| {
                addr.rsplit_once(':')
                    .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
            })
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "emulator address {addr:?} is not HOST:PORT (e.g. 127.0.0.1:8086)"
                ))
            })?;
        let data = BigTableConnection::new_with_emulator(
            addr,
            project,
            instance,
            false,
            4,
            Some(Duration::from_secs(60)),
        )?
        .client();
        let admin = AdminClient::new(endpoint.connect_lazy());
        Ok(Bigtable {
            data,
            admin: Some(admin),
            instance: format!("projects/{project}/instances/{instance}"),
        })
    }

    /// Connects to a real instance with Application Default Credentials
    /// (`GOOGLE_APPLICATION_CREDENTIALS`, `gcloud auth application-default
    /// login`, or the metadata server), or to the emulator when
    /// `BIGTABLE_EMULATOR_HOST` is set. Data operations only: create tables
    /// with `cbt` or Terraform (see [`Table::create_command`]).
    ///
    /// # Errors
    /// No credentials found, or a transport error.
    pub async fn connect(project: &str, instance: &str) -> Result<Self, Error> {
        if let Ok(addr) = std::env::var("BIGTABLE_EMULATOR_HOST") {
            return Self::emulator(&addr, project, instance);
        }
        let data = BigTableConnection::new(project, instance, false, 4, None)
            .await?
            .client();
        Ok(Bigtable {
            data,
            admin: None,
            instance: format!("projects/{project}/instances/{instance}"),
        })
    }

    /// A handle on table `id`, reading and writing `family:qualifier` as each
    /// row's value.
    #[must_use]
    pub fn table<K: RowKey>(&self, id: &str, family: &str, qualifier: &[u8]) -> Table<K> {
        Table {
            data: self.data.clone(),
            name: self.data.get_full_table_name(id),
            id: id.to_owned(),
            family: family.to_owned(),
            qualifier: qualifier.to_vec(),
            batch: 1000,
            key: PhantomData,
        }
    }

    /// Creates table `id` with the column `families` (each keeping one
    /// version), pre-split into `regions` tablets at
    /// [`rowkey::split_keys`] of `K` (no splits for `regions <= 1`), and
    /// returns a handle on its first family with qualifier `v`.
    ///
    /// # Errors
    /// [`Error::Invalid`] without an admin client (a connection from
    /// [`Bigtable::connect`]) or without families; [`Error::Key`] when `K`
    /// cannot be split into `regions`; [`Error::Admin`] when Bigtable refuses
    /// (the table exists, a bad name).
    pub async fn create_table<K: RowKey>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> Result<Table<K>, Error> {
        let Some(mut admin) = self.admin.clone() else {
            return Err(Error::Invalid(format!(
                "no table admin on this connection: create {id} with \
                 `cbt createtable {id} families=... splits=...` (Table::create_command)"
            )));
        };
        let Some(first) = families.first() else {
            return Err(Error::Invalid(format!(
                "table {id}: give at least one column family"
            )));
        };
        let initial_splits = split_keys::<K>(regions)?
            .into_iter()
            .map(|key| admin::create_table_request::Split { key })
            .collect();
        let column_families = families
            .iter()
            .map(|f| {
                let gc = admin::GcRule {
                    rule: Some(admin::gc_rule::Rule::MaxNumVersions(1)),
                };
                (
                    (*f).to_owned(),
                    admin::ColumnFamily {
                        gc_rule: Some(gc),
                        ..Default::default()
                    },
                )
            })
            .collect();
        admin
            .create_table(admin::CreateTableRequest {
                parent: self.instance.clone(),
                table_id: id.to_owned(),
                table: Some(admin::Table {
                    column_families,
                    ..Default::default()
                }),
                initial_splits,
            })
            .await
            .map_err(|status| Error::Admin(Box::new(status)))?;
        Ok(self.table(id, first, b"v"))
    }

    /// Deletes table `id`.
    ///
    /// # Errors
    /// As [`create_table`](Bigtable::create_table).
    pub async fn delete_table(&self, id: &str) -> Result<(), Error> {
        let Some(mut admin) = self.admin.clone() else {
            return Err(Error::Invalid(format!(
                "no table admin on this connection: delete {id} with `cbt deletetable {id}`"
            )));
        };
        admin
            .delete_table(admin::DeleteTableRequest {
                name: format!("{}/tables/{id}", self.instance),
            })
            .await
            .map_err(|status| Error::Admin(Box::new(status)))?;
        Ok(())
    }
}

/// The split keys `create_table` uses: none for one region.
fn split_keys<K: RowKey>(regions: usize) -> Result<Vec<Vec<u8>>, Error> {
    if regions <= 1 {
        return Ok(Vec::new());
    }
    Ok(rowkey::split_keys::<K>(regions)?
        .into_iter()
        .map(|k| k.as_bytes().to_vec())
        .collect())
}

/// A row read back: its key and the value of the table's column.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    /// The row key's bytes.
    pub key: Vec<u8>,
    /// The latest value of the table's column.
    pub value: Vec<u8>,
}

impl Row {
    /// Decodes the key as `K`, borrowing `&str` fields from the row
    /// (`row.key::<MetricKey>()`).
    ///
    /// # Errors
    /// The key does not decode as `K` (another layout's row, a wrong salt).
    pub fn key<K: RowKey>(&self) -> Result<K::Key<'_>, Error> {
        Ok(K::decode(&self.key)?)
    }
}

/// How a fanned-out scan reaches Bigtable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FanOut {
    /// One `ReadRows` whose `RowSet` holds every range: one round trip. The
    /// rows come back in raw key order (bucket by bucket), so all of them are
    /// read before the merge, and a limit cannot be pushed to the server.
    #[default]
    OneRequest,
    /// One `ReadRows` per range, all in flight at once, merged back into key
    /// order as they stream in; each carries the limit, so a latest-N reads
    /// at most N rows per range.
    Concurrent,
    /// One `ReadRows` per range, one after another: for comparison, or to
    /// keep one request in flight.
    Sequential,
}

/// The order rows come back in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// Key order (without the salt or bucket).
    #[default]
    Ascending,
    /// Reverse key order, merged on the client: Bigtable has no reverse
    /// scan, so every range is read to its end.
    Descending,
}

/// How [`Table::read`] reads a scan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Read {
    /// One request or concurrent streams.
    pub fan_out: FanOut,
    /// Ascending or descending.
    pub order: Order,
    /// At most this many rows.
    pub limit: Option<usize>,
}

/// One page of a scan and where the next one starts.
pub struct Page<K: RowKey> {
    /// The page's rows, in key order.
    pub rows: Vec<Row>,
    /// Where the next page starts (owned: keep it across requests); `None`
    /// after the last page.
    pub next: Option<Ranges<K>>,
}

// By hand: derived impls would ask `K` itself to be `Clone`, `Debug`, ...
impl<K: RowKey> Clone for Page<K> {
    fn clone(&self) -> Self {
        Page {
            rows: self.rows.clone(),
            next: self.next.clone(),
        }
    }
}

impl<K: RowKey> PartialEq for Page<K> {
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows && self.next == other.next
    }
}

impl<K: RowKey> Eq for Page<K> {}

impl<K: RowKey> std::fmt::Debug for Page<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Page")
            .field("rows", &self.rows)
            .field("next", &self.next)
            .finish()
    }
}

/// A table whose row keys are `K`, named by the key's `'static` form
/// (`Table<MetricKey<'static>>`): it writes any `&K::Key<'_>` (keys
/// borrowing from anywhere), reads the ranges of `K`'s typed scans, and
/// decodes rows into `K::Key<'_>` borrowing from them.
pub struct Table<K> {
    data: BigTable,
    name: String,
    id: String,
    family: String,
    qualifier: Vec<u8>,
    batch: usize,
    key: PhantomData<fn() -> K>,
}

impl<K> Clone for Table<K> {
    fn clone(&self) -> Self {
        Table {
            data: self.data.clone(),
            name: self.name.clone(),
            id: self.id.clone(),
            family: self.family.clone(),
            qualifier: self.qualifier.clone(),
            batch: self.batch,
            key: PhantomData,
        }
    }
}

impl<K> std::fmt::Debug for Table<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("name", &self.name)
            .field("family", &self.family)
            .field("qualifier", &rowkey::Binary(&self.qualifier).to_string())
            .field("batch", &self.batch)
            .finish_non_exhaustive()
    }
}

impl<K: RowKey> Table<K> {
    /// The table's full name, `projects/P/instances/I/tables/T`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Rows per `MutateRows` request in [`put_many`](Table::put_many)
    /// (default 1000).
    ///
    /// # Errors
    /// [`Error::Invalid`] outside 1 ..= 100,000 (Bigtable's limit).
    pub fn with_batch(mut self, rows: usize) -> Result<Self, Error> {
        if !(1..=MAX_BATCH).contains(&rows) {
            return Err(Error::Invalid(format!(
                "batch of {rows} rows: give 1 to {MAX_BATCH} (Bigtable's limit per MutateRows)"
            )));
        }
        self.batch = rows;
        Ok(self)
    }

    /// The `cbt` command that creates this table pre-split into `regions`
    /// (for a real instance, where this crate has no admin client). The
    /// split keys are printed as `cbt` reads them; layouts whose split keys
    /// are not printable (a bucket byte) need the admin API instead.
    ///
    /// # Errors
    /// As [`rowkey::split_keys`]; [`Error::Invalid`] for a split key that
    /// is not printable.
    pub fn create_command(&self, regions: usize) -> Result<String, Error> {
        let mut cmd = format!(
            "cbt createtable {} families={}:maxversions=1",
            self.id, self.family
        );
        let splits = split_keys::<K>(regions)?;
        if !splits.is_empty() {
            let mut text = Vec::new();
            for s in splits {
                match String::from_utf8(s) {
                    Ok(t) if t.bytes().all(|b| b.is_ascii_graphic() && b != b',') => text.push(t),
                    Ok(t) => return Err(unprintable(K::NAME, t.as_bytes())),
                    Err(e) => return Err(unprintable(K::NAME, e.as_bytes())),
                }
            }
            cmd.push_str(" splits=");
            cmd.push_str(&text.join(","));
        }
        Ok(cmd)
    }

    fn set_cell(&self, value: Vec<u8>) -> Mutation {
        Mutation {
            mutation: Some(mutation::Mutation::SetCell(SetCell {
                family_name: self.family.clone(),
                column_qualifier: self.qualifier.clone(),
                // The server's time: a put is a new version, as in HBase.
                timestamp_micros: -1,
                value,
            })),
        }
    }

    /// Writes one row.
    ///
    /// # Errors
    /// The key does not encode ([`Error::Key`], [`Error::KeyTooLong`],
    /// [`Error::EmptyKey`]), or Bigtable refuses the write.
    pub async fn put(&self, key: &K::Key<'_>, value: impl AsRef<[u8]>) -> Result<(), Error> {
        let row_key = keys::encode(key)?;
        let mut data = self.data.clone();
        data.mutate_row(MutateRowRequest {
            table_name: self.name.clone(),
            row_key,
            mutations: vec![self.set_cell(value.as_ref().to_vec())],
            ..Default::default()
        })
        .await?;
        Ok(())
    }

    /// Writes many rows, [`with_batch`](Table::with_batch) rows per
    /// `MutateRows` request, one request at a time. Each batch is encoded
    /// before it is sent, so a key that does not encode stops the write
    /// before its batch (the batches before it are written). Returns the
    /// number of rows written.
    ///
    /// # Errors
    /// As [`put`](Table::put); [`Error::Mutation`] naming the first row
    /// Bigtable refused (the rows before it in its batch may be written).
    pub async fn put_many<'k, Q, V>(
        &self,
        rows: impl IntoIterator<Item = (Q, V)>,
    ) -> Result<usize, Error>
    where
        Q: std::borrow::Borrow<K::Key<'k>>,
        V: AsRef<[u8]>,
    {
        let mut rows = rows.into_iter();
        let mut written = 0;
        loop {
            let batch = rows
                .by_ref()
                .take(self.batch)
                .map(|(k, v)| {
                    Ok(mutate_rows_request::Entry {
                        row_key: keys::encode(k.borrow())?,
                        mutations: vec![self.set_cell(v.as_ref().to_vec())],
                        ..Default::default()
                    })
                })
                .collect::<Result<Vec<_>, Error>>()?;
            if batch.is_empty() {
                return Ok(written);
            }
            written += batch.len();
            self.mutate_rows(batch).await?;
        }
    }

    async fn mutate_rows(&self, entries: Vec<mutate_rows_request::Entry>) -> Result<(), Error> {
        let mut data = self.data.clone();
        let keys: Vec<Vec<u8>> = entries.iter().map(|e| e.row_key.clone()).collect();
        let mut responses = data
            .mutate_rows(MutateRowsRequest {
                table_name: self.name.clone(),
                entries,
                ..Default::default()
            })
            .await?;
        let mut done = 0;
        while let Some(response) = responses.next().await {
            for entry in response
                .map_err(bigtable_rs::bigtable::Error::from)?
                .entries
            {
                let status = entry.status.unwrap_or_default();
                if status.code != 0 {
                    let row = usize::try_from(entry.index)
                        .ok()
                        .and_then(|i| keys.get(i))
                        .map_or_else(String::new, |k| rowkey::Binary(k).to_string());
                    return Err(Error::Mutation {
                        row,
                        code: status.code,
                        message: status.message,
                    });
                }
                done += 1;
            }
        }
        if done == keys.len() {
            Ok(())
        } else {
            Err(Error::Mutation {
                row: String::new(),
                code: 2,
                message: format!("{done} of {} rows acknowledged", keys.len()),
            })
        }
    }

    /// Deletes one row.
    ///
    /// # Errors
    /// As [`put`](Table::put).
    pub async fn delete(&self, key: &K::Key<'_>) -> Result<(), Error> {
        let row_key = keys::encode(key)?;
        let mut data = self.data.clone();
        data.mutate_row(MutateRowRequest {
            table_name: self.name.clone(),
            row_key,
            mutations: vec![Mutation {
                mutation: Some(mutation::Mutation::DeleteFromRow(DeleteFromRow {})),
            }],
            ..Default::default()
        })
        .await?;
        Ok(())
    }

    /// Reads one row's value.
    ///
    /// # Errors
    /// As [`put`](Table::put).
    pub async fn get(&self, key: &K::Key<'_>) -> Result<Option<Vec<u8>>, Error> {
        let row_key = keys::encode(key)?;
        let rows = self
            .read_rows(
                RowSet {
                    row_keys: vec![row_key],
                    row_ranges: Vec::new(),
                },
                1,
            )
            .await?;
        Ok(rows.into_iter().next().map(|r| r.value))
    }

    /// Decodes a row's key as this table's key type, borrowing from the row.
    ///
    /// # Errors
    /// The key does not decode.
    pub fn decode<'r>(&self, row: &'r Row) -> Result<K::Key<'r>, Error> {
        row.key::<K>()
    }

    fn filter(&self) -> RowFilter {
        // Only the table's column, latest version: other columns a row may
        // hold do not change what a scan returns.
        let column = Filter::ColumnRangeFilter(ColumnRange {
            family_name: self.family.clone(),
            start_qualifier: Some(column_range::StartQualifier::StartQualifierClosed(
                self.qualifier.clone(),
            )),
            end_qualifier: Some(column_range::EndQualifier::EndQualifierClosed(
                self.qualifier.clone(),
            )),
        });
        RowFilter {
            filter: Some(Filter::Chain(Chain {
                filters: vec![
                    RowFilter {
                        filter: Some(column),
                    },
                    RowFilter {
                        filter: Some(Filter::CellsPerColumnLimitFilter(1)),
                    },
                ],
            })),
        }
    }

    async fn read_rows(&self, rows: RowSet, limit: usize) -> Result<Vec<Row>, Error> {
        // Never an empty RowSet: Bigtable reads that as the whole table.
        if rows.row_keys.is_empty() && rows.row_ranges.is_empty() {
            return Ok(Vec::new());
        }
        let mut data = self.data.clone();
        let rows = data.read_rows(self.request(rows, limit)).await?;
        Ok(rows
            .into_iter()
            .map(|(key, cells)| row(key, cells))
            .collect())
    }

    /// A `ReadRows` of the table's column; a limit of 0 reads every row.
    fn request(&self, rows: RowSet, limit: usize) -> ReadRowsRequest {
        ReadRowsRequest {
            table_name: self.name.clone(),
            rows: Some(rows),
            filter: Some(self.filter()),
            rows_limit: i64::try_from(limit).unwrap_or(0),
            ..Default::default()
        }
    }

    async fn read_range(&self, range: &OwnedKeyRange<K>, limit: usize) -> Result<Vec<Row>, Error> {
        self.read_rows(row_set(std::slice::from_ref(range)), limit)
            .await
    }

    /// The rows of each range, read concurrently, each up to `limit` rows
    /// (0: all).
    async fn read_each(&self, ranges: &Ranges<K>, limit: usize) -> Result<Vec<Vec<Row>>, Error> {
        futures::future::try_join_all(ranges.list.iter().map(|r| self.read_range(r, limit))).await
    }

    /// Every row of a scan, in key order (without the salt or bucket): the
    /// whole fan-out in one `ReadRows`. A scan that selects nothing sends
    /// nothing.
    ///
    /// # Errors
    /// A transport or server error.
    pub async fn scan(&self, ranges: impl IntoRanges<K>) -> Result<Vec<Row>, Error> {
        self.read(ranges, Read::default()).await
    }

    /// The latest `n` rows over every bucket of a newest-first layout (a
    /// `#[reverse_ts]` after the salt or bucket): one stream per range, each
    /// limited to `n`, merged in key order.
    ///
    /// # Errors
    /// As [`scan`](Table::scan).
    pub async fn latest(&self, ranges: impl IntoRanges<K>, n: usize) -> Result<Vec<Row>, Error> {
        let read = Read {
            fan_out: FanOut::Concurrent,
            order: Order::Ascending,
            limit: Some(n),
        };
        self.read(ranges, read).await
    }

    /// A window of an oldest-first layout, newest first, at most `limit`
    /// rows: every range is read (Bigtable has no reverse scan) and merged
    /// descending on the client.
    ///
    /// # Errors
    /// As [`scan`](Table::scan).
    pub async fn newest_first(
        &self,
        ranges: impl IntoRanges<K>,
        limit: Option<usize>,
    ) -> Result<Vec<Row>, Error> {
        let read = Read {
            fan_out: FanOut::Concurrent,
            order: Order::Descending,
            limit,
        };
        self.read(ranges, read).await
    }

    /// A scan read as `read` says.
    ///
    /// # Errors
    /// As [`scan`](Table::scan).
    pub async fn read(&self, ranges: impl IntoRanges<K>, read: Read) -> Result<Vec<Row>, Error> {
        let ranges = ranges.into_ranges()?;
        let limit = read.limit.unwrap_or(usize::MAX);
        if ranges.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let per_range = match read.order {
            // Every range's first `limit` rows hold the merged first `limit`.
            Order::Ascending if limit != usize::MAX => limit,
            _ => 0,
        };
        let streams = match read.fan_out {
            FanOut::Concurrent if read.order == Order::Ascending => {
                return self.stream(ranges, read.limit).await?.try_collect().await;
            }
            FanOut::Concurrent => self.read_each(&ranges, per_range).await?,
            FanOut::Sequential => {
                let mut streams = Vec::with_capacity(ranges.len());
                for range in &ranges.list {
                    streams.push(self.read_range(range, per_range).await?);
                }
                streams
            }
            FanOut::OneRequest => {
                let server_limit = if ranges.len() == 1 { per_range } else { 0 };
                let rows = self.read_rows(row_set(&ranges.list), server_limit).await?;
                split_by_range(&ranges, rows)
            }
        };
        let merge = Merge::new(ranges.skip, |r: &Row| &r.key[..]).limit(limit);
        Ok(match read.order {
            Order::Ascending => merge.iter(streams).collect(),
            // Each range came back ascending: reversed, they are what a
            // reverse scan would have returned.
            Order::Descending => merge
                .order(rowkey::Order::Descending)
                .iter(streams.into_iter().map(|s| s.into_iter().rev()))
                .collect(),
        })
    }

    /// The rows of a scan as one stream in key order: one `ReadRows` stream
    /// per range, all open at once, merged as rows arrive
    /// ([`rowkey::Merge::stream`]). With a limit each range reads at most
    /// that many rows and the merge stops after them. A transport error
    /// comes through as an `Err` item.
    ///
    /// # Errors
    /// A request that cannot be opened.
    pub async fn stream(
        &self,
        ranges: impl IntoRanges<K>,
        limit: Option<usize>,
    ) -> Result<RowStream, Error> {
        let ranges = ranges.into_ranges()?;
        let limit = limit.unwrap_or(usize::MAX);
        let per_range = if limit == usize::MAX { 0 } else { limit };
        let opened = ranges.list.iter().filter(|_| limit > 0).map(|range| {
            let mut data = self.data.clone();
            let request = self.request(row_set(std::slice::from_ref(range)), per_range);
            async move {
                let rows = data.stream_rows(request).await?;
                Ok::<_, Error>(StreamExt::boxed(rows.map(|r| match r {
                    Ok((key, cells)) => Ok(row(key, cells)),
                    Err(e) => Err(Error::Client(e)),
                })))
            }
        });
        let inputs = futures::future::try_join_all(opened).await?;
        Ok(Merge::new_fallible(ranges.skip, |r: &Result<Row, Error>| {
            r.as_ref().ok().map(|r| &r.key[..])
        })
        .limit(limit)
        .stream(inputs))
    }

    /// The first page of `size` rows of a scan, in key order; pass
    /// [`Page::next`] back for the next. Each page reads at most `size` rows
    /// per range, concurrently, and resumes every range after the last row
    /// it gave.
    ///
    /// # Errors
    /// [`Error::Invalid`] for a size of 0; as [`scan`](Table::scan).
    pub async fn page(&self, ranges: impl IntoRanges<K>, size: usize) -> Result<Page<K>, Error> {
        if size == 0 {
            return Err(Error::Invalid(
                "page size 0: give at least one row per page".into(),
            ));
        }
        let ranges = ranges.into_ranges()?;
        let streams = self.read_each(&ranges, size).await?;
        let read: Vec<usize> = streams.iter().map(Vec::len).collect();
        let tagged: Vec<Vec<(usize, Row)>> = streams
            .into_iter()
            .enumerate()
            .map(|(i, rows)| rows.into_iter().map(|r| (i, r)).collect())
            .collect();
        let merged: Vec<(usize, Row)> = Merge::new(ranges.skip, |(_, r): &(usize, Row)| &r.key[..])
            .limit(size)
            .iter(tagged)
            .collect();
        let mut taken = vec![0usize; ranges.len()];
        let mut last: Vec<Option<&[u8]>> = vec![None; ranges.len()];
        for (i, row) in &merged {
            taken[*i] += 1;
            last[*i] = Some(&row.key);
        }
        // A range that came back short was read to its end: done once all of
        // it is on a page. Every other goes on after its last row here.
        let mut next = Vec::new();
        for (i, range) in ranges.list.iter().enumerate() {
            if read[i] < size && taken[i] == read[i] {
                continue;
            }
            let rest = match last[i] {
                Some(row) => range.resume_after(row),
                None => Some(range.clone()),
            };
            next.extend(rest);
        }
        // Built before the check: it drops a rest that holds no storable row.
        let next = Some(Ranges::new(next, ranges.skip)).filter(|n| !n.is_empty());
        Ok(Page {
            rows: merged.into_iter().map(|(_, r)| r).collect(),
            next,
        })
    }
}

fn row(key: Vec<u8>, cells: Vec<bigtable_rs::bigtable::RowCell>) -> Row {
    Row {
        key,
        value: cells
            .into_iter()
            .next()
            .map(|c| c.value)
            .unwrap_or_default(),
    }
}

/// A `RowSet` of `ranges`, each as Bigtable reads it ([`keys::row_range`]:
/// a [`Ranges`] holds only ranges that have one).
fn row_set<K: RowKey>(ranges: &[OwnedKeyRange<K>]) -> RowSet {
    RowSet {
        row_keys: Vec::new(),
        row_ranges: ranges.iter().filter_map(keys::row_range).collect(),
    }
}

/// Rows of one `ReadRows` over sorted, disjoint ranges, assigned back to
/// their ranges.
fn split_by_range<K: RowKey>(ranges: &Ranges<K>, rows: Vec<Row>) -> Vec<Vec<Row>> {
    let mut out: Vec<Vec<Row>> = vec![Vec::new(); ranges.len()];
    for row in rows {
        if let Some(i) = ranges.list.iter().position(|r| r.contains(&row.key)) {
            out[i].push(row);
        }
    }
    out
}

fn unprintable(key: &'static str, split: &[u8]) -> Error {
    Error::Invalid(format!(
        "{key}: split key \"{}\" is not printable for cbt; create the table through the \
         admin API (Bigtable::create_table) instead",
        rowkey::Binary(split)
    ))
}
