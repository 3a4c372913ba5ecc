//! The Java-hash salt, `#[rowkey(salt(java_hash, buckets = N))]`: the salt
//! Apache Phoenix (`SaltingUtil.getSaltingByte`, `SALT_BUCKETS`) and OpenTSDB
//! (`RowKey.prefixKeyWithSalt`, `tsd.storage.salt.*`) write in front of a
//! key. Every byte of that rule lives here: the hash, the bucket it picks,
//! and the salt's big-endian bytes.
//!
//! The hash is Java's `Arrays.hashCode(byte[])`: `h = 1`, then
//! `h = 31 * h + b` for each byte read as a **signed** `byte`, in wrapping
//! `int` arithmetic. The bucket is `Math.abs(h % N)` with Java's truncating
//! `%`, which differs from a Euclidean `mod` whenever `h` is negative (about
//! half the keys, a third of them landing in another bucket).

/// The salt's settings, read from the key's layout ([`JavaSalt::of`]):
/// bucket count, width in bytes, and whether an all-zero first hashed part
/// keeps the salt at 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaSalt {
    /// `N`, 2 to `min(256^width, i32::MAX)`.
    pub buckets: u32,
    /// Bytes written, 1 to 4.
    pub width: usize,
    /// OpenTSDB leaves the salt 0 when the metric UID (the key's first
    /// field, hashed first) is all zero bytes: its global annotation row.
    /// The derive sets it only when `fields(..)` lists the key's first
    /// field first.
    pub zero_first: bool,
}

impl JavaSalt {
    /// The Java-hash salt of a key with this layout, and how many fields it
    /// hashes (0: every byte after it). With `fields(..)` listing the key's
    /// first field first, that field's bytes all zero keep the salt 0, as
    /// OpenTSDB leaves its global annotation row (metric UID 0) unsalted: it
    /// looks at the bytes right after the salt. Listed in another order, the
    /// fields are hashed whatever they hold.
    #[must_use]
    pub const fn of(layout: &crate::layout::Layout) -> Option<(JavaSalt, usize)> {
        let Some(crate::layout::KeySalt::JavaHash {
            buckets,
            width,
            fields,
        }) = layout.salt
        else {
            return None;
        };
        let zero_first = match (fields.first(), layout.fields.first()) {
            (Some(f), Some(k)) => str_eq(f, k.name),
            _ => false,
        };
        Some((
            JavaSalt {
                buckets,
                width,
                zero_first,
            },
            fields.len(),
        ))
    }
}

/// The Java-hash salt of key `K`, for the code the derive writes for it
/// (which names it only for a key that has one).
///
/// # Panics
/// At compile time, in the constant the derive writes, for a key without
/// the salt: the derive's bug, not the user's.
#[must_use]
pub const fn key_java_salt<K: crate::RowKey>() -> JavaSalt {
    match JavaSalt::of(&K::LAYOUT) {
        Some((salt, _)) => salt,
        None => panic!("rowkey: the key has no Java-hash salt"),
    }
}

/// `a == b` in a constant.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The most salt values `width` bytes hold for a Java-hash salt:
/// `256^width`, and at most `i32::MAX`, since Java's bucket count is an
/// `int`.
#[must_use]
pub const fn java_salt_max(width: usize) -> u32 {
    if width >= 4 {
        i32::MAX.unsigned_abs()
    } else {
        1 << (8 * width)
    }
}

/// Java's `Arrays.hashCode(byte[])` continued over `bytes` from `h` (start
/// with 1): the hash of several parts is the hash of their concatenation.
#[inline]
#[must_use]
pub const fn java_hash_from(mut h: i32, bytes: &[u8]) -> i32 {
    let mut i = 0;
    while i < bytes.len() {
        // `as i8` reads the byte as Java's signed `byte`.
        #[allow(clippy::cast_possible_wrap)]
        let b = bytes[i] as i8;
        h = h.wrapping_mul(31).wrapping_add(b as i32);
        i += 1;
    }
    h
}

/// `Math.abs(h % n)` with Java's truncating remainder (OpenTSDB's
/// `if (modulo < 0) modulo *= -1` is the same). For `n <= i32::MAX` the
/// remainder's magnitude is below `n`, so `abs` never meets
/// `Integer.MIN_VALUE`.
#[inline]
#[must_use]
pub const fn java_bucket(h: i32, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    // i64 holds both; `%` in Rust truncates toward zero, as Java's does.
    let r = (h as i64) % (n as i64);
    // |r| < n <= u32::MAX.
    #[allow(clippy::cast_possible_truncation)]
    let out = r.unsigned_abs() as u32;
    out
}

/// The salt over `parts` (concatenated, in order).
#[inline]
#[must_use]
pub fn java_salt_of(parts: &[&[u8]], salt: JavaSalt) -> u32 {
    // OpenTSDB compares the metric's bytes with zeros; an empty first
    // part (a variable-width field holding nothing) is no zero UID.
    if salt.zero_first {
        if let Some(first) = parts.first() {
            if !first.is_empty() && first.iter().all(|&b| b == 0) {
                return 0;
            }
        }
    }
    let mut h = 1;
    for part in parts {
        h = java_hash_from(h, part);
    }
    java_bucket(h, salt.buckets)
}

/// Writes `value`'s low `out.len()` bytes, big-endian (OpenTSDB's
/// `getSaltBytes`; one byte is Phoenix's salt byte).
#[inline]
pub fn write_be(value: u32, out: &mut [u8]) {
    let w = out.len();
    for (i, o) in out.iter_mut().enumerate() {
        let shift = 8 * (w - 1 - i);
        // The byte at `shift`; a width over 4 bytes writes leading zeros.
        #[allow(clippy::cast_possible_truncation)]
        let byte = value
            .checked_shr(u32::try_from(shift).unwrap_or(u32::MAX))
            .unwrap_or(0) as u8;
        *o = byte;
    }
}

/// Reads big-endian bytes back (at most 4 are ever stored).
#[inline]
#[must_use]
pub fn read_be(bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .fold(0u32, |acc, &b| acc.wrapping_shl(8) | u32::from(b))
}

/// Whether the salt stored in `stored` is the one `parts` hash to.
#[inline]
#[must_use]
pub fn java_salt_matches(parts: &[&[u8]], salt: JavaSalt, stored: &[u8]) -> bool {
    stored.len() == salt.width && read_be(stored) == java_salt_of(parts, salt)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Java's `Arrays.hashCode` as a straight loop over signed bytes, for
    /// comparison (the values below were checked with `jshell`:
    /// `Arrays.hashCode(new byte[]{...})`).
    #[test]
    fn hash_matches_java() {
        assert_eq!(java_hash_from(1, &[]), 1);
        assert_eq!(java_hash_from(1, b"a"), 31 + 97);
        // 0xFF is the signed byte -1.
        assert_eq!(java_hash_from(1, &[0xFF]), 30);
        // Parts continue the hash of their concatenation.
        assert_eq!(
            java_hash_from(java_hash_from(1, b"ab"), b"cd"),
            java_hash_from(1, b"abcd")
        );
    }

    #[test]
    fn bucket_truncates_like_java() {
        // -7 % 3 is -1 in Java: abs gives 1, where rem_euclid gives 2.
        assert_eq!(java_bucket(-7, 3), 1);
        assert_eq!(java_bucket(7, 3), 1);
        assert_eq!(java_bucket(i32::MIN, 256), 0);
        assert_eq!(java_bucket(i32::MIN, 20), 8);
        assert_eq!(java_bucket(i32::MIN, i32::MAX.unsigned_abs()), 1);
    }

    #[test]
    fn be_bytes() {
        let mut out = [0u8; 3];
        write_be(0x0001_0203, &mut out);
        assert_eq!(out, [1, 2, 3]);
        assert_eq!(read_be(&out), 0x0001_0203);
        let mut one = [0u8; 1];
        write_be(255, &mut one);
        assert_eq!(one, [255]);
    }

    #[test]
    fn zero_first_part_keeps_salt_zero() {
        let s = JavaSalt {
            buckets: 20,
            width: 1,
            zero_first: true,
        };
        assert_eq!(java_salt_of(&[&[0, 0, 0], b"tags"], s), 0);
        // An empty first part is hashed.
        assert_eq!(
            java_salt_of(&[&[], b"tags"], s),
            java_bucket(java_hash_from(1, b"tags"), 20)
        );
        let hashed = JavaSalt {
            zero_first: false,
            ..s
        };
        assert_eq!(
            java_salt_of(&[&[0, 0, 0], b"tags"], hashed),
            java_bucket(java_hash_from(1, b"\0\0\0tags"), 20)
        );
    }
}
