//! [`rowkey::Store`] for [`Table`]: the trait's methods are the table's own.

use crate::table::Table;
use crate::Error;
use rowkey::{Cell, Codec, IntoRanges, Order, Page, Row, RowKey, Store};
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
