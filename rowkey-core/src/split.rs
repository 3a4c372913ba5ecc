//! Region splits for the keyspace a key's leading salt or bucket really uses,
//! and [`Regions`], the boundaries a row is placed by. The shell text that
//! creates a table with them is in `shell.rs`, the per-region write count in
//! `hotspot.rs`.
//!
//! Splitting the raw byte range `0x00..0xFF` (what `Bytes.split` and
//! `Admin.createTable(start, end, n)` do) leaves most regions empty when keys
//! start with hex characters or a small bucket number: the "lumpy" regions of
//! the HBase book. Here split points are drawn from the prefix values the
//! layout can write, so every region holds whole salt or bucket values and
//! none is out of reach.

use core::fmt;

use crate::{Error, ErrorKind, RowKey, Spread};

/// Longest split key: a 32-character hex salt.
const MAX_SPLIT_LEN: usize = 32;

/// Error name used when the splits were asked for by [`Spread`] rather than by
/// a key type.
const SPREAD_NAME: &str = "split_keys";

/// One split key: the first row of a region. Holds at most 32 bytes inline,
/// so producing split keys never allocates. Compares, equates and hashes as
/// its bytes (unsigned, lexicographic: HBase's row order).
#[derive(Clone, Copy)]
pub struct SplitKey {
    len: u8,
    buf: [u8; MAX_SPLIT_LEN],
}

impl SplitKey {
    /// The key's bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }

    /// The key as a `Vec`, e.g. for a client's `createTable(desc, byte[][])`.
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn to_vec(&self) -> alloc::vec::Vec<u8> {
        self.as_bytes().to_vec()
    }
}

impl PartialEq for SplitKey {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for SplitKey {}

impl PartialOrd for SplitKey {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SplitKey {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl core::hash::Hash for SplitKey {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl AsRef<[u8]> for SplitKey {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl core::ops::Deref for SplitKey {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl PartialEq<[u8]> for SplitKey {
    fn eq(&self, other: &[u8]) -> bool {
        self.as_bytes() == other
    }
}

impl PartialEq<&[u8]> for SplitKey {
    fn eq(&self, other: &&[u8]) -> bool {
        self.as_bytes() == *other
    }
}

/// Printed as HBase's `Bytes.toStringBinary` prints a region boundary.
impl fmt::Display for SplitKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&crate::Binary(self.as_bytes()), f)
    }
}

impl fmt::Debug for SplitKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SplitKey(\"{}\")", crate::Binary(self.as_bytes()))
    }
}

/// The prefix space being split, with everything boundaries need precomputed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    /// `chars` hex characters; `step` is HexStringSplit's `range / n`.
    Hex { chars: u8, step: u128 },
    /// `count` buckets (or Java-hash salt values, `java`) written in `width`
    /// bytes, big-endian.
    Bucket { count: u32, width: u8, java: bool },
}

/// The `n - 1` split keys that cut a table into `n` regions over the values a
/// key's leading salt or bucket can take. Made by [`split_keys`] or
/// [`split_keys_for`]; computes each key on demand, so it is `Copy`, never
/// allocates, and can route keys to regions itself (it implements
/// [`Regions`]).
///
/// Iterate it (`for key in splits`) for the keys in ascending order, or index
/// it with [`get`](SplitKeys::get).
///
/// # Where the boundaries fall
///
/// **Hex salt of K characters.** Exactly HBase's `RegionSplitter.HexStringSplit`
/// with first row `0…0` and last row `f…f` (K characters each): the space of
/// `16^K` values is cut every `step = ⌊16^K / n⌋` values, split `i` is
/// `i · step` as K lowercase hex characters. For K = 8 these are the splits
/// the shell makes for `{NUMREGIONS => n, SPLITALGO => 'HexStringSplit'}`
/// (n = 16: `10000000` … `f0000000`); for other K they are what
/// `RegionSplitter -c n … HexStringSplit --lastrow ffff` makes, at the salt's
/// own width, so every salt value falls wholly inside one region. As in
/// HBase, the last region also takes the remainder `16^K mod n` (fewer than
/// `n` values); [`prefixes_in`](SplitKeys::prefixes_in) reports each
/// region's share. With `n` a power of two every region gets exactly
/// `16^K / n` salt values.
///
/// **`#[bucket(N)]`.** Split `i` is bucket `⌊i · N / n⌋`, written as the
/// bucket prefix is (one byte up to 256 buckets, else two big-endian). No
/// bucket is ever cut in two. When `n` divides `N` every region holds `N / n`
/// buckets; otherwise regions hold `⌊N / n⌋` or `⌈N / n⌉` buckets, the larger
/// ones spread through the table (N = 16, n = 6: 2, 3, 3, 2, 3, 3 buckets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitKeys {
    space: Space,
    regions: usize,
}

/// The split keys for `n` regions of key type `K`, from its leading salt or
/// bucket ([`RowKey::SPREAD`]). See [`SplitKeys`] for where the boundaries
/// fall.
///
/// ```
/// use rowkey::{split_keys_for, Spread};
/// let splits = split_keys_for(Spread::HexSalt { chars: 8 }, 3)?;
/// let keys: Vec<String> = splits.into_iter().map(|k| k.to_string()).collect();
/// assert_eq!(keys, ["55555555", "aaaaaaaa"]); // as HBase's HexStringSplit
/// # Ok::<(), rowkey::Error>(())
/// ```
///
/// # Errors
/// As [`split_keys_for`], naming `K`.
pub fn split_keys<K: RowKey>(n: usize) -> Result<SplitKeys, Error> {
    plan(K::NAME, K::SPREAD, n)
}

/// The split keys for `n` regions over the prefix space of `spread`. See
/// [`SplitKeys`] for where the boundaries fall.
///
/// # Errors
/// [`ErrorKind::Invalid`] when `spread` is [`Spread::None`] (the key starts
/// with a field's own bytes, whose distribution the layout does not know),
/// when `n < 2`, when `n` exceeds the number of distinct prefixes (`16^K` for
/// a K-character salt, `N` for `#[bucket(N)]`: a region would get none), or
/// when the spread itself is out of range (salt of 0 or over 32 characters,
/// fewer than 2 or more than 65536 buckets).
pub fn split_keys_for(spread: Spread, n: usize) -> Result<SplitKeys, Error> {
    plan(SPREAD_NAME, spread, n)
}

fn plan(name: &'static str, spread: Spread, n: usize) -> Result<SplitKeys, Error> {
    let invalid = |reason| Error::key(name, ErrorKind::Invalid { reason });
    let space = match spread {
        Spread::None => {
            return Err(invalid(
                "no split keys for a key without a leading salt or bucket: its first bytes \
                 are a field's own values, whose spread the layout cannot know; put \
                 #[salt(md5, K)] or #[bucket(N)] on the first field, or choose split keys \
                 from sampled row keys",
            ))
        }
        Spread::HexSalt { chars } if chars == 0 || chars > MAX_SPLIT_LEN => {
            return Err(invalid("a hex salt has 1 to 32 characters"))
        }
        Spread::Bucket { count } if !(2..=65_536).contains(&count) => {
            return Err(invalid("a bucket count is 2 to 65536"))
        }
        Spread::JavaHash { buckets, width }
            if !(1..=4).contains(&width)
                || buckets < 2
                || buckets > crate::java_hash::java_salt_max(width) =>
        {
            return Err(invalid(
                "a Java-hash salt has 1 to 4 bytes and 2 to min(256^width, 2^31 - 1) values",
            ))
        }
        _ if n < 2 => {
            return Err(invalid(
                "split keys need at least 2 regions; a table of one region needs no SPLITS",
            ))
        }
        Spread::HexSalt { chars } => {
            let step = hex_step(chars, n).ok_or_else(|| {
                invalid(
                    "more regions than a hex salt of K characters has values (16 for one \
                     character, 256 for two, 4096 for three, 65536 for four): some region \
                     would never receive a key; use fewer regions or a longer salt",
                )
            })?;
            // chars <= 32 was checked above.
            #[allow(clippy::cast_possible_truncation)]
            let chars = chars as u8;
            Space::Hex { chars, step }
        }
        Spread::Bucket { count } => {
            if u64::try_from(n).map_or(true, |n| n > u64::from(count)) {
                return Err(invalid(
                    "more regions than the key has buckets: some region would never \
                     receive a key; use at most N regions for #[bucket(N)]",
                ));
            }
            // bucket_width is 1 or 2.
            #[allow(clippy::cast_possible_truncation)]
            let width = crate::__private::bucket_width(count) as u8;
            Space::Bucket {
                count,
                width,
                java: false,
            }
        }
        Spread::JavaHash { buckets, width } => {
            if u64::try_from(n).map_or(true, |n| n > u64::from(buckets)) {
                return Err(invalid(
                    "more regions than the key has salt values: some region would never \
                     receive a key; use at most N regions for salt(java_hash, buckets = N)",
                ));
            }
            // 1 to 4, checked above.
            #[allow(clippy::cast_possible_truncation)]
            let width = width as u8;
            Space::Bucket {
                count: buckets,
                width,
                java: true,
            }
        }
    };
    Ok(SplitKeys { space, regions: n })
}

/// HexStringSplit's `⌊16^chars / n⌋`, or `None` when `n > 16^chars`.
fn hex_step(chars: usize, n: usize) -> Option<u128> {
    // usize is at most 64 bits, so this cannot fail; a failure would mean
    // more regions than any salt of up to 32 characters could need anyway.
    let n = u128::try_from(n).ok()?;
    if chars < MAX_SPLIT_LEN {
        let total = 1u128 << (4 * chars);
        (n <= total).then(|| total / n)
    } else {
        // 16^32 = 2^128 = u128::MAX + 1: ⌊(M + 1) / n⌋ is ⌊M / n⌋, plus one
        // exactly when n divides M + 1.
        Some(u128::MAX / n + u128::from(u128::MAX % n == n - 1))
    }
}

/// `16^chars - b` for `0 < b <= 16^chars`, without overflowing at 32 chars.
fn hex_total_minus(chars: u8, b: u128) -> u128 {
    if usize::from(chars) < MAX_SPLIT_LEN {
        (1u128 << (4 * u32::from(chars))) - b
    } else {
        u128::MAX - b + 1
    }
}

impl SplitKeys {
    /// How many regions the keys make (`len() + 1`).
    #[must_use]
    pub fn regions(&self) -> usize {
        self.regions
    }

    /// How many split keys there are (`regions() - 1`).
    #[must_use]
    pub fn len(&self) -> usize {
        self.regions - 1
    }

    /// Always `false`: there are at least two regions, so at least one key.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The spread being split.
    #[must_use]
    pub fn spread(&self) -> Spread {
        match self.space {
            Space::Hex { chars, .. } => Spread::HexSalt {
                chars: usize::from(chars),
            },
            Space::Bucket {
                count, width, java, ..
            } if java => Spread::JavaHash {
                buckets: count,
                width: usize::from(width),
            },
            Space::Bucket { count, .. } => Spread::Bucket { count },
        }
    }

    /// The split keys in ascending order (as `for key in splits`).
    #[must_use]
    pub fn iter(&self) -> SplitKeysIter {
        self.into_iter()
    }

    /// Split key `i` (0-based; the first row of region `i + 1`), or `None`
    /// past the last.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<SplitKey> {
        (i < self.len()).then(|| self.boundary(i + 1))
    }

    /// How many distinct salt or bucket values region `region` holds, or
    /// `None` past the last region. Their sum over all regions is `16^K` or
    /// `N`.
    #[must_use]
    pub fn prefixes_in(&self, region: usize) -> Option<u128> {
        if region >= self.regions {
            return None;
        }
        Some(match self.space {
            Space::Hex { chars, step } => {
                if region + 1 < self.regions {
                    step
                } else {
                    // The last region runs to the end of the space: the
                    // remainder HexStringSplit leaves lands here.
                    hex_total_minus(chars, step * as_u128(self.len()))
                }
            }
            Space::Bucket { .. } => u128::from(self.bucket_at(region + 1) - self.bucket_at(region)),
        })
    }

    /// All split keys as `Vec`s, the `byte[][]` a Java or Rust client's
    /// create-table call takes.
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn to_vecs(&self) -> alloc::vec::Vec<alloc::vec::Vec<u8>> {
        self.into_iter().map(|k| k.to_vec()).collect()
    }

    /// First bucket of region `j`, `j` in `0..=regions`.
    fn bucket_at(&self, j: usize) -> u32 {
        match self.space {
            Space::Bucket { count, .. } => {
                // j <= n <= count < 2^31, so j * count fits a u64 and the
                // quotient is at most count.
                let q = as_u64(j) * u64::from(count) / as_u64(self.regions);
                u32::try_from(q).unwrap_or(count)
            }
            Space::Hex { .. } => 0,
        }
    }

    /// The first row of region `j`, `j` in `1..regions`.
    fn boundary(&self, j: usize) -> SplitKey {
        let mut key = SplitKey {
            len: 0,
            buf: [0; MAX_SPLIT_LEN],
        };
        match self.space {
            Space::Hex { chars, step } => {
                // j < n and step <= 16^K / n, so j * step < 16^K: no overflow.
                let value = step.wrapping_mul(as_u128(j));
                crate::rule::salt::write_hex(value, &mut key.buf[..usize::from(chars)]);
                key.len = chars;
            }
            Space::Bucket { width, .. } => {
                let w = usize::from(width);
                crate::__private::write_be(self.bucket_at(j), &mut key.buf[..w]);
                key.len = width;
            }
        }
        key
    }
}

fn as_u128(i: usize) -> u128 {
    // usize is at most 64 bits on every platform Rust supports.
    u128::try_from(i).unwrap_or(u128::MAX)
}

fn as_u64(i: usize) -> u64 {
    u64::try_from(i).unwrap_or(u64::MAX)
}

impl IntoIterator for SplitKeys {
    type Item = SplitKey;
    type IntoIter = SplitKeysIter;
    fn into_iter(self) -> SplitKeysIter {
        SplitKeysIter {
            splits: self,
            front: 0,
            back: self.len(),
        }
    }
}

impl IntoIterator for &SplitKeys {
    type Item = SplitKey;
    type IntoIter = SplitKeysIter;
    fn into_iter(self) -> SplitKeysIter {
        (*self).into_iter()
    }
}

/// The split keys of a [`SplitKeys`], in ascending order.
#[derive(Clone, Debug)]
pub struct SplitKeysIter {
    splits: SplitKeys,
    front: usize,
    back: usize,
}

impl Iterator for SplitKeysIter {
    type Item = SplitKey;
    fn next(&mut self) -> Option<SplitKey> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.splits.get(self.front - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
    fn nth(&mut self, n: usize) -> Option<SplitKey> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl DoubleEndedIterator for SplitKeysIter {
    fn next_back(&mut self) -> Option<SplitKey> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.splits.get(self.back)
    }
}

impl ExactSizeIterator for SplitKeysIter {}
impl core::iter::FusedIterator for SplitKeysIter {}

/// A table's region boundaries: how many regions there are and which one a
/// row key belongs to. Region `i` holds the keys from split `i - 1`
/// (inclusive) to split `i` (exclusive), compared as unsigned bytes (HBase
/// `Bytes.compareTo`); the first region starts at the empty row, the last runs
/// to the end of the table.
///
/// Implemented for [`SplitKeys`] and for slices of split keys (`&[Vec<u8>]`,
/// `&[&[u8]]`, `&[SplitKey]`, ...), such as the splits of an existing table.
pub trait Regions {
    /// Number of regions.
    fn regions(&self) -> usize;

    /// The region `key` lands in, in `0..regions()`.
    fn region_of(&self, key: &[u8]) -> usize;

    /// Whether these are boundaries HBase would accept: no empty split key,
    /// strictly ascending.
    ///
    /// # Errors
    /// [`ErrorKind::Invalid`] naming the problem.
    fn check(&self) -> Result<(), Error>;
}

impl Regions for SplitKeys {
    fn regions(&self) -> usize {
        self.regions
    }

    fn region_of(&self, key: &[u8]) -> usize {
        // Binary search for the number of split keys <= key; each probe
        // formats one key on the stack.
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.boundary(mid + 1).as_bytes() <= key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    fn check(&self) -> Result<(), Error> {
        // Boundaries are strictly increasing by construction: step >= 1 and
        // N / n >= 1.
        Ok(())
    }
}

impl<S: AsRef<[u8]>> Regions for [S] {
    fn regions(&self) -> usize {
        self.len() + 1
    }

    fn region_of(&self, key: &[u8]) -> usize {
        self.partition_point(|s| s.as_ref() <= key)
    }

    fn check(&self) -> Result<(), Error> {
        let invalid = |reason| Error::key("split keys", ErrorKind::Invalid { reason });
        if self.iter().any(|s| s.as_ref().is_empty()) {
            return Err(invalid(
                "an empty split key: the empty row already starts the first region",
            ));
        }
        if self.windows(2).any(|w| w[0].as_ref() >= w[1].as_ref()) {
            return Err(invalid(
                "split keys must be strictly ascending as unsigned bytes; sort them and \
                 drop duplicates",
            ));
        }
        Ok(())
    }
}

impl<S: AsRef<[u8]>, const N: usize> Regions for [S; N] {
    fn regions(&self) -> usize {
        self.as_slice().regions()
    }
    fn region_of(&self, key: &[u8]) -> usize {
        self.as_slice().region_of(key)
    }
    fn check(&self) -> Result<(), Error> {
        self.as_slice().check()
    }
}

#[cfg(feature = "alloc")]
impl<S: AsRef<[u8]>> Regions for alloc::vec::Vec<S> {
    fn regions(&self) -> usize {
        self.as_slice().regions()
    }
    fn region_of(&self, key: &[u8]) -> usize {
        self.as_slice().region_of(key)
    }
    fn check(&self) -> Result<(), Error> {
        self.as_slice().check()
    }
}
