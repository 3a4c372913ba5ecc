//! HBase shell text: the `create` command of a pre-split table, a `scan` of a
//! range, and row keys escaped the way the shell reads them back
//! (`Bytes.toBytesBinary` inside a Ruby string).

use core::fmt;

/// A column family's compression, as HBase names the algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Compression {
    /// `NONE` (HBase's default).
    None,
    /// `SNAPPY`.
    Snappy,
    /// `GZ`.
    Gz,
    /// `LZ4`.
    Lz4,
    /// `LZO`.
    Lzo,
    /// `ZSTD`.
    Zstd,
    /// `BZIP2`.
    Bzip2,
}

impl Compression {
    /// The name the HBase shell takes.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Compression::None => "NONE",
            Compression::Snappy => "SNAPPY",
            Compression::Gz => "GZ",
            Compression::Lz4 => "LZ4",
            Compression::Lzo => "LZO",
            Compression::Zstd => "ZSTD",
            Compression::Bzip2 => "BZIP2",
        }
    }
}

/// A column family's bloom filter, as HBase names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BloomFilter {
    /// `NONE`.
    None,
    /// `ROW` (HBase's default): helps gets of whole rows.
    Row,
    /// `ROWCOL`: helps gets of single columns.
    RowCol,
}

impl BloomFilter {
    /// The name the HBase shell takes.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            BloomFilter::None => "NONE",
            BloomFilter::Row => "ROW",
            BloomFilter::RowCol => "ROWCOL",
        }
    }
}

/// The HBase shell `create` command for a pre-split table with one column
/// family, built up and then printed with `Display`:
///
/// ```
/// use rowkey::{split_keys_for, Compression, CreateTable, Spread};
/// let splits = split_keys_for(Spread::HexSalt { chars: 4 }, 4)?;
/// let create = CreateTable::new("USER_INFO", "INFO", splits)
///     .versions(400)
///     .ttl(31_536_000)
///     .compression(Compression::Snappy);
/// assert_eq!(
///     create.to_string(),
///     "create 'USER_INFO', {NAME => 'INFO', VERSIONS => 400, TTL => 31536000, \
///      COMPRESSION => 'SNAPPY'}, SPLITS => ['4000', '8000', 'c000']"
/// );
/// # Ok::<(), rowkey::Error>(())
/// ```
///
/// Split keys are written as the shell reads them: it passes each `SPLITS`
/// string through `Bytes.toBytesBinary`, so a key is printed as
/// `Bytes.toStringBinary` prints it (printable ASCII as itself, any other
/// byte and the backslash as `\xNN`) inside single quotes, where Ruby keeps
/// the backslashes (`'\x01'` is the one byte 0x01, `'\xFF'` the byte 0xFF).
/// A quote in a key is written `\'`. Raw bytes in a double-quoted Ruby string
/// would not survive: the shell turns the Ruby string into a Java string
/// first, and bytes 0x80 and up are not valid UTF-8. Table and family names
/// are single-quoted with `\\` and `\'` escaped, so any name prints as valid
/// Ruby; HBase itself refuses names it does not allow.
#[derive(Clone, Debug)]
pub struct CreateTable<'a, S> {
    table: &'a str,
    family: &'a str,
    splits: S,
    versions: Option<u32>,
    ttl: Option<u32>,
    compression: Option<Compression>,
    bloom_filter: Option<BloomFilter>,
}

/// HBase stores VERSIONS and TTL as a Java `int`.
const JAVA_INT_MAX: u32 = 2_147_483_647;

impl<'a, S> CreateTable<'a, S> {
    /// A table named `table` with the column family `family`, pre-split at
    /// `splits` (a [`SplitKeys`](crate::SplitKeys), or any list of byte strings such as
    /// `&[Vec<u8>]`). With no split keys the `SPLITS` clause is left out.
    pub fn new(table: &'a str, family: &'a str, splits: S) -> Self {
        CreateTable {
            table,
            family,
            splits,
            versions: None,
            ttl: None,
            compression: None,
            bloom_filter: None,
        }
    }

    /// `VERSIONS`: how many versions of a cell to keep. Values above
    /// 2147483647 (Java's `int` limit) are written as 2147483647. HBase
    /// refuses 0.
    #[must_use]
    pub fn versions(mut self, versions: u32) -> Self {
        self.versions = Some(versions.min(JAVA_INT_MAX));
        self
    }

    /// `TTL` in seconds. Values above 2147483647 are written as 2147483647,
    /// which is HBase's `FOREVER`.
    #[must_use]
    pub fn ttl(mut self, seconds: u32) -> Self {
        self.ttl = Some(seconds.min(JAVA_INT_MAX));
        self
    }

    /// `COMPRESSION`.
    #[must_use]
    pub fn compression(mut self, compression: Compression) -> Self {
        self.compression = Some(compression);
        self
    }

    /// `BLOOMFILTER`.
    #[must_use]
    pub fn bloom_filter(mut self, bloom_filter: BloomFilter) -> Self {
        self.bloom_filter = Some(bloom_filter);
        self
    }
}

impl<S> fmt::Display for CreateTable<'_, S>
where
    S: Clone + IntoIterator,
    S::Item: AsRef<[u8]>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "create {}, {{NAME => {}",
            ShellStr(self.table),
            ShellStr(self.family)
        )?;
        if let Some(v) = self.versions {
            write!(f, ", VERSIONS => {v}")?;
        }
        if let Some(t) = self.ttl {
            write!(f, ", TTL => {t}")?;
        }
        if let Some(c) = self.compression {
            write!(f, ", COMPRESSION => '{}'", c.as_str())?;
        }
        if let Some(b) = self.bloom_filter {
            write!(f, ", BLOOMFILTER => '{}'", b.as_str())?;
        }
        f.write_str("}")?;
        let mut keys = self.splits.clone().into_iter().peekable();
        if keys.peek().is_some() {
            f.write_str(", SPLITS => [")?;
            for (i, key) in keys.enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{}", ShellKey(key.as_ref()))?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// A row key as an HBase shell string literal that reads back to exactly
/// these bytes where the shell takes binary rows (`SPLITS`, and the shell
/// commands that call `Bytes.toBytesBinary`): single-quoted
/// `Bytes.toStringBinary` text, with `'` written `\'`.
///
/// ```
/// use rowkey::ShellKey;
/// assert_eq!(ShellKey(b"\x00\x0f").to_string(), r"'\x00\x0F'");
/// assert_eq!(ShellKey(b"it's\\").to_string(), r"'it\'s\x5C'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShellKey<'a>(pub &'a [u8]);

impl fmt::Display for ShellKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        f.write_str("'")?;
        for &b in self.0 {
            match b {
                b'\'' => f.write_str("\\'")?,
                // The backslash is escaped too, so every backslash the shell
                // sees starts a \xNN escape.
                b' '..=b'~' if b != b'\\' => fmt::Write::write_char(f, char::from(b))?,
                _ => {
                    let hi = char::from(HEX[usize::from(b >> 4)]);
                    let lo = char::from(HEX[usize::from(b & 0x0f)]);
                    write!(f, "\\x{hi}{lo}")?;
                }
            }
        }
        f.write_str("'")
    }
}

/// A name as a Ruby single-quoted string: only `\` and `'` need escaping.
pub(crate) struct ShellStr<'a>(pub(crate) &'a str);

impl fmt::Display for ShellStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("'")?;
        for c in self.0.chars() {
            if c == '\\' || c == '\'' {
                fmt::Write::write_char(f, '\\')?;
            }
            fmt::Write::write_char(f, c)?;
        }
        f.write_str("'")
    }
}

/// The HBase shell `scan` command of a range: [`KeyRange::shell_scan`](crate::KeyRange::shell_scan).
#[derive(Clone, Copy, Debug)]
pub struct ShellScan<'a> {
    pub(crate) table: &'a str,
    pub(crate) start: &'a [u8],
    pub(crate) stop: Option<&'a [u8]>,
}

impl fmt::Display for ShellScan<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "scan {}, {{STARTROW => {}",
            ShellStr(self.table),
            RubyBytes(self.start)
        )?;
        if let Some(stop) = self.stop {
            write!(f, ", STOPROW => {}", RubyBytes(stop))?;
        }
        f.write_str("}")
    }
}

/// Bytes as a Ruby double-quoted string literal: printable ASCII as itself,
/// `"`, `\` and `#` (which could start an interpolation) escaped with a
/// backslash, every other byte as `\xNN`.
struct RubyBytes<'a>(&'a [u8]);

impl fmt::Display for RubyBytes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        f.write_str("\"")?;
        for &b in self.0 {
            match b {
                b'"' | b'\\' | b'#' => {
                    f.write_str("\\")?;
                    fmt::Write::write_char(f, char::from(b))?;
                }
                b' '..=b'~' => fmt::Write::write_char(f, char::from(b))?,
                _ => {
                    let hi = char::from(HEX[usize::from(b >> 4)]);
                    let lo = char::from(HEX[usize::from(b & 0x0f)]);
                    write!(f, "\\x{hi}{lo}")?;
                }
            }
        }
        f.write_str("\"")
    }
}
