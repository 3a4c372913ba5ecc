use core::fmt;

/// Why a key could not be encoded or decoded, and which field was at fault.
///
/// Every refusal names the key type and, where one field is to blame, the
/// field, so that a log line is enough to find the bad value. Match on
/// [`kind`](Error::kind) to handle one kind; it implements
/// `core::error::Error`, so `?` turns it into a `Box<dyn Error>` or an
/// `anyhow::Error`.
///
/// ```
/// use rowkey::{ErrorKind, RowKey};
///
/// #[derive(RowKey, Debug)]
/// struct UserOrder<'a> {
///     #[salt(md5, 4)]
///     #[pad(16)]
///     user_id: &'a str,
///     order_id: u64,
/// }
///
/// // A value the layout cannot hold is refused, never truncated.
/// let err = UserOrder { user_id: "a-very-long-user-id", order_id: 1 }.to_vec().unwrap_err();
/// assert_eq!(err.key_name(), "UserOrder");
/// assert_eq!(err.field_name(), Some("user_id"));
/// assert_eq!(err.kind(), &ErrorKind::TooLongForPad { len: 19, pad: 16 });
/// assert_eq!(
///     err.to_string(),
///     "UserOrder.user_id: value is 19 bytes but #[pad(16)] holds at most 16; \
///      shorten the value or widen the pad (values are never truncated)"
/// );
///
/// // Decode says which field a bad key breaks, and how.
/// let mut key = UserOrder { user_id: "alice", order_id: 1 }.to_vec()?;
/// key[0] ^= 1; // another salt
/// match UserOrder::decode(&key) {
///     Err(e) if e.kind() == &ErrorKind::SaltMismatch => {
///         assert_eq!(e.field_name(), Some("user_id")); // written by another layout?
///     }
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), rowkey::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub(crate) key: &'static str,
    pub(crate) field: Option<&'static str>,
    pub(crate) kind: ErrorKind,
}

/// What went wrong. New kinds may be added; match with a wildcard arm.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Encode: the value is longer than its `#[pad(N)]` width.
    TooLongForPad {
        /// The value's length in bytes.
        len: usize,
        /// The pad width.
        pad: usize,
    },
    /// Encode: the value ends in its pad byte, so decode could not tell the
    /// value's last byte from padding.
    EndsWithPadByte {
        /// The pad byte.
        byte: u8,
    },
    /// Encode: a `#[reverse]` field's value starts with its pad byte (for a
    /// string: its first character ends in it). The field is stored
    /// reversed, so that byte would come last, and decode could not tell it
    /// from padding.
    StartsWithPadByte {
        /// The pad byte.
        byte: u8,
    },
    /// Encode: the value contains its `#[delim]` byte.
    ContainsDelimiter {
        /// The delimiter.
        byte: u8,
        /// Where in the value it was found.
        index: usize,
    },
    /// Encode or decode: a `#[reverse_ts]` timestamp outside `0..=i64::MAX`.
    TimestampOutOfRange {
        /// The offending value.
        value: i128,
    },
    /// Encode: the caller's buffer is shorter than the key.
    BufferTooSmall {
        /// Bytes the key needs.
        needed: usize,
        /// Bytes the buffer has.
        available: usize,
    },
    /// Encode or decode: the key has no bytes. HBase (`Row length is 0`)
    /// and Bigtable refuse an empty row key, so encode refuses to write one
    /// (every field's value wrote nothing) and decode refuses to read one.
    EmptyKey,
    /// Encode: the key is longer than HBase's row-key limit of 32767 bytes.
    KeyTooLong {
        /// The key's length.
        len: usize,
    },
    /// Decode: the input ended inside this field.
    UnexpectedEnd {
        /// Bytes the field needs from here.
        needed: usize,
        /// Bytes left.
        available: usize,
    },
    /// Decode: bytes were left after the last field.
    TrailingBytes {
        /// How many.
        count: usize,
    },
    /// Decode: a string field's bytes are not UTF-8.
    InvalidUtf8 {
        /// Length of the valid prefix.
        valid_up_to: usize,
    },
    /// Decode: the stored salt is not the one the field's value hashes to.
    SaltMismatch,
    /// Decode: the stored bucket is not the one the field's value falls in.
    BucketMismatch {
        /// The bucket in the key.
        stored: u32,
        /// The bucket the value belongs in.
        computed: u32,
    },
    /// Decode: no `#[delim]` byte ended this field.
    MissingDelimiter {
        /// The delimiter looked for.
        byte: u8,
    },
    /// Encode: a value with more digits than its `#[decimal(W)]` width.
    TooManyDigits {
        /// Digits the value has.
        digits: usize,
        /// The width.
        width: usize,
    },
    /// Encode or decode: a `#[spread(N)]` shard number not below `N`.
    SpreadOutOfRange {
        /// The shard given or stored.
        value: u128,
        /// `N`.
        count: u32,
    },
    /// Encode: a value that needs more bytes than its `#[width(W)]`.
    TooWide {
        /// The value.
        value: u128,
        /// The width in bytes.
        width: usize,
    },
    /// Decode: a `Vec<T>` field's bytes are not a whole number of elements.
    PartialElement {
        /// The field's length in bytes.
        len: usize,
        /// The width of one element.
        width: usize,
    },
    /// Encode or decode: a value the type refuses (an unknown enum code, a
    /// `bool` byte other than 0 or 1, ...).
    Invalid {
        /// What the type expected.
        reason: &'static str,
    },
}

impl Error {
    /// An error in `field` of key type `key`.
    #[must_use]
    pub const fn field(key: &'static str, field: &'static str, kind: ErrorKind) -> Self {
        Error {
            key,
            field: Some(field),
            kind,
        }
    }

    /// An error about the key as a whole (buffer size, trailing bytes, length).
    #[must_use]
    pub const fn key(key: &'static str, kind: ErrorKind) -> Self {
        Error {
            key,
            field: None,
            kind,
        }
    }

    /// The key type's name.
    #[must_use]
    pub fn key_name(&self) -> &'static str {
        self.key
    }

    /// The field at fault, if one is.
    #[must_use]
    pub fn field_name(&self) -> Option<&'static str> {
        self.field
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            Some(field) => write!(f, "{}.{}: ", self.key, field)?,
            None => write!(f, "{}: ", self.key)?,
        }
        fmt::Display::fmt(&self.kind, f)
    }
}

impl fmt::Display for ErrorKind {
    #[allow(
        clippy::too_many_lines,
        reason = "one message per kind, in one match a reader scans"
    )]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::TooLongForPad { len, pad } => write!(
                f,
                "value is {len} bytes but #[pad({pad})] holds at most {pad}; \
                 shorten the value or widen the pad (values are never truncated)"
            ),
            ErrorKind::EndsWithPadByte { byte } => write!(
                f,
                "value ends in its pad byte 0x{byte:02x}{ch}, which decode would strip as \
                 padding; choose a pad byte the values never end in",
                ch = Printable(byte),
            ),
            ErrorKind::StartsWithPadByte { byte } => write!(
                f,
                "value starts with its pad byte 0x{byte:02x}{ch}, and #[reverse] stores its \
                 first character last, where decode would strip it as padding; choose a pad \
                 byte the values never start with",
                ch = Printable(byte),
            ),
            ErrorKind::ContainsDelimiter { byte, index } => write!(
                f,
                "value contains its delimiter 0x{byte:02x}{ch} at byte {index}; \
                 choose another #[delim] byte or use #[pad(N)]",
                ch = Printable(byte),
            ),
            ErrorKind::TimestampOutOfRange { value } => write!(
                f,
                "timestamp {value} is outside 0..=i64::MAX, the range #[reverse_ts] \
                 can store as Java's Long.MAX_VALUE - ts"
            ),
            ErrorKind::BufferTooSmall { needed, available } => write!(
                f,
                "key needs {} but the buffer has {available}; \
                 size it with the key's MAX_LEN, or with encoded_len() for a key \
                 without one",
                Bytes(needed)
            ),
            ErrorKind::KeyTooLong { len } => write!(
                f,
                "key is {len} bytes, over HBase's row-key limit of 32767; \
                 bound the variable-width fields with #[pad(N)]"
            ),
            ErrorKind::EmptyKey => write!(
                f,
                "the key is empty (0 bytes), and HBase (\"Row length is 0\") and Bigtable \
                 refuse an empty row key; give a field a non-empty value, or #[pad(N)] one"
            ),
            ErrorKind::UnexpectedEnd { needed, available } => write!(
                f,
                "input ends inside this field: {} needed, {available} left; \
                 the key is shorter than this layout reads (cut short, or written by \
                 another layout)",
                Bytes(needed)
            ),
            ErrorKind::TrailingBytes { count } => {
                write!(
                    f,
                    "{} left after the last field; the key is longer than this \
                     layout reads (written by another layout?)",
                    Bytes(count)
                )
            }
            ErrorKind::InvalidUtf8 { valid_up_to } => write!(
                f,
                "bytes are not UTF-8 (valid up to byte {valid_up_to}); \
                 declare the field as bytes if it is binary"
            ),
            ErrorKind::SaltMismatch => write!(
                f,
                "stored salt does not match the value's hash: the key was written \
                 by another layout or is corrupt"
            ),
            ErrorKind::BucketMismatch { stored, computed } => write!(
                f,
                "stored bucket {stored} but the value falls in bucket {computed}: \
                 the key was written with another bucket count or is corrupt"
            ),
            ErrorKind::MissingDelimiter { byte } => {
                write!(
                    f,
                    "no delimiter 0x{byte:02x}{ch} ends this field: the key was written by \
                     another layout or is corrupt",
                    ch = Printable(byte),
                )
            }
            ErrorKind::TooManyDigits { digits, width } => write!(
                f,
                "value has {digits} digits but #[decimal({width})] holds {width}; \
                 widen the field (values are never truncated)"
            ),
            ErrorKind::SpreadOutOfRange { value, count } => write!(
                f,
                "shard {value} is out of range: #[spread({count})] takes shards 0 to {}; pick \
                 the shard as value % {count} (random or round-robin)",
                count - 1
            ),
            ErrorKind::TooWide { value, width } => write!(
                f,
                "value {value} needs more than the {} of #[width({width})], which \
                 hold at most {max}; widen the field (values are never truncated)",
                Bytes(width),
                max = if width >= 16 {
                    u128::MAX
                } else {
                    (1u128 << (8 * width)) - 1
                },
            ),
            ErrorKind::PartialElement { len, width } => write!(
                f,
                "{} not a whole number of {width}-byte elements: the key was \
                 written by another layout or is corrupt",
                Counted(len, "byte is", "bytes are")
            ),
            ErrorKind::Invalid { reason } => write!(f, "invalid value: {reason}"),
        }
    }
}

impl core::error::Error for Error {}

/// A pad or delimiter byte's character, ` ('_')`, when it is printable ASCII
/// (the usual `b'_'` or `b'x'`); nothing for `0x00` and other bytes.
struct Printable(u8);

impl fmt::Display for Printable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, " ('{}')", char::from(self.0))
        } else {
            Ok(())
        }
    }
}

/// A count of bytes, in words: "1 byte", "4 bytes".
pub(crate) struct Bytes(pub(crate) usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Counted(self.0, "byte", "bytes").fmt(f)
    }
}

/// A count and its noun, singular for one: `Counted(1, "byte is", "bytes
/// are")`.
struct Counted(usize, &'static str, &'static str);

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Counted(n, one, many) = *self;
        write!(f, "{n} {}", if n == 1 { one } else { many })
    }
}
