//! One table API over any ordered store: [`Store`], implemented by the
//! embedded adapter (`rowkey-redb`) and the Bigtable one
//! (`rowkey-bigtable`), and the owned ranges, rows and pages it passes.

use crate::{Codec, Error, Merge, Order, OwnedKeyRange, RowKey, ScanRanges};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::future::Future;
use core::marker::PhantomData;

/// A row as an adapter reads it: the key's bytes and the value's, still
/// encoded (`B`: `Vec<u8>`, or the client's buffer).
pub type RawRow<B> = (Vec<u8>, B);

/// The ranges of one typed scan of `K`, owned, and how many leading bytes
/// to skip when merging their rows ([`ScanRanges::merge_skip`]): what a
/// [`Store`] reads, and what a [`Page`] hands back to resume from. Each range
/// is an [`OwnedKeyRange`], so a page can resume after a row of any length.
/// Typed by the key: another key's scan does not compile where `K`'s is
/// expected.
pub struct Ranges<K: RowKey> {
    list: Vec<OwnedKeyRange<K>>,
    skip: usize,
}

/// `OwnedKeyRange::resume_after_merged` or `resume_before_merged`.
type Resume<K> = fn(&OwnedKeyRange<K>, &[u8], usize) -> Result<Option<OwnedKeyRange<K>>, Error>;

impl<K: RowKey> Ranges<K> {
    /// Ranges in key order (sorted, disjoint: a scan's), merged by the key
    /// after its first `skip` bytes.
    #[must_use]
    pub fn new(list: Vec<OwnedKeyRange<K>>, skip: usize) -> Self {
        Ranges { list, skip }
    }

    /// The rows of these ranges that come after `row`, a row key as stored
    /// (a [`Row`]'s `key`, or `key.to_vec()?`), in the merged order: "load
    /// more" from a row the caller kept, such as the last one a client was
    /// shown. Each range of a fan-out resumes after the row rebased onto it
    /// (the range's salt or bucket, then the row's bytes after its own), so
    /// the rows of every bucket that sort after it stay. A key stored
    /// newest first (`#[reverse_ts]`) has its older rows after; read newest
    /// first from a key stored oldest first, use [`before`](Ranges::before).
    ///
    /// ```
    /// use rowkey::{IntoRanges, Ranges, RowKey};
    ///
    /// #[derive(RowKey)]
    /// struct Message<'a> {
    ///     #[salt(md5, 2)]
    ///     #[pad(16)]
    ///     conversation: &'a str,
    ///     #[reverse_ts]
    ///     ts: u64,
    ///     id: &'a str,
    /// }
    ///
    /// let shown = Message { conversation: "c1", ts: 1_700_000_000_000, id: "m7" }.to_vec()?;
    /// let all: Ranges<Message<'static>> = Message::scan().conversation("c1").ranges()?.into_ranges()?;
    /// let older = all.after(&shown)?;
    /// let earlier = Message { conversation: "c1", ts: 1_699_999_999_000, id: "m1" }.to_vec()?;
    /// let same_time = Message { conversation: "c1", ts: 1_700_000_000_000, id: "m8" }.to_vec()?;
    /// assert!(older.iter().any(|r| r.contains(&earlier)));
    /// assert!(older.iter().any(|r| r.contains(&same_time)));
    /// assert!(!older.iter().any(|r| r.contains(&shown)));
    /// # Ok::<(), rowkey::Error>(())
    /// ```
    ///
    /// # Errors
    /// A `row` shorter than the salt or bucket the ranges merge past (not
    /// a stored key of `K`), naming the key.
    pub fn after(self, row: &[u8]) -> Result<Self, Error> {
        self.resumed(row, OwnedKeyRange::resume_after_merged)
    }

    /// The rows of these ranges that come before `row` in the merged
    /// order, as [`after`](Ranges::after) for a scan read newest first
    /// ([`Order::Descending`]).
    ///
    /// # Errors
    /// As `after`.
    pub fn before(self, row: &[u8]) -> Result<Self, Error> {
        self.resumed(row, OwnedKeyRange::resume_before_merged)
    }

    /// Each range resumed past `row` by `resume`; the ranges nothing is
    /// left of drop out.
    fn resumed(self, row: &[u8], resume: Resume<K>) -> Result<Self, Error> {
        if row.len() < self.skip {
            return Err(Error::key(
                K::NAME,
                crate::ErrorKind::Invalid {
                    reason: "the row to resume from is shorter than the key's salt or bucket:                              pass a stored row key of this key type (a Row's key, or to_vec())",
                },
            ));
        }
        let mut list = Vec::with_capacity(self.list.len());
        for range in &self.list {
            list.extend(resume(range, row, self.skip)?);
        }
        Ok(Ranges::new(list, self.skip))
    }

    /// How many ranges are left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the scan selects nothing (an adapter sends nothing then: an
    /// empty Bigtable `RowSet` would read the whole table).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The merge's skip: the bytes of salt, prefix and bucket every row of
    /// the scan starts with.
    #[must_use]
    pub fn skip(&self) -> usize {
        self.skip
    }

    /// The ranges, in key order: to print (`Display` is HBase's
    /// `toStringBinary`) or to hand to another client.
    pub fn iter(&self) -> core::slice::Iter<'_, OwnedKeyRange<K>> {
        self.list.iter()
    }

    /// Keeps the ranges `keep` accepts (an adapter drops ranges its store
    /// cannot hold a row of).
    #[must_use]
    pub fn retain(mut self, keep: impl FnMut(&OwnedKeyRange<K>) -> bool) -> Self {
        self.list.retain(keep);
        self
    }

    /// Merges each range's rows (`reads[i]` holds range `i`'s rows as
    /// `(key, value)`, in `order`) into one list in `order`, at most
    /// `limit` rows; equal keys in range order, as [`Merge`] puts them.
    ///
    /// The rows are all in memory, so this is a stable sort of the ranges'
    /// runs laid end to end, which finds the runs and merges them in
    /// O(rows × log ranges) with a plain slice comparison each: fewer
    /// instructions than a heap's bookkeeping per row.
    #[must_use]
    pub fn merge<B>(
        &self,
        reads: Vec<Vec<RawRow<B>>>,
        order: Order,
        limit: Option<usize>,
    ) -> Vec<RawRow<B>> {
        let mut rows: Vec<RawRow<B>> = reads.into_iter().flatten().collect();
        sort_merged(&mut rows, self.skip, order);
        if let Some(n) = limit {
            rows.truncate(n);
        }
        rows
    }

    /// The ranges a page starts from: `token`, the [`Page::next`] of the
    /// page before, or `first`, the scan's ranges, for the first page (no
    /// token yet). `first` is turned into ranges only then. A `None` that
    /// came from [`Page::next`] means the scan is done: a loop that passes
    /// it here starts over, so stop on it instead.
    ///
    /// # Errors
    /// As [`IntoRanges::into_ranges`].
    pub fn resume_or(token: Option<Ranges<K>>, first: impl IntoRanges<K>) -> Result<Self, Error> {
        match token {
            Some(next) => Ok(next),
            None => first.into_ranges(),
        }
    }

    /// How many rows of each range one [`page`](Ranges::page) of `size`
    /// rows reads: `size + 1`, one row past the page.
    #[must_use]
    pub fn page_read(size: usize) -> usize {
        size.saturating_add(1)
    }

    /// One page: merges each range's first rows in `order` into the first
    /// `size` rows of the merged scan, and the ranges left after them.
    ///
    /// `reads[i]` holds range `i`'s first `size + 1` rows as `(key, value)`
    /// ([`page_read`](Ranges::page_read) of them), fewer only when the range
    /// has no more: the row past the page is how a range that ends exactly
    /// on the page's last row is told from one that goes on. A range with no
    /// row after those the page took is done; every other resumes after
    /// (descending: before) the last of its rows the page took, or stays
    /// whole if it gave none. The ranges left are `None` exactly when no row
    /// of any range is left: a scan of 4 rows in pages of 2 ends with the
    /// second page, not a third, empty one.
    #[must_use]
    pub fn page<B>(
        &self,
        reads: Vec<Vec<RawRow<B>>>,
        order: Order,
        size: usize,
    ) -> (Vec<RawRow<B>>, Option<Ranges<K>>) {
        let read: Vec<usize> = reads.iter().map(Vec::len).collect();
        let tagged: Vec<Vec<(usize, RawRow<B>)>> = reads
            .into_iter()
            .enumerate()
            .map(|(i, rows)| rows.into_iter().map(|r| (i, r)).collect())
            .collect();
        let merged: Vec<(usize, RawRow<B>)> =
            Merge::new(self.skip, |(_, r): &(usize, RawRow<B>)| &r.0[..])
                .order(order)
                .limit(size)
                .iter(tagged)
                .collect();
        let mut taken = vec![0usize; self.list.len()];
        let mut last: Vec<Option<&[u8]>> = vec![None; self.list.len()];
        for (i, (key, _)) in &merged {
            taken[*i] += 1;
            last[*i] = Some(key);
        }
        let mut next = Vec::new();
        for (i, range) in self.list.iter().enumerate() {
            let read = read.get(i).copied().unwrap_or(0);
            // Every row the range has was read (fewer than the look-ahead
            // asked for) and the page took them all.
            if read < Self::page_read(size) && taken[i] == read {
                continue;
            }
            let rest = match (last[i], order) {
                (None, _) => Some(range.clone()),
                (Some(row), Order::Ascending) => range.resume_after(row),
                (Some(row), Order::Descending) => range.resume_before(row),
            };
            next.extend(rest);
        }
        let next = (!next.is_empty()).then(|| Ranges::new(next, self.skip));
        (merged.into_iter().map(|(_, r)| r).collect(), next)
    }
}

/// Puts rows of sorted runs, laid end to end in range order, in merged
/// order: by the key after its first `skip` bytes (a row shorter than that
/// sorts as the empty tail, as in [`Merge`]), equal keys in run order.
pub fn sort_merged<B>(rows: &mut [RawRow<B>], skip: usize, order: Order) {
    sort_merged_by(rows, skip, order, |row| &row.0);
}

/// [`sort_merged`] over any row type, `key` giving each row's key bytes:
/// an adapter sorts the [`Row`]s it returns in place, with no pass from
/// `(key, value)` pairs to rows after the merge.
pub fn sort_merged_by<T>(rows: &mut [T], skip: usize, order: Order, key: impl Fn(&T) -> &[u8]) {
    fn tail(key: &[u8], skip: usize) -> &[u8] {
        key.get(skip..).unwrap_or(&[])
    }
    match order {
        Order::Ascending => rows.sort_by(|a, b| tail(key(a), skip).cmp(tail(key(b), skip))),
        Order::Descending => rows.sort_by(|a, b| tail(key(b), skip).cmp(tail(key(a), skip))),
    }
}

impl<'r, K: RowKey> IntoIterator for &'r Ranges<K> {
    type Item = &'r OwnedKeyRange<K>;
    type IntoIter = core::slice::Iter<'r, OwnedKeyRange<K>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<K: RowKey> Clone for Ranges<K> {
    fn clone(&self) -> Self {
        Ranges {
            list: self.list.clone(),
            skip: self.skip,
        }
    }
}

impl<K: RowKey> PartialEq for Ranges<K> {
    fn eq(&self, other: &Self) -> bool {
        self.list == other.list && self.skip == other.skip
    }
}

impl<K: RowKey> Eq for Ranges<K> {}

impl<K: RowKey> fmt::Debug for Ranges<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ranges")
            .field("ranges", &self.list)
            .field("skip", &self.skip)
            .finish()
    }
}

/// What a [`Store`] reads: the [`ScanRanges`] of a typed scan of `K`
/// (borrowing its arguments for any lifetime), or [`Ranges`] (a page's
/// `next`).
pub trait IntoRanges<K: RowKey> {
    /// The owned ranges.
    ///
    /// # Errors
    /// A range `rowkey` refuses to own (it cannot happen for the ranges of
    /// a scan, which hold the same invariants).
    fn into_ranges(self) -> Result<Ranges<K>, Error>;
}

impl<K: RowKey> IntoRanges<K> for Ranges<K> {
    fn into_ranges(self) -> Result<Ranges<K>, Error> {
        Ok(self)
    }
}

impl<K: RowKey> IntoRanges<K> for ScanRanges<K::Key<'_>> {
    fn into_ranges(self) -> Result<Ranges<K>, Error> {
        let skip = self.merge_skip();
        // The same rows, owned under the key's 'static name.
        let list = self
            .map(|r| OwnedKeyRange::new(r.start(), r.stop()))
            .collect::<Result<_, _>>()?;
        Ok(Ranges::new(list, skip))
    }
}

/// A row read back: its key's bytes and the value of the table's column.
pub struct Row<K, V> {
    /// The row key's bytes.
    pub key: Vec<u8>,
    /// The latest value of the table's column.
    pub value: V,
    _key: PhantomData<fn() -> K>,
}

impl<K: RowKey, V> Row<K, V> {
    /// A row of `key`'s bytes and `value`.
    #[must_use]
    pub fn new(key: Vec<u8>, value: V) -> Self {
        Row {
            key,
            value,
            _key: PhantomData,
        }
    }

    /// The key, decoded (salts and buckets checked), borrowing `&str`
    /// fields from the row.
    ///
    /// # Errors
    /// The bytes are not a `K` (a row another layout wrote).
    pub fn decode(&self) -> Result<K::Key<'_>, Error> {
        K::decode(&self.key)
    }
}

impl<K, V: Clone> Clone for Row<K, V> {
    fn clone(&self) -> Self {
        Row {
            key: self.key.clone(),
            value: self.value.clone(),
            _key: PhantomData,
        }
    }
}

impl<K, V: PartialEq> PartialEq for Row<K, V> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key && self.value == other.value
    }
}

impl<K, V: Eq> Eq for Row<K, V> {}

impl<K, V: fmt::Debug> fmt::Debug for Row<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Row")
            .field("key", &crate::Binary(&self.key))
            .field("value", &self.value)
            .finish()
    }
}

/// One cell of a row: a column qualifier in the table's family and its
/// latest value, as an HBase `Result` or a Bigtable row holds several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell<V> {
    /// The column qualifier.
    pub qualifier: Vec<u8>,
    /// The cell's latest value.
    pub value: V,
}

/// One page of a scan and where the next one starts.
pub struct Page<K: RowKey, V> {
    /// The page's rows: merged across the scan's ranges, in the order
    /// asked for, at most the page size.
    pub rows: Vec<Row<K, V>>,
    /// Where the next page starts (owned: keep it across requests), to pass
    /// back with the same order; `None` exactly when no row of the scan is
    /// left, so a page that ends on the scan's last row has none (a UI
    /// shows no empty "next" page).
    pub next: Option<Ranges<K>>,
}

impl<K: RowKey, V: fmt::Debug> fmt::Debug for Page<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Page")
            .field("rows", &self.rows)
            .field("next", &self.next)
            .finish()
    }
}

/// The order a scan of `K` meets its newest rows first in: ascending for a
/// key whose [`RowKey::TIME`] field is stored newest first (`#[reverse_ts]`
/// or `#[desc]`), descending otherwise (a plain time grows with the key; a
/// key without a time field is read from its greatest key).
#[must_use]
pub fn latest_order<K: RowKey>() -> Order {
    match K::TIME {
        Some(t) if t.newest_first => Order::Ascending,
        _ => Order::Descending,
    }
}

/// A table of `K` keys and `V` values on any store: what one data-access
/// layer is written against to run on the embedded store (`rowkey-redb`)
/// while developing and on Bigtable (`rowkey-bigtable`) in production.
///
/// Async, since Bigtable's client is: the embedded adapter's futures are
/// ready at their first poll (no runtime needed, any executor runs them).
/// A synchronous trait would have had to block inside Bigtable's runtime.
/// Every future is `Send`, so a layer can run on a multi-threaded runtime
/// and be spawned; a layer spawned at a concrete engine writes its own
/// methods as `fn .. -> impl Future + Send` for a key with a lifetime (the
/// crate documentation's "Spawning a layer's futures" says why).
///
/// Reads merge a salted or bucketed fan-out back into key order (without
/// the salt or bucket). Values go through [`Codec`]; a cell that does not
/// decode is an error naming the key and the column.
///
/// ```
/// use rowkey::{Order, RowKey, Store};
///
/// #[derive(RowKey)]
/// struct Event<'a> {
///     #[bucket(16)]
///     ts: u64,
///     #[pad(8)]
///     host: &'a str,
/// }
///
/// /// The hosts that reported in `[from, to)`, oldest first: written once,
/// /// run on any adapter.
/// async fn hosts<T>(events: &T, from: u64, to: u64) -> Result<Vec<String>, T::Error>
/// where
///     T: Store<Event<'static>, u64>,
/// {
///     let rows = events.scan(Event::scan().ts(from..to).ranges()?).await?;
///     rows.iter()
///         .map(|row| Ok(row.decode()?.host.to_owned()))
///         .collect()
/// }
/// ```
pub trait Store<K: RowKey, V: Codec>: Send + Sync {
    /// The adapter's error: every error names the key (and, for a value,
    /// the column) it concerns.
    type Error: From<Error> + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// Writes `value` in the table's column of row `key`.
    fn put(
        &self,
        key: &K::Key<'_>,
        value: &V,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// Writes many rows, in transactions (redb: one; Bigtable: one
    /// `MutateRows` per batch). A key or value that does not encode writes
    /// nothing: redb encodes each row as it writes it and leaves the
    /// transaction uncommitted; Bigtable encodes every row before the first
    /// request, so all of them are in memory at once there: give a load of
    /// millions of rows in chunks. Returns the number of rows written.
    fn put_many<'k, Q, W>(
        &self,
        rows: impl IntoIterator<Item = (Q, W)>,
    ) -> impl Future<Output = Result<usize, Self::Error>> + Send
    where
        Q: core::borrow::Borrow<K::Key<'k>>,
        W: core::borrow::Borrow<V>;

    /// The value of the table's column in row `key`.
    fn get(&self, key: &K::Key<'_>) -> impl Future<Output = Result<Option<V>, Self::Error>> + Send;

    /// Deletes row `key`, every cell of it.
    fn delete(&self, key: &K::Key<'_>) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// Deletes every row of a scan, every cell of each as
    /// [`delete`](Store::delete) takes them, across all the scan's ranges
    /// (each salt or bucket of a fan-out), and returns how many rows it
    /// deleted. The ranges are what [`scan`](Store::scan) takes, so the
    /// rows deleted are exactly the rows that scan returns: a prefix scan on
    /// `device = "dev-1"` deletes none of `dev-10`'s. No value is read or
    /// decoded, so a row whose value would not decode is deleted too; a
    /// scan that selects nothing sends nothing and returns 0.
    ///
    /// redb deletes in one write transaction. Bigtable has no range delete
    /// for an arbitrary stop row, so the adapter reads the rows' keys (values
    /// stripped by the server) and sends a `DeleteFromRow` per row in
    /// batched `MutateRows` requests, as it batches `put_many`: not atomic,
    /// the batches before a failed one stay deleted, and a row written in
    /// the ranges meanwhile may outlive the call.
    ///
    /// ```
    /// use rowkey::{RowKey, Store};
    ///
    /// #[derive(RowKey)]
    /// struct Sample<'a> {
    ///     #[salt(md5, 2)]
    ///     #[pad(16)]
    ///     device: &'a str,
    ///     ts: u64,
    /// }
    ///
    /// /// Forgets a device: its rows in every salt bucket, in one call.
    /// async fn forget<T>(samples: &T, device: &str) -> Result<u64, T::Error>
    /// where
    ///     T: Store<Sample<'static>, f64>,
    /// {
    ///     samples.delete_ranges(Sample::scan().device(device).ranges()?).await
    /// }
    /// ```
    fn delete_ranges(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<u64, Self::Error>> + Send;

    /// Deletes the rows of many keys, every cell of each as
    /// [`delete`](Store::delete) takes them, in transactions as
    /// [`put_many`](Store::put_many) writes (redb: one; Bigtable: one
    /// `MutateRows` of `DeleteFromRow` per batch). A key that does not
    /// encode deletes nothing: redb leaves its transaction uncommitted,
    /// Bigtable encodes every key before the first request (all of them in
    /// memory at once: give millions in chunks). Returns the number of keys sent, whether or not a row
    /// existed under each (Bigtable's delete does not say, so neither
    /// adapter counts rows here: [`count`](Store::count) first if that
    /// matters); a key given twice counts twice.
    ///
    /// ```
    /// use rowkey::{RowKey, Store};
    ///
    /// #[derive(RowKey)]
    /// struct Session<'a> {
    ///     #[salt(md5, 1)]
    ///     #[pad(16)]
    ///     user: &'a str,
    ///     id: u64,
    /// }
    ///
    /// /// Ends the sessions the caller lists, in one call.
    /// async fn end<T>(sessions: &T, user: &str, ids: &[u64]) -> Result<usize, T::Error>
    /// where
    ///     T: Store<Session<'static>, u64>,
    /// {
    ///     let keys: Vec<Session<'_>> = ids.iter().map(|&id| Session { user, id }).collect();
    ///     sessions.delete_many(&keys).await
    /// }
    /// ```
    fn delete_many<'k, Q>(
        &self,
        keys: impl IntoIterator<Item = Q>,
    ) -> impl Future<Output = Result<usize, Self::Error>> + Send
    where
        Q: core::borrow::Borrow<K::Key<'k>>;

    /// How many rows a scan has: the number of rows [`scan`](Store::scan)
    /// returns for the same ranges (rows with a cell in the table's
    /// column, across every range of a fan-out), without reading or
    /// decoding a value. redb walks the keys of one read transaction;
    /// Bigtable reads the keys only (each row's column filtered to one
    /// cell, its value stripped by the server). A scan that selects
    /// nothing sends nothing and returns 0.
    ///
    /// ```
    /// use rowkey::{RowKey, Store};
    ///
    /// #[derive(RowKey)]
    /// struct Sale<'a> {
    ///     #[salt(md5, 2)]
    ///     #[pad(16)]
    ///     seller: &'a str,
    ///     at: u64,
    /// }
    ///
    /// /// A seller's sales in `[from, to)`, no value read.
    /// async fn sales<T>(t: &T, seller: &str, from: u64, to: u64) -> Result<u64, T::Error>
    /// where
    ///     T: Store<Sale<'static>, u64>,
    /// {
    ///     t.count(Sale::scan().seller(seller).at(from..to).ranges()?).await
    /// }
    /// ```
    fn count(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<u64, Self::Error>> + Send;

    /// Writes several cells of row `key` (qualifiers in the table's
    /// family) in one mutation.
    fn put_cells<Q, W>(
        &self,
        key: &K::Key<'_>,
        cells: impl IntoIterator<Item = (Q, W)>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send
    where
        Q: AsRef<[u8]>,
        W: core::borrow::Borrow<V>;

    /// Every cell of row `key` in the table's family, by qualifier, in one
    /// read; `None` for a row with none.
    fn get_row(
        &self,
        key: &K::Key<'_>,
    ) -> impl Future<Output = Result<Option<Vec<Cell<V>>>, Self::Error>> + Send;

    /// Every row of a scan, in key order (without the salt or bucket).
    fn scan(
        &self,
        ranges: impl IntoRanges<K>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Self::Error>> + Send;

    /// The rows of a scan in `order`, at most `limit` of them.
    fn select(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        limit: Option<usize>,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Self::Error>> + Send;

    /// The newest `n` rows of a scan, newest first, whichever way the key
    /// stores time: the direction is [`latest_order`], from the key's time
    /// field ([`RowKey::TIME`] says which field it is and how it is found).
    /// The rows are merged by the key after its salt and bucket, so they
    /// are the newest of the scan when its ranges fix every field before
    /// the time field (a prefix scan up to it); over several values of an
    /// earlier field, they are the newest of the greatest such value.
    fn latest(
        &self,
        ranges: impl IntoRanges<K>,
        n: usize,
    ) -> impl Future<Output = Result<Vec<Row<K, V>>, Self::Error>> + Send {
        self.select(ranges, latest_order::<K>(), Some(n))
    }

    /// One page of a scan: at most `size` rows, merged across its ranges,
    /// in `order`; pass [`Page::next`] back, with the same order, for the
    /// next page. `next` is `None` exactly when no row is left: a scan of 4
    /// rows in pages of 2 has two pages, not a third, empty one.
    ///
    /// `order` is the order of the key's bytes: on a key whose time is
    /// stored newest first (`#[reverse_ts]`, `#[desc]`), `Ascending` pages
    /// newest first. [`latest_order::<K>()`](latest_order) is "newest
    /// first" on any layout.
    ///
    /// The first page takes the scan's ranges, later ones the token: one
    /// call serves both through [`Ranges::resume_or`].
    ///
    /// ```
    /// use rowkey::{Ranges, RowKey, Store};
    ///
    /// #[derive(RowKey)]
    /// struct OrderKey<'a> {
    ///     #[salt(md5, 2)]
    ///     #[pad(16)]
    ///     buyer: &'a str,
    ///     #[reverse_ts]
    ///     placed_at: u64,
    ///     order_id: &'a str,
    /// }
    ///
    /// type Token = Ranges<OrderKey<'static>>;
    ///
    /// /// A buyer's orders in `[from, to)`, newest first, `size` a page: no
    /// /// token for the first page, then the one the last page returned,
    /// /// until it is `None`.
    /// async fn orders<T>(
    ///     t: &T,
    ///     buyer: &str,
    ///     (from, to): (u64, u64),
    ///     size: usize,
    ///     token: Option<Token>,
    /// ) -> Result<(Vec<u64>, Option<Token>), T::Error>
    /// where
    ///     T: Store<OrderKey<'static>, u64>,
    /// {
    ///     let scan = OrderKey::scan().buyer(buyer).placed_at(from..to).ranges()?;
    ///     let newest_first = rowkey::latest_order::<OrderKey<'static>>();
    ///     let page = t.page(Ranges::resume_or(token, scan)?, newest_first, size).await?;
    ///     Ok((page.rows.iter().map(|r| r.value).collect(), page.next))
    /// }
    /// ```
    fn page(
        &self,
        ranges: impl IntoRanges<K>,
        order: Order,
        size: usize,
    ) -> impl Future<Output = Result<Page<K, V>, Self::Error>> + Send;
}

/// A database an adapter opens tables in, `rowkey_redb::Redb` or
/// `rowkey_bigtable::Bigtable`: the table setup of a layer that runs on
/// either is written once, against this trait, as its reads and writes are
/// against [`Store`]. Each handle keeps its inherent methods of the same
/// names, which take precedence where the type is known.
///
/// ```
/// use rowkey::{Database, RowKey, Store};
///
/// #[derive(RowKey)]
/// struct Sample<'a> {
///     #[salt(md5, 2)]
///     #[pad(16)]
///     device: &'a str,
///     ts: u64,
/// }
///
/// #[derive(RowKey)]
/// struct Device<'a> {
///     #[pad(16)]
///     tenant: &'a str,
///     device: &'a str,
/// }
///
/// /// The layer's tables, created once on whichever database it is given.
/// struct Metrics<D: Database> {
///     samples: D::Table<Sample<'static>, f64>,
///     devices: D::Table<Device<'static>, String>,
/// }
///
/// impl<D: Database> Metrics<D> {
///     async fn open(db: &D) -> Result<Self, D::Error> {
///         Ok(Metrics {
///             // 16 regions at the salt's split keys on Bigtable.
///             samples: db.create_table_if_missing("samples", &["d"], 16).await?,
///             // A key led by its own values has nothing to split on.
///             devices: db.create_table_if_missing("devices", &["d"], 1).await?,
///         })
///     }
///
///     async fn record(&self, device: &str, ts: u64, value: f64) -> Result<(), D::Error> {
///         self.samples.put(&Sample { device, ts }, &value).await
///     }
/// }
/// ```
pub trait Database: Send + Sync {
    /// The adapter's error, which its tables return too.
    type Error: From<Error> + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The adapter's table of `K` keys and `V` values.
    type Table<K: RowKey, V: Codec>: Store<K, V, Error = Self::Error>;

    /// A handle on table `id`, reading and writing `family:qualifier` as
    /// each row's value.
    ///
    /// # Errors
    /// An id or family Bigtable would refuse.
    fn table<K: RowKey, V: Codec>(
        &self,
        id: &str,
        family: &str,
        qualifier: &[u8],
    ) -> Result<Self::Table<K, V>, Self::Error>;

    /// Creates table `id` with the column `families` unless it has them
    /// (a table that exists keeps its rows), and returns a handle on its
    /// first family with qualifier `v`. `regions` is the pre-split:
    /// Bigtable splits a new table at [`table_split_keys`]; the embedded
    /// store has one region but refuses the same `regions`, so a layer that
    /// runs on it runs on Bigtable. A key with no leading salt or bucket
    /// takes `regions = 1`.
    ///
    /// # Errors
    /// An id or family Bigtable would refuse, no families, `regions` the key
    /// cannot be split into ([`RegionsError`]), or the store's own failure.
    fn create_table_if_missing<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> impl Future<Output = Result<Self::Table<K, V>, Self::Error>> + Send;
}

/// The split keys a new table of `K` keys starts with when pre-split into
/// `regions`: none for one region, else [`split_keys`](crate::split_keys)
/// of `K`. Every adapter checks `regions` through this, whether or not it
/// splits, so a `regions` one refuses the others refuse too, with the same
/// message.
///
/// # Errors
/// [`RegionsError`] naming `table`, `K` and why: 0 regions; more than one
/// for a key with no leading salt or bucket (nothing to split on: give 1);
/// more regions than the salt or bucket has values.
pub fn table_split_keys<K: RowKey>(
    table: &str,
    regions: usize,
) -> Result<Vec<Vec<u8>>, RegionsError> {
    let refuse = |reason| RegionsError {
        table: table.into(),
        key: K::NAME,
        regions,
        reason,
    };
    match regions {
        0 => Err(refuse("a table has at least one region; give regions = 1")),
        1 => Ok(Vec::new()),
        _ if matches!(K::SPREAD, crate::Spread::None) => Err(refuse(
            "a key with no leading salt or bucket takes regions = 1: its first bytes \
             are a field's own values, whose spread the layout cannot know; give 1, or \
             put #[salt(md5, K)] or #[bucket(N)] on its first field",
        )),
        _ => match crate::split_keys::<K>(regions) {
            Ok(keys) => Ok(keys.into_iter().map(|k| k.as_bytes().to_vec()).collect()),
            Err(e) => Err(refuse(match e.kind() {
                crate::ErrorKind::Invalid { reason } => reason,
                // split_keys refuses with `Invalid` only.
                _ => "the key's salt or bucket cannot be split into that many regions",
            })),
        },
    }
}

/// A `regions` a table of a key cannot be pre-split into
/// ([`table_split_keys`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionsError {
    /// The table id.
    pub table: alloc::string::String,
    /// The key type's name.
    pub key: &'static str,
    /// The regions asked for.
    pub regions: usize,
    /// Why, and what to give instead.
    pub reason: &'static str,
}

impl fmt::Display for RegionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "table {}: {} regions for {}: {}",
            self.table, self.regions, self.key, self.reason
        )
    }
}

impl core::error::Error for RegionsError {}
