//! The database handle and the typed table.

use crate::Error;
use redb::{
    AccessGuard, Database, ReadOnlyTable, ReadTransaction, ReadableDatabase, StorageError,
    TableDefinition, TableError, TableHandle, WriteTransaction,
};
use rowkey::{Binary, Cell, Codec, IntoRanges, Order, Page, Ranges, Row, RowKey, Store};
use std::borrow::Borrow;
use std::future::{ready, Future};
use std::marker::PhantomData;
use std::path::Path;
use std::sync::Arc;

/// One column's cells, keyed by the row: a scan of the column reads what a
/// raw `&[u8] => &[u8]` table would. Named `{id}/{family}:{qualifier in
/// hex}`; `{id}/{family}` itself is an empty table that says the family
/// exists (`:` is in no family name, so the names cannot meet).
type Def<'a> = TableDefinition<'a, &'static [u8], &'static [u8]>;

type Entry<'a> = Result<
    (
        AccessGuard<'a, &'static [u8]>,
        AccessGuard<'a, &'static [u8]>,
    ),
    StorageError,
>;

/// A column's table, read.
type Column = ReadOnlyTable<&'static [u8], &'static [u8]>;

/// A column's table, written.
type WriteColumn<'t> = redb::Table<'t, &'static [u8], &'static [u8]>;

/// The redb table of column `family:qualifier` of table `id`.
fn column_table(family_table: &str, qualifier: &[u8]) -> String {
    use std::fmt::Write;
    let mut name = format!("{family_table}:");
    for b in qualifier {
        let _ = write!(name, "{b:02x}");
    }
    name
}

/// A column table's qualifier back from its name.
fn qualifier_of(name: &str, family_table: &str) -> Option<Vec<u8>> {
    let hex = name.strip_prefix(family_table)?.strip_prefix(':')?;
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

/// A scan's ranges as an error names them: the first, and how many more.
fn scan_name<K: RowKey>(ranges: &Ranges<K>) -> String {
    let mut it = ranges.iter();
    match (it.next(), ranges.len()) {
        (Some(first), 1) => format!("rows {first}"),
        (Some(first), n) => format!("rows {first} and {} more ranges", n - 1),
        (None, _) => "no rows".to_owned(),
    }
}

/// The longest key a read encodes on the stack rather than in a `Vec`.
const STACK_KEY: usize = 128;

/// A row (or a cell: qualifier and value) as read, before its value is
/// decoded.
type RawRow = (Vec<u8>, Vec<u8>);

/// An embedded database: a file, or memory for tests. Cheap to clone (one
/// shared handle).
#[derive(Clone)]
pub struct Redb {
    db: Arc<Database>,
}

impl std::fmt::Debug for Redb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redb").finish_non_exhaustive()
    }
}

fn open_err(what: String) -> impl FnOnce(redb::DatabaseError) -> Error {
    move |e| Error::Store {
        table: what,
        op: "open",
        row: "the database".into(),
        source: Box::new(e.into()),
    }
}

impl Redb {
    /// A database in memory, gone when the last handle drops: for tests.
    ///
    /// # Errors
    /// [`Error::Store`] if redb cannot set it up.
    pub fn in_memory() -> Result<Self, Error> {
        let db = Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .map_err(open_err("(memory)".into()))?;
        Ok(Redb { db: Arc::new(db) })
    }

    /// Opens the database file at `path`, creating it if it does not
    /// exist.
    ///
    /// # Errors
    /// [`Error::Store`] naming the file: not a redb file, locked by
    /// another process, no permission.
    pub fn create(path: impl AsRef<Path>) -> Result<Self, Error> {
        let path = path.as_ref();
        let db = Database::create(path).map_err(open_err(path.display().to_string()))?;
        Ok(Redb { db: Arc::new(db) })
    }

    /// A handle on table `id`, reading and writing `family:qualifier` as
    /// each row's value. The table must exist to be read
    /// ([`create_table_if_missing`](Redb::create_table_if_missing)).
    ///
    /// # Errors
    /// [`Error::Name`] for an id or family Bigtable would refuse.
    pub fn table<K: RowKey, V: Codec>(
        &self,
        id: &str,
        family: &str,
        qualifier: &[u8],
    ) -> Result<Table<K, V>, Error> {
        check_names(id, &[family])?;
        let name = format!("{id}/{family}");
        Ok(Table {
            db: Arc::clone(&self.db),
            column: column_table(&name, qualifier),
            name,
            id: id.to_owned(),
            family: family.to_owned(),
            qualifier: qualifier.to_vec(),
            key: PhantomData,
        })
    }

    /// Creates table `id` with the column `families` unless it has them,
    /// and returns a handle on its first family with qualifier `v`: the
    /// same call as `rowkey_bigtable::Bigtable::create_table_if_missing`.
    /// `regions` is Bigtable's pre-split: an embedded store has one region,
    /// but refuses the `regions` Bigtable refuses ([`rowkey::table_split_keys`]),
    /// so a call that works here works there. A key with no leading salt or
    /// bucket takes `regions = 1`.
    ///
    /// # Errors
    /// [`Error::Name`] for an id or family Bigtable would refuse,
    /// [`Error::Invalid`] without families or for `regions` the key cannot
    /// be split into (0, more than 1 without a leading salt or bucket, more
    /// than the salt or bucket has values), [`Error::Store`] from redb.
    pub fn create_table_if_missing<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> impl Future<Output = Result<Table<K, V>, Error>> + Send + use<K, V> {
        ready(self.create_now(id, families, regions))
    }

    fn create_now<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> Result<Table<K, V>, Error> {
        check_names(id, families)?;
        let Some(first) = families.first() else {
            return Err(Error::Invalid(format!(
                "table {id}: give at least one column family"
            )));
        };
        // Bigtable's split keys, computed to refuse the `regions` it refuses.
        rowkey::table_split_keys::<K>(id, regions).map_err(|e| Error::Invalid(e.to_string()))?;
        let err = |e: redb::Error| Error::Store {
            table: id.to_owned(),
            op: "create",
            row: "the table".into(),
            source: Box::new(e),
        };
        let txn = self.db.begin_write().map_err(|e| err(e.into()))?;
        for family in families {
            let name = format!("{id}/{family}");
            txn.open_table(Def::new(&name)).map_err(|e| err(e.into()))?;
        }
        txn.commit().map_err(|e| err(e.into()))?;
        self.table(id, first, b"v")
    }

    /// Deletes table `id`, every family of it; `false` if it had none.
    ///
    /// # Errors
    /// [`Error::Name`] for an id Bigtable would refuse, [`Error::Store`]
    /// from redb.
    pub fn delete_table(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<bool, Error>> + Send + use<> {
        ready(self.delete_now(id))
    }

    fn delete_now(&self, id: &str) -> Result<bool, Error> {
        check_names(id, &[])?;
        let err = |e: redb::Error| Error::Store {
            table: id.to_owned(),
            op: "delete",
            row: "the table".into(),
            source: Box::new(e),
        };
        let txn = self.db.begin_write().map_err(|e| err(e.into()))?;
        let prefix = format!("{id}/");
        let names: Vec<String> = txn
            .list_tables()
            .map_err(|e| err(e.into()))?
            .map(|t| t.name().to_owned())
            .filter(|n| n.starts_with(&prefix))
            .collect();
        for name in &names {
            txn.delete_table(Def::new(name))
                .map_err(|e| err(e.into()))?;
        }
        txn.commit().map_err(|e| err(e.into()))?;
        Ok(!names.is_empty())
    }
}

fn check_names(id: &str, families: &[&str]) -> Result<(), Error> {
    rowkey::check_names(id, families).map_err(|e| Error::Name {
        what: e.what,
        name: e.name.to_owned(),
        rule: e.rule,
    })
}

/// A table of `K` keys and `V` values ([`rowkey::Codec`]): the operations
/// are [`rowkey::Store`]'s (`use rowkey::Store;`).
pub struct Table<K: RowKey, V = Vec<u8>> {
    db: Arc<Database>,
    /// `id/family`: the family's marker table, and the prefix of its
    /// columns' tables.
    name: String,
    /// The redb table of the handle's column.
    column: String,
    id: String,
    family: String,
    qualifier: Vec<u8>,
    key: PhantomData<fn() -> (K, V)>,
}

impl<K: RowKey, V> Clone for Table<K, V> {
    fn clone(&self) -> Self {
        Table {
            db: Arc::clone(&self.db),
            name: self.name.clone(),
            column: self.column.clone(),
            id: self.id.clone(),
            family: self.family.clone(),
            qualifier: self.qualifier.clone(),
            key: PhantomData,
        }
    }
}

impl<K: RowKey, V> std::fmt::Debug for Table<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("table", &self.name)
            .field("key", &K::NAME)
            .field("qualifier", &Binary(&self.qualifier))
            .finish_non_exhaustive()
    }
}

impl<K: RowKey, V: Codec> Table<K, V> {
    /// The same table, reading and writing `qualifier` of its family.
    #[must_use]
    pub fn with_qualifier(mut self, qualifier: &[u8]) -> Self {
        self.qualifier = qualifier.to_vec();
        self.column = column_table(&self.name, qualifier);
        self
    }

    /// The table's column, `family:qualifier`.
    #[must_use]
    pub fn column(&self) -> String {
        format!("{}:{}", self.family, Binary(&self.qualifier))
    }

    /// The handle's column table in a read transaction; `None` when no
    /// cell of the column was written yet (its family exists). Inlined:
    /// the table handle is then built in place, not moved through the
    /// `Result` and `Option`.
    #[inline]
    fn open_column(
        &self,
        txn: &ReadTransaction,
        table: &str,
        op: &'static str,
        row: impl Fn() -> String,
    ) -> Result<Option<Column>, Error> {
        match txn.open_table(Def::new(table)) {
            Ok(t) => Ok(Some(t)),
            Err(TableError::TableDoesNotExist(_)) => {
                // A family that exists holds no such column yet; a table
                // never created is an error naming it.
                txn.open_table(Def::new(&self.name))
                    .map_err(self.store_err(op, &row))?;
                Ok(None)
            }
            Err(e) => Err(self.store_err(op, &row)(e)),
        }
    }

    /// An error of `op` on the row or range `row` names: built only when
    /// there is an error (every call on the success path passes one).
    fn store_err<'s, E: Into<redb::Error>>(
        &'s self,
        op: &'static str,
        row: impl FnOnce() -> String + 's,
    ) -> impl FnOnce(E) -> Error + 's {
        move |e| Error::Store {
            table: self.name.clone(),
            op,
            row: row(),
            source: Box::new(e.into()),
        }
    }

    fn value_err(&self, row: &[u8], qualifier: &[u8], source: rowkey::CodecError) -> Error {
        Error::Value {
            table: self.name.clone(),
            row: Binary(row).to_string(),
            column: format!("{}:{}", self.family, Binary(qualifier)),
            source,
        }
    }

    /// The key's bytes; an empty key is refused, as Bigtable refuses it.
    fn encode_key(key: &K::Key<'_>) -> Result<Vec<u8>, Error> {
        // One exact allocation, not a `Vec`'s growth from empty.
        let mut buf = Vec::with_capacity(key.encoded_len());
        let n = Self::encode_key_into(key, &mut buf)?.len();
        buf.truncate(n);
        Ok(buf)
    }

    /// The key's bytes at the front of `buf`, grown to fit (never shrunk,
    /// so a batch's keys reuse it).
    fn encode_key_into<'b>(key: &K::Key<'_>, buf: &'b mut Vec<u8>) -> Result<&'b [u8], Error> {
        let len = key.encoded_len();
        if buf.len() < len {
            buf.resize(len, 0);
        }
        let n = key.encode_into(buf)?;
        if n == 0 {
            return Err(Self::empty_key());
        }
        Ok(&buf[..n])
    }

    fn empty_key() -> Error {
        Error::Invalid(format!(
            "{}: the row key is empty, which Bigtable refuses; give its fields a value",
            K::NAME
        ))
    }

    fn encode_value(&self, row: &[u8], qualifier: &[u8], value: &V) -> Result<Vec<u8>, Error> {
        value
            .to_bytes()
            .map_err(|e| self.value_err(row, qualifier, e))
    }

    /// A write transaction on the table, which must exist: a write to a
    /// table never created is an error, as on Bigtable.
    fn begin_write(
        &self,
        op: &'static str,
        row: impl Fn() -> String,
    ) -> Result<WriteTransaction, Error> {
        let txn = self.db.begin_write().map_err(self.store_err(op, &row))?;
        if !txn
            .list_tables()
            .map_err(self.store_err(op, &row))?
            .any(|t| t.name() == self.name)
        {
            return Err(Error::Store {
                table: self.name.clone(),
                op,
                row: row(),
                source: Box::new(redb::Error::TableDoesNotExist(self.name.clone())),
            });
        }
        Ok(txn)
    }

    /// Writes `(row, qualifier) => value` cells in one transaction, each
    /// into its column's table (created at its first cell).
    fn write<R, Q>(&self, op: &'static str, cells: &[(R, Q, Vec<u8>)]) -> Result<(), Error>
    where
        R: AsRef<[u8]>,
        Q: AsRef<[u8]>,
    {
        let first = || {
            cells
                .first()
                .map_or_else(String::new, |c| format!("row \"{}\"", Binary(c.0.as_ref())))
        };
        let txn = self.begin_write(op, first)?;
        {
            // The column table open now, and its qualifier.
            let mut open: Option<(Vec<u8>, WriteColumn<'_>)> = None;
            for (row, qualifier, value) in cells {
                let (row, qualifier) = (row.as_ref(), qualifier.as_ref());
                if open.as_ref().is_none_or(|(q, _)| q.as_slice() != qualifier) {
                    let name = if qualifier == &self.qualifier[..] {
                        self.column.clone()
                    } else {
                        column_table(&self.name, qualifier)
                    };
                    // The same column may come again: closed before reopening.
                    drop(open.take());
                    let table = txn
                        .open_table(Def::new(&name))
                        .map_err(self.store_err(op, first))?;
                    open = Some((qualifier.to_vec(), table));
                }
                if let Some((_, table)) = open.as_mut() {
                    table
                        .insert(row, value.as_slice())
                        .map_err(self.store_err(op, || format!("row \"{}\"", Binary(row))))?;
                }
            }
        }
        txn.commit().map_err(self.store_err(op, first))
    }

    fn put_now(&self, key: &K::Key<'_>, value: &V) -> Result<(), Error> {
        let row = Self::encode_key(key)?;
        let value = self.encode_value(&row, &self.qualifier, value)?;
        self.write("put", &[(row, &self.qualifier[..], value)])
    }

    /// Encodes and writes each row in one transaction as it comes, through
    /// one key buffer and one value buffer: no row is held in memory, and
    /// a key or value that does not encode ends the transaction before it
    /// commits, so nothing is written.
    fn put_many_now<'k, Q, W>(&self, rows: impl IntoIterator<Item = (Q, W)>) -> Result<usize, Error>
    where
        Q: Borrow<K::Key<'k>>,
        W: Borrow<V>,
    {
        const OP: &str = "put_many";
        let mut rows = rows.into_iter().peekable();
        let mut key = Vec::new();
        // The batch's first row names what the transaction as a whole did.
        let first = match rows.peek() {
            Some((k, _)) => Self::encode_key_into(k.borrow(), &mut key)?.to_vec(),
            None => Vec::new(),
        };
        let batch = || format!("the batch from row \"{}\"", Binary(&first));
        let txn = self.begin_write(OP, batch)?;
        let mut written = 0;
        {
            let mut table = txn
                .open_table(Def::new(&self.column))
                .map_err(self.store_err(OP, batch))?;
            let mut value = Vec::new();
            for (k, v) in rows {
                let row = Self::encode_key_into(k.borrow(), &mut key)?;
                value.clear();
                v.borrow()
                    .encode(&mut value)
                    .map_err(|e| self.value_err(row, &self.qualifier, e))?;
                table
                    .insert(row, &value[..])
                    .map_err(self.store_err(OP, || format!("row \"{}\"", Binary(row))))?;
                written += 1;
            }
        }
        txn.commit().map_err(self.store_err(OP, batch))?;
        Ok(written)
    }

    fn put_cells_now<Q, W>(
        &self,
        key: &K::Key<'_>,
        cells: impl IntoIterator<Item = (Q, W)>,
    ) -> Result<(), Error>
    where
        Q: AsRef<[u8]>,
        W: Borrow<V>,
    {
        let row = Self::encode_key(key)?;
        let cells = cells
            .into_iter()
            .map(|(q, v)| {
                let value = self.encode_value(&row, q.as_ref(), v.borrow())?;
                Ok((&row[..], q.as_ref().to_vec(), value))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        self.write("put_cells", &cells)
    }

    fn get_now(&self, key: &K::Key<'_>) -> Result<Option<V>, Error> {
        // A key read and not kept is encoded on the stack when it fits.
        let mut stack = [0u8; STACK_KEY];
        let mut heap = Vec::new();
        let len = key.encoded_len();
        let buf = if len <= STACK_KEY {
            &mut stack[..]
        } else {
            heap.resize(len, 0);
            &mut heap[..]
        };
        let n = key.encode_into(buf)?;
        let row = &buf[..n];
        if row.is_empty() {
            return Err(Self::empty_key());
        }
        let name = || format!("row \"{}\"", Binary(row));
        let txn = self.db.begin_read().map_err(self.store_err("get", name))?;
        let Some(table) = self.open_column(&txn, &self.column, "get", name)? else {
            return Ok(None);
        };
        let Some(cell) = table.get(row).map_err(self.store_err("get", name))? else {
            return Ok(None);
        };
        V::decode(cell.value())
            .map(Some)
            .map_err(|e| self.value_err(row, &self.qualifier, e))
    }

    /// The family's column tables: `(qualifier, redb table name)`, in
    /// qualifier order.
    fn columns(&self, names: impl Iterator<Item = String>) -> Vec<(Vec<u8>, String)> {
        let mut columns: Vec<(Vec<u8>, String)> = names
            .filter_map(|n| qualifier_of(&n, &self.name).map(|q| (q, n)))
            .collect();
        columns.sort();
        columns
    }

    /// Every cell of `row` in the family, still encoded, by qualifier.
    fn row_cells(&self, op: &'static str, row: &[u8]) -> Result<Vec<RawRow>, Error> {
        let name = || format!("row \"{}\"", Binary(row));
        let txn = self.db.begin_read().map_err(self.store_err(op, name))?;
        // The family must exist (an error naming it otherwise).
        self.open_column(&txn, &self.name, op, name)?;
        let names = txn
            .list_tables()
            .map_err(self.store_err(op, name))?
            .map(|t| t.name().to_owned());
        let mut cells = Vec::new();
        for (qualifier, table) in self.columns(names) {
            let Some(table) = self.open_column(&txn, &table, op, name)? else {
                continue;
            };
            if let Some(v) = table.get(row).map_err(self.store_err(op, name))? {
                cells.push((qualifier, v.value().to_vec()));
            }
        }
        Ok(cells)
    }

    fn get_row_now(&self, key: &K::Key<'_>) -> Result<Option<Vec<Cell<V>>>, Error> {
        let row = Self::encode_key(key)?;
        let cells = self.row_cells("get_row", &row)?;
        if cells.is_empty() {
            return Ok(None);
        }
        cells
            .into_iter()
            .map(|(qualifier, bytes)| {
                let value = V::decode(&bytes).map_err(|e| self.value_err(&row, &qualifier, e))?;
                Ok(Cell { qualifier, value })
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// Deletes every cell of the row, in every family of the table, as
    /// Bigtable's `DeleteFromRow` does.
    fn delete_now(&self, key: &K::Key<'_>) -> Result<(), Error> {
        let row = Self::encode_key(key)?;
        let name = || format!("row \"{}\"", Binary(&row));
        let txn = self
            .db
            .begin_write()
            .map_err(self.store_err("delete", name))?;
        let prefix = format!("{}/", self.id);
        let tables: Vec<String> = txn
            .list_tables()
            .map_err(self.store_err("delete", name))?
            .map(|t| t.name().to_owned())
            .filter(|n| n.starts_with(&prefix) && n.contains(':'))
            .collect();
        for table in &tables {
            let mut table = txn
                .open_table(Def::new(table))
                .map_err(self.store_err("delete", name))?;
            table
                .remove(&row[..])
                .map_err(self.store_err("delete", name))?;
        }
        txn.commit().map_err(self.store_err("delete", name))
    }

    /// Removes each key's row from every column table of the table (every
    /// family's), in one write transaction, encoding each key as it comes:
    /// a key that does not encode ends the transaction before it commits.
    fn delete_many_now<'k, Q>(&self, keys: impl IntoIterator<Item = Q>) -> Result<usize, Error>
    where
        Q: Borrow<K::Key<'k>>,
    {
        const OP: &str = "delete_many";
        let mut keys = keys.into_iter().peekable();
        let mut key = Vec::new();
        // The first key names what the transaction as a whole did.
        let first = match keys.peek() {
            Some(k) => Self::encode_key_into(k.borrow(), &mut key)?.to_vec(),
            // Nothing to send, as on Bigtable.
            None => return Ok(0),
        };
        let batch = || format!("the batch from row \"{}\"", Binary(&first));
        let txn = self.begin_write(OP, batch)?;
        let mut sent = 0;
        {
            let prefix = format!("{}/", self.id);
            let names: Vec<String> = txn
                .list_tables()
                .map_err(self.store_err(OP, batch))?
                .map(|t| t.name().to_owned())
                .filter(|n| n.starts_with(&prefix) && n.contains(':'))
                .collect();
            let mut tables = names
                .iter()
                .map(|n| txn.open_table(Def::new(n)))
                .collect::<Result<Vec<WriteColumn<'_>>, _>>()
                .map_err(self.store_err(OP, batch))?;
            for k in keys {
                let row = Self::encode_key_into(k.borrow(), &mut key)?;
                for table in &mut tables {
                    table
                        .remove(row)
                        .map_err(self.store_err(OP, || format!("row \"{}\"", Binary(row))))?;
                }
                sent += 1;
            }
        }
        txn.commit().map_err(self.store_err(OP, batch))?;
        Ok(sent)
    }

    /// The rows of `ranges` in the table's column, counted from their keys
    /// in one read transaction: no value is copied or decoded.
    fn count_now(&self, ranges: impl IntoRanges<K>) -> Result<u64, Error> {
        const OP: &str = "count";
        let ranges = ranges.into_ranges()?;
        if ranges.is_empty() {
            return Ok(0);
        }
        let all = || scan_name(&ranges);
        let txn = self.db.begin_read().map_err(self.store_err(OP, all))?;
        let Some(table) = self.open_column(&txn, &self.column, OP, all)? else {
            return Ok(0);
        };
        let mut n = 0u64;
        for range in &ranges {
            let name = || format!("rows {range}");
            for cell in table
                .range::<&[u8]>(range.bounds())
                .map_err(self.store_err(OP, name))?
            {
                if let Err(e) = cell {
                    return Err(self.store_err(OP, name)(e));
                }
                n += 1;
            }
        }
        Ok(n)
    }

    /// Removes the rows of `ranges` from each column table of the table
    /// (every family's), in one write transaction; a row with cells in
    /// several columns counts once.
    fn delete_ranges_now(&self, ranges: impl IntoRanges<K>) -> Result<u64, Error> {
        const OP: &str = "delete_ranges";
        let ranges = ranges.into_ranges()?;
        if ranges.is_empty() {
            return Ok(0);
        }
        let all = || scan_name(&ranges);
        let txn = self.begin_write(OP, all)?;
        let prefix = format!("{}/", self.id);
        let columns: Vec<String> = txn
            .list_tables()
            .map_err(self.store_err(OP, all))?
            .map(|t| t.name().to_owned())
            .filter(|n| n.starts_with(&prefix) && n.contains(':'))
            .collect();
        // One column (the usual table) counts as it removes; over several,
        // the keys are gathered so a row of many cells counts once.
        let several = columns.len() > 1;
        let mut removed = 0u64;
        let mut rows = std::collections::BTreeSet::new();
        for column in &columns {
            let mut table = txn
                .open_table(Def::new(column))
                .map_err(self.store_err(OP, all))?;
            for range in &ranges {
                table
                    .retain_in::<&[u8], _>(range.bounds(), |key, _| {
                        if several {
                            rows.insert(key.to_vec());
                        } else {
                            removed += 1;
                        }
                        false
                    })
                    .map_err(self.store_err(OP, || format!("rows {range}")))?;
            }
        }
        txn.commit().map_err(self.store_err(OP, all))?;
        if several {
            removed = u64::try_from(rows.len()).unwrap_or(u64::MAX);
        }
        Ok(removed)
    }

    /// Each range's rows of the table's column in `order`, at most `limit`
    /// per range, from one read transaction.
    fn read_ranges(
        &self,
        ranges: &Ranges<K>,
        order: Order,
        limit: Option<usize>,
    ) -> Result<Vec<Vec<RawRow>>, Error> {
        if ranges.is_empty() {
            return Ok(Vec::new());
        }
        let all = || scan_name(ranges);
        let txn = self.db.begin_read().map_err(self.store_err("scan", all))?;
        let Some(table) = self.open_column(&txn, &self.column, "scan", all)? else {
            return Ok(ranges.iter().map(|_| Vec::new()).collect());
        };
        let limit = limit.unwrap_or(usize::MAX);
        ranges
            .iter()
            .map(|range| {
                let name = || format!("rows {range}");
                let cells = table
                    .range::<&[u8]>(range.bounds())
                    .map_err(self.store_err("scan", name))?;
                match order {
                    Order::Ascending => self.column_rows(cells, limit, name),
                    Order::Descending => self.column_rows(cells.rev(), limit, name),
                }
            })
            .collect()
    }

    /// The rows among `cells`, up to `limit`.
    fn column_rows<'a>(
        &self,
        cells: impl Iterator<Item = Entry<'a>>,
        limit: usize,
        name: impl Fn() -> String,
    ) -> Result<Vec<RawRow>, Error> {
        cells
            .take(limit)
            .map(|cell| {
                let (k, v) = match cell {
                    Ok(kv) => kv,
                    Err(e) => return Err(self.store_err("scan", &name)(e)),
                };
                Ok((k.value().to_vec(), v.value().to_vec()))
            })
            .collect()
    }

    fn decode_rows(&self, rows: Vec<RawRow>) -> Result<Vec<Row<K, V>>, Error> {
        rows.into_iter()
            .map(|(key, bytes)| {
                let value =
                    V::decode(&bytes).map_err(|e| self.value_err(&key, &self.qualifier, e))?;
                Ok(Row::new(key, value))
            })
            .collect()
    }

    fn select_now(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        limit: Option<usize>,
    ) -> Result<Vec<Row<K, V>>, Error> {
        let ranges = ranges.into_ranges()?;
        match limit {
            Some(0) => Ok(Vec::new()),
            None => self.read_all(&ranges, order),
            Some(_) => {
                let reads = self.read_ranges(&ranges, order, limit)?;
                self.decode_rows(ranges.merge(reads, order, limit))
            }
        }
    }

    /// Every row of the ranges in `order`: each value decoded straight from
    /// redb's page as it is read (every row read is returned, so none is
    /// decoded in vain), the rows of all ranges in one `Vec`, merged by a
    /// stable sort of their runs ([`rowkey::sort_merged_by`]).
    fn read_all(&self, ranges: &Ranges<K>, order: Order) -> Result<Vec<Row<K, V>>, Error> {
        if ranges.is_empty() {
            return Ok(Vec::new());
        }
        let all = || scan_name(ranges);
        let txn = self.db.begin_read().map_err(self.store_err("scan", all))?;
        let Some(table) = self.open_column(&txn, &self.column, "scan", all)? else {
            return Ok(Vec::new());
        };
        let mut rows: Vec<Row<K, V>> = Vec::new();
        for range in ranges {
            let name = || format!("rows {range}");
            let cells = table
                .range::<&[u8]>(range.bounds())
                .map_err(self.store_err("scan", name))?;
            match order {
                Order::Ascending => self.push_decoded(cells, &mut rows, name)?,
                Order::Descending => self.push_decoded(cells.rev(), &mut rows, name)?,
            }
        }
        if ranges.len() > 1 {
            rowkey::sort_merged_by(&mut rows, ranges.skip(), order, |r| &r.key);
        }
        Ok(rows)
    }

    fn push_decoded<'a>(
        &self,
        cells: impl Iterator<Item = Entry<'a>>,
        rows: &mut Vec<Row<K, V>>,
        name: impl Fn() -> String,
    ) -> Result<(), Error> {
        for cell in cells {
            // Matched, not mapped: mapping the `Result` to one of the larger
            // `Error` would move both guards into it, a `memcpy` per row.
            let (k, v) = match cell {
                Ok(kv) => kv,
                Err(e) => return Err(self.store_err("scan", &name)(e)),
            };
            let key = k.value();
            let value =
                V::decode(v.value()).map_err(|e| self.value_err(key, &self.qualifier, e))?;
            rows.push(Row::new(key.to_vec(), value));
        }
        Ok(())
    }

    fn page_now(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        size: usize,
    ) -> Result<Page<K, V>, Error> {
        if size == 0 {
            return Err(Error::Invalid(
                "page size 0: give at least one row per page".into(),
            ));
        }
        let ranges = ranges.into_ranges()?;
        // One row past the page per range: whether any is left after it.
        let reads = self.read_ranges(&ranges, order, Some(Ranges::<K>::page_read(size)))?;
        let (rows, next) = ranges.page(reads, order, size);
        Ok(Page {
            rows: self.decode_rows(rows)?,
            next,
        })
    }
}

impl<K: RowKey, V: Codec> Store<K, V> for Table<K, V> {
    type Error = Error;

    fn put(&self, key: &K::Key<'_>, value: &V) -> impl Future<Output = Result<(), Error>> + Send {
        ready(self.put_now(key, value))
    }

    fn put_many<'k, Q, W>(
        &self,
        rows: impl IntoIterator<Item = (Q, W)>,
    ) -> impl Future<Output = Result<usize, Error>> + Send
    where
        Q: Borrow<K::Key<'k>>,
        W: Borrow<V>,
    {
        ready(self.put_many_now(rows))
    }

    fn get(&self, key: &K::Key<'_>) -> impl Future<Output = Result<Option<V>, Error>> + Send {
        ready(self.get_now(key))
    }

    fn delete(&self, key: &K::Key<'_>) -> impl Future<Output = Result<(), Error>> + Send {
        ready(self.delete_now(key))
    }

    fn delete_ranges(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<u64, Error>> + Send {
        ready(self.delete_ranges_now(ranges))
    }

    fn delete_many<'k, Q>(
        &self,
        keys: impl IntoIterator<Item = Q>,
    ) -> impl Future<Output = Result<usize, Error>> + Send
    where
        Q: Borrow<K::Key<'k>>,
    {
        ready(self.delete_many_now(keys))
    }

    fn count(&self, ranges: impl IntoRanges<K>) -> impl Future<Output = Result<u64, Error>> + Send {
        ready(self.count_now(ranges))
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
        ready(self.put_cells_now(key, cells))
    }

    fn get_row(
        &self,
        key: &K::Key<'_>,
    ) -> impl Future<Output = Result<Option<Vec<Cell<V>>>, Error>> + Send {
        ready(self.get_row_now(key))
    }

    fn scan(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send {
        ready(self.select_now(ranges, Order::Ascending, None))
    }

    fn select(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        limit: Option<usize>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Error>> + Send {
        ready(self.select_now(ranges, order, limit))
    }

    fn page(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        size: usize,
    ) -> impl Future<Output = Result<Page<K, V>, Error>> + Send {
        ready(self.page_now(ranges, order, size))
    }
}
