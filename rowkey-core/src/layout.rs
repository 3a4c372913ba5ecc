//! A key's layout as data: what the derive knows about each field (its
//! type, the rule its bytes follow, what frames it, the salt, bucket or
//! shard in front of it), as `'static` constants any tool can read
//! ([`RowKey::LAYOUT`](crate::RowKey::LAYOUT)). `explain` labels its
//! segments from it, and table adapters map it onto their own schema
//! languages (`rowkey-bigtable` derives Bigtable's structured row-key
//! schema from it).
//!
//! ```
//! use rowkey::layout::{Encoding, Frame};
//! use rowkey::RowKey;
//!
//! #[derive(RowKey)]
//! struct MetricKey<'a> {
//!     #[salt(md5, 4)]
//!     #[pad(16)]
//!     host: &'a str,
//!     #[reverse_ts]
//!     ts: u64,
//! }
//!
//! let layout = MetricKey::LAYOUT;
//! let host = &layout.fields[0];
//! assert_eq!((host.name, host.ty), ("host", "&'a str"));
//! assert_eq!(host.encoding, Encoding::Utf8);
//! assert_eq!(host.frame, Frame::Pad { width: 16, byte: 0 });
//! assert_eq!(host.salt.map(|s| s.chars), Some(4));
//! assert_eq!(layout.fields[1].encoding, Encoding::ReverseTimestamp);
//! assert_eq!(layout.fields[1].width, Some(8));
//! // One line per field, for docs and logs.
//! println!("{layout}");
//! ```

use core::fmt;

use crate::Spread;

/// A key type's layout: [`RowKey::LAYOUT`](crate::RowKey::LAYOUT).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The struct's name.
    pub name: &'static str,
    /// What the front of the key spreads writes over (as
    /// [`RowKey::SPREAD`](crate::RowKey::SPREAD)).
    pub spread: Spread,
    /// A salt written at the front of the key from several fields
    /// (`#[rowkey(salt(..))]`), if any.
    pub salt: Option<KeySalt>,
    /// `#[rowkey(phoenix)]`: the columns are joined as Apache Phoenix joins
    /// a primary key (separators after variable-width columns, trailing
    /// NULLs dropped), not by each field's frame.
    pub phoenix: bool,
    /// The fields in key order.
    pub fields: &'static [FieldLayout],
    /// The key's time field and which way it is stored (as
    /// [`RowKey::TIME`](crate::RowKey::TIME)).
    pub time: Option<crate::TimeField>,
    /// The widest width of each slot: the struct-level salt's, then each
    /// field's prefix (salt or bucket) and body. The trait's width
    /// constants read it, so a key states its layout once, here.
    #[doc(hidden)]
    pub __slot_widths: &'static [Option<usize>],
}

impl Layout {
    /// The field and bucket count of the key's `#[bucket]` field when it
    /// has exactly one (what a fan-out writes into each range).
    #[doc(hidden)]
    #[must_use]
    pub const fn __single_bucket(&self) -> Option<(usize, u32)> {
        let mut found = None;
        let mut i = 0;
        while i < self.fields.len() {
            if let Some(n) = self.fields[i].bucket {
                if found.is_some() {
                    return None;
                }
                found = Some((i, n));
            }
            i += 1;
        }
        found
    }

    /// The field named `name`.
    #[must_use]
    pub fn field(&self, name: &str) -> Option<&'static FieldLayout> {
        let fields: &'static [FieldLayout] = self.fields;
        fields.iter().find(|f| f.name == name)
    }
}

/// A struct-level salt, written first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeySalt {
    /// `#[rowkey(salt(md5, K, fields(..)))]`: `chars` lowercase hex
    /// characters of MD5 over the listed fields' bytes, then `delim` if
    /// given.
    Md5 {
        /// Hex characters (1 to 32).
        chars: usize,
        /// A byte written after them.
        delim: Option<u8>,
        /// The fields hashed, in hashing order.
        fields: &'static [&'static str],
    },
    /// `#[rowkey(salt(java_hash, buckets = N, ..))]`: `width` bytes,
    /// big-endian, of Java's `Arrays.hashCode` modulo `buckets`.
    JavaHash {
        /// Number of salt values.
        buckets: u32,
        /// Bytes of the salt (1 to 4).
        width: usize,
        /// The fields hashed; empty for every byte after the salt
        /// (Apache Phoenix's salt byte).
        fields: &'static [&'static str],
    },
}

/// A field's own MD5 salt (`#[salt(md5, K)]`), written before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSalt {
    /// Hex characters (1 to 32).
    pub chars: usize,
    /// A byte written after them (`delim = b'_'`).
    pub delim: Option<u8>,
}

/// One field of a [`Layout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldLayout {
    /// The field's name (without `r#`).
    pub name: &'static str,
    /// Its Rust type as declared (`&'a str`, `Option<u32>`).
    pub ty: &'static str,
    /// The rule its body's bytes follow.
    pub encoding: Encoding,
    /// What follows or surrounds the body.
    pub frame: Frame,
    /// `#[salt(md5, K)]`, written before the field.
    pub salt: Option<FieldSalt>,
    /// `#[bucket(N)]`: `value mod N` written before the field (one byte up
    /// to 256 buckets, else two).
    pub bucket: Option<u32>,
    /// `#[spread(N)]`: the field holds the caller's shard, `0..N`.
    pub spread: Option<u32>,
    /// `#[desc]`: every byte of the slot is stored inverted.
    pub desc: bool,
    /// An `Option<T>` field: a presence byte (`0x00` none, `0x01` some)
    /// before `T`'s slot (a Phoenix key writes a NULL as nothing instead).
    pub optional: bool,
    /// The slot's width when every value takes the same number of bytes
    /// (body, pad or delimiter, presence byte; not the salt or bucket).
    pub width: Option<usize>,
}

/// How a field's value becomes the bytes of its body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Encoding {
    /// An unsigned integer, big-endian, `bytes` wide (Java's
    /// `Bytes.toBytes`).
    Unsigned {
        /// Width in bytes.
        bytes: usize,
    },
    /// An unsigned integer's low `bytes` bytes, big-endian (`#[width(W)]`).
    LowBytes {
        /// Width in bytes.
        bytes: usize,
    },
    /// A signed integer, big-endian with the sign bit flipped, so that
    /// negative values sort first (as Apache Phoenix writes them).
    SignFlipped {
        /// Width in bytes.
        bytes: usize,
    },
    /// A signed integer as plain two's complement, big-endian
    /// (`#[twos_complement]`: Java's `Bytes.toBytes(long)`).
    Twos {
        /// Width in bytes.
        bytes: usize,
    },
    /// `#[reverse_ts]`: `i64::MAX - ts`, 8 bytes big-endian.
    ReverseTimestamp,
    /// `#[reverse_ts] #[decimal]`: the ASCII digits of `i64::MAX - ts`,
    /// `digits` of them zero-padded or, for `None`, as many as needed.
    ReverseTsDigits {
        /// `#[decimal(W)]`'s W.
        digits: Option<usize>,
    },
    /// `#[decimal]` / `#[decimal(W)]`: the ASCII digits of the value.
    Digits {
        /// `#[decimal(W)]`'s W; `None`: as many as the value needs.
        digits: Option<usize>,
    },
    /// `bool`: one byte, 0 or 1.
    Bool,
    /// `[u8; N]`: the N bytes.
    ByteArray {
        /// N.
        len: usize,
    },
    /// A string's UTF-8 bytes.
    Utf8,
    /// A byte string's bytes.
    Bytes,
    /// `#[reverse]`: a string's or byte string's bytes in reverse order.
    Reversed {
        /// The value is a string (UTF-8).
        utf8: bool,
    },
    /// `#[escaped]`: OrderedCode's string escapes (`0x00` as `0x00 0xFF`,
    /// `0xFF` as `0xFF 0x00`), then the terminator `0x00 0x01`.
    Escaped {
        /// The value is a string (UTF-8).
        utf8: bool,
    },
    /// `Vec<T>` as a last field: the elements back to back.
    Elements {
        /// Each element's width.
        width: usize,
    },
    /// A type's own [`KeyPart`](crate::KeyPart) bytes (a user type, an
    /// enum's codes, a uuid).
    Part {
        /// `KeyPart::WIDTH`.
        width: Option<usize>,
    },
}

impl Encoding {
    /// A short name, as `explain` prints it.
    #[must_use]
    pub const fn short(&self) -> &'static str {
        match self {
            Encoding::Unsigned { .. } => "uint",
            Encoding::LowBytes { .. } => "low",
            Encoding::SignFlipped { .. } => "int",
            Encoding::Twos { .. } => "twos",
            Encoding::ReverseTimestamp => "rev-ts",
            Encoding::ReverseTsDigits { .. } => "rev-dec",
            Encoding::Digits { .. } => "digits",
            Encoding::Bool => "bool",
            Encoding::ByteArray { .. } => "array",
            Encoding::Utf8 => "utf8",
            Encoding::Bytes => "bytes",
            Encoding::Reversed { .. } => "rev",
            Encoding::Escaped { .. } => "esc",
            Encoding::Elements { .. } => "elems",
            Encoding::Part { .. } => "part",
        }
    }
}

/// What frames a field's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Frame {
    /// Nothing: the body's width is fixed, or its encoding says where it
    /// ends (`#[escaped]`, an `Option` of a fixed-width type).
    Bare,
    /// The last field: its bytes run to the end of the key.
    Last,
    /// `#[pad(width, byte)]`: right-padded to exactly `width` bytes.
    Pad {
        /// The slot's width.
        width: usize,
        /// The pad byte.
        byte: u8,
    },
    /// `#[delim(byte)]`: the body, then `byte`.
    Delim {
        /// The delimiter.
        byte: u8,
    },
    /// A variable-width column of a `#[rowkey(phoenix)]` key: Phoenix's
    /// separator (`0x00`, `0xFF` after a DESC value) when a column
    /// follows.
    Separator,
}

impl fmt::Display for Layout {
    /// One line per salt and field: name, type, encoding, frame and
    /// attributes, slot width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)?;
        if self.phoenix {
            f.write_str(" (phoenix)")?;
        }
        f.write_str("\n")?;
        match self.salt {
            Some(KeySalt::Md5 {
                chars,
                delim,
                fields,
            }) => {
                write!(f, "  salt: md5 {chars} hex over {fields:?}")?;
                if let Some(d) = delim {
                    write!(f, ", delim {}", Byte(d))?;
                }
                f.write_str("\n")?;
            }
            Some(KeySalt::JavaHash {
                buckets,
                width,
                fields,
            }) => {
                write!(f, "  salt: java_hash % {buckets}, {width} byte(s)")?;
                if fields.is_empty() {
                    f.write_str(" over every byte after it\n")?;
                } else {
                    writeln!(f, " over {fields:?}")?;
                }
            }
            None => {}
        }
        for field in self.fields {
            writeln!(f, "  {field}")?;
        }
        Ok(())
    }
}

impl fmt::Display for FieldLayout {
    /// `name: type, encoding, frame, attributes, width`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}, {:?}", self.name, self.ty, self.encoding)?;
        match self.frame {
            Frame::Bare => {}
            Frame::Last => f.write_str(", last")?,
            Frame::Pad { width, byte } => write!(f, ", pad({width}, {})", Byte(byte))?,
            Frame::Delim { byte } => write!(f, ", delim({})", Byte(byte))?,
            Frame::Separator => f.write_str(", separator")?,
        }
        if let Some(s) = self.salt {
            write!(f, ", salt(md5, {})", s.chars)?;
            if let Some(d) = s.delim {
                write!(f, " + {}", Byte(d))?;
            }
        }
        if let Some(n) = self.bucket {
            write!(f, ", bucket({n})")?;
        }
        if let Some(n) = self.spread {
            write!(f, ", spread({n})")?;
        }
        if self.desc {
            f.write_str(", desc")?;
        }
        if self.optional {
            f.write_str(", optional")?;
        }
        match self.width {
            Some(w) => write!(f, ", {}", crate::error::Bytes(w)),
            None => f.write_str(", variable width"),
        }
    }
}

/// A byte as Rust writes a byte literal: `b'_'`, `0x00`.
struct Byte(u8);

impl fmt::Display for Byte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() && self.0 != b'\'' && self.0 != b'\\' {
            write!(f, "b'{}'", char::from(self.0))
        } else {
            write!(f, "0x{:02X}", self.0)
        }
    }
}

/// The derive's spelling of a field: its encoding, frame and attributes as
/// integer codes ([`code`] says how), decoded here in a constant. A field
/// written as enum paths and struct literals is several times the syntax
/// for the compiler to lower and hash in every build of the key's crate
/// (measured: a layout's field list was 0.4 M rustc instructions per key
/// of an incremental build); literals are the least of it. `part` is a
/// width only the field's type knows (`KeyPart::WIDTH`), for the encodings
/// that carry one.
#[doc(hidden)]
#[must_use]
// Every code is masked to its width first (`bits`): a byte's 8 bits fit.
#[allow(clippy::cast_possible_truncation)]
pub const fn field(
    name: &'static str,
    ty: &'static str,
    codes: u128,
    width: Option<usize>,
    part: Option<usize>,
) -> FieldLayout {
    let n = bits(codes, code::ENC_ARG, 16);
    let part_width = match part {
        Some(w) => w,
        None => 0,
    };
    let encoding = match bits(codes, code::ENC, 4) {
        code::UNSIGNED => Encoding::Unsigned { bytes: n },
        code::LOW_BYTES => Encoding::LowBytes { bytes: n },
        code::SIGN_FLIPPED => Encoding::SignFlipped { bytes: n },
        code::TWOS => Encoding::Twos { bytes: n },
        code::TWOS_PART => Encoding::Twos { bytes: part_width },
        code::REVERSE_TS => Encoding::ReverseTimestamp,
        code::REVERSE_TS_DIGITS => Encoding::ReverseTsDigits { digits: opt(n) },
        code::DIGITS => Encoding::Digits { digits: opt(n) },
        code::BOOL => Encoding::Bool,
        code::BYTE_ARRAY => Encoding::ByteArray { len: part_width },
        code::UTF8 => Encoding::Utf8,
        code::BYTES => Encoding::Bytes,
        code::REVERSED => Encoding::Reversed { utf8: n != 0 },
        code::ESCAPED => Encoding::Escaped { utf8: n != 0 },
        code::ELEMENTS => Encoding::Elements { width: part_width },
        _ => Encoding::Part { width: part },
    };
    let byte = bits(codes, code::FRAME_BYTE, 8) as u8;
    let frame = match bits(codes, code::FRAME, 3) {
        code::PAD => Frame::Pad {
            width: bits(codes, code::FRAME_WIDTH, 16),
            byte,
        },
        code::DELIM => Frame::Delim { byte },
        code::LAST => Frame::Last,
        code::SEPARATOR => Frame::Separator,
        _ => Frame::Bare,
    };
    let salt = match opt(bits(codes, code::SALT_CHARS, 8)) {
        Some(chars) => Some(FieldSalt {
            chars,
            delim: if bits(codes, code::SALT_DELIM, 1) == 1 {
                Some(bits(codes, code::SALT_DELIM_BYTE, 8) as u8)
            } else {
                None
            },
        }),
        None => None,
    };
    FieldLayout {
        name,
        ty,
        encoding,
        frame,
        salt,
        bucket: count(codes, code::BUCKET, 32),
        spread: count(codes, code::SPREAD, 24),
        desc: bits(codes, code::DESC, 1) == 1,
        optional: bits(codes, code::OPTIONAL, 1) == 1,
        width,
    }
}

/// `len` bits of `codes` from `shift`.
const fn raw(codes: u128, shift: u32, len: u32) -> u128 {
    (codes >> shift) & ((1 << len) - 1)
}

/// [`raw`] of at most 16 bits (a width, a byte, a code), which every
/// `usize` holds.
#[allow(clippy::cast_possible_truncation)]
const fn bits(codes: u128, shift: u32, len: u32) -> usize {
    raw(codes, shift, len) as usize
}

/// A number that may be absent, coded plus one (0 for none).
const fn opt(v: usize) -> Option<usize> {
    if v == 0 {
        None
    } else {
        Some(v - 1)
    }
}

/// A count of up to 32 bits, 0 for none: read as a `u32`, not through
/// `usize` (which holds 16 bits on some targets).
#[allow(clippy::cast_possible_truncation)]
const fn count(codes: u128, shift: u32, len: u32) -> Option<u32> {
    match raw(codes, shift, len) as u32 {
        0 => None,
        c => Some(c),
    }
}

/// Where [`field`]'s codes sit in its `u128` (bit offsets, each field's
/// width in its comment), and the codes of each encoding and frame. The
/// derive writes the same numbers (`rowkey-derive/src/layout.rs`);
/// `tests/layout.rs` reads every one back.
#[doc(hidden)]
#[allow(missing_docs)]
pub mod code {
    /// The encoding (4 bits).
    pub const ENC: u32 = 0;
    /// The frame (3 bits).
    pub const FRAME: u32 = 4;
    /// `desc` (1 bit).
    pub const DESC: u32 = 7;
    /// `optional` (1 bit).
    pub const OPTIONAL: u32 = 8;
    /// Whether the field salt has a delimiter (1 bit).
    pub const SALT_DELIM: u32 = 9;
    /// The frame's pad or delimiter byte (8 bits).
    pub const FRAME_BYTE: u32 = 16;
    /// The field salt's delimiter byte (8 bits).
    pub const SALT_DELIM_BYTE: u32 = 24;
    /// The field salt's hex characters plus one, 0 for no salt (8 bits).
    pub const SALT_CHARS: u32 = 32;
    /// The encoding's own number: bytes, digits plus one, or 1 for UTF-8
    /// (16 bits).
    pub const ENC_ARG: u32 = 40;
    /// The pad's width (16 bits: at most HBase's 32767).
    pub const FRAME_WIDTH: u32 = 56;
    /// `#[bucket(N)]`'s N, 0 for none (32 bits).
    pub const BUCKET: u32 = 72;
    /// `#[spread(N)]`'s N, 0 for none (24 bits).
    pub const SPREAD: u32 = 104;

    // Encodings.
    pub const UNSIGNED: usize = 0;
    pub const LOW_BYTES: usize = 1;
    pub const SIGN_FLIPPED: usize = 2;
    pub const TWOS: usize = 3;
    pub const TWOS_PART: usize = 4;
    pub const REVERSE_TS: usize = 5;
    pub const REVERSE_TS_DIGITS: usize = 6;
    pub const DIGITS: usize = 7;
    pub const BOOL: usize = 8;
    pub const BYTE_ARRAY: usize = 9;
    pub const UTF8: usize = 10;
    pub const BYTES: usize = 11;
    pub const REVERSED: usize = 12;
    pub const ESCAPED: usize = 13;
    pub const ELEMENTS: usize = 14;
    pub const PART: usize = 15;

    // Frames.
    pub const BARE: usize = 0;
    pub const LAST: usize = 1;
    pub const PAD: usize = 2;
    pub const DELIM: usize = 3;
    pub const SEPARATOR: usize = 4;
}
