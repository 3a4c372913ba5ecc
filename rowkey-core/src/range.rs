//! One row range with HBase `Scan` semantics, typed by its key: what a scan
//! yields, what paging resumes, what a client is handed.

use crate::__private::HBASE_MAX_KEY;
use crate::{Binary, Error, ErrorKind, KeyBuf, RowKey};
use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;
use core::ops::Bound;

/// One row range, as an HBase `Scan` or a Bigtable `RowRange` takes it:
/// start row inclusive, stop row exclusive.
///
/// A `KeyRange` is never empty: it selects at least the rows between its
/// start and its stop. A scan that can select nothing (an inverted window,
/// `..0`, a bound no value reaches) yields no range at all, and
/// [`KeyRange::new`] refuses an empty one. So the two rows cannot be
/// misread by a client:
///
/// - [`start`](KeyRange::start) may be empty: the start of the table, as
///   HBase and Bigtable read an empty start row.
/// - [`stop`](KeyRange::stop) is `None` for the end of the table, never an
///   empty row, and never equal to the start row (which HBase 1.x's
///   `Scan(start, stop)` would read as a `Get` of that row). The "empty stop
///   row means the end of the table" convention of the HBase and Bigtable
///   clients belongs at the call into them: `range.stop().unwrap_or(b"")`,
///   which is correct exactly because the range is not empty.
///
/// A range is typed by its key `K`: the ranges of one key's scan do not
/// compile where another key's are expected. Its rows live inline, in two
/// [`RowKey::ScanBuf`]s: it is `Copy`, `Send` and `'static`, and can be kept
/// across an `.await` or between pages; [`OwnedKeyRange`] holds the same on
/// the heap, sized to the rows.
///
/// ```
/// use rowkey::{KeyRange, RowKey};
///
/// #[derive(RowKey)]
/// struct SellerOrder {
///     seller_id: u64,
///     ts: u64,
/// }
///
/// let range = SellerOrder::scan().seller_id(42).ts(1000..2000).ranges()?.next().unwrap();
/// let again = KeyRange::<SellerOrder>::new(range.start(), range.stop())?;
/// assert_eq!(range, again);
/// assert!(range.stop().is_some_and(|stop| stop > range.start()));
/// // HBase's Bytes.toStringBinary of both rows.
/// assert_eq!(
///     range.to_string(),
///     r#""\x00\x00\x00\x00\x00\x00\x00*\x00\x00\x00\x00\x00\x00\x03\xE8".."\x00\x00\x00\x00\x00\x00\x00*\x00\x00\x00\x00\x00\x00\x07\xD0""#
/// );
/// // Nothing in the window: no range.
/// assert_eq!(SellerOrder::scan().seller_id(42).ts(2000..1000).ranges()?.count(), 0);
/// # Ok::<(), rowkey::Error>(())
/// ```
pub struct KeyRange<K: RowKey> {
    // Written in place by the scan (`scan.rs`), which keeps its template
    // rows in one of these.
    pub(crate) start: K::ScanBuf,
    pub(crate) stop: K::ScanBuf,
    pub(crate) start_len: usize,
    /// 0: no stop row (the end of the table); a stop row is never empty.
    pub(crate) stop_len: usize,
    pub(crate) _key: PhantomData<fn() -> K>,
}

/// Why [`KeyRange::new`] refuses its rows.
const EMPTY_RANGE: &str = "the stop row must sort after the start row: a range that selects \
                           nothing has no KeyRange (pass None as the stop for the end of the \
                           table, not an empty row)";
const ROW_TOO_LONG: &str =
    "a row of the range is longer than the key's SCAN_CAP, which counts 256 \
                            bytes for each unpadded, delimited or escaped field: resume with \
                            OwnedKeyRange (From<KeyRange>, feature alloc), which holds rows of \
                            any length up to HBase's 32767-byte row-key limit";
#[cfg(feature = "alloc")]
const ROW_OVER_LIMIT: &str = "a row of the range is longer than HBase's 32767-byte row-key limit";

impl<K: RowKey> KeyRange<K> {
    /// The longest row a range of `K` holds: `SCAN_CAP`, at most HBase's
    /// row-key limit.
    const MAX_ROW: usize = min(<K::ScanBuf as KeyBuf>::LEN, HBASE_MAX_KEY);

    /// A range from a start row (inclusive; empty for the start of the
    /// table) and a stop row (exclusive; `None` for the end of the table).
    ///
    /// # Errors
    /// A stop row that does not sort after the start row (the range would
    /// select nothing; an empty stop row is such a row), or a row longer
    /// than `K::SCAN_CAP` or than HBase's 32767-byte limit.
    pub fn new(start: &[u8], stop: Option<&[u8]>) -> Result<Self, Error> {
        let invalid = |reason| Error::key(K::NAME, ErrorKind::Invalid { reason });
        if start.len() > Self::MAX_ROW || stop.is_some_and(|s| s.len() > Self::MAX_ROW) {
            return Err(invalid(ROW_TOO_LONG));
        }
        if stop.is_some_and(|s| s <= start) {
            return Err(invalid(EMPTY_RANGE));
        }
        let mut r = KeyRange {
            start: K::ScanBuf::ZERO,
            stop: K::ScanBuf::ZERO,
            start_len: start.len(),
            stop_len: 0,
            _key: PhantomData,
        };
        crate::buf_mut(&mut r.start)[..start.len()].copy_from_slice(start);
        if let Some(stop) = stop {
            crate::buf_mut(&mut r.stop)[..stop.len()].copy_from_slice(stop);
            r.stop_len = stop.len();
        }
        Ok(r)
    }

    /// No rows yet: the scan's template starts from it.
    pub(crate) const EMPTY: Self = KeyRange {
        start: K::ScanBuf::ZERO,
        stop: K::ScanBuf::ZERO,
        start_len: 0,
        stop_len: 0,
        _key: PhantomData,
    };

    /// The start row (inclusive). Empty means the start of the table.
    #[must_use]
    pub fn start(&self) -> &[u8] {
        &crate::buf(&self.start)[..self.start_len]
    }

    /// The stop row (exclusive), or `None` for the end of the table. Never
    /// an empty row, and always after [`start`](KeyRange::start).
    #[must_use]
    pub fn stop(&self) -> Option<&[u8]> {
        (self.stop_len > 0).then(|| &crate::buf(&self.stop)[..self.stop_len])
    }

    /// Whether `key` falls in the range, comparing as HBase does (unsigned
    /// bytes, lexicographically).
    #[must_use]
    pub fn contains(&self, key: &[u8]) -> bool {
        key >= self.start() && self.stop().is_none_or(|stop| key < stop)
    }

    /// The range as the bounds `BTreeMap::range`, redb's `Table::range` and
    /// other ordered stores take: `(Included(start), Excluded(stop))`, or
    /// `Unbounded` for the end of the table. Never a reversed pair (which
    /// `BTreeMap::range` would panic on).
    #[must_use]
    pub fn bounds(&self) -> (Bound<&[u8]>, Bound<&[u8]>) {
        (
            Bound::Included(self.start()),
            self.stop().map_or(Bound::Unbounded, Bound::Excluded),
        )
    }

    /// The rest of the range after `row`, for the next page of an ascending
    /// scan: start just after `row` (and not before this range's start),
    /// same stop. `Ok(None)` only when no key is left: after a row of
    /// HBase's 32767-byte limit the range resumes from the first row after
    /// every extension of it (no longer key exists), and `Ok(None)` means
    /// the row is all `0xFF` bytes or the range ends there.
    ///
    /// For one range. In a fan-out merged by `Merge`, the page's last row
    /// lies in one salt or bucket only: resume every range with
    /// [`resume_after_merged`](KeyRange::resume_after_merged) instead.
    /// Passing the row as is here drops the rows of lower buckets and
    /// repeats those of higher ones.
    ///
    /// # Errors
    /// Rows left whose start row would be longer than `K::SCAN_CAP` (after
    /// a variable-width value longer than the scan budget): refused, never
    /// read as "nothing left". [`OwnedKeyRange::resume_after`] has no such
    /// limit.
    pub fn resume_after(&self, row: &[u8]) -> Result<Option<Self>, Error> {
        self.resumed(after(
            self.start(),
            self.stop(),
            Pieces::whole(row),
            &mut [0],
        ))
    }

    /// The range [`after`] or [`before`] describes, its new row copied in.
    fn resumed(&self, r: Resumed<'_>) -> Result<Option<Self>, Error> {
        let (row, is_start) = match r {
            Resumed::Nothing => return Ok(None),
            Resumed::Whole => return Ok(Some(*self)),
            Resumed::Start(row) => (row, true),
            Resumed::Stop(row) => (row, false),
        };
        if row.len() > Self::MAX_ROW {
            // The rows left need a start or stop row this long: refused
            // rather than read as "nothing left".
            return Err(Error::key(
                K::NAME,
                ErrorKind::Invalid {
                    reason: ROW_TOO_LONG,
                },
            ));
        }
        let mut buf = K::ScanBuf::ZERO;
        let row = row.write(crate::buf_mut(&mut buf));
        if is_start {
            Self::new(row, self.stop()).map(Some)
        } else {
            Self::new(self.start(), Some(row)).map(Some)
        }
    }

    /// [`resume_after`](KeyRange::resume_after) for one range of a fan-out
    /// merged by `Merge`: `row`, the page's last row from whichever range
    /// it came, is first rebased onto this range (`self.start()[..skip]`,
    /// then `row[skip..]`), `skip` being
    /// [`ScanRanges::merge_skip`](crate::ScanRanges::merge_skip). Resume
    /// every range of the fan-out with the same `row` and `skip`; with
    /// `skip` 0 this is `resume_after`.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct LogEvent<'a> {
    ///     #[bucket(4)] ts: u64,
    ///     #[pad(8)] host: &'a str,
    /// }
    ///
    /// let scan = LogEvent::scan().ts(0..100).ranges()?;
    /// let skip = scan.merge_skip();
    /// // The page ended on ts 41 (bucket 1): every bucket resumes after ts 41.
    /// let last = LogEvent { ts: 41, host: "web01" }.to_vec()?;
    /// let rest: Vec<_> = scan
    ///     .filter_map(|r| r.resume_after_merged(&last, skip).transpose())
    ///     .collect::<Result<_, _>>()?;
    /// let ts_40 = LogEvent { ts: 40, host: "web01" }.to_vec()?;
    /// let ts_42 = LogEvent { ts: 42, host: "web01" }.to_vec()?;
    /// assert!(rest.iter().all(|r| !r.contains(&ts_40)));
    /// assert!(rest.iter().any(|r| r.contains(&ts_42)));
    /// # Ok::<(), rowkey::Error>(())
    /// ```
    ///
    /// # Errors
    /// As `resume_after`, and a `skip` longer than this range's start or
    /// `row` (not a row of this fan-out).
    pub fn resume_after_merged(&self, row: &[u8], skip: usize) -> Result<Option<Self>, Error> {
        let row = rebase::<K>(self.start(), row, skip)?;
        self.resumed(after(self.start(), self.stop(), row, &mut [0]))
    }

    /// [`resume_before`](KeyRange::resume_before) for one range of a fan-out
    /// merged newest first: `row` rebased onto this range as
    /// [`resume_after_merged`](KeyRange::resume_after_merged) does.
    ///
    /// # Errors
    /// As `resume_before`, and a `skip` longer than this range's start or
    /// `row`.
    pub fn resume_before_merged(&self, row: &[u8], skip: usize) -> Result<Option<Self>, Error> {
        let row = rebase::<K>(self.start(), row, skip)?;
        self.resumed(before(self.start(), self.stop(), row, &mut [0]))
    }

    /// The rest of the range before `row`, for the next page of a scan read
    /// newest first from its stop: same start, stop at `row` (and not after
    /// this range's stop). `Ok(None)` when nothing is left. In a merged
    /// fan-out, use [`resume_before_merged`](KeyRange::resume_before_merged).
    ///
    /// # Errors
    /// A row longer than `K::SCAN_CAP` (a variable-width value longer than
    /// the scan budget), which a stop row here cannot hold; no shorter stop
    /// row selects the same keys. [`OwnedKeyRange::resume_before`] has no
    /// such limit.
    pub fn resume_before(&self, row: &[u8]) -> Result<Option<Self>, Error> {
        self.resumed(before(
            self.start(),
            self.stop(),
            Pieces::whole(row),
            &mut [0],
        ))
    }

    /// The HBase shell command that scans this range of `table`:
    /// `scan 'T', {STARTROW => "...", STOPROW => "..."}`, each row a Ruby
    /// double-quoted literal the shell reads back to exactly its bytes (the
    /// shell hands `STARTROW` and `STOPROW` to `Scan` as the string's raw
    /// bytes, so binary bytes are `\xNN` escapes Ruby itself decodes).
    ///
    /// ```
    /// use rowkey::{KeyRange, RowKey};
    /// #[derive(RowKey)]
    /// struct Event {
    ///     #[bucket(4)]
    ///     ts: u64,
    /// }
    /// // One event: bucket 7 % 4 = 3, then the 8 bytes of 7.
    /// let r = Event::scan().ts(7).ranges()?.next().unwrap();
    /// assert_eq!(
    ///     r.shell_scan("events").to_string(),
    ///     r#"scan 'events', {STARTROW => "\x03\x00\x00\x00\x00\x00\x00\x00\x07", STOPROW => "\x03\x00\x00\x00\x00\x00\x00\x00\x07\x00"}"#
    /// );
    /// # Ok::<(), rowkey::Error>(())
    /// ```
    #[must_use]
    pub fn shell_scan<'a>(&'a self, table: &'a str) -> crate::ShellScan<'a> {
        crate::ShellScan {
            table,
            start: self.start(),
            stop: self.stop(),
        }
    }
}

/// A row read as up to three slices back to back: a row of a merged
/// fan-out rebased onto a range (its head from the range's start), or a
/// successor (a row's first bytes, then one byte), compared and measured
/// without being copied, so that a row longer than `SCAN_CAP` is resumed
/// from even where the inline range cannot hold it.
#[derive(Clone, Copy)]
struct Pieces<'a>([&'a [u8]; 3]);

impl<'a> Pieces<'a> {
    fn whole(row: &'a [u8]) -> Self {
        Pieces([row, &[], &[]])
    }

    fn len(&self) -> usize {
        self.0.iter().map(|p| p.len()).sum()
    }

    /// Unsigned lexicographic order, as HBase compares rows.
    fn cmp(&self, mut other: &[u8]) -> Ordering {
        for p in self.0 {
            let n = p.len().min(other.len());
            match p[..n].cmp(&other[..n]) {
                Ordering::Equal if n < p.len() => return Ordering::Greater,
                Ordering::Equal => other = &other[n..],
                o => return o,
            }
        }
        if other.is_empty() {
            Ordering::Equal
        } else {
            Ordering::Less
        }
    }

    /// The first `n` bytes.
    fn take(&self, mut n: usize) -> Self {
        let mut out = [&[][..]; 3];
        for (o, p) in out.iter_mut().zip(self.0) {
            *o = &p[..n.min(p.len())];
            n -= o.len();
        }
        Pieces(out)
    }

    /// The last byte that is not `0xFF`, and its position.
    fn last_below_ff(&self) -> Option<(usize, u8)> {
        let mut end = self.len();
        for p in self.0.iter().rev() {
            end -= p.len();
            if let Some(i) = p.iter().rposition(|&b| b != 0xFF) {
                return Some((end + i, p[i]));
            }
        }
        None
    }

    /// The row into the front of `out`, which holds at least `len()`
    /// bytes; returns it.
    fn write(self, out: &mut [u8]) -> &[u8] {
        let mut at = 0;
        for p in self.0 {
            out[at..at + p.len()].copy_from_slice(p);
            at += p.len();
        }
        &out[..at]
    }
}

/// What resuming a range leaves of it.
#[derive(Clone, Copy)]
enum Resumed<'a> {
    Nothing,
    /// The range as it was.
    Whole,
    /// The same stop, this start.
    Start(Pieces<'a>),
    /// The same start, this stop.
    Stop(Pieces<'a>),
}

/// The first row after every extension of `row`'s first 32767 bytes (no
/// longer key exists, so for a row of HBase's limit or past it, the first
/// key after it): HBase's prefix stop row, `byte` holding its last byte.
/// `None` when those bytes are all `0xFF`: no key follows.
fn clamped_stop<'a>(row: Pieces<'a>, byte: &'a mut [u8; 1]) -> Option<Pieces<'a>> {
    let head = row.take(HBASE_MAX_KEY);
    let (i, b) = head.last_below_ff()?;
    byte[0] = b + 1;
    let [x, y, _] = head.take(i).0;
    Some(Pieces([x, y, &byte[..]]))
}

/// The rest of the range `start..stop` after exactly `row`: from `row 00`,
/// or, at HBase's limit, from the row after every extension of it.
fn after<'a>(
    start: &[u8],
    stop: Option<&[u8]>,
    row: Pieces<'a>,
    byte: &'a mut [u8; 1],
) -> Resumed<'a> {
    let next = if row.len() < HBASE_MAX_KEY {
        let [x, y, _] = row.0;
        Pieces([x, y, &[0]])
    } else {
        match clamped_stop(row, byte) {
            Some(next) => next,
            None => return Resumed::Nothing,
        }
    };
    if next.cmp(start).is_le() {
        return Resumed::Whole;
    }
    if stop.is_some_and(|stop| next.cmp(stop).is_ge()) {
        return Resumed::Nothing;
    }
    Resumed::Start(next)
}

/// The rest of the range `start..stop` before exactly `row`: stop at
/// `row`, or, for a row past HBase's limit, at the first row after every
/// extension of its first 32767 bytes, which selects the same keys.
fn before<'a>(
    start: &[u8],
    stop: Option<&[u8]>,
    row: Pieces<'a>,
    byte: &'a mut [u8; 1],
) -> Resumed<'a> {
    if row.cmp(start).is_le() {
        return Resumed::Nothing;
    }
    if stop.is_some_and(|stop| row.cmp(stop).is_ge()) {
        return Resumed::Whole;
    }
    if row.len() <= HBASE_MAX_KEY {
        return Resumed::Stop(row);
    }
    // Every key sorts before a row whose first 32767 bytes are all 0xFF.
    clamped_stop(row, byte).map_or(Resumed::Whole, Resumed::Stop)
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

/// `start[..skip]` then `row[skip..]`: a row of a merged fan-out moved
/// into the salt or bucket of the range `start` begins.
fn rebase<'a, K: RowKey>(start: &'a [u8], row: &'a [u8], skip: usize) -> Result<Pieces<'a>, Error> {
    let (Some(head), Some(tail)) = (start.get(..skip), row.get(skip..)) else {
        return Err(Error::key(
            K::NAME,
            ErrorKind::Invalid {
                reason: "merge skip is longer than the range's start row or the row to \
                         resume from: pass the merge_skip() of the scan both come from",
            },
        ));
    };
    Ok(Pieces([head, tail, &[]]))
}

impl<K: RowKey> Clone for KeyRange<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: RowKey> Copy for KeyRange<K> {}

impl<K: RowKey> PartialEq for KeyRange<K> {
    fn eq(&self, other: &Self) -> bool {
        self.start() == other.start() && self.stop() == other.stop()
    }
}

impl<K: RowKey> Eq for KeyRange<K> {}

impl<K: RowKey> core::hash::Hash for KeyRange<K> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.start().hash(state);
        self.stop().hash(state);
    }
}

impl<K: RowKey> fmt::Debug for KeyRange<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyRange {{ start: \"{}\", stop: ", Binary(self.start()))?;
        match self.stop() {
            Some(stop) => write!(f, "\"{}\" }}", Binary(stop)),
            None => write!(f, "end of table }}"),
        }
    }
}

/// `"start".."stop"`, each row as HBase's `Bytes.toStringBinary` prints it;
/// `"start"..` when the range runs to the end of the table.
impl<K: RowKey> fmt::Display for KeyRange<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"..", Binary(self.start()))?;
        match self.stop() {
            Some(stop) => write!(f, "\"{}\"", Binary(stop)),
            None => Ok(()),
        }
    }
}

#[cfg(feature = "alloc")]
pub use owned::OwnedKeyRange;

#[cfg(feature = "alloc")]
mod owned {
    use super::{after, before, KeyRange, Pieces, Resumed, EMPTY_RANGE, ROW_OVER_LIMIT};
    use crate::__private::HBASE_MAX_KEY;
    use crate::{Error, ErrorKind, RowKey};
    use alloc::vec::Vec;
    use core::fmt;
    use core::marker::PhantomData;
    use core::ops::Bound;

    /// A [`KeyRange`] on the heap, sized to its rows rather than to
    /// `K::SCAN_CAP`: for paging state, or a range kept in a long-lived
    /// structure. The same invariants hold: never empty, no empty stop row.
    pub struct OwnedKeyRange<K: RowKey> {
        start: Vec<u8>,
        stop: Option<Vec<u8>>,
        _key: PhantomData<fn() -> K>,
    }

    impl<K: RowKey> OwnedKeyRange<K> {
        /// As [`KeyRange::new`], without the `SCAN_CAP` limit.
        ///
        /// # Errors
        /// A stop row that does not sort after the start row, or a row
        /// longer than HBase's 32767-byte limit.
        pub fn new(start: &[u8], stop: Option<&[u8]>) -> Result<Self, Error> {
            let invalid = |reason| Error::key(K::NAME, ErrorKind::Invalid { reason });
            if start.len() > HBASE_MAX_KEY || stop.is_some_and(|s| s.len() > HBASE_MAX_KEY) {
                return Err(invalid(ROW_OVER_LIMIT));
            }
            if stop.is_some_and(|s| s <= start) {
                return Err(invalid(EMPTY_RANGE));
            }
            Ok(OwnedKeyRange {
                start: start.to_vec(),
                stop: stop.map(<[u8]>::to_vec),
                _key: PhantomData,
            })
        }

        /// The start row (inclusive). Empty means the start of the table.
        #[must_use]
        pub fn start(&self) -> &[u8] {
            &self.start
        }

        /// The stop row (exclusive), or `None` for the end of the table.
        #[must_use]
        pub fn stop(&self) -> Option<&[u8]> {
            self.stop.as_deref()
        }

        /// As [`KeyRange::contains`].
        #[must_use]
        pub fn contains(&self, key: &[u8]) -> bool {
            key >= self.start() && self.stop().is_none_or(|stop| key < stop)
        }

        /// As [`KeyRange::bounds`].
        #[must_use]
        pub fn bounds(&self) -> (Bound<&[u8]>, Bound<&[u8]>) {
            (
                Bound::Included(self.start()),
                self.stop().map_or(Bound::Unbounded, Bound::Excluded),
            )
        }

        /// As [`KeyRange::resume_after`], for a row of any length.
        #[must_use]
        pub fn resume_after(&self, row: &[u8]) -> Option<Self> {
            self.resumed(after(
                self.start(),
                self.stop(),
                Pieces::whole(row),
                &mut [0],
            ))
        }

        /// As [`KeyRange::resume_after_merged`], for a row of any length.
        ///
        /// # Errors
        /// A `skip` longer than this range's start or `row`.
        pub fn resume_after_merged(&self, row: &[u8], skip: usize) -> Result<Option<Self>, Error> {
            let row = super::rebase::<K>(self.start(), row, skip)?;
            Ok(self.resumed(after(self.start(), self.stop(), row, &mut [0])))
        }

        /// As [`KeyRange::resume_before_merged`], for a row of any length.
        ///
        /// # Errors
        /// A `skip` longer than this range's start or `row`.
        pub fn resume_before_merged(&self, row: &[u8], skip: usize) -> Result<Option<Self>, Error> {
            let row = super::rebase::<K>(self.start(), row, skip)?;
            Ok(self.resumed(before(self.start(), self.stop(), row, &mut [0])))
        }

        /// As [`KeyRange::resume_before`], for a row of any length.
        #[must_use]
        pub fn resume_before(&self, row: &[u8]) -> Option<Self> {
            self.resumed(before(
                self.start(),
                self.stop(),
                Pieces::whole(row),
                &mut [0],
            ))
        }

        /// The range [`after`] or [`before`] describes; its rows are within
        /// HBase's limit by construction.
        fn resumed(&self, r: Resumed<'_>) -> Option<Self> {
            let to_vec = |p: Pieces<'_>| {
                let mut v = alloc::vec![0; p.len()];
                p.write(&mut v);
                v
            };
            let (start, stop) = match r {
                Resumed::Nothing => return None,
                Resumed::Whole => return Some(self.clone()),
                Resumed::Start(row) => (to_vec(row), self.stop.clone()),
                Resumed::Stop(row) => (self.start.clone(), Some(to_vec(row))),
            };
            Some(OwnedKeyRange {
                start,
                stop,
                _key: PhantomData,
            })
        }

        /// As [`KeyRange::shell_scan`].
        #[must_use]
        pub fn shell_scan<'a>(&'a self, table: &'a str) -> crate::ShellScan<'a> {
            crate::ShellScan {
                table,
                start: self.start(),
                stop: self.stop(),
            }
        }

        /// The inline form.
        ///
        /// # Errors
        /// A row longer than `K::SCAN_CAP`.
        pub fn to_key_range(&self) -> Result<KeyRange<K>, Error> {
            KeyRange::new(self.start(), self.stop())
        }
    }

    impl<K: RowKey> From<KeyRange<K>> for OwnedKeyRange<K> {
        fn from(r: KeyRange<K>) -> Self {
            OwnedKeyRange {
                start: r.start().to_vec(),
                stop: r.stop().map(<[u8]>::to_vec),
                _key: PhantomData,
            }
        }
    }

    impl<K: RowKey> Clone for OwnedKeyRange<K> {
        fn clone(&self) -> Self {
            OwnedKeyRange {
                start: self.start.clone(),
                stop: self.stop.clone(),
                _key: PhantomData,
            }
        }
    }

    impl<K: RowKey> PartialEq for OwnedKeyRange<K> {
        fn eq(&self, other: &Self) -> bool {
            self.start == other.start && self.stop == other.stop
        }
    }

    impl<K: RowKey> Eq for OwnedKeyRange<K> {}

    impl<K: RowKey> core::hash::Hash for OwnedKeyRange<K> {
        // The same hash as the equal KeyRange.
        fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
            self.start().hash(state);
            self.stop().hash(state);
        }
    }

    impl<K: RowKey> fmt::Debug for OwnedKeyRange<K> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(
                f,
                "OwnedKeyRange {{ start: \"{}\", stop: ",
                crate::Binary(self.start())
            )?;
            match self.stop() {
                Some(stop) => write!(f, "\"{}\" }}", crate::Binary(stop)),
                None => write!(f, "end of table }}"),
            }
        }
    }

    /// As [`KeyRange`]'s: `"start".."stop"` in `Bytes.toStringBinary` form.
    impl<K: RowKey> fmt::Display for OwnedKeyRange<K> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "\"{}\"..", crate::Binary(self.start()))?;
            match self.stop() {
                Some(stop) => write!(f, "\"{}\"", crate::Binary(stop)),
                None => Ok(()),
            }
        }
    }
}
