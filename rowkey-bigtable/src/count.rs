//! Counting the rows of a scan from their keys alone: the server strips
//! the values, so a count moves a key per row whatever the rows hold.

use crate::delete::keys_request;
use crate::read::storable;
use crate::table::Table;
use crate::Error;
use futures::StreamExt;
use rowkey::{Codec, IntoRanges, RowKey};
use std::future::Future;

impl<K: RowKey, V: Codec> Table<K, V> {
    /// How many rows a scan has: the rows [`scan`](Table::scan) returns
    /// for the same ranges (those with a cell in the table's column),
    /// across every range of a fan-out, from one `ReadRows` of keys only:
    /// the column's cells, one per row, values stripped by the server, so
    /// no value is sent or decoded. Streamed and counted as the rows come:
    /// nothing of them is kept. A scan that selects nothing sends nothing
    /// and returns 0.
    ///
    /// # Errors
    /// A transport or server error.
    pub fn count(
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
            // A row with cells in other columns only is not one of the
            // scan's rows.
            let mut rows = data
                .stream_rows(keys_request(&self.name, &ranges, Some(self.column_only())))
                .await?;
            let mut n = 0u64;
            while let Some(row) = rows.next().await {
                row?;
                n += 1;
            }
            Ok(n)
        }
    }
}
