//! Every place this crate touches the `rowkey` key API: encoding with
//! Bigtable's limits, turning scan ranges into Bigtable `RowRange`s, and
//! merging fanned-out rows back into key order.

use crate::Error;
use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
use bigtable_rs::google::bigtable::v2::RowRange;
use rowkey::{Binary, RowKey, ScanRanges};
use std::marker::PhantomData;

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

/// One range of a scan, owned: what a page cursor keeps between requests.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct OwnedRange {
    /// The first row that may be read.
    pub start: Start,
    /// The exclusive stop row; `None` is the end of the table.
    pub stop: Option<Vec<u8>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Start {
    /// From this row, inclusive (empty: the start of the table).
    From(Vec<u8>),
    /// After this row: where a page ended.
    After(Vec<u8>),
}

impl OwnedRange {
    /// Whether no row can fall in the range. An empty range must never reach
    /// Bigtable: there an empty stop row means "to the end of the table".
    pub fn is_empty(&self) -> bool {
        let Some(stop) = &self.stop else {
            return false;
        };
        match &self.start {
            Start::From(s) => stop <= s,
            // After `s` the first row is `s\x00`.
            Start::After(s) => {
                let mut first = s.clone();
                first.push(0);
                *stop <= first
            }
        }
    }

    /// The range as Bigtable reads it, with rows past the 4 KiB limit
    /// replaced by equivalent ones: no stored row is longer than
    /// [`MAX_ROW_KEY`], so `start` over the limit selects the same rows as
    /// "after its first 4096 bytes", and a stop over it as "up to its first
    /// 4096 bytes, inclusive".
    pub fn to_row_range(&self) -> RowRange {
        let start_key = match &self.start {
            Start::From(s) if s.is_empty() => None,
            Start::From(s) if s.len() > MAX_ROW_KEY => {
                Some(StartKey::StartKeyOpen(s[..MAX_ROW_KEY].to_vec()))
            }
            Start::From(s) => Some(StartKey::StartKeyClosed(s.clone())),
            Start::After(s) => Some(StartKey::StartKeyOpen(s.clone())),
        };
        let end_key = self.stop.as_ref().map(|stop| {
            if stop.len() > MAX_ROW_KEY {
                EndKey::EndKeyClosed(stop[..MAX_ROW_KEY].to_vec())
            } else {
                EndKey::EndKeyOpen(stop.clone())
            }
        });
        RowRange { start_key, end_key }
    }

    /// Whether `key` falls in the range.
    pub fn contains(&self, key: &[u8]) -> bool {
        let above = match &self.start {
            Start::From(s) => key >= &s[..],
            Start::After(s) => key > &s[..],
        };
        above && self.stop.as_ref().is_none_or(|stop| key < &stop[..])
    }

    /// The same range, resumed after `row`.
    pub fn after(&self, row: &[u8]) -> Self {
        OwnedRange {
            start: Start::After(row.to_vec()),
            stop: self.stop.clone(),
        }
    }
}

impl std::fmt::Display for OwnedRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.start {
            Start::From(s) => write!(f, "[\"{}\", ", Binary(s))?,
            Start::After(s) => write!(f, "(\"{}\", ", Binary(s))?,
        }
        match &self.stop {
            Some(s) => write!(f, "\"{}\")", Binary(s)),
            None => write!(f, "end)"),
        }
    }
}

/// The ranges of one typed scan of `K`, owned, with the empty ones dropped,
/// and how many leading bytes to skip when merging their rows: what a
/// [`Table<K>`](crate::Table) reads, and what a [`Page`](crate::Page) hands
/// back to resume from. Typed by the key, so another key's scan does not
/// compile where `K`'s is expected.
pub struct Ranges<K> {
    pub(crate) list: Vec<OwnedRange>,
    pub(crate) skip: usize,
    key: PhantomData<fn() -> K>,
}

impl<K> Ranges<K> {
    pub(crate) fn new(list: Vec<OwnedRange>, skip: usize) -> Self {
        Ranges {
            list,
            skip,
            key: PhantomData,
        }
    }

    /// The non-empty ranges left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the scan selects nothing (every range was empty): nothing is
    /// sent to Bigtable.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl<K> Clone for Ranges<K> {
    fn clone(&self) -> Self {
        Ranges::new(self.list.clone(), self.skip)
    }
}

impl<K> PartialEq for Ranges<K> {
    fn eq(&self, other: &Self) -> bool {
        self.list == other.list && self.skip == other.skip
    }
}

impl<K> Eq for Ranges<K> {}

impl<K> std::fmt::Debug for Ranges<K> {
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
    /// The owned ranges, the empty ones dropped.
    fn into_ranges(self) -> Ranges<K>;
}

impl<K: RowKey> IntoRanges<K> for Ranges<K> {
    fn into_ranges(self) -> Ranges<K> {
        self
    }
}

impl<K: RowKey> IntoRanges<K> for ScanRanges<K::Key<'_>> {
    fn into_ranges(self) -> Ranges<K> {
        let skip = self.merge_skip();
        let ranges = self
            .filter(|r| !r.is_empty())
            .map(|r| OwnedRange {
                start: Start::From(r.start().to_vec()),
                stop: r.stop().map(<[u8]>::to_vec),
            })
            .collect();
        Ranges::new(ranges, skip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_long_rows_become_equivalent_ones() {
        let long = vec![b'a'; MAX_ROW_KEY + 3];
        let r = OwnedRange {
            start: Start::From(long.clone()),
            stop: Some(long.clone()),
        }
        .to_row_range();
        assert_eq!(
            r.start_key,
            Some(StartKey::StartKeyOpen(long[..MAX_ROW_KEY].to_vec()))
        );
        assert_eq!(
            r.end_key,
            Some(EndKey::EndKeyClosed(long[..MAX_ROW_KEY].to_vec()))
        );
    }

    #[test]
    fn empty_ranges_are_recognised() {
        let r = |start: Start, stop: Option<&[u8]>| OwnedRange {
            start,
            stop: stop.map(<[u8]>::to_vec),
        };
        assert!(r(Start::From(b"b".to_vec()), Some(b"b")).is_empty());
        assert!(r(Start::From(b"b".to_vec()), Some(b"")).is_empty());
        assert!(!r(Start::From(b"b".to_vec()), Some(b"b\x00")).is_empty());
        assert!(!r(Start::From(b"b".to_vec()), None).is_empty());
        assert!(r(Start::After(b"b".to_vec()), Some(b"b\x00")).is_empty());
        assert!(!r(Start::After(b"b".to_vec()), Some(b"b\x00\x00")).is_empty());
        assert!(!r(Start::After(b"b".to_vec()), Some(b"c")).is_empty());
    }
}
