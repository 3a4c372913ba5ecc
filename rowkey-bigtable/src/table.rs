//! The typed table handle and its writes.

use crate::keys;
use crate::Error;
use bigtable_rs::bigtable::BigTable;
use bigtable_rs::google::bigtable::v2::mutation::{self, DeleteFromRow, SetCell};
use bigtable_rs::google::bigtable::v2::{
    mutate_rows_request, MutateRowRequest, MutateRowsRequest, Mutation,
};
use futures::StreamExt;
use rowkey::{Binary, Codec, RowKey};
use std::borrow::Borrow;
use std::future::Future;
use std::marker::PhantomData;

/// Bigtable's limit of mutations in one `MutateRows` request.
pub const MAX_BATCH: usize = 100_000;

/// A table whose row keys are `K` and whose values are `V`
/// ([`rowkey::Codec`]: bytes by default), named by the key's `'static`
/// form (`Table<MetricKey<'static>, f64>`): it writes any `&K::Key<'_>`
/// (keys borrowing from anywhere), reads the ranges of `K`'s typed scans,
/// and decodes rows into `K::Key<'_>` borrowing from them.
///
/// Its methods are [`rowkey::Store`]'s, also callable without importing the
/// trait. Every future they return is `Send`.
pub struct Table<K, V = Vec<u8>> {
    pub(crate) data: BigTable,
    pub(crate) name: String,
    id: String,
    pub(crate) family: String,
    pub(crate) qualifier: Vec<u8>,
    pub(crate) batch: usize,
    key: PhantomData<fn() -> (K, V)>,
}

impl<K, V> Clone for Table<K, V> {
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

impl<K, V> std::fmt::Debug for Table<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("name", &self.name)
            .field("family", &self.family)
            .field("qualifier", &Binary(&self.qualifier).to_string())
            .field("batch", &self.batch)
            .finish_non_exhaustive()
    }
}

impl<K: RowKey, V: Codec> Table<K, V> {
    pub(crate) fn new(
        data: BigTable,
        name: String,
        id: &str,
        family: &str,
        qualifier: &[u8],
    ) -> Self {
        Table {
            data,
            name,
            id: id.to_owned(),
            family: family.to_owned(),
            qualifier: qualifier.to_vec(),
            batch: 1000,
            key: PhantomData,
        }
    }

    /// The table's full name, `projects/P/instances/I/tables/T`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The table's column, `family:qualifier`.
    #[must_use]
    pub fn column(&self) -> String {
        format!("{}:{}", self.family, Binary(&self.qualifier))
    }

    /// The same table, reading and writing `qualifier` of its family.
    #[must_use]
    pub fn with_qualifier(mut self, qualifier: &[u8]) -> Self {
        self.qualifier = qualifier.to_vec();
        self
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

    /// The `cbt` command that creates this table pre-split into `regions`.
    /// The split keys are printed as `cbt` reads them; layouts whose split
    /// keys are not printable (a bucket byte) need the admin API
    /// ([`Bigtable::create_table`](crate::Bigtable::create_table), on the
    /// emulator or on a real instance) instead.
    ///
    /// # Errors
    /// [`Error::Invalid`] for `regions` `K` cannot be split into
    /// ([`rowkey::table_split_keys`]) or a split key that is not printable.
    pub fn create_command(&self, regions: usize) -> Result<String, Error> {
        let mut cmd = format!(
            "cbt createtable {} families={}:maxversions=1",
            self.id, self.family
        );
        let splits = crate::connect::split_keys::<K>(&self.id, regions)?;
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

    pub(crate) fn value_err(&self, row: &[u8], qualifier: &[u8], e: rowkey::CodecError) -> Error {
        Error::Value {
            row: Binary(row).to_string(),
            column: format!("{}:{}", self.family, Binary(qualifier)),
            source: e,
        }
    }

    #[inline]
    fn set_cell(&self, qualifier: &[u8], value: Vec<u8>) -> Mutation {
        Mutation {
            mutation: Some(mutation::Mutation::SetCell(SetCell {
                family_name: self.family.clone(),
                column_qualifier: qualifier.to_vec(),
                // The server's time: a put is a new version, as in HBase.
                timestamp_micros: -1,
                value,
            })),
        }
    }

    #[inline]
    fn encode_value(&self, row: &[u8], qualifier: &[u8], value: &V) -> Result<Vec<u8>, Error> {
        value
            .to_bytes()
            .map_err(|e| self.value_err(row, qualifier, e))
    }

    async fn mutate_row(&self, row: Result<(Vec<u8>, Vec<Mutation>), Error>) -> Result<(), Error> {
        let (row_key, mutations) = row?;
        let mut data = self.data.clone();
        data.mutate_row(MutateRowRequest {
            table_name: self.name.clone(),
            row_key,
            mutations,
            ..Default::default()
        })
        .await?;
        Ok(())
    }

    /// Writes `value` in the table's column of row `key`.
    ///
    /// # Errors
    /// The key does not encode ([`Error::Key`], [`Error::KeyTooLong`],
    /// [`Error::EmptyKey`]), the value does not ([`Error::Value`]), or
    /// Bigtable refuses the write.
    pub fn put(
        &self,
        key: &K::Key<'_>,
        value: &V,
    ) -> impl Future<Output = Result<(), Error>> + Send + '_ {
        let row = keys::encode(key).and_then(|row| {
            let value = self.encode_value(&row, &self.qualifier, value)?;
            Ok((row, vec![self.set_cell(&self.qualifier, value)]))
        });
        self.mutate_row(row)
    }

    /// Writes several cells of row `key` (qualifiers in the table's
    /// family) in one `MutateRow`: atomic, as Bigtable's row mutations are.
    ///
    /// # Errors
    /// As [`put`](Table::put).
    pub fn put_cells<Q, W>(
        &self,
        key: &K::Key<'_>,
        cells: impl IntoIterator<Item = (Q, W)>,
    ) -> impl Future<Output = Result<(), Error>> + Send + '_
    where
        Q: AsRef<[u8]>,
        W: Borrow<V>,
    {
        let row = keys::encode(key).and_then(|row| {
            let mutations = cells
                .into_iter()
                .map(|(q, v)| {
                    let value = self.encode_value(&row, q.as_ref(), v.borrow())?;
                    Ok(self.set_cell(q.as_ref(), value))
                })
                .collect::<Result<Vec<_>, Error>>()?;
            Ok((row, mutations))
        });
        self.mutate_row(row)
    }

    /// Deletes row `key`, every cell of it.
    ///
    /// # Errors
    /// As [`put`](Table::put).
    pub fn delete(&self, key: &K::Key<'_>) -> impl Future<Output = Result<(), Error>> + Send + '_ {
        let row = keys::encode(key).map(|row| (row, vec![delete_from_row()]));
        self.mutate_row(row)
    }

    /// Writes many rows, [`with_batch`](Table::with_batch) rows per
    /// `MutateRows` request, one request at a time. Every key and value is
    /// encoded before anything is sent, so one that does not encode writes
    /// nothing (and the future holds no borrow of `rows`, so it is `Send`
    /// whatever the keys are); all of them are in memory at once, so give a
    /// load of millions of rows in chunks. Returns the number of rows
    /// written.
    ///
    /// # Errors
    /// As [`put`](Table::put); [`Error::Mutation`] naming the first row
    /// Bigtable refused (the rows before it in its batch may be written).
    pub fn put_many<'k, Q, W>(
        &self,
        rows: impl IntoIterator<Item = (Q, W)>,
    ) -> impl Future<Output = Result<usize, Error>> + Send + '_
    where
        Q: Borrow<K::Key<'k>>,
        W: Borrow<V>,
    {
        let batches = self.encode_batches(rows);
        async move {
            let mut written = 0;
            for batch in batches? {
                written += batch.entries.len();
                self.mutate_rows(batch).await?;
            }
            Ok(written)
        }
    }

    /// Deletes the rows of many keys, every cell of each in every family,
    /// [`with_batch`](Table::with_batch) rows per `MutateRows` of
    /// `DeleteFromRow`, one request at a time. Every key is encoded before
    /// anything is sent, so a key that does not encode deletes nothing;
    /// all of them are in memory at once. Returns the number of keys sent,
    /// whether or not a row existed under each (Bigtable does not say).
    ///
    /// # Errors
    /// As [`delete`](Table::delete); [`Error::Mutation`] naming the first
    /// row Bigtable refused (the batches before it stay deleted).
    pub fn delete_many<'k, Q>(
        &self,
        keys: impl IntoIterator<Item = Q>,
    ) -> impl Future<Output = Result<usize, Error>> + Send + '_
    where
        Q: Borrow<K::Key<'k>>,
    {
        let batches = self.delete_batches(keys);
        async move {
            let mut sent = 0;
            for batch in batches? {
                sent += batch.len();
                self.mutate_rows(batch).await?;
            }
            Ok(sent)
        }
    }

    fn delete_batches<'k, Q>(&self, keys: impl IntoIterator<Item = Q>) -> Result<Vec<Batch>, Error>
    where
        Q: Borrow<K::Key<'k>>,
    {
        let mut keys = keys.into_iter();
        let mut batches = Vec::new();
        let mut batch = Batch::with_capacity(keys.size_hint().0.min(self.batch));
        while let Some(k) = keys.next() {
            batch.push_delete(keys::encode(k.borrow())?);
            if batch.len() == self.batch {
                let next = Batch::with_capacity(keys.size_hint().0.min(self.batch));
                batches.push(std::mem::replace(&mut batch, next));
            }
        }
        if batch.len() > 0 {
            batches.push(batch);
        }
        Ok(batches)
    }

    fn encode_batches<'k, Q, W>(
        &self,
        rows: impl IntoIterator<Item = (Q, W)>,
    ) -> Result<Vec<Batch>, Error>
    where
        Q: Borrow<K::Key<'k>>,
        W: Borrow<V>,
    {
        let mut rows = rows.into_iter();
        let mut batches = Vec::new();
        let mut batch = Batch::with_capacity(rows.size_hint().0.min(self.batch));
        while let Some((k, v)) = rows.next() {
            let start = keys::encode_onto(k.borrow(), &mut batch.keys)?;
            let row_key = batch.keys[start..].to_vec();
            let value = self.encode_value(&row_key, &self.qualifier, v.borrow())?;
            batch.ends.push(batch.keys.len());
            batch.entries.push(mutate_rows_request::Entry {
                mutations: vec![self.set_cell(&self.qualifier, value)],
                row_key,
                ..Default::default()
            });
            if batch.entries.len() == self.batch {
                // Sized for what is left: nothing for the usual last batch.
                let next = Batch::with_capacity(rows.size_hint().0.min(self.batch));
                batches.push(std::mem::replace(&mut batch, next));
            }
        }
        if !batch.entries.is_empty() {
            batches.push(batch);
        }
        Ok(batches)
    }

    pub(crate) async fn mutate_rows(&self, batch: Batch) -> Result<(), Error> {
        let Batch {
            entries,
            keys,
            ends,
        } = batch;
        let mut data = self.data.clone();
        let sent = entries.len();
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
                    let i = usize::try_from(entry.index).unwrap_or(usize::MAX);
                    let start = i.checked_sub(1).and_then(|j| ends.get(j)).copied();
                    let row = ends.get(i).map_or_else(String::new, |&end| {
                        Binary(&keys[start.unwrap_or(0)..end]).to_string()
                    });
                    return Err(Error::Mutation {
                        row,
                        code: status.code,
                        message: status.message,
                    });
                }
                done += 1;
            }
        }
        if done == sent {
            Ok(())
        } else {
            Err(Error::Mutation {
                row: String::new(),
                code: 2,
                message: format!("{done} of {sent} rows acknowledged"),
            })
        }
    }
}

/// One `MutateRows` request's entries, and their keys end to end (one
/// buffer, not a copy of each key) to name a row Bigtable refuses.
pub(crate) struct Batch {
    entries: Vec<mutate_rows_request::Entry>,
    keys: Vec<u8>,
    ends: Vec<usize>,
}

impl Batch {
    pub(crate) fn with_capacity(rows: usize) -> Self {
        Batch {
            entries: Vec::with_capacity(rows),
            keys: Vec::with_capacity(rows * 32),
            ends: Vec::with_capacity(rows),
        }
    }

    /// How many rows the batch holds.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Adds a `DeleteFromRow` of `row_key`.
    pub(crate) fn push_delete(&mut self, row_key: Vec<u8>) {
        self.keys.extend_from_slice(&row_key);
        self.ends.push(self.keys.len());
        self.entries.push(mutate_rows_request::Entry {
            row_key,
            mutations: vec![delete_from_row()],
            ..Default::default()
        });
    }
}

/// Every cell of the row, in every family.
fn delete_from_row() -> Mutation {
    Mutation {
        mutation: Some(mutation::Mutation::DeleteFromRow(DeleteFromRow {})),
    }
}

fn unprintable(key: &'static str, split: &[u8]) -> Error {
    Error::Invalid(format!(
        "{key}: split key \"{}\" is not printable for cbt; create the table through the \
         admin API (Bigtable::create_table) instead",
        Binary(split)
    ))
}
