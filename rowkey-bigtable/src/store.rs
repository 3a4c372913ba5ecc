//! [`rowkey::Store`] for [`Table`] and [`rowkey::Database`] for
//! [`Bigtable`]: the traits' methods are the types' own.

use crate::connect::Bigtable;
use crate::table::Table;
use crate::Error;
use rowkey::{Cell, Codec, Database, IntoRanges, Order, Page, Row, RowKey, Store};
use std::borrow::Borrow;
use std::future::Future;

impl<K: RowKey, V: Codec> Store<K, V> for Table<K, V> {
    type Error = Error;

    fn put(&self, key: &K::Key<'_>, value: &V) -> impl Future<Output = Result<(), Error>> + Send {
        Table::put(self, key, value)
    }

    fn put_many<'k, Q, W>(
        &self,
        rows: impl IntoIterator<Item = (Q, W)>,
    ) -> impl Future<Output = Result<usize, Error>> + Send
    where
        Q: Borrow<K::Key<'k>>,
        W: Borrow<V>,
    {
        Table::put_many(self, rows)
    }

    fn get(&self, key: &K::Key<'_>) -> impl Future<Output = Result<Option<V>, Error>> + Send {
        Table::get(self, key)
    }

    fn delete(&self, key: &K::Key<'_>) -> impl Future<Output = Result<(), Error>> + Send {
        Table::delete(self, key)
    }

    fn delete_ranges(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<u64, Error>> + Send {
        Table::delete_ranges(self, ranges)
    }

    fn delete_many<'k, Q>(
        &self,
        keys: impl IntoIterator<Item = Q>,
    ) -> impl Future<Output = Result<usize, Error>> + Send
    where
        Q: Borrow<K::Key<'k>>,
    {
        Table::delete_many(self, keys)
    }

    fn count(&self, ranges: impl IntoRanges<K>) -> impl Future<Output = Result<u64, Error>> + Send {
        Table::count(self, ranges)
    }

    fn put_cells<Q, W>(
        &self,
        key: &K::Key<'_>,
        cells: impl IntoIterator<Item = (Q, W)>,
    ) -> impl Future<Output = Result<(), Error>> + Send
    where
        Q: AsRef<[u8]>,
        W: Borrow<V>,
    {
        Table::put_cells(self, key, cells)
    }

    fn get_row(
        &self,
        key: &K::Key<'_>,
    ) -> impl Future<Output = Result<Option<Vec<Cell<V>>>, Error>> + Send {
        Table::get_row(self, key)
    }

    fn scan(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send {
        Table::scan(self, ranges)
    }

    fn select(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        limit: Option<usize>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send {
        Table::select(self, ranges, order, limit)
    }

    fn latest(
        &self,
        ranges: impl IntoRanges<K>,
        n: usize,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send {
        Table::latest(self, ranges, n)
    }

    fn page(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        size: usize,
    ) -> impl Future<Output = Result<Page<K, V>, Error>> + Send {
        Table::page(self, ranges, order, size)
    }
}

impl Database for Bigtable {
    type Error = Error;
    type Table<K: RowKey, V: Codec> = Table<K, V>;

    fn table<K: RowKey, V: Codec>(
        &self,
        id: &str,
        family: &str,
        qualifier: &[u8],
    ) -> Result<Table<K, V>, Error> {
        Bigtable::table(self, id, family, qualifier)
    }

    fn create_table_if_missing<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> impl Future<Output = Result<Table<K, V>, Error>> + Send {
        Bigtable::create_table_if_missing(self, id, families, regions)
    }
}
