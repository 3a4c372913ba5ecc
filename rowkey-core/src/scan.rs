//! Scan ranges with HBase `Scan` semantics, built without allocating.
//!
//! The derive's typed builder appends each leading field's exact bytes to a
//! [`Scan`]; a range on the next field becomes two tails. [`Scan::ranges`]
//! then yields one [`KeyRange`] per salt or bucket the prefix leaves open.

use crate::part::{KeyPart, OrderedPart};
use crate::{Error, ErrorKind, KeyBuf, RowKey};
use core::marker::PhantomData;
use core::ops::{Bound, Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

/// One row range, as an HBase `Scan` takes it: start row inclusive, stop row
/// exclusive, no stop row meaning "to the end of the table".
///
/// A range is typed by its key `K`: the ranges of one key's scan cannot be
/// handed to code expecting another's. Its rows live inline, in two
/// [`RowKey::ScanBuf`]s, so a range lives on the stack.
///
/// ```
/// use std::collections::BTreeMap;
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct Metric<'a> {
///     #[pad(8)]
///     host: &'a str,
///     ts: u64,
/// }
///
/// let mut table = BTreeMap::new();
/// for (host, ts) in [("web1", 5), ("web1", 15), ("web12", 10)] {
///     table.insert(Metric { host, ts }.to_vec()?, ts);
/// }
/// for range in Metric::scan().host("web1").ts(0..10).ranges()? {
///     // An HBase client takes start() and stop() (None: to the end of the
///     // table); a sorted map or an embedded store takes bounds().
///     assert_eq!(range.start(), b"web1\0\0\0\0\0\0\0\0\0\0\0\0");
///     assert!(range.stop().is_some());
///     let rows: Vec<u64> = table.range::<[u8], _>(range.bounds()).map(|(_, ts)| *ts).collect();
///     assert_eq!(rows, [5]); // not web1 at 15, not web12
///     assert!(range.contains(&Metric { host: "web1", ts: 9 }.to_vec()?));
/// }
/// # Ok::<(), rowkey::Error>(())
/// ```
pub struct KeyRange<K: RowKey> {
    start: K::ScanBuf,
    start_len: usize,
    stop: K::ScanBuf,
    stop_len: usize,
    /// `false`: no stop row, scan to the end of the table.
    has_stop: bool,
    _key: PhantomData<fn() -> K>,
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

impl<K: RowKey> KeyRange<K> {
    /// The start row (inclusive). Empty means the start of the table.
    #[must_use]
    pub fn start(&self) -> &[u8] {
        &self.start.as_ref()[..self.start_len]
    }

    /// The stop row (exclusive), or `None` for the end of the table.
    #[must_use]
    pub fn stop(&self) -> Option<&[u8]> {
        self.has_stop.then(|| &self.stop.as_ref()[..self.stop_len])
    }

    /// Whether no key can fall in the range.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.stop().is_some_and(|stop| stop <= self.start())
    }

    /// Whether `key` falls in the range, comparing as HBase does (unsigned
    /// bytes, lexicographically).
    #[must_use]
    pub fn contains(&self, key: &[u8]) -> bool {
        key >= self.start() && self.stop().is_none_or(|stop| key < stop)
    }

    /// The range as the bounds `BTreeMap::range`, redb's `Table::range` and
    /// other ordered stores take. An empty range comes out as `start..start`,
    /// never as a reversed pair (which `BTreeMap::range` would panic on).
    #[must_use]
    pub fn bounds(&self) -> (Bound<&[u8]>, Bound<&[u8]>) {
        let start = self.start();
        match self.stop() {
            None => (Bound::Included(start), Bound::Unbounded),
            Some(stop) if stop <= start => (Bound::Included(start), Bound::Excluded(start)),
            Some(stop) => (Bound::Included(start), Bound::Excluded(stop)),
        }
    }
}

impl<K: RowKey> core::fmt::Debug for KeyRange<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "KeyRange {{ start: \"{}\", stop: ",
            crate::Binary(self.start())
        )?;
        match self.stop() {
            Some(stop) => write!(f, "\"{}\" }}", crate::Binary(stop)),
            None => write!(f, "end of table }}"),
        }
    }
}

/// HBase's stop row for a prefix scan: drop trailing `0xFF` bytes and add one
/// to the last byte left. Returns the new length, or `None` when the prefix is
/// empty or all `0xFF` (scan to the end of the table).
pub fn prefix_stop(prefix: &mut [u8]) -> Option<usize> {
    let mut len = prefix.len();
    while len > 0 && prefix[len - 1] == 0xFF {
        len -= 1;
    }
    if len == 0 {
        return None;
    }
    prefix[len - 1] += 1;
    Some(len)
}

/// The most fields a struct-level salt may hash (checked at compile time).
pub const MAX_SALT_FIELDS: usize = 8;

/// The most ranges one scan may fan out to (open salt values × open buckets).
/// A 4-char struct-level salt alone is 65536.
pub const MAX_FAN_OUT: usize = 1 << 20;

/// A bound on a field, as builder methods receive it.
#[derive(Clone, Copy, Debug)]
struct Tail<B> {
    bytes: B,
    len: usize,
    kind: TailKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TailKind {
    Unbounded,
    Included,
    Excluded,
}

/// The state a derived scan builder drives: the exact prefix so far, an
/// optional range on the next field, and where the key fans out. Not usually
/// named by users; the derived builder's `ranges()` returns [`ScanRanges`].
pub struct Scan<K: RowKey> {
    key: &'static str,
    prefix: K::ScanBuf,
    len: usize,
    lo: Tail<K::ScanBuf>,
    hi: Tail<K::ScanBuf>,
    /// The ranged field is the unframed last field: `v` matches only the key
    /// ending exactly in `v`, not every key it prefixes.
    open: bool,
    /// The next field's bucket is left open: (count, width).
    bucket: Option<(u32, usize)>,
    salt: Option<(usize, Option<u8>, usize)>,
    /// Where each field the struct-level salt hashes sits in `prefix`; u32
    /// keeps the state small, since every builder stage moves it.
    salt_slots: [(u32, u32); MAX_SALT_FIELDS],
    /// What of each slot the salt hashes (the value without its frame, when
    /// the salt has a delimiter).
    salt_parts: [crate::__private::SaltPart; MAX_SALT_FIELDS],
    salt_seen: usize,
    /// The field pushed or ranged last, named if the ranges do not fit.
    last_field: &'static str,
    error: Option<Error>,
    _key: PhantomData<fn() -> K>,
}

impl<K: RowKey> Clone for Scan<K> {
    fn clone(&self) -> Self {
        Scan {
            error: self.error.clone(),
            ..*self
        }
    }
}

impl<K: RowKey> core::fmt::Debug for Scan<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scan")
            .field("key", &self.key)
            .field("prefix", &crate::Binary(&self.prefix.as_ref()[..self.len]))
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl<K: RowKey> Scan<K> {
    const CAP: usize = <K::ScanBuf as KeyBuf>::LEN;

    /// A scan of key type `key`. `salt` is the struct-level salt, if any, as
    /// (hex chars, delimiter, number of fields it hashes).
    #[must_use]
    pub const fn new(key: &'static str, salt: Option<(usize, Option<u8>, usize)>) -> Self {
        const UNBOUNDED: TailKind = TailKind::Unbounded;
        Scan {
            key,
            prefix: K::ScanBuf::ZERO,
            len: 0,
            lo: Tail {
                bytes: K::ScanBuf::ZERO,
                len: 0,
                kind: UNBOUNDED,
            },
            hi: Tail {
                bytes: K::ScanBuf::ZERO,
                len: 0,
                kind: UNBOUNDED,
            },
            open: false,
            bucket: None,
            salt,
            salt_slots: [(0, 0); MAX_SALT_FIELDS],
            salt_parts: [crate::__private::SaltPart::Whole; MAX_SALT_FIELDS],
            salt_seen: 0,
            last_field: "",
            error: None,
            _key: PhantomData,
        }
    }

    /// The first error wins: later steps after a refusal change nothing.
    pub fn fail(&mut self, error: Error) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }

    fn overflow(&mut self, field: &'static str) {
        self.fail(Error::field(
            self.key,
            field,
            ErrorKind::Invalid {
                reason: "scan value is longer than the 256 bytes a scan keeps for a delimited \
                         or unpadded field; bound the field with #[pad(N)]",
            },
        ));
    }

    /// Bytes every range adds around the pushed prefix: the struct-level
    /// salt in front of it, a fanned-out bucket behind it.
    fn framing(&self) -> usize {
        self.salt
            .map_or(0, |(chars, delim, _)| chars + usize::from(delim.is_some()))
            + self.bucket.map_or(0, |(_, width)| width)
    }

    /// Appends one field's exact bytes through `put`, which writes at most
    /// `max` bytes at the given position and advances it.
    #[inline]
    pub fn push(
        &mut self,
        field: &'static str,
        max: usize,
        put: impl FnOnce(&mut [u8], &mut usize) -> Result<(), Error>,
    ) {
        if self.error.is_some() {
            return;
        }
        self.last_field = field;
        if self.framing() + self.len + max > Self::CAP {
            self.overflow(field);
            return;
        }
        let mut pos = self.len;
        match put(&mut self.prefix.as_mut()[..self.len + max], &mut pos) {
            Ok(()) => self.len = pos,
            Err(e) => self.fail(e),
        }
    }

    /// Records the slot of the field a struct-level salt hashes `order`-th
    /// (its place in `fields(..)`, which need not be key order): its start,
    /// its end once pushed, and what of it the salt hashes. Call after
    /// [`push`](Scan::push).
    #[inline]
    pub fn salt_slot(&mut self, order: usize, start: usize, part: crate::__private::SaltPart) {
        // Positions are below CAP, which the derive keeps far below u32::MAX.
        let (Ok(start), Ok(end)) = (u32::try_from(start), u32::try_from(self.len)) else {
            return self.overflow(self.last_field);
        };
        if let (Some(slot), Some(how)) = (
            self.salt_slots.get_mut(order),
            self.salt_parts.get_mut(order),
        ) {
            *slot = (start, end);
            *how = part;
            self.salt_seen += 1;
        }
    }

    /// Bytes of the exact prefix so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was pushed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The next field is bucketed and not fixed by the prefix: fan out.
    #[inline]
    pub fn fan_bucket(&mut self, count: u32) {
        self.bucket = Some((count, crate::__private::bucket_width(count)));
    }

    /// Sets the range on the next field. `len` and `put` measure and write a
    /// bound's bytes (the field without its salt or bucket); `open` marks the
    /// unframed last field, whose value is not a prefix of longer ones.
    #[inline]
    pub fn range<V>(
        &mut self,
        field: &'static str,
        open: bool,
        lo: Bound<V>,
        hi: Bound<V>,
        len: fn(&V) -> usize,
        put: fn(&V, &mut [u8], &mut usize) -> Result<(), Error>,
    ) {
        if self.error.is_some() {
            return;
        }
        let bound_len = |b: &Bound<V>| match b {
            Bound::Included(v) | Bound::Excluded(v) => len(v),
            Bound::Unbounded => 0,
        };
        let max = bound_len(&lo).max(bound_len(&hi));
        self.last_field = field;
        // + 1: an open bound's successor row adds a byte.
        if self.framing() + self.len + max + 1 > Self::CAP {
            self.overflow(field);
            return;
        }
        self.open = open;
        for (bound, is_lo) in [(lo, true), (hi, false)] {
            let (kind, value) = match bound {
                Bound::Unbounded => (TailKind::Unbounded, None),
                Bound::Included(v) => (TailKind::Included, Some(v)),
                Bound::Excluded(v) => (TailKind::Excluded, Some(v)),
            };
            let mut tail = Tail {
                bytes: K::ScanBuf::ZERO,
                len: 0,
                kind,
            };
            if let Some(v) = value {
                if let Err(e) = put(&v, &mut tail.bytes.as_mut()[..len(&v)], &mut tail.len) {
                    self.fail(e);
                    return;
                }
            }
            if is_lo {
                self.lo = tail;
            } else {
                self.hi = tail;
            }
        }
    }

    /// Sets a `#[reverse_ts]` range: timestamps `lo..hi` become stored values
    /// `i64::MAX - hi ..= i64::MAX - lo`, so the window comes newest first.
    #[inline]
    pub fn range_reverse_ts(&mut self, field: &'static str, lo: Bound<i128>, hi: Bound<i128>) {
        match reverse_ts_bounds(lo, hi) {
            None => self.empty(),
            Some((a, b)) => self.range(
                field,
                false,
                Bound::Included(a),
                Bound::Included(b),
                |_| 8,
                |v, out, pos| {
                    out[*pos..*pos + 8].copy_from_slice(&v.to_be_bytes());
                    *pos += 8;
                    Ok(())
                },
            ),
        }
    }

    /// The prefix is a whole key: match it exactly, not as a prefix.
    #[inline]
    pub fn exact(&mut self) {
        self.lo = Tail {
            bytes: K::ScanBuf::ZERO,
            len: 0,
            kind: TailKind::Included,
        };
        self.hi = self.lo;
        self.open = true;
    }

    /// Marks the range empty (a bound no value of the field can reach).
    pub fn empty(&mut self) {
        self.lo = Tail {
            bytes: K::ScanBuf::ZERO,
            len: 0,
            kind: TailKind::Excluded,
        };
        self.hi = Tail {
            bytes: K::ScanBuf::ZERO,
            len: 0,
            kind: TailKind::Excluded,
        };
        self.open = false;
    }

    /// The ranges to scan: one, or one per salt value and bucket left open.
    ///
    /// # Errors
    /// The first value the builder refused (too long for its pad, holding its
    /// delimiter, ...), named by field; or a fan-out over more than
    /// [`MAX_FAN_OUT`] ranges (a struct-level salt of more than 4 chars whose
    /// fields are not all given).
    #[inline]
    pub fn ranges(mut self) -> Result<ScanRanges<K>, Error> {
        // A bucket fanned out for the field after the prefix adds its bytes
        // only now.
        if self.framing() + self.len + self.lo.len.max(self.hi.len) + 1 > Self::CAP {
            self.overflow(self.last_field);
        }
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut salt = [0u8; 33];
        let mut salt_len = 0;
        let mut salt_fan = None;
        if let Some((chars, delim, fields)) = self.salt {
            if chars == 0 || chars > 32 || fields > MAX_SALT_FIELDS {
                return Err(Error::field(
                    self.key,
                    "salt",
                    ErrorKind::Invalid {
                        reason: "a struct-level salt has 1 to 32 hex characters and hashes at \
                                 most 8 fields",
                    },
                ));
            }
            if self.salt_seen == fields {
                let mut parts: [&[u8]; MAX_SALT_FIELDS] = [&[]; MAX_SALT_FIELDS];
                for ((part, &(s, e)), &how) in parts
                    .iter_mut()
                    .zip(&self.salt_slots[..fields])
                    .zip(&self.salt_parts)
                {
                    let slot = self
                        .prefix
                        .as_ref()
                        .get(s as usize..e as usize)
                        .unwrap_or(&[]);
                    *part = crate::__private::salt_part(slot, how);
                }
                crate::__private::md5_hex_joined_into(&parts[..fields], delim, &mut salt[..chars]);
                salt_len = chars;
                if let Some(d) = delim {
                    salt[chars] = d;
                    salt_len += 1;
                }
            } else {
                salt_fan = Some((chars, delim));
            }
        }
        let salts = match salt_fan {
            Some((chars, _)) if chars <= 4 => 1usize << (4 * chars),
            Some(_) => usize::MAX,
            None => 1,
        };
        let buckets = self.bucket.map_or(1, |(count, _)| count as usize);
        let count = salts.saturating_mul(buckets);
        if count > MAX_FAN_OUT {
            return Err(Error::field(
                self.key,
                "salt",
                ErrorKind::Invalid {
                    reason: "the scan would fan out over more than 2^20 (1048576) salt and \
                             bucket ranges: give the scan every field the struct-level salt \
                             hashes, so that the salt is known",
                },
            ));
        }
        Ok(ScanRanges {
            scan: self,
            salt,
            salt_len,
            salt_fan,
            next: 0,
            count,
        })
    }
}

/// The ranges of one scan, one per salt value and bucket the prefix leaves
/// open, in key order. Computed as they are taken: no allocation.
pub struct ScanRanges<K: RowKey> {
    scan: Scan<K>,
    /// The struct-level salt, when its fields were all given.
    salt: [u8; 33],
    salt_len: usize,
    /// The struct-level salt left open: (chars, delimiter).
    salt_fan: Option<(usize, Option<u8>)>,
    next: usize,
    count: usize,
}

impl<K: RowKey> Clone for ScanRanges<K> {
    fn clone(&self) -> Self {
        ScanRanges {
            scan: self.scan.clone(),
            salt: self.salt,
            salt_len: self.salt_len,
            salt_fan: self.salt_fan,
            next: self.next,
            count: self.count,
        }
    }
}

impl<K: RowKey> core::fmt::Debug for ScanRanges<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ScanRanges")
            .field("scan", &self.scan)
            .field("next", &self.next)
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

impl<K: RowKey> ScanRanges<K> {
    /// How many leading bytes to skip so that rows of different ranges merge
    /// in the order of the key without its salt and bucket (see
    /// [`merge_sorted`](crate::merge_sorted)). Every row of one scan is
    /// `[salt][prefix][bucket][rest]` with the same prefix, so skipping past
    /// the bucket leaves exactly the order-deciding rest.
    #[must_use]
    pub fn merge_skip(&self) -> usize {
        if self.count == 1 {
            return 0;
        }
        let salt = match self.salt_fan {
            Some((chars, delim)) => chars + usize::from(delim.is_some()),
            None => self.salt_len,
        };
        salt + self.scan.len + self.scan.bucket.map_or(0, |(_, width)| width)
    }

    /// The number of ranges (fan-out); one when nothing fans out.
    #[must_use]
    pub fn fan_out(&self) -> usize {
        self.count
    }

    #[inline]
    #[allow(
        clippy::many_single_char_names,
        reason = "q, n, r, s, i: the names the range rule is stated in"
    )]
    fn build(&self, i: usize) -> KeyRange<K> {
        let s = &self.scan;
        let mut r = KeyRange {
            start: K::ScanBuf::ZERO,
            start_len: 0,
            stop: K::ScanBuf::ZERO,
            stop_len: 0,
            has_stop: false,
            _key: PhantomData,
        };
        // q = [salt][prefix][bucket]: the exact bytes every key in range starts
        // with, written straight into the start row.
        let mut n = 0;
        let mut put = |bytes: &[u8], q: &mut K::ScanBuf| {
            q.as_mut()[n..n + bytes.len()].copy_from_slice(bytes);
            n += bytes.len();
        };
        let buckets = self.scan.bucket.map_or(1, |(count, _)| count as usize);
        let (salt_i, bucket_i) = (i / buckets, i % buckets);
        match self.salt_fan {
            Some((chars, delim)) => {
                let mut hex = [0u8; 5];
                crate::__private::write_hex(u128::try_from(salt_i).unwrap_or(0), &mut hex[..chars]);
                let mut w = chars;
                if let Some(d) = delim {
                    hex[chars] = d;
                    w += 1;
                }
                put(&hex[..w], &mut r.start);
            }
            None => put(&self.salt[..self.salt_len], &mut r.start),
        }
        put(&s.prefix.as_ref()[..s.len], &mut r.start);
        if let Some((_, width)) = s.bucket {
            #[allow(clippy::cast_possible_truncation)] // bucket_i < count <= 65536
            let b = (bucket_i as u32).to_be_bytes();
            put(&b[4 - width..], &mut r.start);
        }
        let (start, stop) = (
            AsMut::<[u8]>::as_mut(&mut r.start),
            AsMut::<[u8]>::as_mut(&mut r.stop),
        );
        stop[..n].copy_from_slice(&start[..n]);
        // Start row.
        r.start_len = n;
        let lo = &s.lo;
        if lo.kind != TailKind::Unbounded {
            start[n..n + lo.len].copy_from_slice(&lo.bytes.as_ref()[..lo.len]);
            r.start_len = n + lo.len;
            if lo.kind == TailKind::Excluded {
                if s.open {
                    // The next key after exactly `q v` is `q v 00`.
                    start[r.start_len] = 0;
                    r.start_len += 1;
                } else if let Some(len) = prefix_stop(&mut start[..r.start_len]) {
                    r.start_len = len;
                } else {
                    // Nothing sorts after an all-0xFF prefix's keys.
                    return empty_range(r);
                }
            }
        }
        // Stop row.
        let hi = &s.hi;
        let mut len = n;
        if hi.kind != TailKind::Unbounded {
            stop[n..n + hi.len].copy_from_slice(&hi.bytes.as_ref()[..hi.len]);
            len = n + hi.len;
        }
        if hi.kind == TailKind::Excluded {
            r.stop_len = len;
            r.has_stop = true;
        } else if hi.kind == TailKind::Included && s.open {
            stop[len] = 0;
            r.stop_len = len + 1;
            r.has_stop = true;
        } else if let Some(l) = prefix_stop(&mut stop[..len]) {
            r.stop_len = l;
            r.has_stop = true;
        }
        r
    }
}

fn empty_range<K: RowKey>(mut r: KeyRange<K>) -> KeyRange<K> {
    r.stop = r.start;
    r.stop_len = r.start_len;
    r.has_stop = true;
    r
}

impl<K: RowKey> Iterator for ScanRanges<K> {
    type Item = KeyRange<K>;

    fn next(&mut self) -> Option<KeyRange<K>> {
        if self.next >= self.count {
            return None;
        }
        let r = self.build(self.next);
        self.next += 1;
        Some(r)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.count - self.next;
        (left, Some(left))
    }
}

impl<K: RowKey> ExactSizeIterator for ScanRanges<K> {}

/// A typed scan builder, as [`RowKey::scan`] returns it: the derive's
/// `{Name}Scan` at any stage. Its field methods are inherent (one per field,
/// in key order); this trait gives generic code the end of every scan.
pub trait ScanBuilder<K: RowKey> {
    /// The row ranges of this scan: one, or one per salt or bucket the
    /// prefix leaves open, in key order.
    ///
    /// # Errors
    /// A scan value the layout refuses (too long for its pad, holding its
    /// delimiter, a timestamp out of range, ...), naming the field.
    fn ranges(self) -> Result<ScanRanges<K>, Error>;
}

/// What a derived scan builder's field method takes: a value of the field's
/// type (the prefix continues) or a range of them (the scan ends there).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a `{T}` nor a range of `{T}`",
    label = "pass a value, or a range such as `a..b`, `a..=b`, `a..` or `..`",
    note = "ranges need an order-preserving field: not #[salt], #[reverse], #[twos_complement], or a pad/delim byte other than 0x00"
)]
pub trait ScanArg<T> {
    /// The type encoded: `T` itself, or a borrowed view (`&str` for `String`).
    type Value: KeyPart;
    /// The builder stage the method returns: `E` for a value, `R` for a range.
    type Out<E, R>;
    /// Hands the value to `eq`, or the range's bounds to `range`.
    fn apply<S, E, R>(
        self,
        state: S,
        eq: impl FnOnce(S, Self::Value) -> E,
        range: impl FnOnce(S, Bound<Self::Value>, Bound<Self::Value>) -> R,
    ) -> Self::Out<E, R>;
}

impl<T: KeyPart> ScanArg<T> for T {
    type Value = T;
    type Out<E, R> = E;
    #[inline]
    fn apply<S, E, R>(
        self,
        state: S,
        eq: impl FnOnce(S, T) -> E,
        _: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
    ) -> E {
        eq(state, self)
    }
}

/// What a builder method of a field that keeps no value order takes: one
/// exact value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a value of `{T}`",
    label = "this field can only be scanned for one exact value",
    note = "a #[salt], #[reverse] or #[twos_complement] field, or one padded or delimited with a byte other than 0x00, does not keep value order, so it takes no range"
)]
pub trait ScanValue<T> {
    /// The type encoded: `T` itself, or a borrowed view (`&str` for `String`).
    type Value: KeyPart;
    /// The value to encode.
    fn into_value(self) -> Self::Value;
}

impl<T: KeyPart> ScanValue<T> for T {
    type Value = T;
    #[inline]
    fn into_value(self) -> T {
        self
    }
}

// Borrowed views of owned field types, and an owned `String` for a
// borrowed `&str` field: the caller need not convert.
macro_rules! view_arg {
    ($($field:ty => $arg:ty as $value:ty: |$v:ident| $view:expr;)*) => {$(
        #[cfg(feature = "alloc")]
        impl<'a> ScanArg<$field> for $arg {
            type Value = $value;
            type Out<E, R> = E;
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                eq: impl FnOnce(S, $value) -> E,
                _: impl FnOnce(S, Bound<$value>, Bound<$value>) -> R,
            ) -> E {
                let $v = self;
                eq(state, $view)
            }
        }

        #[cfg(feature = "alloc")]
        impl<'a> ScanValue<$field> for $arg {
            type Value = $value;
            #[inline]
            fn into_value(self) -> $value {
                let $v = self;
                $view
            }
        }
    )*};
}

view_arg! {
    alloc::string::String => &'a str as &'a str: |v| v;
    alloc::vec::Vec<u8> => &'a [u8] as &'a [u8]: |v| v;
    &'a str => &'a alloc::string::String as &'a str: |v| v.as_str();
}

macro_rules! range_arg {
    ($($r:ty => |$x:ident| $bounds:expr),* $(,)?) => {$(
        impl<T: OrderedPart> ScanArg<T> for $r {
            type Value = T;
            type Out<E, R> = R;
            #[inline]
            fn apply<S, E, R>(
                self,
                state: S,
                _: impl FnOnce(S, T) -> E,
                range: impl FnOnce(S, Bound<T>, Bound<T>) -> R,
            ) -> R {
                let $x = self;
                let (lo, hi) = $bounds;
                range(state, lo, hi)
            }
        }
    )*};
}

range_arg! {
    Range<T> => |r| (Bound::Included(r.start), Bound::Excluded(r.end)),
    RangeInclusive<T> => |r| {
        let (a, b) = r.into_inner();
        (Bound::Included(a), Bound::Included(b))
    },
    RangeFrom<T> => |r| (Bound::Included(r.start), Bound::Unbounded),
    RangeTo<T> => |r| (Bound::Unbounded, Bound::Excluded(r.end)),
    RangeToInclusive<T> => |r| (Bound::Unbounded, Bound::Included(r.end)),
    (Bound<T>, Bound<T>) => |r| r,
    RangeFull => |_r| (Bound::Unbounded, Bound::Unbounded),
}

/// A `#[reverse_ts]` range in the stored domain (`i64::MAX - ts`), as an
/// inclusive pair: newest first, so the bounds swap. `None` when no storable
/// timestamp is in range.
#[inline]
#[must_use]
pub fn reverse_ts_bounds(lo: Bound<i128>, hi: Bound<i128>) -> Option<(u64, u64)> {
    const MAX: i128 = i64::MAX as i128;
    let a = match lo {
        Bound::Included(v) => v,
        Bound::Excluded(v) => v + 1,
        Bound::Unbounded => 0,
    }
    .max(0);
    let b = match hi {
        Bound::Included(v) => v,
        Bound::Excluded(v) => v - 1,
        Bound::Unbounded => MAX,
    }
    .min(MAX);
    if a > b {
        return None;
    }
    // 0 <= a <= b <= MAX, so both differences fit u64.
    let to_u64 = |v: i128| u64::try_from(MAX - v).unwrap_or(0);
    Some((to_u64(b), to_u64(a)))
}
