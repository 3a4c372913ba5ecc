//! `#[rowkey(phoenix)]`: the primary key as Apache Phoenix writes it
//! (`PTableImpl.newKey`). Fixed-width columns go back to back; a
//! variable-width column (VARCHAR, VARBINARY) is followed by a separator
//! only when another column is written after it (`0x00`, or `0xFF` after a
//! non-null DESC value, `SchemaUtil.getSeparatorByte`), trailing NULLs are
//! not written at all, and a non-null DESC variable-width value that ends
//! the key keeps its `0xFF`. An empty VARCHAR is NULL in Phoenix, so a
//! non-null one is never empty.
//!
//! Encode keeps count of the `0x00` separators owed to the columns written
//! so far and writes them only when a later column is written, so trailing
//! NULLs leave nothing behind.

use crate::__private::{InField, Presence};
use crate::part::{DecodePart, KeyPart};
use crate::scan::Scan;
use crate::{Error, ErrorKind, RowKey};

/// Phoenix's separator after an ASC or NULL variable-width value.
pub const SEPARATOR: u8 = 0x00;
/// Phoenix's separator after a non-null DESC variable-width value
/// (`QueryConstants.DESC_SEPARATOR_BYTE`), also written after such a value
/// when it ends the key.
pub const DESC_SEPARATOR: u8 = 0xFF;

/// A Rust type that is one of Phoenix's primary-key types, written as its
/// `PDataType` writes it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a primary-key type of Apache Phoenix that rowkey writes",
    label = "no Phoenix type for this field",
    note = "#[rowkey(phoenix)] fields are i8/i16/i32/i64 (TINYINT..BIGINT, DATE as epoch millis), rowkey::PhoenixTimestamp (TIMESTAMP), u8/u16/u32/u64 (UNSIGNED_*), bool (BOOLEAN), [u8; N] (BINARY(N)), String with #[pad(N, b' ')] (CHAR(N)), String (VARCHAR), Vec<u8> (VARBINARY, last), Option<String> (nullable VARCHAR)"
)]
pub trait PhoenixColumn: KeyPart {
    /// The mask a DESC value's bytes are XOR-ed with: `0xFF` (`SortOrder.invert`)
    /// for every type but BOOLEAN, whose DESC bytes are `0x00` for true and
    /// `0x01` for false (`PBoolean.toBytes(Object, SortOrder)`).
    const DESC_MASK: u8 = 0xFF;
    /// A VARCHAR or CHAR: a separator byte inside is refused.
    const TEXT: bool = false;
    /// Refuses what Phoenix refuses for the type: an `UNSIGNED_*` value above
    /// the signed type's MAX.
    ///
    /// # Errors
    /// The refusal.
    #[inline]
    fn phoenix_check(&self) -> Result<(), ErrorKind> {
        Ok(())
    }
}

macro_rules! signed {
    ($($t:ty),*) => {$(impl PhoenixColumn for $t {})*};
}
signed!(i8, i16, i32, i64);

macro_rules! unsigned {
    ($($t:ty => $s:ty, $reason:literal);*) => {$(
        impl PhoenixColumn for $t {
            #[inline]
            fn phoenix_check(&self) -> Result<(), ErrorKind> {
                if *self > <$s>::MAX.unsigned_abs() {
                    return Err(ErrorKind::Invalid { reason: $reason });
                }
                Ok(())
            }
        }
    )*};
}
unsigned!(
    u8 => i8, "Phoenix's UNSIGNED_TINYINT holds 0 to 127 (i8::MAX); Phoenix refuses larger values";
    u16 => i16, "Phoenix's UNSIGNED_SMALLINT holds 0 to 32767 (i16::MAX); Phoenix refuses larger values";
    u32 => i32, "Phoenix's UNSIGNED_INT holds 0 to 2147483647 (i32::MAX); Phoenix refuses larger values";
    u64 => i64, "Phoenix's UNSIGNED_LONG holds 0 to 9223372036854775807 (i64::MAX); Phoenix refuses larger values"
);

impl PhoenixColumn for bool {
    const DESC_MASK: u8 = 0x01;
}
impl<const N: usize> PhoenixColumn for [u8; N] {}
impl PhoenixColumn for str {
    const TEXT: bool = true;
}
impl PhoenixColumn for [u8] {}
impl<T: PhoenixColumn + ?Sized> PhoenixColumn for &T {
    const DESC_MASK: u8 = T::DESC_MASK;
    const TEXT: bool = T::TEXT;
    #[inline]
    fn phoenix_check(&self) -> Result<(), ErrorKind> {
        (**self).phoenix_check()
    }
}
#[cfg(feature = "alloc")]
impl PhoenixColumn for alloc::string::String {
    const TEXT: bool = true;
}
#[cfg(feature = "alloc")]
impl PhoenixColumn for alloc::vec::Vec<u8> {}

/// A column's place in a Phoenix key, fixed by the derive.
#[derive(Clone, Copy, Debug)]
pub struct PhxCol {
    /// Declared DESC.
    pub desc: bool,
    /// The last primary-key column: nothing follows it but, after a non-null
    /// DESC variable-width value, `0xFF`.
    pub last: bool,
    /// `CHAR(n)`: `#[pad(n, b' ')]`, fixed width.
    pub char_width: usize,
}

const EMPTY: ErrorKind = ErrorKind::Invalid {
    reason: "Phoenix stores an empty VARCHAR, CHAR or VARBINARY as NULL, so a non-null value \
             is never empty; use an Option field and None for NULL",
};
const NON_ASCII: ErrorKind = ErrorKind::Invalid {
    reason: "Phoenix's CHAR(n) holds single-byte characters only (PChar); use a VARCHAR \
             (a String without #[pad]) for other text",
};

impl PhxCol {
    /// Whether values of `V` in this column take a separator after them.
    #[inline(always)]
    #[must_use]
    pub const fn variable<V: KeyPart + ?Sized>(self) -> bool {
        self.char_width == 0 && V::WIDTH.is_none()
    }

    /// The `0x00` separator after a non-null value of `V`, written only when
    /// a later column is (1), or none (0): an ASC variable-width value that
    /// is not last. (A DESC one's `0xFF` is part of what [`write`] writes.)
    #[inline(always)]
    #[must_use]
    pub const fn after<V: KeyPart + ?Sized>(self) -> usize {
        if self.variable::<V>() && !self.desc && !self.last {
            1
        } else {
            0
        }
    }

    /// The `0x00` separator after a NULL, written only when a later column
    /// is: one, unless the column is last.
    #[inline(always)]
    #[must_use]
    pub const fn after_null(self) -> usize {
        if self.last {
            0
        } else {
            1
        }
    }
}

/// The bytes [`write`] writes for a non-null `v`.
#[inline(always)]
pub fn len<V: KeyPart + ?Sized>(v: &V, c: PhxCol) -> usize {
    if c.char_width > 0 {
        return c.char_width;
    }
    v.encoded_len() + usize::from(c.desc && c.variable::<V>())
}

/// Writes the separators owed to the columns before (`pending` of them,
/// all `0x00`: after ASC values and NULLs), now that a column follows them.
#[inline(always)]
pub fn flush(buf: &mut [u8], pos: &mut usize, pending: &mut usize) {
    if *pending > 0 {
        buf[*pos..*pos + *pending].fill(SEPARATOR);
        *pos += *pending;
        *pending = 0;
    }
}

/// Writes a non-null value at `*pos`, inverted if DESC, with the `0xFF` a
/// DESC variable-width value always has after it; the `0x00` after an ASC
/// one is the caller's ([`PhxCol::after`]), as it is written only when a
/// column follows.
///
/// # Errors
/// What Phoenix refuses: an empty VARCHAR/VARBINARY/CHAR, a `0x00` inside a
/// VARCHAR, a CHAR value longer than its width, ending in a space or not
/// single-byte, an `UNSIGNED_*` value above the signed MAX.
#[inline(always)]
pub fn write<V: PhoenixColumn + ?Sized>(
    v: &V,
    buf: &mut [u8],
    pos: &mut usize,
    c: PhxCol,
) -> Result<(), ErrorKind> {
    v.phoenix_check()?;
    let at = *pos;
    let blen = v.encoded_len();
    if c.char_width > 0 {
        if blen > c.char_width {
            return Err(ErrorKind::TooLongForPad {
                len: blen,
                pad: c.char_width,
            });
        }
        let slot = &mut buf[at..at + c.char_width];
        v.encode_part(&mut slot[..blen])?;
        check_text(&slot[..blen], V::TEXT)?;
        if !slot[..blen].is_ascii() {
            return Err(NON_ASCII);
        }
        if slot[..blen].last() == Some(&b' ') {
            return Err(ErrorKind::EndsWithPadByte { byte: b' ' });
        }
        slot[blen..].fill(b' ');
        finish(slot, c, V::DESC_MASK);
        *pos = at + c.char_width;
        return Ok(());
    }
    v.encode_part(&mut buf[at..at + blen])?;
    let variable = c.variable::<V>();
    if variable {
        check_text(&buf[at..at + blen], V::TEXT)?;
    }
    finish(&mut buf[at..at + blen], c, V::DESC_MASK);
    *pos = at + blen;
    if variable && c.desc {
        buf[*pos] = DESC_SEPARATOR;
        *pos += 1;
    }
    Ok(())
}

/// Empty values are NULL in Phoenix; a VARCHAR never holds the separator.
#[inline(always)]
fn check_text(body: &[u8], text: bool) -> Result<(), ErrorKind> {
    if body.is_empty() {
        return Err(EMPTY);
    }
    if text {
        if let Some(index) = body.iter().position(|&b| b == SEPARATOR) {
            return Err(ErrorKind::ContainsDelimiter {
                byte: SEPARATOR,
                index,
            });
        }
    }
    Ok(())
}

#[inline(always)]
fn finish(body: &mut [u8], c: PhxCol, mask: u8) {
    if c.desc {
        for b in body {
            *b ^= mask;
        }
    }
}

/// Decode's state between columns: a `0x00` separator was just read, so
/// another column was written after it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reader {
    /// A separator was the last byte read.
    pub after_separator: bool,
}

const DANGLING: ErrorKind = ErrorKind::Invalid {
    reason: "the key ends in a separator with no column after it; Phoenix drops trailing NULLs \
             and the separator before them",
};

impl Reader {
    /// The stored bytes of the next column (still inverted if DESC), or
    /// `None` for a NULL or a column the key ends before (a trailing NULL).
    /// `width` is the type's `KeyPart::WIDTH`.
    ///
    /// # Errors
    /// A key Phoenix would not write: cut inside a column, a separator with
    /// nothing after it, a DESC value without its `0xFF`, an empty non-null
    /// value.
    #[inline(always)]
    pub fn take<'a>(
        &mut self,
        input: &'a [u8],
        pos: &mut usize,
        width: Option<usize>,
        c: PhxCol,
    ) -> Result<Option<&'a [u8]>, ErrorKind> {
        let at = *pos;
        let rest = input.get(at..).unwrap_or(&[]);
        if rest.is_empty() {
            if self.after_separator {
                return Err(DANGLING);
            }
            return Ok(None);
        }
        let fixed = if c.char_width > 0 {
            Some(c.char_width)
        } else {
            width
        };
        if let Some(w) = fixed {
            if rest.len() < w {
                return Err(ErrorKind::UnexpectedEnd {
                    needed: w,
                    available: rest.len(),
                });
            }
            *pos = at + w;
            self.after_separator = false;
            return Ok(Some(&rest[..w]));
        }
        if c.last {
            *pos = input.len();
            self.after_separator = false;
            if c.desc {
                return match rest.split_last() {
                    Some((&DESC_SEPARATOR, body)) if !body.is_empty() => Ok(Some(body)),
                    Some((&DESC_SEPARATOR, _)) => Err(EMPTY),
                    _ => Err(ErrorKind::MissingDelimiter {
                        byte: DESC_SEPARATOR,
                    }),
                };
            }
            return Ok(Some(rest));
        }
        if c.desc && rest[0] != SEPARATOR {
            let Some(end) = rest.iter().position(|&b| b == DESC_SEPARATOR) else {
                return Err(ErrorKind::MissingDelimiter {
                    byte: DESC_SEPARATOR,
                });
            };
            if end == 0 {
                return Err(EMPTY);
            }
            *pos = at + end + 1;
            self.after_separator = false;
            return Ok(Some(&rest[..end]));
        }
        let Some(end) = rest.iter().position(|&b| b == SEPARATOR) else {
            // The last column written: no separator after it.
            *pos = input.len();
            self.after_separator = false;
            return Ok(Some(rest));
        };
        *pos = at + end + 1;
        self.after_separator = true;
        Ok((end > 0).then(|| &rest[..end]))
    }
}

/// Reads a column's value back from its stored bytes: DESC bytes restored,
/// a CHAR's padding stripped, what encode refuses refused.
///
/// # Errors
/// Bytes Phoenix would not have written for the column, or that the type
/// does not decode.
#[inline(always)]
pub fn decode<'de, T: DecodePart<'de> + PhoenixColumn>(
    stored: &'de [u8],
    c: PhxCol,
) -> Result<T, ErrorKind> {
    let stored = if c.char_width > 0 {
        // (A DESC column's bytes are restored by now.)
        let mut n = stored.len();
        while n > 0 && stored[n - 1] == b' ' {
            n -= 1;
        }
        &stored[..n]
    } else {
        stored
    };
    let v = T::decode_part(stored)?;
    v.phoenix_check()?;
    if c.char_width > 0 || c.variable::<T>() {
        check_text(stored, T::TEXT)?;
        if c.char_width > 0 && !stored.is_ascii() {
            return Err(NON_ASCII);
        }
    }
    Ok(v)
}

/// As [`decode`], for a DESC column: the bytes are restored into a buffer
/// first, so `T` owns its value.
///
/// # Errors
/// As [`decode`].
#[inline(always)]
pub fn decode_desc<T: for<'x> DecodePart<'x> + PhoenixColumn>(
    stored: &[u8],
    c: PhxCol,
) -> Result<T, ErrorKind> {
    crate::desc::restore(stored, T::DESC_MASK, false, |b| decode::<T>(b, c))
}

/// A scan's bytes for a non-null value: [`write`]'s, then the `0x00` after
/// an ASC variable-width value that is not last (a prefix holds the
/// separator: the next column's values follow it).
///
/// # Errors
/// As [`write`].
#[inline(always)]
pub fn scan_write<V: PhoenixColumn + ?Sized>(
    v: &V,
    buf: &mut [u8],
    pos: &mut usize,
    c: PhxCol,
) -> Result<(), ErrorKind> {
    write(v, buf, pos, c)?;
    let mut pending = c.after::<V>();
    flush(buf, pos, &mut pending);
    Ok(())
}

/// The bytes [`scan_write`] writes.
#[inline(always)]
pub fn scan_len<V: KeyPart + ?Sized>(v: &V, c: PhxCol) -> usize {
    len(v, c) + c.after::<V>()
}

/// A scan's bytes for a NULL: its separator, unless it is last.
#[inline(always)]
pub fn scan_write_null(buf: &mut [u8], pos: &mut usize, c: PhxCol) {
    let mut pending = c.after_null();
    flush(buf, pos, &mut pending);
}

/// A scan's exact value of a column, pushed into the scan's prefix: the
/// bytes [`scan_write`] writes; a refusal named after the field.
///
/// # Errors
/// As `Scan::push`.
#[inline(always)]
pub fn push_column<K: RowKey, V: PhoenixColumn>(
    scan: &mut Scan<'_, K>,
    field: &'static str,
    v: &V,
    c: PhxCol,
) -> Result<(), Error> {
    scan.push(
        field,
        scan_len(v, c),
        #[inline(always)]
        |buf, pos| scan_write(v, buf, pos, c).__rowkey_in_field::<false>(K::NAME, field),
    )
}

/// [`push_column`] of a nullable column: a NULL is its separator
/// ([`scan_write_null`]).
///
/// # Errors
/// As `Scan::push`.
#[inline(always)]
pub fn push_nullable<K: RowKey, V: Presence>(
    scan: &mut Scan<'_, K>,
    field: &'static str,
    v: &V,
    c: PhxCol,
) -> Result<(), Error>
where
    V::Inner: PhoenixColumn,
{
    match v.present() {
        Some(inner) => push_column(scan, field, inner, c),
        None => scan.push(
            field,
            c.after_null(),
            #[inline(always)]
            |buf, pos| {
                scan_write_null(buf, pos, c);
                Ok(())
            },
        ),
    }
}

/// A NULL (or a key that ends) where a NOT NULL column is read.
pub const NOT_NULL: ErrorKind = ErrorKind::Invalid {
    reason: "this NOT NULL column is NULL or missing: Phoenix writes every NOT NULL column, \
             and an empty VARCHAR is NULL",
};

/// A key whose every column is NULL: Phoenix writes no such row
/// (`PTableImpl.newKey`: "Primary key may not be null"), salted or not.
pub const ALL_NULL: ErrorKind = ErrorKind::Invalid {
    reason: "every primary-key column is NULL, and Phoenix refuses a row whose primary key is \
             all NULL (\"Primary key may not be null\"); give a column a value",
};

/// Phoenix's `TIMESTAMP` (`PTimestamp`): epoch milliseconds written as a
/// `DATE` is (8 bytes, sign bit flipped), then the nanoseconds below the
/// millisecond as a 4-byte big-endian int: `java.sql.Timestamp`'s
/// `getTime()` and `getNanos() % 1_000_000`. Order is `(millis, nanos)`.
///
/// ```
/// use rowkey::{PhoenixTimestamp, RowKey};
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[rowkey(phoenix)]
/// struct Event {
///     source: String,
///     #[desc]
///     at: PhoenixTimestamp,
/// }
///
/// let e = Event { source: "a".into(), at: PhoenixTimestamp { millis: 1, nanos: 5 } };
/// let key = e.to_vec()?;
/// assert_eq!(key.len(), 2 + 12);
/// assert_eq!(Event::decode(&key)?, e);
/// # Ok::<(), rowkey::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PhoenixTimestamp {
    /// Milliseconds since the epoch (`Timestamp.getTime()`).
    pub millis: i64,
    /// Nanoseconds within the millisecond, below 1,000,000
    /// (`Timestamp.getNanos() % 1_000_000`).
    pub nanos: u32,
}

const NANOS: ErrorKind = ErrorKind::Invalid {
    reason: "a Phoenix TIMESTAMP keeps the nanoseconds within its millisecond: nanos must be \
             below 1000000 (carry whole milliseconds into millis)",
};

impl KeyPart for PhoenixTimestamp {
    const WIDTH: Option<usize> = Some(12);

    #[inline]
    fn encoded_len(&self) -> usize {
        12
    }

    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        if self.nanos >= 1_000_000 || out.len() != 12 {
            return Err(NANOS);
        }
        // PDate's codec (PLong.LongCodec.encodeLong): the sign bit flipped.
        out[..8].copy_from_slice(&(self.millis.cast_unsigned() ^ (1 << 63)).to_be_bytes());
        out[8..].copy_from_slice(&self.nanos.to_be_bytes());
        Ok(())
    }
}

impl DecodePart<'_> for PhoenixTimestamp {
    #[inline]
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        let (Ok(m), Ok(n)) = (
            <[u8; 8]>::try_from(bytes.get(..8).unwrap_or(&[])),
            <[u8; 4]>::try_from(bytes.get(8..).unwrap_or(&[])),
        ) else {
            return Err(ErrorKind::UnexpectedEnd {
                needed: 12,
                available: bytes.len(),
            });
        };
        let t = PhoenixTimestamp {
            millis: (u64::from_be_bytes(m) ^ (1 << 63)).cast_signed(),
            nanos: u32::from_be_bytes(n),
        };
        if t.nanos >= 1_000_000 {
            return Err(NANOS);
        }
        Ok(t)
    }
}

impl crate::part::OrderedPart for PhoenixTimestamp {}
impl PhoenixColumn for PhoenixTimestamp {}
