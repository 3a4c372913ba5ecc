//! The table's reads: one row, one row's cells, and scans with their
//! fan-out merged back into key order.

use crate::keys;
use crate::table::Table;
use crate::Error;
use bigtable_rs::bigtable::RowCell;
use bigtable_rs::google::bigtable::v2::row_filter::{Chain, Filter};
use bigtable_rs::google::bigtable::v2::{
    column_range, ColumnRange, ReadRowsRequest, RowFilter, RowSet,
};
use futures::stream::BoxStream;
use futures::{StreamExt, TryStreamExt};
use rowkey::{
    latest_order, Cell, Codec, IntoRanges, Merge, Order, OwnedKeyRange, Page, Ranges, RawRow, Row,
    RowKey,
};
use std::future::Future;

/// The rows of [`Table::stream`]: every range's `ReadRows` stream, merged
/// in key order.
pub type RowStream<K, V = Vec<u8>> =
    rowkey::MergeStreams<BoxStream<'static, Result<Row<K, V>, Error>>>;

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

/// How [`Table::read`] reads a scan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Read {
    /// One request or concurrent streams.
    pub fan_out: FanOut,
    /// Ascending or descending: descending is merged on the client, since
    /// Bigtable has no reverse scan, so every range is read to its end.
    pub order: Order,
    /// At most this many rows.
    pub limit: Option<usize>,
}

/// Bigtable's ranges of a scan: a range no row Bigtable can store falls in
/// (both rows over 4 KiB on one prefix) is dropped, never sent.
pub(crate) fn storable<K: RowKey>(ranges: Ranges<K>) -> Ranges<K> {
    ranges.retain(|r| keys::row_range(r).is_some())
}

fn raw(key: Vec<u8>, cells: Vec<RowCell>) -> RawRow<Vec<u8>> {
    // The filter keeps the table's column only, latest version: one cell.
    (
        key,
        cells
            .into_iter()
            .next()
            .map(|c| c.value)
            .unwrap_or_default(),
    )
}

impl<K: RowKey, V: Codec> Table<K, V> {
    /// The table's column alone: the rows a scan returns are the rows with
    /// a cell in it.
    pub(crate) fn column_only(&self) -> Filter {
        Filter::ColumnRangeFilter(ColumnRange {
            family_name: self.family.clone(),
            start_qualifier: Some(column_range::StartQualifier::StartQualifierClosed(
                self.qualifier.clone(),
            )),
            end_qualifier: Some(column_range::EndQualifier::EndQualifierClosed(
                self.qualifier.clone(),
            )),
        })
    }

    fn column_filter(&self) -> RowFilter {
        // Only the table's column, latest version: other columns a row may
        // hold do not change what a scan returns.
        latest_of(self.column_only())
    }

    /// A `ReadRows` of `filter`; a limit of 0 reads every row.
    fn request(&self, rows: RowSet, filter: RowFilter, limit: usize) -> ReadRowsRequest {
        ReadRowsRequest {
            table_name: self.name.clone(),
            rows: Some(rows),
            filter: Some(filter),
            rows_limit: i64::try_from(limit).unwrap_or(0),
            ..Default::default()
        }
    }

    async fn read_rows(&self, rows: RowSet, limit: usize) -> Result<Vec<RawRow<Vec<u8>>>, Error> {
        // Never an empty RowSet: Bigtable reads that as the whole table.
        if rows.row_keys.is_empty() && rows.row_ranges.is_empty() {
            return Ok(Vec::new());
        }
        let mut data = self.data.clone();
        let rows = data
            .read_rows(self.request(rows, self.column_filter(), limit))
            .await?;
        Ok(rows
            .into_iter()
            .map(|(key, cells)| raw(key, cells))
            .collect())
    }

    async fn read_range(
        &self,
        range: &OwnedKeyRange<K>,
        limit: usize,
    ) -> Result<Vec<RawRow<Vec<u8>>>, Error> {
        self.read_rows(row_set(std::slice::from_ref(range)), limit)
            .await
    }

    /// The rows of each range, read concurrently, each up to `limit` rows
    /// (0: all).
    async fn read_each(
        &self,
        ranges: &Ranges<K>,
        limit: usize,
    ) -> Result<Vec<Vec<RawRow<Vec<u8>>>>, Error> {
        futures::future::try_join_all(ranges.iter().map(|r| self.read_range(r, limit))).await
    }

    fn decode_rows(&self, rows: Vec<RawRow<Vec<u8>>>) -> Result<Vec<Row<K, V>>, Error> {
        rows.into_iter()
            .map(|(key, bytes)| self.decode_row(key, &bytes))
            .collect()
    }

    fn decode_row(&self, key: Vec<u8>, bytes: &[u8]) -> Result<Row<K, V>, Error> {
        match V::decode(bytes) {
            Ok(value) => Ok(Row::new(key, value)),
            Err(e) => Err(self.value_err(&key, &self.qualifier, e)),
        }
    }

    /// The value of the table's column in row `key`.
    ///
    /// # Errors
    /// As [`put`](Table::put); [`Error::Value`] naming the key and column
    /// when the cell does not decode as `V`.
    pub fn get(
        &self,
        key: &K::Key<'_>,
    ) -> impl Future<Output = Result<Option<V>, Error>> + Send + '_ {
        let row_key = keys::encode(key);
        async move {
            let row_key = row_key?;
            let rows = self
                .read_rows(
                    RowSet {
                        row_keys: vec![row_key],
                        row_ranges: Vec::new(),
                    },
                    1,
                )
                .await?;
            match rows.into_iter().next() {
                Some((key, bytes)) => Ok(Some(self.decode_row(key, &bytes)?.value)),
                None => Ok(None),
            }
        }
    }

    /// Every cell of row `key` in the table's family (latest versions), by
    /// qualifier, in one read; `None` for a row without any.
    ///
    /// # Errors
    /// As [`get`](Table::get), naming the column of a cell that does not
    /// decode.
    pub fn get_row(
        &self,
        key: &K::Key<'_>,
    ) -> impl Future<Output = Result<Option<Vec<Cell<V>>>, Error>> + Send + '_ {
        let row_key = keys::encode(key);
        async move {
            let row_key = row_key?;
            let family = Filter::FamilyNameRegexFilter(regex_literal(&self.family));
            let request = self.request(
                RowSet {
                    row_keys: vec![row_key],
                    row_ranges: Vec::new(),
                },
                latest_of(family),
                1,
            );
            let mut data = self.data.clone();
            let Some((row, cells)) = data.read_rows(request).await?.into_iter().next() else {
                return Ok(None);
            };
            cells
                .into_iter()
                .map(|c| match V::decode(&c.value) {
                    Ok(value) => Ok(Cell {
                        qualifier: c.qualifier,
                        value,
                    }),
                    Err(e) => Err(self.value_err(&row, &c.qualifier, e)),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some)
        }
    }

    /// Every row of a scan, in key order (without the salt or bucket): the
    /// whole fan-out in one `ReadRows`. A scan that selects nothing sends
    /// nothing.
    ///
    /// # Errors
    /// A transport or server error; [`Error::Value`] for a cell that does
    /// not decode.
    pub fn scan(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send + '_ {
        self.read(ranges, Read::default())
    }

    /// The rows of a scan in `order`, at most `limit` of them: with a
    /// limit, one stream per range, each limited (ascending) or read to its
    /// end (descending: Bigtable has no reverse scan), merged on the
    /// client; without, one `ReadRows`.
    ///
    /// # Errors
    /// As [`scan`](Table::scan).
    pub fn select(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        limit: Option<usize>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send + '_ {
        let fan_out = if limit.is_some() {
            FanOut::Concurrent
        } else {
            FanOut::OneRequest
        };
        self.read(
            ranges,
            Read {
                fan_out,
                order,
                limit,
            },
        )
    }

    /// The newest `n` rows of a scan, newest first, on any layout: the key
    /// type says which field is its time and which way it is stored
    /// ([`rowkey::RowKey::TIME`]), so a layout whose time is stored newest
    /// first (`#[reverse_ts]` or `#[desc]`) reads each range's first `n`
    /// rows (ascending) and one with a plain time reads every range to its
    /// end and merges it descending.
    ///
    /// # Errors
    /// As [`scan`](Table::scan).
    pub fn latest(
        &self,
        ranges: impl IntoRanges<K>,
        n: usize,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send + '_ {
        self.select(ranges, latest_order::<K>(), Some(n))
    }

    /// A scan read as `read` says.
    ///
    /// # Errors
    /// As [`scan`](Table::scan).
    pub fn read(
        &self,
        ranges: impl IntoRanges<K>,
        read: Read,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send + '_ {
        let ranges = ranges.into_ranges().map(storable);
        async move {
            let ranges = ranges?;
            let limit = read.limit.unwrap_or(usize::MAX);
            if ranges.is_empty() || limit == 0 {
                return Ok(Vec::new());
            }
            let per_range = match read.order {
                // Every range's first `limit` rows hold the merged first `limit`.
                Order::Ascending if limit != usize::MAX => limit,
                _ => 0,
            };
            let mut reads = match read.fan_out {
                FanOut::Concurrent if read.order == Order::Ascending => {
                    return self.stream(ranges, read.limit).await?.try_collect().await;
                }
                FanOut::Concurrent => self.read_each(&ranges, per_range).await?,
                FanOut::Sequential => {
                    let mut reads = Vec::with_capacity(ranges.len());
                    for range in &ranges {
                        reads.push(self.read_range(range, per_range).await?);
                    }
                    reads
                }
                FanOut::OneRequest => {
                    let server_limit = if ranges.len() == 1 { per_range } else { 0 };
                    let mut rows = self.read_rows(row_set_of(&ranges), server_limit).await?;
                    // Range after range, each ascending: merged by a
                    // stable sort of the runs, no row assigned to its range.
                    rowkey::sort_merged(&mut rows, ranges.skip(), read.order);
                    rows.truncate(limit);
                    return self.decode_rows(rows);
                }
            };
            if read.order == Order::Descending {
                // Each range came back ascending: reversed, they are what a
                // reverse scan would have returned.
                for rows in &mut reads {
                    rows.reverse();
                }
            }
            self.decode_rows(ranges.merge(reads, read.order, read.limit))
        }
    }

    /// The rows of a scan as one stream in key order: one `ReadRows` stream
    /// per range, all open at once, merged as rows arrive
    /// ([`rowkey::Merge::stream`]). With a limit each range reads at most
    /// that many rows and the merge stops after them. A transport error or
    /// a cell that does not decode comes through as an `Err` item.
    ///
    /// # Errors
    /// A request that cannot be opened.
    pub fn stream(
        &self,
        ranges: impl IntoRanges<K>,
        limit: Option<usize>,
    ) -> impl Future<Output = Result<RowStream<K, V>, Error>> + Send + '_ {
        let ranges = ranges.into_ranges().map(storable);
        async move {
            let ranges = ranges?;
            let limit = limit.unwrap_or(usize::MAX);
            let per_range = if limit == usize::MAX { 0 } else { limit };
            let opened = ranges.iter().filter(|_| limit > 0).map(|range| {
                let mut data = self.data.clone();
                let request = self.request(
                    row_set(std::slice::from_ref(range)),
                    self.column_filter(),
                    per_range,
                );
                let (family, qualifier) = (self.family.clone(), self.qualifier.clone());
                async move {
                    let rows = data.stream_rows(request).await?;
                    Ok::<_, Error>(StreamExt::boxed(rows.map(move |r| match r {
                        Ok((key, cells)) => {
                            let (key, bytes) = raw(key, cells);
                            match V::decode(&bytes) {
                                Ok(value) => Ok(Row::new(key, value)),
                                Err(source) => Err(Error::Value {
                                    row: rowkey::Binary(&key).to_string(),
                                    column: format!("{family}:{}", rowkey::Binary(&qualifier)),
                                    source,
                                }),
                            }
                        }
                        Err(e) => Err(Error::Client(e)),
                    })))
                }
            });
            let inputs = futures::future::try_join_all(opened).await?;
            Ok(
                Merge::new_fallible(ranges.skip(), |r: &Result<Row<K, V>, Error>| {
                    r.as_ref().ok().map(|r| &r.key[..])
                })
                .limit(limit)
                .stream(inputs),
            )
        }
    }

    /// One page of a scan: at most `size` rows, merged across the scan's
    /// ranges, in `order` (the key's order without its salt or bucket, or
    /// the reverse); pass [`Page::next`] back, with the same order, for the
    /// next page; it is `None` exactly when no row is left (a page that
    /// ends on the scan's last row is the last page). Each range is read
    /// concurrently, up to `size + 1` rows ascending (descending: to its
    /// end, as Bigtable has no reverse scan), and resumes after (before)
    /// the last of its rows the page took.
    ///
    /// # Errors
    /// [`Error::Invalid`] for a size of 0; as [`scan`](Table::scan).
    pub fn page(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        size: usize,
    ) -> impl Future<Output = Result<Page<K, V>, Error>> + Send + '_ {
        let ranges = ranges.into_ranges().map(storable);
        async move {
            if size == 0 {
                return Err(Error::Invalid(
                    "page size 0: give at least one row per page".into(),
                ));
            }
            let ranges = ranges?;
            // One row past the page per range: whether any is left after it.
            let per_range = Ranges::<K>::page_read(size);
            let mut reads = match order {
                Order::Ascending => self.read_each(&ranges, per_range).await?,
                Order::Descending => self.read_each(&ranges, 0).await?,
            };
            if order == Order::Descending {
                for rows in &mut reads {
                    // The last rows, greatest key first.
                    let keep = rows.len().saturating_sub(per_range);
                    rows.drain(..keep);
                    rows.reverse();
                }
            }
            let (rows, next) = ranges.page(reads, order, size);
            Ok(Page {
                rows: self.decode_rows(rows)?,
                next: next.map(storable).filter(|n| !n.is_empty()),
            })
        }
    }
}

/// `filter`, latest version of each column.
fn latest_of(filter: Filter) -> RowFilter {
    RowFilter {
        filter: Some(Filter::Chain(Chain {
            filters: vec![
                RowFilter {
                    filter: Some(filter),
                },
                RowFilter {
                    filter: Some(Filter::CellsPerColumnLimitFilter(1)),
                },
            ],
        })),
    }
}

/// A family name as an RE2 pattern matching it alone: `.` is the only
/// character of a valid family name that RE2 reads as special.
fn regex_literal(name: &str) -> String {
    name.replace('.', "\\.")
}

/// A `RowSet` of `ranges`, each as Bigtable reads it ([`keys::row_range`]).
fn row_set<K: RowKey>(ranges: &[OwnedKeyRange<K>]) -> RowSet {
    RowSet {
        row_keys: Vec::new(),
        row_ranges: ranges.iter().filter_map(keys::row_range).collect(),
    }
}

pub(crate) fn row_set_of<K: RowKey>(ranges: &Ranges<K>) -> RowSet {
    RowSet {
        row_keys: Vec::new(),
        row_ranges: ranges.iter().filter_map(keys::row_range).collect(),
    }
}
