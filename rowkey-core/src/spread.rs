//! `#[spread(N)]`: a field whose value is the caller's shard, `0..N` (a
//! random or round-robin prefix: the HBase reference guide's salting,
//! HBaseWD's one-byte prefix). Nothing in the key's other fields says which
//! shard a row went to, so a get names all N candidate rows
//! ([`Candidates`], HBaseWD's `getAllDistributedKeys`), and a scan that
//! leaves the field open reads all N shards and merges them without it.

use crate::{Error, ErrorKind, KeyBuf, RowKey};

/// An unsigned integer that can hold a `#[spread(N)]` shard number.
#[diagnostic::on_unimplemented(
    message = "#[spread] does not fit `{Self}`",
    label = "#[spread(N)] needs an unsigned integer field",
    note = "a spread is a shard number 0..N that the caller picks: make the field u8, u16, u32, u64 or u128"
)]
pub trait SpreadValue: Sized {
    /// The value as a shard number.
    fn shard(&self) -> u128;
    /// Shard `i` as a value of the type; `None` when it does not fit.
    fn from_shard(i: u32) -> Option<Self>;
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl SpreadValue for $t {
            #[inline]
            fn shard(&self) -> u128 {
                u128::from(*self)
            }
            #[inline]
            fn from_shard(i: u32) -> Option<Self> {
                <$t>::try_from(i).ok()
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, u128);

impl<T: SpreadValue> SpreadValue for &T {
    #[inline]
    fn shard(&self) -> u128 {
        (**self).shard()
    }
    #[inline]
    fn from_shard(_: u32) -> Option<Self> {
        None
    }
}

/// Refuses a shard outside `0..count`.
///
/// # Errors
/// [`ErrorKind::SpreadOutOfRange`].
#[inline(always)]
pub fn check_spread<V: SpreadValue>(v: &V, count: u32) -> Result<(), ErrorKind> {
    let value = v.shard();
    if value >= u128::from(count) {
        return Err(ErrorKind::SpreadOutOfRange { value, count });
    }
    Ok(())
}

/// The N rows a `#[spread(N)]` key may have been written under: the key
/// encoded with its spread field set to each shard in turn, in shard order.
/// A get or delete asks for all of them (HBaseWD's
/// `getAllDistributedKeys`). Made by the derive's `candidates()`; each key
/// is written into a stack buffer ([`Candidate`], the key's
/// [`RowKey::Buf`]), nothing is allocated. For a key without a bounded
/// width that buffer is HBase's 32 KiB limit, filled and moved per
/// candidate: keep N small, or encode the keys yourself into one buffer.
pub struct Candidates<'k, K: RowKey> {
    key: &'k K,
    next: u32,
    count: u32,
    encode: fn(&K, u32, &mut [u8]) -> Result<usize, Error>,
}

impl<'k, K: RowKey> Candidates<'k, K> {
    /// The candidates of `key` over `count` shards, each written by
    /// `encode` (the derive's encode with the spread field replaced).
    #[doc(hidden)]
    #[must_use]
    pub fn new(
        key: &'k K,
        count: u32,
        encode: fn(&K, u32, &mut [u8]) -> Result<usize, Error>,
    ) -> Self {
        Candidates {
            key,
            next: 0,
            count,
            encode,
        }
    }
}

impl<K: RowKey> core::fmt::Debug for Candidates<'_, K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Candidates")
            .field("key", &K::NAME)
            .field("next", &self.next)
            .field("count", &self.count)
            .finish()
    }
}

impl<K: RowKey> Iterator for Candidates<'_, K> {
    type Item = Result<Candidate<K>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.count {
            return None;
        }
        let shard = self.next;
        self.next += 1;
        let mut buf = <K::Buf as KeyBuf>::ZERO;
        Some((self.encode)(self.key, shard, buf.as_mut()).map(|len| Candidate { buf, len, shard }))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.count - self.next) as usize;
        (left, Some(left))
    }
}

impl<K: RowKey> ExactSizeIterator for Candidates<'_, K> {}

/// One candidate row of a spread key: its bytes (`&*candidate`) and the
/// shard it stands for.
pub struct Candidate<K: RowKey> {
    buf: K::Buf,
    len: usize,
    shard: u32,
}

impl<K: RowKey> Candidate<K> {
    /// The shard this row is under.
    #[must_use]
    pub fn shard(&self) -> u32 {
        self.shard
    }

    /// The row key.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf.as_ref()[..self.len]
    }
}

impl<K: RowKey> core::ops::Deref for Candidate<K> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl<K: RowKey> AsRef<[u8]> for Candidate<K> {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl<K: RowKey> core::fmt::Debug for Candidate<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The bytes of the key, not the whole buffer they sit in.
        f.debug_struct("Candidate")
            .field("shard", &self.shard)
            .field("key", &crate::Binary(self.as_bytes()))
            .finish_non_exhaustive()
    }
}
