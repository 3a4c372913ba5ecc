//! Merging the rows of a fan-out scan back into one ordered stream.

use alloc::vec::Vec;

/// Merges row streams that are each sorted by key (one per salt or bucket
/// range) into one stream sorted by the key without its first `skip` bytes —
/// the order the rows would have had without the salt or bucket, as Apache
/// Phoenix's merge-sort iterator and OpenTSDB's salt scanner return them.
///
/// `skip` is [`ScanRanges::merge_skip`](crate::ScanRanges::merge_skip). `key`
/// reads a row's key. Rows with equal keys come out in stream order. Each
/// step compares the head of every stream: O(streams) per row, which is
/// what a 16- or 256-way fan-out wants.
///
/// ```
/// use rowkey_core::merge_sorted;
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
    let mut streams: Vec<I> = streams.into_iter().collect();
    let heads = streams.iter_mut().map(Iterator::next).collect();
    MergeSorted {
        streams,
        heads,
        skip,
        key,
    }
}

/// The iterator [`merge_sorted`] returns.
pub struct MergeSorted<I: Iterator> {
    streams: Vec<I>,
    /// The next row of each stream, taken ahead so heads compare in place.
    heads: Vec<Option<I::Item>>,
    skip: usize,
    key: fn(&I::Item) -> &[u8],
}

fn tail<T>(key: fn(&T) -> &[u8], skip: usize, item: &T) -> &[u8] {
    key(item).get(skip..).unwrap_or(&[])
}

impl<I: Iterator> Iterator for MergeSorted<I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        let mut best: Option<(usize, &[u8])> = None;
        for (i, head) in self.heads.iter().enumerate() {
            let Some(item) = head else { continue };
            let t = tail(self.key, self.skip, item);
            if best.is_none_or(|(_, b)| t < b) {
                best = Some((i, t));
            }
        }
        let (i, _) = best?;
        let next = self.streams[i].next();
        core::mem::replace(&mut self.heads[i], next)
    }
}
