//! Deleting every row of a scan: Bigtable's `DropRowRange` takes a prefix
//! or the whole table, not a range with an arbitrary stop row, so the rows'
//! keys are read and each row deleted in batched `MutateRows`.

use crate::read::{row_set_of, storable};
use crate::table::{Batch, Table};
use crate::Error;
use bigtable_rs::google::bigtable::v2::row_filter::{Chain, Filter};
use bigtable_rs::google::bigtable::v2::{ReadRowsRequest, RowFilter};
use futures::StreamExt;
use rowkey::{Codec, IntoRanges, Ranges, RowKey};
use std::future::Future;

/// A `ReadRows` of the keys of a scan's rows: one cell per row, its value
/// stripped, so the server sends the keys and next to nothing else,
/// whatever the rows hold; `column` first narrows the rows to those with a
/// cell in it. (Shared by `delete_ranges` and `count`.)
pub(crate) fn keys_request<K: RowKey>(
    table_name: &str,
    ranges: &Ranges<K>,
    column: Option<Filter>,
) -> ReadRowsRequest {
    let filter = |f| RowFilter { filter: Some(f) };
    let filters = column
        .into_iter()
        .chain([
            Filter::CellsPerRowLimitFilter(1),
            Filter::StripValueTransformer(true),
        ])
        .map(filter)
        .collect();
    ReadRowsRequest {
        table_name: table_name.to_owned(),
        rows: Some(row_set_of(ranges)),
        filter: Some(filter(Filter::Chain(Chain { filters }))),
        ..Default::default()
    }
}

impl<K: RowKey, V: Codec> Table<K, V> {
    /// Deletes every row of a scan, every cell of each in every family,
    /// across all its ranges; returns how many rows it deleted. The keys
    /// come from one `ReadRows` of every range (values stripped by the
    /// server, so no value is read or decoded), streamed into
    /// [`with_batch`](Table::with_batch) rows per `MutateRows` of
    /// `DeleteFromRow`, one request at a time while the read goes on: the
    /// keys of one batch are in memory, not the scan's. A scan that selects
    /// nothing sends nothing and returns 0.
    ///
    /// Not atomic: when a batch fails, the batches before it stay deleted;
    /// a row written in the ranges during the call may outlive it.
    ///
    /// # Errors
    /// A transport or server error; [`Error::Mutation`] naming the first
    /// row Bigtable refused to delete.
    pub fn delete_ranges(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<u64, Error>> + Send + '_ {
        let ranges = ranges.into_ranges().map(storable);
        async move {
            let ranges = ranges?;
            // Never an empty RowSet: Bigtable reads that as the whole table.
            if ranges.is_empty() {
                return Ok(0);
            }
            let mut data = self.data.clone();
            let mut rows = data
                .stream_rows(keys_request(&self.name, &ranges, None))
                .await?;
            let mut deleted = 0u64;
            let mut batch = Batch::with_capacity(self.batch);
            while let Some(row) = rows.next().await {
                let (key, _) = row?;
                batch.push_delete(key);
                if batch.len() == self.batch {
                    let full = std::mem::replace(&mut batch, Batch::with_capacity(self.batch));
                    deleted += self.send_deletes(full).await?;
                }
            }
            if batch.len() > 0 {
                deleted += self.send_deletes(batch).await?;
            }
            Ok(deleted)
        }
    }

    async fn send_deletes(&self, batch: Batch) -> Result<u64, Error> {
        let rows = u64::try_from(batch.len()).unwrap_or(u64::MAX);
        self.mutate_rows(batch).await?;
        Ok(rows)
    }
}
