//! Every place this crate touches the `rowkey` key API: encoding with
//! Bigtable's limits, turning scan ranges into Bigtable `RowRange`s, and
//! merging fanned-out rows back into key order.

use crate::Error;
use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
use bigtable_rs::google::bigtable::v2::RowRange;
use rowkey::{OwnedKeyRange, RowKey, ScanRanges};

/// Bigtable refuses row keys over 4 KiB.
pub const MAX_ROW_KEY: usize = 4096;

/// Encodes `key`, refusing what Bigtable would refuse, with the key's name.
pub(crate) fn encode<K: RowKey>(key: &K) -> Result<Vec<u8>, Error> {
    let len = key.encoded_len();
    if len > MAX_ROW_KEY {
        return Err(Error::KeyTooLong { key: K::NAME, len });
    }
    let bytes = key.to_vec()?;
    if bytes.is_empty() {
        return Err(Error::EmptyKey { key: K::NAME });
    }
    Ok(bytes)
}

/// A range as Bigtable reads it, or `None` when no row Bigtable can store
/// falls in it.
///
/// A `KeyRange` follows HBase's 32767-byte limit, so its rows can pass
/// Bigtable's 4 KiB. No stored row is longer than [`MAX_ROW_KEY`], so a start
/// row over the limit selects the same rows as "after its first 4096 bytes",
/// and a stop row over it as "up to its first 4096 bytes, inclusive". When
/// both are over the limit and share those 4096 bytes, the range holds no
/// storable row (an exact value longer than 4 KiB, or a page resumed after a
/// 4096-byte row): sending it would be a request for nothing at best, so it
/// is not sent.
pub(crate) fn row_range<K: RowKey>(range: &OwnedKeyRange<K>) -> Option<RowRange> {
    let start = range.start();
    let start_key = if start.is_empty() {
        None
    } else if start.len() > MAX_ROW_KEY {
        Some(StartKey::StartKeyOpen(start[..MAX_ROW_KEY].to_vec()))
    } else {
        Some(StartKey::StartKeyClosed(start.to_vec()))
    };
    let end_key = range.stop().map(|stop| {
        if stop.len() > MAX_ROW_KEY {
            EndKey::EndKeyClosed(stop[..MAX_ROW_KEY].to_vec())
        } else {
            EndKey::EndKeyOpen(stop.to_vec())
        }
    });
    // The only empty outcome: an open start and a closed end on one row (a
    // closed start never passes its range's stop, and an open start stays
    // below a stop of at most 4 KiB, which sorts after the longer start row).
    if let (Some(StartKey::StartKeyOpen(s)), Some(EndKey::EndKeyClosed(e))) = (&start_key, &end_key)
    {
        if s >= e {
            return None;
        }
    }
    Some(RowRange { start_key, end_key })
}

/// The ranges of one typed scan of `K`, owned, and how many leading bytes
/// to skip when merging their rows: what a [`Table<K>`](crate::Table)
/// reads, and what a [`Page`](crate::Page) hands back to resume from. Each
/// range is a [`rowkey::OwnedKeyRange`] (never empty; `resume_after` pages
/// it), and one that holds no row Bigtable can store (both rows over 4 KiB
/// on one prefix) is dropped. Typed by the key, so another key's scan does
/// not compile where `K`'s is expected.
pub struct Ranges<K: RowKey> {
    pub(crate) list: Vec<OwnedKeyRange<K>>,
    pub(crate) skip: usize,
}

impl<K: RowKey> Ranges<K> {
    pub(crate) fn new(list: Vec<OwnedKeyRange<K>>, skip: usize) -> Self {
        let list = list
            .into_iter()
            .filter(|r| row_range(r).is_some())
            .collect();
        Ranges { list, skip }
    }

    /// The ranges left, each to be read as one Bigtable `RowRange`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the scan selects nothing: nothing is sent to Bigtable (an
    /// empty `RowSet` would read the whole table).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The ranges, in key order: to print (`Display` is HBase's
    /// `toStringBinary`), to hand to another client, or `shell_scan`.
    pub fn iter(&self) -> std::slice::Iter<'_, OwnedKeyRange<K>> {
        self.list.iter()
    }
}

impl<'r, K: RowKey> IntoIterator for &'r Ranges<K> {
    type Item = &'r OwnedKeyRange<K>;
    type IntoIter = std::slice::Iter<'r, OwnedKeyRange<K>>;
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

impl<K: RowKey> std::fmt::Debug for Ranges<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ranges: Vec<String> = self.list.iter().map(ToString::to_string).collect();
        f.debug_struct("Ranges")
            .field("ranges", &ranges)
            .field("skip", &self.skip)
            .finish()
    }
}

/// What a [`Table<K>`](crate::Table) reads: the `ScanRanges` of a typed
/// scan of `K` (borrowing its arguments for any lifetime), or [`Ranges`]
/// (a page's `next`).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(rowkey::RowKey)]
    struct Doc<'a> {
        path: &'a str,
    }

    fn range(start: &[u8], stop: Option<&[u8]>) -> OwnedKeyRange<Doc<'static>> {
        OwnedKeyRange::new(start, stop).expect("range")
    }

    #[test]
    fn over_long_rows_become_equivalent_ones() {
        let long = vec![b'a'; MAX_ROW_KEY + 3];
        let mut longer = long.clone();
        longer[MAX_ROW_KEY - 1] = b'b';
        let r = row_range(&range(&long, Some(&longer))).expect("rows fit");
        assert_eq!(
            r.start_key,
            Some(StartKey::StartKeyOpen(long[..MAX_ROW_KEY].to_vec()))
        );
        assert_eq!(
            r.end_key,
            Some(EndKey::EndKeyClosed(longer[..MAX_ROW_KEY].to_vec()))
        );
        let r = row_range(&range(b"", Some(b"b"))).expect("rows fit");
        assert_eq!(r.start_key, None);
        assert_eq!(r.end_key, Some(EndKey::EndKeyOpen(b"b".to_vec())));
        let r = row_range(&range(b"a", None)).expect("rows fit");
        assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(b"a".to_vec())));
        assert_eq!(r.end_key, None);
    }

    /// A range whose rows both pass 4 KiB on one prefix holds no row
    /// Bigtable can store: it is dropped, not sent as `(p, p]`.
    #[test]
    fn ranges_of_no_storable_row_are_dropped() {
        let p = vec![b'p'; MAX_ROW_KEY];
        let exact = [&p[..], b"q"].concat();
        let after = [&exact[..], b"\x00"].concat();
        assert_eq!(row_range(&range(&exact, Some(&after))), None);
        // Resumed after a stored 4096-byte row, up to a longer stop.
        let resumed = range(b"", Some(&after))
            .resume_after(&p)
            .expect("rows after p");
        assert_eq!(row_range(&resumed), None);
        let ranges = Ranges::new(vec![resumed, range(b"", Some(b"a"))], 0);
        assert_eq!(ranges.len(), 1);
        assert_eq!(
            ranges.iter().next().map(OwnedKeyRange::stop),
            Some(Some(&b"a"[..]))
        );
        // The row itself is still in [p, p q 00): sent as [p, p].
        let r = row_range(&range(&p, Some(&after))).expect("p fits");
        assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(p.clone())));
        assert_eq!(r.end_key, Some(EndKey::EndKeyClosed(p.clone())));
    }
}
