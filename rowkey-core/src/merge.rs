//! Merging the rows of a fan-out scan back into one ordered stream.
//!
//! A salted or bucketed key spreads one logical range over many row ranges
//! (one per salt value or bucket). Each comes back sorted; merged by the key
//! *without* its salt or bucket, they read as the one ordered stream the
//! layout would have had unspread: what Apache Phoenix's merge-sort iterator
//! and OpenTSDB's salt scanner do.
//!
//! - [`merge_sorted`]: ascending, over iterators (the common case).
//! - [`Merge`]: ascending or descending, with a limit (latest-N), over
//!   iterators ([`Merge::iter`]) or, with the `async` feature, over
//!   `futures_core::Stream`s (`Merge::stream`), such as the row streams of
//!   gRPC or Thrift clients.

use alloc::vec::Vec;

/// The order rows come in, from each input and out of the merge: the order
/// of the key's bytes (after a salt or bucket), not of any field's values.
/// On a key whose time field is stored newest first (`#[reverse_ts]` or
/// `#[desc]`), `Ascending` is newest first and `Descending` oldest first;
/// on a plain timestamp, the other way round. Code that wants "newest
/// first" whatever the layout asks `rowkey::latest_order::<K>()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Smallest key first: an HBase `Scan`, a redb `range`. Newest first
    /// over a `#[reverse_ts]` field, which is stored newest first.
    #[default]
    Ascending,
    /// Largest key first: a reversed HBase `Scan` (`setReversed(true)`), a
    /// redb `range(..).rev()`. Newest first over a plain timestamp.
    Descending,
}

/// How to read a row's key. Rows without one (an error from a client, say)
/// are passed on as soon as they arrive.
enum KeyFn<T> {
    Plain(fn(&T) -> &[u8]),
    Optional(fn(&T) -> Option<&[u8]>),
}

impl<T> Clone for KeyFn<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for KeyFn<T> {}

impl<T> KeyFn<T> {
    fn tail<'a>(&self, skip: usize, item: &'a T) -> Option<&'a [u8]> {
        let key = match self {
            KeyFn::Plain(f) => f(item),
            KeyFn::Optional(f) => f(item)?,
        };
        // A row shorter than the skip (not one of this scan's keys) sorts as
        // the empty tail rather than panicking.
        Some(key.get(skip..).unwrap_or(&[]))
    }
}

/// A merge of sorted inputs: by the key after its first `skip` bytes, in
/// either [`Order`], with an optional limit. Build it once, then merge
/// iterators with [`iter`](Merge::iter) or, with the `async` feature,
/// streams with `stream`.
///
/// `skip` is [`ScanRanges::merge_skip`](crate::ScanRanges::merge_skip) of the
/// scan that made the ranges: every row of one scan starts
/// `[salt][prefix][bucket]`, so what follows decides the order. Rows with
/// equal keys come out in input order. Each row costs O(log inputs)
/// comparisons (a heap of the inputs' next rows), over iterators and
/// streams alike.
///
/// Latest 3 across 4 buckets, a key `[bucket][ts]` read newest first (each
/// bucket scanned in reverse):
///
/// ```
/// use rowkey::{Merge, Order};
///
/// // Each bucket's rows, newest first (descending), as a reversed scan
/// // returns them.
/// let buckets: Vec<Vec<[u8; 2]>> = vec![
///     vec![[0, 8], [0, 4], [0, 0]],
///     vec![[1, 9], [1, 5], [1, 1]],
///     vec![[2, 6], [2, 2]],
///     vec![],
/// ];
/// let latest: Vec<[u8; 2]> = Merge::new(1, |row: &[u8; 2]| &row[..])
///     .order(Order::Descending)
///     .limit(3)
///     .iter(buckets)
///     .collect();
/// assert_eq!(latest, [[1, 9], [0, 8], [2, 6]]);
/// ```
pub struct Merge<T> {
    skip: usize,
    key: KeyFn<T>,
    order: Order,
    limit: Option<usize>,
}

impl<T> Clone for Merge<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Merge<T> {}

impl<T> core::fmt::Debug for Merge<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Merge")
            .field("skip", &self.skip)
            .field("order", &self.order)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

impl<T> Merge<T> {
    /// An ascending merge, unlimited, of rows whose key `key` reads.
    #[must_use]
    pub fn new(skip: usize, key: fn(&T) -> &[u8]) -> Self {
        Merge {
            skip,
            key: KeyFn::Plain(key),
            order: Order::Ascending,
            limit: None,
        }
    }

    /// As [`new`](Merge::new), for rows that may have no key: `key` returns
    /// `None` for them (a client's error, say), and the merge passes such a
    /// row on as soon as it heads its input, before any keyed row.
    ///
    /// ```
    /// use rowkey::Merge;
    ///
    /// type Row = Result<Vec<u8>, String>;
    /// let a: Vec<Row> = vec![Err("region moved".into()), Ok(vec![0, 1])];
    /// let b: Vec<Row> = vec![Ok(vec![1, 0])];
    /// let rows: Vec<Row> = Merge::new_fallible(1, |r: &Row| r.as_ref().ok().map(|k| &k[..]))
    ///     .iter([a, b])
    ///     .collect();
    /// assert_eq!(rows, [Err("region moved".into()), Ok(vec![1, 0]), Ok(vec![0, 1])]);
    /// ```
    #[must_use]
    pub fn new_fallible(skip: usize, key: fn(&T) -> Option<&[u8]>) -> Self {
        Merge {
            skip,
            key: KeyFn::Optional(key),
            order: Order::Ascending,
            limit: None,
        }
    }

    /// The order every input is sorted in, and the merge's.
    #[must_use]
    pub fn order(mut self, order: Order) -> Self {
        self.order = order;
        self
    }

    /// Stops after `n` rows (latest-N, a page): no input is read further
    /// once they are out.
    #[must_use]
    pub fn limit(mut self, n: usize) -> Self {
        self.limit = Some(n);
        self
    }

    /// Merges sorted iterators (one per range of a fan-out scan).
    pub fn iter<S>(self, inputs: S) -> MergeSorted<<S::Item as IntoIterator>::IntoIter>
    where
        S: IntoIterator,
        S::Item: IntoIterator<Item = T>,
    {
        let mut inputs: Vec<_> = inputs.into_iter().map(IntoIterator::into_iter).collect();
        // With a limit of 0 nothing is read at all.
        let heads = if self.limit == Some(0) {
            inputs.iter().map(|_| None).collect()
        } else {
            inputs.iter_mut().map(Iterator::next).collect()
        };
        let mut merged = MergeSorted {
            inputs,
            heads,
            heap: Vec::new(),
            merge: self,
            emitted: 0,
        };
        merged.heap = (0..merged.heads.len())
            .filter(|&i| merged.heads[i].is_some())
            .collect();
        for at in (0..merged.heap.len() / 2).rev() {
            self.sift_down(&merged.heads, &mut merged.heap, at);
        }
        merged
    }

    /// Whether the row heading input `a` comes out before input `b`'s: a
    /// keyless one first, then by tail in the merge's order, then the
    /// earlier input.
    fn before(&self, a: (usize, &T), b: (usize, &T)) -> bool {
        let (ta, tb) = (self.key.tail(self.skip, a.1), self.key.tail(self.skip, b.1));
        let by_key = match (ta, tb) {
            (None, None) => core::cmp::Ordering::Equal,
            (None, Some(_)) => core::cmp::Ordering::Less,
            (Some(_), None) => core::cmp::Ordering::Greater,
            (Some(x), Some(y)) => match self.order {
                Order::Ascending => x.cmp(y),
                Order::Descending => y.cmp(x),
            },
        };
        by_key.then(a.0.cmp(&b.0)).is_lt()
    }

    fn done(&self, emitted: usize) -> bool {
        self.limit.is_some_and(|n| emitted >= n)
    }
}

/// Merges row iterators that are each sorted ascending by key (one per salt
/// or bucket range) into one iterator sorted by the key without its first
/// `skip` bytes: the order the rows would have had without the salt or
/// bucket. The same as [`Merge::new`]`(skip, key).iter(streams)`; see
/// [`Merge`] for descending order and limits.
///
/// `skip` is [`ScanRanges::merge_skip`](crate::ScanRanges::merge_skip). `key`
/// reads a row's key. Rows with equal keys come out in stream order.
///
/// ```
/// use rowkey::merge_sorted;
/// // Two buckets, each sorted; merged by the bytes after the bucket byte.
/// let b0 = vec![vec![0u8, 1], vec![0, 4]];
/// let b1 = vec![vec![1u8, 2], vec![1, 3]];
/// let merged: Vec<Vec<u8>> =
///     merge_sorted([b0.into_iter(), b1.into_iter()], 1, |k: &Vec<u8>| k.as_slice()).collect();
/// assert_eq!(merged, [vec![0, 1], vec![1, 2], vec![1, 3], vec![0, 4]]);
/// ```
pub fn merge_sorted<I: Iterator>(
    streams: impl IntoIterator<Item = I>,
    skip: usize,
    key: fn(&I::Item) -> &[u8],
) -> MergeSorted<I> {
    Merge::new(skip, key).iter(streams)
}

/// The iterator [`merge_sorted`] and [`Merge::iter`] return. A binary
/// heap over the inputs' heads: O(log inputs) per row, for a 16-way bucket
/// fan-out or a 65536-way salt fan-out alike.
pub struct MergeSorted<I: Iterator> {
    inputs: Vec<I>,
    /// The next row of each input, taken ahead so heads compare in place.
    heads: Vec<Option<I::Item>>,
    /// The inputs that have a head, the next one to come out first.
    heap: Vec<usize>,
    merge: Merge<I::Item>,
    emitted: usize,
}

impl<T> Merge<T> {
    /// Whether input `a`'s head comes out before input `b`'s.
    fn heads_before(&self, heads: &[Option<T>], a: usize, b: usize) -> bool {
        match (&heads[a], &heads[b]) {
            (Some(x), Some(y)) => self.before((a, x), (b, y)),
            // Only inputs with a head are on the heap.
            (x, _) => x.is_some(),
        }
    }

    /// Restores the heap `heap` (input indices, the next to come out
    /// first) below position `at`.
    fn sift_down(&self, heads: &[Option<T>], heap: &mut [usize], mut at: usize) {
        loop {
            let (l, r) = (2 * at + 1, 2 * at + 2);
            let mut first = at;
            if l < heap.len() && self.heads_before(heads, heap[l], heap[first]) {
                first = l;
            }
            if r < heap.len() && self.heads_before(heads, heap[r], heap[first]) {
                first = r;
            }
            if first == at {
                return;
            }
            heap.swap(at, first);
            at = first;
        }
    }

    /// Restores the heap above position `at` (a head just pushed there).
    #[cfg(feature = "async")]
    fn sift_up(&self, heads: &[Option<T>], heap: &mut [usize], mut at: usize) {
        while at > 0 {
            let parent = (at - 1) / 2;
            if !self.heads_before(heads, heap[at], heap[parent]) {
                return;
            }
            heap.swap(at, parent);
            at = parent;
        }
    }
}

impl<I: Iterator> MergeSorted<I> {
    /// Stops after `n` more rows in all (see [`Merge::limit`]).
    #[must_use]
    pub fn limit(mut self, n: usize) -> Self {
        self.merge.limit = Some(self.emitted.saturating_add(n));
        self
    }
}

impl<I: Iterator> core::fmt::Debug for MergeSorted<I> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MergeSorted")
            .field("inputs", &self.inputs.len())
            .field("merge", &self.merge)
            .field("emitted", &self.emitted)
            .finish_non_exhaustive()
    }
}

impl<I: Iterator> Iterator for MergeSorted<I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.merge.done(self.emitted) {
            return None;
        }
        let i = *self.heap.first()?;
        self.emitted += 1;
        // The last row of a limit reads no input further.
        let next = if self.merge.done(self.emitted) {
            None
        } else {
            self.inputs.get_mut(i).and_then(Iterator::next)
        };
        let row = core::mem::replace(self.heads.get_mut(i)?, next);
        if self.heads[i].is_none() {
            // The input ended: its place goes to the heap's last entry.
            self.heap.swap_remove(0);
        }
        self.merge.sift_down(&self.heads, &mut self.heap, 0);
        row
    }
}

#[cfg(feature = "async")]
pub use stream::MergeStreams;

#[cfg(feature = "async")]
mod stream {
    use super::Merge;
    use alloc::vec::Vec;
    use core::pin::Pin;
    use core::task::{Context, Poll};
    use futures_core::Stream;

    impl<T> Merge<T> {
        /// Merges sorted async streams (one per range of a fan-out scan,
        /// from any client) into one stream. Runtime-agnostic: it only polls
        /// the inputs, with the caller's waker.
        ///
        /// A row is yielded once every input that has not ended has a row
        /// ready (or has ended), since the next row could come from any of
        /// them; with a limit, nothing is polled after the last row. A row
        /// costs O(log inputs) comparisons (a heap of the rows that have
        /// arrived) and one poll of the input it came from. The merge has
        /// one waker, the caller's: while inputs are pending, each wake
        /// polls those inputs again (not the others). Inputs must be
        /// `Unpin` (`Box::pin` one that is not).
        ///
        /// ```
        /// # #[cfg(feature = "async")] {
        /// use core::pin::Pin;
        /// use core::task::{Context, Poll};
        /// use futures_core::Stream;
        /// use rowkey::{Merge, Order};
        ///
        /// /// A stand-in for a client's row stream.
        /// struct Rows(Vec<[u8; 2]>);
        /// impl Stream for Rows {
        ///     type Item = [u8; 2];
        ///     fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<[u8; 2]>> {
        ///         Poll::Ready((!self.0.is_empty()).then(|| self.0.remove(0)))
        ///     }
        /// }
        ///
        /// let merged = Merge::new(1, |row: &[u8; 2]| &row[..])
        ///     .order(Order::Descending)
        ///     .stream([Rows(vec![[0, 8], [0, 1]]), Rows(vec![[1, 9], [1, 2]])]);
        /// // Poll it with any executor: `merged.collect::<Vec<_>>().await`
        /// // with futures' StreamExt, or tokio_stream's.
        /// # let _ = merged;
        /// # }
        /// ```
        pub fn stream<S, I>(self, inputs: I) -> MergeStreams<S>
        where
            I: IntoIterator<Item = S>,
            S: Stream<Item = T> + Unpin,
        {
            let inputs: Vec<S> = inputs.into_iter().collect();
            let heads = inputs.iter().map(|_| None).collect();
            let wanted = (0..inputs.len()).collect();
            MergeStreams {
                inputs,
                heads,
                wanted,
                heap: Vec::new(),
                merge: self,
                emitted: 0,
            }
        }
    }

    /// The stream [`Merge::stream`] returns.
    pub struct MergeStreams<S: Stream> {
        inputs: Vec<S>,
        /// The row each input sent and the merge has not yet passed on.
        heads: Vec<Option<S::Item>>,
        /// The inputs to poll: not asked yet since their last row went out,
        /// or asked and `Pending`.
        wanted: Vec<usize>,
        /// The inputs that have a head, the next one to come out first.
        heap: Vec<usize>,
        merge: Merge<S::Item>,
        emitted: usize,
    }

    // Rows are held by value and never pinned, and the inputs are `Unpin`
    // to be polled: the merge moves freely whatever the row type.
    impl<S: Stream> Unpin for MergeStreams<S> {}

    impl<S: Stream> core::fmt::Debug for MergeStreams<S> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.debug_struct("MergeStreams")
                .field("inputs", &self.inputs.len())
                .field("merge", &self.merge)
                .field("emitted", &self.emitted)
                .finish_non_exhaustive()
        }
    }

    impl<S: Stream + Unpin> Stream for MergeStreams<S> {
        type Item = S::Item;

        fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
            let this = self.get_mut();
            if this.merge.done(this.emitted) {
                return Poll::Ready(None);
            }
            // Fill every wanted head; each pending input has registered the
            // waker, so the merge is polled again when one of them moves.
            let mut k = 0;
            while let Some(&i) = this.wanted.get(k) {
                match Pin::new(&mut this.inputs[i]).poll_next(cx) {
                    Poll::Ready(Some(row)) => {
                        this.heads[i] = Some(row);
                        this.heap.push(i);
                        let at = this.heap.len() - 1;
                        this.merge.sift_up(&this.heads, &mut this.heap, at);
                        this.wanted.swap_remove(k);
                    }
                    Poll::Ready(None) => {
                        this.wanted.swap_remove(k);
                    }
                    Poll::Pending => k += 1,
                }
            }
            let pending = !this.wanted.is_empty();
            let Some(&i) = this.heap.first() else {
                return if pending {
                    Poll::Pending
                } else {
                    Poll::Ready(None)
                };
            };
            // A keyless row (an error) goes out at once (the heap puts it
            // first); a keyed one only when no pending input could still
            // send a row before it.
            let keyless = this.heads[i]
                .as_ref()
                .is_some_and(|row| this.merge.key.tail(0, row).is_none());
            if pending && !keyless {
                return Poll::Pending;
            }
            let Some(row) = this.heads[i].take() else {
                // Only inputs with a head are on the heap.
                return Poll::Pending;
            };
            this.heap.swap_remove(0);
            this.merge.sift_down(&this.heads, &mut this.heap, 0);
            this.wanted.push(i);
            this.emitted += 1;
            Poll::Ready(Some(row))
        }

        fn size_hint(&self) -> (usize, Option<usize>) {
            let ready = self.heap.len();
            let upper = self.merge.limit.map(|n| n.saturating_sub(self.emitted));
            (ready.min(upper.unwrap_or(usize::MAX)), upper)
        }
    }
}
