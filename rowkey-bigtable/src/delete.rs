//! Deleting every row of a scan: Bigtable's `DropRowRange` takes a prefix
//! or the whole table, not a range with an arbitrary stop row, so the rows'
//! keys are read and each row deleted in batched `MutateRows`.

use crate::read::{row_set_of, storable};
use crate::table::{Batch, Table};
use crate::Error;
use bigtable_rs::google::bigtable::v2::row_filter::{Chain, Filter};
use bigtable_rs::google::bigtable::v2::{ReadRowsRequest, RowFilter};
use futures::StreamExt;
use rowkey::{Codec, IntoRanges, RowKey};
use std::future::Future;

/// One cell per row, its value stripped: the server sends the keys and
/// next to nothing else, whatever the rows hold.
fn keys_only() -> RowFilter {
    let filter = |f| RowFilter { filter: Some(f) };
    filter(Filter::Chain(Chain {
        filters: vec![
            filter(Filter::CellsPerRowLimitFilter(1)),
            filter(Filter::StripValueTransformer(true)),
        ],
    }))
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
                .stream_rows(ReadRowsRequest {
                    table_name: self.name.clone(),
                    rows: Some(row_set_of(&ranges)),
                    filter: Some(keys_only()),
                    ..Default::default()
                })
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
