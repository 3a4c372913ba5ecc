//! Every place this crate touches the `rowkey` key API: encoding with
//! Bigtable's limits, turning scan ranges into Bigtable `RowRange`s, and
//! merging fanned-out rows back into key order.

use crate::Error;
use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
use bigtable_rs::google::bigtable::v2::RowRange;
use rowkey::{Binary, RowKey};

/// Bigtable refuses row keys over 4 KiB.
pub const MAX_ROW_KEY: usize = 4096;

/// Encodes `key`, refusing what Bigtable would refuse, with the key's name.
pub(crate) fn encode<K: RowKey + ?Sized>(key: &K) -> Result<Vec<u8>, Error> {
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

/// The ranges of one typed scan, owned, with empty ones dropped, and how
/// many leading bytes to skip when merging their rows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ranges {
    pub(crate) ranges: Vec<OwnedRange>,
    pub(crate) skip: usize,
}

impl Ranges {
    /// The non-empty ranges left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Whether the scan selects nothing (every range was empty): nothing is
    /// sent to Bigtable.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

impl<const CAP: usize> From<rowkey::ScanRanges<CAP>> for Ranges {
    fn from(ranges: rowkey::ScanRanges<CAP>) -> Self {
        let skip = ranges.merge_skip();
        let ranges = ranges
            .filter(|r| !r.is_empty())
            .map(|r| OwnedRange {
                start: Start::From(r.start().to_vec()),
                stop: r.stop().map(<[u8]>::to_vec),
            })
            .collect();
        Ranges { ranges, skip }
    }
}

/// The part of a row key that decides merge order.
pub(crate) fn tail(key: &[u8], skip: usize) -> &[u8] {
    key.get(skip..).unwrap_or(&[])
}

/// Merges per-range row lists, each in key order, into one list ordered by
/// [`tail`], ascending or descending, keeping at most `limit` rows.
pub(crate) fn merge<T>(
    streams: Vec<Vec<T>>,
    skip: usize,
    key: fn(&T) -> &[u8],
    descending: bool,
    limit: usize,
) -> Vec<T> {
    if descending {
        let streams = streams.into_iter().map(|s| s.into_iter().rev());
        let mut heads: Vec<_> = streams.collect();
        let mut next: Vec<Option<T>> = heads.iter_mut().map(Iterator::next).collect();
        let mut out = Vec::new();
        while out.len() < limit {
            let mut best: Option<(usize, &[u8])> = None;
            for (i, h) in next.iter().enumerate() {
                let Some(item) = h else { continue };
                let t = tail(key(item), skip);
                if best.is_none_or(|(_, b)| t > b) {
                    best = Some((i, t));
                }
            }
            let Some((i, _)) = best else { break };
            let n = heads[i].next();
            if let Some(item) = std::mem::replace(&mut next[i], n) {
                out.push(item);
            }
        }
        out
    } else {
        let iters = streams.into_iter().map(Vec::into_iter);
        rowkey::merge_sorted(iters, skip, key).take(limit).collect()
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

    #[test]
    fn descending_merge_with_limit() {
        let a = vec![vec![0u8, 1], vec![0, 4]];
        let b = vec![vec![1u8, 2], vec![1, 3]];
        let m = merge(vec![a, b], 1, |k: &Vec<u8>| k, true, 3);
        assert_eq!(m, [vec![0, 4], vec![1, 3], vec![1, 2]]);
    }
}
