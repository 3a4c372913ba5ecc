//! Every place this crate touches the `rowkey` key API: encoding with
//! Bigtable's limits, and turning scan ranges into Bigtable `RowRange`s.

use crate::Error;
use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
use bigtable_rs::google::bigtable::v2::RowRange;
use rowkey::{OwnedKeyRange, RowKey};

/// Bigtable refuses row keys over 4 KiB.
pub const MAX_ROW_KEY: usize = 4096;

/// Encodes `key` at the end of `buf` (a batch's keys, end to end) and
/// returns where it starts, refusing what Bigtable would refuse: one
/// encode, no allocation of its own once the buffer has grown.
#[inline]
pub(crate) fn encode_onto<K: RowKey>(key: &K, buf: &mut Vec<u8>) -> Result<usize, Error> {
    let len = key.encoded_len();
    if len > MAX_ROW_KEY {
        return Err(Error::KeyTooLong { key: K::NAME, len });
    }
    let start = buf.len();
    buf.resize(start + len, 0);
    let n = match key.encode_into(&mut buf[start..]) {
        Ok(n) => n,
        Err(e) => {
            buf.truncate(start);
            return Err(e.into());
        }
    };
    buf.truncate(start + n);
    if n == 0 {
        return Err(Error::EmptyKey { key: K::NAME });
    }
    Ok(start)
}

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
        let ranges = rowkey::Ranges::new(vec![resumed, range(b"", Some(b"a"))], 0)
            .retain(|r| row_range(r).is_some());
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
