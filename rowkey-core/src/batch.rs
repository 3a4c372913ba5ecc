//! Many keys of a salted layout at once: [`encode_batch`] writes them with
//! their MD5 salts computed sixteen at a time in SIMD lanes, and
//! [`verify_batch`] checks many stored keys the same way. The bytes and the
//! accept/refuse decisions are those of `encode_into` and `decode`, key by
//! key; only the MD5s are computed together.
//!
//! Every key is a [`BatchKey`] and a [`BatchDecode`]; for a salted key the
//! derive writes an encode that leaves each salt slot for the caller and
//! says which bytes it hashes, and decode's walk over a stored key, which
//! hands the salts over ranges of the key to the same queue ([`SaltSink`])
//! and checks plain fields without building them. A salt on a `#[reverse]` or escaped field
//! (it hashes bytes the key does not hold as they are), a struct-level salt
//! with a delimiter, and salts past the fourth of one key, are computed one
//! at a time as in `encode_into` and `decode`. Messages of one block (55
//! bytes or less, the usual salt) are gathered into the lanes word by word.
//! With the `simd` feature the lanes run in AVX-512 or AVX2 registers when
//! the CPU has them (chosen at run time); the output is the same.

use crate::md5x::{self, LANES};
use crate::{DecodeKey, Error, ErrorKind, RowKey, MAX_SALT_FIELDS};

/// Salts of one key that [`DeferredSalts`] holds; the derive computes any
/// further ones itself.
pub const MAX_DEFERRED: usize = 4;

/// A key the batch functions take: every [`RowKey`]. Its encode with the
/// salts left for the batch is `RowKey`'s hidden `__encode_deferred`, which
/// the derive writes for a salted key (an unsalted one keeps the default,
/// `encode_into`).
pub trait BatchKey: RowKey {}

impl<K: RowKey> BatchKey for K {}

/// A key [`verify_batch`] checks: every [`DecodeKey`] of a [`RowKey`]. Its
/// checks with the salts handed over are `DecodeKey`'s hidden
/// `__verify_deferred`, which the derive writes for a salted key.
pub trait BatchDecode<'de>: BatchKey + DecodeKey<'de> {}

impl<'de, K: BatchKey + DecodeKey<'de>> BatchDecode<'de> for K {}

/// Where decode's walk hands a salt check: [`NoSink`] (plain `decode`)
/// takes none, [`DeferredSalts`] (batch verification) takes the salts it has
/// room for, to hash them in lanes later.
#[doc(hidden)]
pub trait SaltSink {
    /// Whether it takes any check at all (plain decode's does not, so the
    /// checks' arguments need not be built).
    const TAKES: bool = true;

    /// Takes the check that the `k` bytes at `at` are the hex MD5 of the
    /// input's ranges `parts`, concatenated; `false` leaves it to the caller.
    fn defer_check(
        &mut self,
        field: &'static str,
        at: usize,
        k: usize,
        parts: &[(usize, usize)],
    ) -> bool;
}

/// Plain `decode`: every salt checked where it is read.
#[doc(hidden)]
pub struct NoSink;

impl SaltSink for NoSink {
    const TAKES: bool = false;

    #[inline(always)]
    fn defer_check(&mut self, _: &'static str, _: usize, _: usize, _: &[(usize, usize)]) -> bool {
        false
    }
}

// The queue as the walker holds it, borrowed from the batch.
impl<S: SaltSink + ?Sized> SaltSink for &mut S {
    const TAKES: bool = S::TAKES;

    #[inline(always)]
    fn defer_check(
        &mut self,
        field: &'static str,
        at: usize,
        k: usize,
        parts: &[(usize, usize)],
    ) -> bool {
        (**self).defer_check(field, at, k, parts)
    }
}

impl SaltSink for DeferredSalts {
    #[inline(always)]
    fn defer_check(
        &mut self,
        field: &'static str,
        at: usize,
        k: usize,
        parts: &[(usize, usize)],
    ) -> bool {
        self.try_defer(field, at, k, parts)
    }
}

/// Salts waiting for their MD5s: those of the keys encoded so far, hashed
/// [`LANES`] at a time as soon as there are that many. Derived code
/// adds a key's salts with [`defer`](DeferredSalts::defer); one key adds at
/// most [`MAX_DEFERRED`], so the queue never needs more room than this.
#[doc(hidden)]
pub struct DeferredSalts {
    field: [&'static str; QUEUE],
    /// Where the salt's hex characters go, from the start of `data(owner)`.
    at: [usize; QUEUE],
    k: [usize; QUEUE],
    owner: [usize; QUEUE],
    len: [usize; QUEUE],
    /// `parts[first[j]..first[j] + count[j]]`: the ranges of `data(owner)`
    /// salt `j` hashes, concatenated.
    first: [usize; QUEUE],
    count: [usize; QUEUE],
    parts: [(usize, usize); QUEUE * MAX_SALT_FIELDS],
    jobs: usize,
    used: usize,
    /// The key being encoded: its index and where it starts.
    owner_now: usize,
    base: usize,
    key_jobs: usize,
    /// More salts than [`MAX_DEFERRED`], more parts than a salt has, or a
    /// salt over 32 characters: the key's salts are dropped from the queue
    /// and it is encoded by `encode_into` (the derive never asks for this).
    overflow: bool,
}

const QUEUE: usize = LANES + MAX_DEFERRED;

impl DeferredSalts {
    fn new() -> Self {
        DeferredSalts {
            field: [""; QUEUE],
            at: [0; QUEUE],
            k: [0; QUEUE],
            owner: [0; QUEUE],
            len: [0; QUEUE],
            first: [0; QUEUE],
            count: [0; QUEUE],
            parts: [(0, 0); QUEUE * MAX_SALT_FIELDS],
            jobs: 0,
            used: 0,
            owner_now: 0,
            base: 0,
            key_jobs: 0,
            overflow: false,
        }
    }

    fn begin_key(&mut self, owner: usize, base: usize) {
        self.owner_now = owner;
        self.base = base;
        self.key_jobs = 0;
        self.overflow = false;
    }

    /// Drops the salts of the key being encoded.
    fn abandon_key(&mut self) {
        self.jobs -= self.key_jobs;
        self.used = if self.jobs == 0 {
            0
        } else {
            self.first[self.jobs - 1] + self.count[self.jobs - 1]
        };
        self.key_jobs = 0;
    }

    /// Records that the `k` bytes at `at` of the key being encoded (the
    /// salt of `field`) are the hex MD5 of its `parts`, concatenated.
    #[inline]
    #[doc(hidden)]
    pub fn defer(&mut self, field: &'static str, at: usize, k: usize, parts: &[(usize, usize)]) {
        if !self.try_defer(field, at, k, parts) {
            self.overflow = true;
        }
    }

    /// [`defer`](Self::defer), or `false` without recording anything when
    /// the key has no room left for the salt.
    #[inline]
    fn try_defer(
        &mut self,
        field: &'static str,
        at: usize,
        k: usize,
        parts: &[(usize, usize)],
    ) -> bool {
        if self.key_jobs == MAX_DEFERRED || parts.len() > MAX_SALT_FIELDS || k > 32 {
            return false;
        }
        let j = self.jobs;
        self.field[j] = field;
        self.at[j] = self.base + at;
        self.k[j] = k;
        self.owner[j] = self.owner_now;
        self.first[j] = self.used;
        self.count[j] = parts.len();
        let mut len = 0;
        for (slot, &(from, to)) in self.parts[self.used..].iter_mut().zip(parts) {
            *slot = (self.base + from, self.base + to);
            len += to - from;
        }
        self.len[j] = len;
        self.used += parts.len();
        self.jobs += 1;
        self.key_jobs += 1;
        true
    }

    /// The MD5s of the first `min(jobs, LANES)` salts, their bytes read from
    /// `data(owner)`.
    fn digests<'d>(&self, data: impl Fn(usize) -> &'d [u8]) -> md5x::Digests {
        let n = self.jobs.min(LANES);
        if self.len[..n].iter().all(|&len| len <= md5x::SHORT) {
            return md5x::digests_short(n, |j, block| {
                let data = data(self.owner[j]);
                for &(from, to) in &self.parts[self.first[j]..self.first[j] + self.count[j]] {
                    // (A branch, not an empty slice for the range that is
                    // not there: no select of a pointer and a length.)
                    if let Some(part) = data.get(from..to) {
                        block.put(part);
                    }
                }
            });
        }
        md5x::digests(&self.len[..n], |j, start, block| {
            let parts = &self.parts[self.first[j]..self.first[j] + self.count[j]];
            md5x::gather(data(self.owner[j]), parts, start, block);
        })
    }

    /// Drops the first `min(jobs, LANES)` salts, moving the rest to the front.
    fn pop_lanes(&mut self) {
        let n = self.jobs.min(LANES);
        let shift = if n == self.jobs {
            self.used
        } else {
            self.first[n]
        };
        for j in n..self.jobs {
            let i = j - n;
            self.field[i] = self.field[j];
            self.at[i] = self.at[j];
            self.k[i] = self.k[j];
            self.owner[i] = self.owner[j];
            self.len[i] = self.len[j];
            self.first[i] = self.first[j] - shift;
            self.count[i] = self.count[j];
        }
        self.parts.copy_within(shift..self.used, 0);
        self.used -= shift;
        self.jobs -= n;
    }
}

/// The two lowercase hex characters of each byte value, as one
/// little-endian `u16` (the high nibble's character first in memory): a
/// digest byte becomes its characters, or is compared with them, by one
/// load.
const HEX_PAIRS: [u16; 256] = {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = HEX[b >> 4] as u16 | (HEX[b & 15] as u16) << 8;
        b += 1;
    }
    t
};

/// The first `k` (at most 32) lowercase hex characters of lane `lane`'s
/// digest, as `__private::md5_hex_into` writes them: the two characters of
/// a digest byte in one store.
#[inline]
fn hex(digests: &md5x::Digests, lane: usize, k: usize, out: &mut [u8]) {
    let (pairs, odd) = out[..k].as_chunks_mut::<2>();
    for (i, pair) in pairs.iter_mut().enumerate() {
        *pair = HEX_PAIRS[usize::from(digests.byte(lane, i))].to_le_bytes();
    }
    if let [high] = odd {
        *high = HEX_PAIRS[usize::from(digests.byte(lane, pairs.len()))].to_le_bytes()[0];
    }
}

/// Whether `stored` (at most 32 bytes) is the first `stored.len()`
/// lowercase hex characters of lane `lane`'s digest. Compared two
/// characters at a time in registers: hex written to memory and compared
/// there by `memcmp` stalls on the fresh stores.
#[inline]
fn hex_matches(digests: &md5x::Digests, lane: usize, stored: &[u8]) -> bool {
    if stored.len() > 32 {
        return false;
    }
    let (pairs, odd) = stored.as_chunks::<2>();
    let mut diff = 0;
    for (i, pair) in pairs.iter().enumerate() {
        diff |= u16::from_le_bytes(*pair) ^ HEX_PAIRS[usize::from(digests.byte(lane, i))];
    }
    if let [high] = odd {
        let chars = HEX_PAIRS[usize::from(digests.byte(lane, pairs.len()))];
        diff |= u16::from(*high) ^ (chars & 0xFF);
    }
    diff == 0
}

/// Encodes `keys` back to back into `buf`, computing their MD5 salts sixteen
/// at a time in SIMD lanes, and writes where each key ends into `ends`; returns the bytes
/// written. Key `i` is `buf[ends[i - 1]..ends[i]]` (from 0 for the first),
/// byte for byte what `keys[i].encode_into` writes. Never allocates.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct UserOrder<'a> {
///     #[salt(md5, 4)] #[pad(16)] user_id: &'a str,
///     order_id: u64,
/// }
///
/// let keys = [
///     UserOrder { user_id: "user_12345", order_id: 20241122 },
///     UserOrder { user_id: "user_67890", order_id: 20241123 },
/// ];
/// let mut buf = [0u8; 2 * UserOrder::MAX_LEN];
/// let mut ends = [0usize; 2];
/// let n = rowkey::encode_batch(&keys, &mut buf, &mut ends).map_err(|(_, e)| e)?;
/// assert_eq!(n, 56);
/// assert_eq!(&buf[..ends[0]], &keys[0].to_vec()?[..]);
/// assert_eq!(&buf[ends[0]..ends[1]], &keys[1].to_vec()?[..]);
/// # Ok::<(), rowkey::Error>(())
/// ```
///
/// # Errors
/// The index of the first key that cannot be encoded, with the error its
/// `encode_into` gives (`BufferTooSmall` when `buf` runs out). Keys before
/// it are written. `ends` shorter than `keys` is refused up front, as
/// `BufferTooSmall` at index 0.
pub fn encode_batch<K: BatchKey>(
    keys: &[K],
    buf: &mut [u8],
    ends: &mut [usize],
) -> Result<usize, (usize, Error)> {
    if ends.len() < keys.len() {
        let kind = ErrorKind::BufferTooSmall {
            needed: keys.len(),
            available: ends.len(),
        };
        return Err((0, Error::key(K::NAME, kind)));
    }
    let mut queue = DeferredSalts::new();
    let mut pos = 0;
    for (i, key) in keys.iter().enumerate() {
        queue.begin_key(i, pos);
        let written = match key.__encode_deferred(&mut buf[pos..], &mut queue) {
            Ok(_) if queue.overflow => {
                queue.abandon_key();
                key.encode_into(&mut buf[pos..])
            }
            other => other,
        };
        match written {
            Ok(n) => pos += n,
            Err(e) => {
                queue.abandon_key();
                while queue.jobs > 0 {
                    write_salts(buf, &mut queue);
                }
                return Err((i, e));
            }
        }
        ends[i] = pos;
        if queue.jobs >= LANES {
            write_salts(buf, &mut queue);
        }
    }
    while queue.jobs > 0 {
        write_salts(buf, &mut queue);
    }
    Ok(pos)
}

/// Hashes the first lanes' worth of salts and writes them into `buf`.
fn write_salts(buf: &mut [u8], queue: &mut DeferredSalts) {
    let digests = queue.digests(|_| buf);
    for j in 0..queue.jobs.min(LANES) {
        let at = queue.at[j];
        hex(&digests, j, queue.k[j], &mut buf[at..at + queue.k[j]]);
    }
    queue.pop_lanes();
}

/// Checks `keys` as `K::decode` does, every salt included, computing the
/// MD5s sixteen at a time in SIMD lanes: for a batch of keys read from a
/// table, before trusting them. Every other check is `decode`'s own walk
/// over the key (its value dropped).
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct UserOrder<'a> {
///     #[salt(md5, 4)] #[pad(16)] user_id: &'a str,
///     order_id: u64,
/// }
///
/// let good = UserOrder { user_id: "user_12345", order_id: 1 }.to_vec()?;
/// let mut bad = good.clone();
/// bad[0] ^= 1;
/// assert!(rowkey::verify_batch::<UserOrder>(&[&good, &good]).is_ok());
/// let refused = rowkey::verify_batch::<UserOrder>(&[&good, &bad]);
/// assert_eq!(refused, Err((1, UserOrder::decode(&bad).err().unwrap())));
/// # Ok::<(), rowkey::Error>(())
/// ```
///
/// # Errors
/// The index of the first key `decode` refuses, with `decode`'s error for it.
pub fn verify_batch<'de, K: BatchDecode<'de>>(keys: &[&'de [u8]]) -> Result<(), (usize, Error)> {
    let mut queue = DeferredSalts::new();
    for (i, &bytes) in keys.iter().enumerate() {
        queue.begin_key(i, 0);
        // decode's walk, with the salts over ranges of the input left in
        // the queue: no value built, nothing encoded again.
        if K::__verify_deferred(bytes, &mut queue).is_err() {
            queue.abandon_key();
            // Keys before this one are reported first.
            while queue.jobs > 0 {
                check_salts::<K>(keys, &mut queue)?;
            }
            // decode's own error: a failing deferred salt read before the
            // failing check is the one it reports.
            <K as DecodeKey<'de>>::decode(bytes).map_err(|e| (i, e))?;
        } else if queue.jobs >= LANES {
            check_salts::<K>(keys, &mut queue)?;
        }
    }
    while queue.jobs > 0 {
        check_salts::<K>(keys, &mut queue)?;
    }
    Ok(())
}

/// Compares the first lanes' worth of salts with their keys' stored ones;
/// the first mismatch (lowest key) is reported as `decode` reports that key.
fn check_salts<'de, K: BatchDecode<'de>>(
    keys: &[&'de [u8]],
    queue: &mut DeferredSalts,
) -> Result<(), (usize, Error)> {
    let digests = queue.digests(|owner| keys[owner]);
    let mut first = None;
    for j in 0..queue.jobs.min(LANES) {
        let (at, k) = (queue.at[j], queue.k[j]);
        if !keys[queue.owner[j]]
            .get(at..at + k)
            .is_some_and(|stored| hex_matches(&digests, j, stored))
        {
            first = Some((queue.owner[j], queue.field[j]));
            break;
        }
    }
    queue.pop_lanes();
    match first {
        None => Ok(()),
        // decode's own error: the same one, in the same order of checks.
        // (It refuses the key: the salt does not match. Should the two ever
        // disagree, the mismatch is still reported, not lost.)
        Some((owner, field)) => Err((
            owner,
            <K as DecodeKey<'de>>::decode(keys[owner])
                .err()
                .unwrap_or_else(|| Error::field(K::NAME, field, ErrorKind::SaltMismatch)),
        )),
    }
}
