//! How a table's values become cell bytes and back: [`Codec`].

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A cell value's bytes, both ways. A table adapter (`rowkey-redb`,
/// `rowkey-bigtable`) stores `V: Codec` in every cell and decodes each cell
/// it reads; a cell that does not decode is an error naming its row and
/// column, never a skipped row.
///
/// Built in: `Vec<u8>` (the bytes as they are), `String` (UTF-8, checked),
/// the integers (big-endian, fixed width: `Bytes.toBytes(long)` for `i64`,
/// so HBase's `Increment` and Java readers agree), `f32`/`f64` (IEEE 754
/// bits, big-endian: `Bytes.toBytes(double)`) and `bool` (one byte, 0 or 1).
/// With the `postcard` feature, `Postcard<T>` stores any
/// serde type.
///
/// ```
/// use rowkey::Codec;
///
/// /// A reading kept as two big-endian `u32`s.
/// #[derive(Debug, PartialEq)]
/// struct Reading { min: u32, max: u32 }
///
/// impl Codec for Reading {
///     fn encode(&self, out: &mut Vec<u8>) -> Result<(), rowkey::CodecError> {
///         out.extend_from_slice(&self.min.to_be_bytes());
///         out.extend_from_slice(&self.max.to_be_bytes());
///         Ok(())
///     }
///     fn decode(bytes: &[u8]) -> Result<Self, rowkey::CodecError> {
///         let (min, max) = bytes
///             .split_at_checked(4)
///             .filter(|(_, max)| max.len() == 4)
///             .ok_or_else(|| rowkey::CodecError::new("Reading", "not 8 bytes"))?;
///         let word = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
///         Ok(Reading { min: word(min), max: word(max) })
///     }
/// }
///
/// let bytes = Reading { min: 3, max: 9 }.to_bytes()?;
/// assert_eq!(Reading::decode(&bytes)?, Reading { min: 3, max: 9 });
/// assert!(Reading::decode(&bytes[..5]).is_err());
/// # Ok::<(), rowkey::CodecError>(())
/// ```
pub trait Codec: Sized + Send + Sync + 'static {
    /// Appends the value's bytes to `out`.
    ///
    /// # Errors
    /// A value the format cannot hold (a serde type whose `Serialize`
    /// fails); the built-in types never fail.
    fn encode(&self, out: &mut Vec<u8>) -> Result<(), CodecError>;

    /// The value back from a cell's bytes.
    ///
    /// # Errors
    /// Bytes this type did not write (another type's cell, a cell written
    /// by another program).
    fn decode(bytes: &[u8]) -> Result<Self, CodecError>;

    /// The value's bytes in a new `Vec`.
    ///
    /// # Errors
    /// As [`encode`](Codec::encode).
    fn to_bytes(&self) -> Result<Vec<u8>, CodecError> {
        let mut out = Vec::new();
        self.encode(&mut out)?;
        Ok(out)
    }
}

/// A cell's bytes that do not decode as the table's value type. Adapters
/// wrap it with the row key and column that held the bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodecError {
    /// The value type's name.
    pub ty: &'static str,
    /// What is wrong with the bytes.
    pub reason: String,
}

impl CodecError {
    /// An error for type `ty`.
    #[must_use]
    pub fn new(ty: &'static str, reason: impl Into<String>) -> Self {
        CodecError {
            ty,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {}: {}", self.ty, self.reason)
    }
}

impl core::error::Error for CodecError {}

impl Codec for Vec<u8> {
    fn encode(&self, out: &mut Vec<u8>) -> Result<(), CodecError> {
        out.extend_from_slice(self);
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Result<Self, CodecError> {
        Ok(bytes.to_vec())
    }
    fn to_bytes(&self) -> Result<Vec<u8>, CodecError> {
        Ok(self.clone())
    }
}

impl Codec for String {
    fn encode(&self, out: &mut Vec<u8>) -> Result<(), CodecError> {
        out.extend_from_slice(self.as_bytes());
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Result<Self, CodecError> {
        core::str::from_utf8(bytes)
            .map(String::from)
            .map_err(|e| CodecError::new("String", alloc::format!("invalid UTF-8 ({e})")))
    }
}

impl Codec for bool {
    fn encode(&self, out: &mut Vec<u8>) -> Result<(), CodecError> {
        out.push(u8::from(*self));
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Result<Self, CodecError> {
        match bytes {
            [0] => Ok(false),
            [1] => Ok(true),
            _ => Err(CodecError::new("bool", "not one byte 0 or 1")),
        }
    }
}

#[cold]
#[inline(never)]
fn wrong_width(ty: &'static str, len: usize, size: usize) -> CodecError {
    CodecError::new(
        ty,
        alloc::format!("{}, not {size}", crate::error::Bytes(len)),
    )
}

macro_rules! fixed_width {
    ($($t:ty),*) => {$(
        impl Codec for $t {
            fn encode(&self, out: &mut Vec<u8>) -> Result<(), CodecError> {
                out.extend_from_slice(&self.to_be_bytes());
                Ok(())
            }
            fn to_bytes(&self) -> Result<Vec<u8>, CodecError> {
                Ok(self.to_be_bytes().to_vec())
            }
            // Inlined into a scan's loop (a call per row otherwise); the
            // error is built out of line.
            #[inline]
            fn decode(bytes: &[u8]) -> Result<Self, CodecError> {
                match bytes.try_into() {
                    Ok(b) => Ok(<$t>::from_be_bytes(b)),
                    Err(_) => Err(wrong_width(
                        stringify!($t),
                        bytes.len(),
                        core::mem::size_of::<$t>(),
                    )),
                }
            }
        }
    )*};
}

fixed_width!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128, f32, f64);

#[cfg(feature = "postcard")]
pub use self::postcard_codec::Postcard;

#[cfg(feature = "postcard")]
mod postcard_codec {
    use super::{Codec, CodecError};
    use alloc::vec::Vec;

    /// Any serde type as a cell value, in [postcard](https://docs.rs/postcard)'s
    /// format (feature `postcard`): varint integers and no field names, so
    /// a struct of small numbers takes a few bytes, and the format is
    /// documented and frozen since postcard 1.0, so cells written today
    /// decode after an upgrade. bincode 2 is as compact but its format is
    /// configuration-dependent; JSON repeats every field name in every cell.
    /// Fields are read in declaration order: add new ones at the end, as
    /// `Option`s, to read old cells.
    ///
    /// ```
    /// # #[cfg(feature = "postcard")] {
    /// use rowkey::{Codec, Postcard};
    ///
    /// // Any `Serialize + DeserializeOwned` type: a `#[derive]`d struct, or
    /// // here a (min, max) pair.
    /// let bytes = Postcard((3u32, 900u32)).to_bytes()?;
    /// assert_eq!(bytes, [3, 0x84, 0x07]);
    /// assert_eq!(Postcard::<(u32, u32)>::decode(&bytes)?.0, (3, 900));
    /// assert!(Postcard::<(u32, u32)>::decode(&[3]).is_err());
    /// let cell: Postcard<(u32, u32)> = (1, 2).into();
    /// assert_eq!(cell.1, 2); // the pair's field, through `Deref`
    /// assert_eq!(cell.into_inner(), (1, 2));
    /// # }
    /// # Ok::<(), rowkey::CodecError>(())
    /// ```
    ///
    /// A table of serde values is a `Table<K, Postcard<T>>`: write
    /// `Postcard(value)` (or `value.into()`), read `row.value.0` or
    /// `row.value.into_inner()`; the wrapper derefs to `T` for reading
    /// fields in place. This is `rowkey`'s feature `postcard`; the adapters'
    /// features of the same name only turn it on.
    #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Postcard<T>(pub T);

    impl<T> Postcard<T> {
        /// The value, unwrapped.
        pub fn into_inner(self) -> T {
            self.0
        }
    }

    impl<T> From<T> for Postcard<T> {
        fn from(value: T) -> Self {
            Postcard(value)
        }
    }

    impl<T> core::ops::Deref for Postcard<T> {
        type Target = T;
        fn deref(&self) -> &T {
            &self.0
        }
    }

    impl<T> core::ops::DerefMut for Postcard<T> {
        fn deref_mut(&mut self) -> &mut T {
            &mut self.0
        }
    }

    impl<T> Codec for Postcard<T>
    where
        T: serde::Serialize + serde::de::DeserializeOwned + Send + Sync + 'static,
    {
        fn encode(&self, out: &mut Vec<u8>) -> Result<(), CodecError> {
            let bytes = postcard::to_allocvec(&self.0).map_err(|e| {
                CodecError::new(core::any::type_name::<T>(), alloc::format!("postcard: {e}"))
            })?;
            out.extend_from_slice(&bytes);
            Ok(())
        }
        fn decode(bytes: &[u8]) -> Result<Self, CodecError> {
            let (value, rest) = postcard::take_from_bytes(bytes).map_err(|e| {
                CodecError::new(core::any::type_name::<T>(), alloc::format!("postcard: {e}"))
            })?;
            if rest.is_empty() {
                Ok(Postcard(value))
            } else {
                Err(CodecError::new(
                    core::any::type_name::<T>(),
                    alloc::format!("postcard: {} bytes left after the value", rest.len()),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Codec, CodecError};
    use alloc::string::{String, ToString};
    use alloc::vec;

    fn round_trip<T: Codec + PartialEq + core::fmt::Debug>(v: &T) {
        let bytes = v.to_bytes().expect("encode");
        assert_eq!(&T::decode(&bytes).expect("decode"), v);
    }

    #[test]
    fn built_ins_round_trip_in_java_byte_order() {
        round_trip(&vec![0u8, 255, 7]);
        round_trip(&String::from("héllo"));
        round_trip(&true);
        round_trip(&u64::MAX);
        round_trip(&-5i64);
        round_trip(&1.5f64);
        round_trip(&i128::MIN);
        // Bytes.toBytes(long) and Bytes.toBytes(double): big-endian.
        assert_eq!(1i64.to_bytes().unwrap(), [0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!((-1i32).to_bytes().unwrap(), [0xFF; 4]);
        assert_eq!(1.0f64.to_bytes().unwrap(), 1.0f64.to_bits().to_be_bytes());
    }

    #[test]
    fn bytes_of_another_type_are_refused_with_the_type() {
        let err: CodecError = u64::decode(&[1, 2, 3]).unwrap_err();
        assert_eq!(err.to_string(), "not a u64: 3 bytes, not 8");
        assert!(String::decode(&[0xFF])
            .unwrap_err()
            .to_string()
            .contains("UTF-8"));
        assert!(bool::decode(&[2]).is_err());
        assert!(bool::decode(&[]).is_err());
        assert!(i16::decode(&[0; 3]).is_err());
    }
}
