//! The traits through which a type becomes a row-key field.
//!
//! A field's *body* is the bytes its type writes. The layout (padding,
//! delimiter, salt, bucket) is wrapped around the body by the derive, so a type
//! only says how to write itself and how to read itself back from exactly the
//! bytes it wrote.

use crate::ErrorKind;

/// A type that can be a field of a row key.
///
/// `#[derive(KeyPart)]` implements it (with [`DecodePart`] and
/// [`OrderedPart`]) for newtypes, short-code enums such as the Alibaba Cloud
/// design note's "淘寶 => tb", and structs of fixed-width fields:
///
/// ```
/// use rowkey::KeyPart;
///
/// #[derive(KeyPart, Debug, PartialEq)]
/// enum Platform {
///     #[rowkey(code = "tb")]
///     Taobao,
///     #[rowkey(code = "tm")]
///     Tmall,
/// }
///
/// assert_eq!(<Platform as KeyPart>::WIDTH, Some(2));
/// ```
///
/// By hand, the same enum is:
///
/// ```
/// use rowkey::{DecodePart, ErrorKind, KeyPart};
///
/// #[derive(Debug, PartialEq)]
/// enum Platform { Taobao, Tmall }
///
/// impl KeyPart for Platform {
///     const WIDTH: Option<usize> = Some(2);
///     fn encoded_len(&self) -> usize { 2 }
///     fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
///         let code = match self { Platform::Taobao => b"tb", Platform::Tmall => b"tm" };
///         if out.len() != code.len() {
///             return Err(ErrorKind::Invalid { reason: "field body has the wrong width" });
///         }
///         out.copy_from_slice(code);
///         Ok(())
///     }
/// }
///
/// impl DecodePart<'_> for Platform {
///     fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
///         match bytes {
///             b"tb" => Ok(Platform::Taobao),
///             b"tm" => Ok(Platform::Tmall),
///             _ => Err(ErrorKind::Invalid { reason: "platform code is not tb or tm" }),
///         }
///     }
/// }
/// ```
///
/// A type can refuse a value it cannot store faithfully: `encode_part`
/// returns an [`ErrorKind`], and the key's `encode_into` reports it with the
/// key's and the field's names. An amount that must not be negative, say:
///
/// ```
/// use rowkey::{DecodePart, ErrorKind, KeyPart, RowKey};
///
/// #[derive(Debug, PartialEq)]
/// struct Amount(i64);
///
/// impl KeyPart for Amount {
///     const WIDTH: Option<usize> = Some(8);
///     fn encoded_len(&self) -> usize { 8 }
///     fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
///         let cents = u64::try_from(self.0)
///             .map_err(|_| ErrorKind::Invalid { reason: "an amount is never negative" })?;
///         out.copy_from_slice(&cents.to_be_bytes());
///         Ok(())
///     }
/// }
///
/// impl DecodePart<'_> for Amount {
///     fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
///         let cents = u64::decode_part(bytes)?;
///         i64::try_from(cents)
///             .map(Amount)
///             .map_err(|_| ErrorKind::Invalid { reason: "an amount is at most i64::MAX" })
///     }
/// }
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct Payment {
///     account: u32,
///     amount: Amount,
/// }
///
/// let err = Payment { account: 7, amount: Amount(-5) }.to_vec().unwrap_err();
/// assert_eq!(err.to_string(), "Payment.amount: invalid value: an amount is never negative");
/// assert_eq!(err.field_name(), Some("amount"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a row-key field type",
    label = "`{Self}` does not implement rowkey::KeyPart",
    note = "integers, bool, [u8; N], &str, String, &[u8] and Vec<u8> are built in; for your own type, #[derive(rowkey::KeyPart)] (a newtype with #[rowkey(transparent)], an enum with #[rowkey(code = \"..\")] per variant, a struct of fixed-width fields)"
)]
pub trait KeyPart {
    /// `Some(n)` when every value writes exactly `n` bytes; `None` for a
    /// variable-width type, which must be last in a key or carry `#[pad]` or
    /// `#[delim]` (checked at compile time).
    const WIDTH: Option<usize>;

    /// The most bytes any value writes, `None` when unbounded: `WIDTH` for
    /// a fixed-width type, one more than `T`'s for an `Option<T>`. The
    /// derive sizes an `Option` field's buffer and scan rows by it.
    const MAX_WIDTH: Option<usize> = Self::WIDTH;

    /// Whether a value's bytes say where they end whatever follows them, so
    /// that a type of no fixed width may still stand before another field
    /// without `#[pad]` or `#[delim]`: an `Option<T>` of a fixed-width or
    /// self-delimiting `T` (its presence byte says whether `T`'s bytes
    /// follow). Such a type implements
    /// [`delimited_len`](KeyPart::delimited_len).
    const SELF_DELIMITING: bool = false;

    /// For a [`SELF_DELIMITING`](KeyPart::SELF_DELIMITING) type, how many
    /// bytes at the front of `bytes` the value there takes. `mask` is what
    /// every byte is stored with (exclusive or): `0xFF` under `#[desc]`, else 0.
    ///
    /// # Errors
    /// Bytes no value starts with (a bad presence byte, too few bytes);
    /// the default (a type that does not delimit itself) always refuses.
    #[inline]
    fn delimited_len(bytes: &[u8], mask: u8) -> Result<usize, ErrorKind> {
        let _ = (bytes, mask);
        Err(ErrorKind::Invalid {
            reason: "the field's type does not say where its bytes end",
        })
    }

    /// Where a scan range's bound at this value lies among the values a key
    /// can store, for a value [`encode_part`](KeyPart::encode_part)
    /// refuses (a time with a sub-millisecond part, say): `upper` for the
    /// range's upper bound. The default, [`BoundFit::Exact`], leaves the
    /// bound as it is (and its refusal, if any, to `encode_part`).
    #[doc(hidden)]
    #[inline]
    fn bound_fit(&self, upper: bool) -> BoundFit<Self>
    where
        Self: Sized,
    {
        let _ = upper;
        BoundFit::Exact
    }

    /// How many bytes [`encode_part`](KeyPart::encode_part) writes for this value.
    fn encoded_len(&self) -> usize;

    /// Writes the body into `out`, whose length is exactly
    /// [`encoded_len`](KeyPart::encoded_len).
    ///
    /// # Errors
    /// A value the type refuses to store (out of its domain, say), as an
    /// [`ErrorKind`]; the derive adds the key's and the field's names. The
    /// built-in types refuse only an `out` of the wrong length, which the
    /// derive never passes.
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind>;

    /// Whether the body ends in `byte`, if the type can tell without writing
    /// it; `None` (the default) means "write it and look". Lets a `#[pad]`
    /// refuse a value ending in its pad byte before copying it.
    #[inline]
    fn body_ends_with(&self, byte: u8) -> Option<bool> {
        let _ = byte;
        None
    }
}

/// What [`KeyPart::bound_fit`] says of a range bound: the stored values on
/// its inner side (at or above a lower bound, at or below an upper one).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundFit<T> {
    /// The bound as given (a value a key holds, or one the type refuses).
    Exact,
    /// Those up to (an upper bound) or from (a lower one) this value.
    Included(T),
    /// Those below (upper) or above (lower) this value.
    Excluded(T),
    /// None: the bound is past every storable value on its side.
    Nothing,
    /// All: the bound is no bound.
    Everything,
}

/// A [`KeyPart`] that reads itself back, possibly borrowing from the key.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read back from a row key",
    label = "`{Self}` does not implement rowkey::DecodePart",
    note = "a field type implements rowkey::KeyPart to write itself and rowkey::DecodePart to read itself back from exactly those bytes"
)]
pub trait DecodePart<'de>: KeyPart + Sized {
    /// Reads a value from exactly the bytes [`KeyPart::encode_part`] wrote.
    ///
    /// # Errors
    /// Bytes no value encodes to (an unknown code, bad UTF-8, ...): the
    /// derive adds the key and field names.
    fn decode_part(bytes: &'de [u8]) -> Result<Self, ErrorKind>;

    /// Whether [`decode_part`](Self::decode_part) accepts `bytes`, without
    /// building the value: batch verification's check. The default decodes
    /// and drops the value; override it only where checking is cheaper.
    ///
    /// # Errors
    /// Exactly when `decode_part` fails (not necessarily with its error:
    /// the caller asks `decode_part` for that).
    #[doc(hidden)]
    #[inline]
    fn check_part(bytes: &'de [u8]) -> Result<(), ErrorKind> {
        Self::decode_part(bytes).map(drop)
    }
}

/// `core::str::from_utf8`'s verdict, `Ok` at once for ASCII: a `&str` is
/// not built (it cannot be without the full check in safe code), so a
/// short field is not worth the full validator's setup.
#[inline]
pub(crate) fn check_utf8(bytes: &[u8]) -> Result<(), ErrorKind> {
    if bytes.is_ascii() {
        return Ok(());
    }
    core::str::from_utf8(bytes)
        .map(drop)
        .map_err(|e| ErrorKind::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        })
}

/// A field whose byte order is its value order, so that the scan builder can
/// take a range on it and `#[desc]` can reverse it. Implement it only when
/// that holds for every value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` keeps no byte order: #[desc] has nothing to reverse and a scan takes no range on it",
    label = "`{Self}` does not implement rowkey::OrderedPart",
    note = "implement rowkey::OrderedPart for `{Self}` if its bytes sort as its values do; otherwise remove #[desc] (and scan it by one value)"
)]
pub trait OrderedPart: KeyPart {}

/// An integer a `#[bucket(N)]` can be computed from.
#[diagnostic::on_unimplemented(
    message = "#[bucket] does not fit `{Self}`",
    label = "#[bucket(N)] needs an integer field (u8..u128, i8..i128)",
    note = "a bucket is `value mod N` of an integer: put it on an integer field, implement rowkey::BucketValue for your type, or spread the keys with #[salt(md5, K)] instead"
)]
pub trait BucketValue {
    /// `self mod n`, Euclidean: never negative. The derive passes `n` in
    /// `2..=65536`; the built-in impls give 0 for `n = 0` rather than
    /// dividing by it.
    fn bucket(&self, n: u32) -> u32;
}

/// A timestamp that `#[reverse_ts]` stores as `i64::MAX - ts`.
#[diagnostic::on_unimplemented(
    message = "#[reverse_ts] does not fit `{Self}`",
    label = "#[reverse_ts] needs a u64 or i64 field",
    note = "it writes Java's `Long.MAX_VALUE - ts`, defined for 64-bit timestamps: make the field u64 or i64"
)]
pub trait ReverseTs: Sized {
    /// `i64::MAX - self`.
    ///
    /// # Errors
    /// [`ErrorKind::TimestampOutOfRange`] outside `0..=i64::MAX`.
    fn to_reversed(&self) -> Result<u64, ErrorKind>;
    /// The timestamp back from `i64::MAX - ts`.
    ///
    /// # Errors
    /// [`ErrorKind::TimestampOutOfRange`] for a stored value over `i64::MAX`.
    fn from_reversed(stored: u64) -> Result<Self, ErrorKind>;
    /// The value widened, for scan bounds that may lie outside the range; a
    /// point in time between two stored units rounds down.
    fn to_i128(&self) -> i128;
    /// As [`to_i128`](Self::to_i128), rounded up: the first stored unit at
    /// or after the value. Equal for integers; a time with a
    /// sub-millisecond part is one millisecond more, so that an inclusive
    /// lower bound or an exclusive upper bound selects exactly the keys
    /// inside the range.
    fn to_i128_ceil(&self) -> i128 {
        self.to_i128()
    }
}

/// A signed integer that `#[twos_complement]` stores as plain big-endian two's
/// complement, as Java's `Bytes.toBytes(long)` does.
#[diagnostic::on_unimplemented(
    message = "#[twos_complement] does not fit `{Self}`",
    label = "#[twos_complement] needs a signed integer field (i8..i128)",
    note = "unsigned integers are already stored as Java's Bytes.toBytes writes them: remove #[twos_complement] from an unsigned field"
)]
pub trait TwosComplement: KeyPart + Sized {
    /// Writes the plain two's complement big-endian bytes.
    ///
    /// # Errors
    /// An `out` that is not exactly the type's width.
    fn encode_twos(&self, out: &mut [u8]) -> Result<(), ErrorKind>;
    /// Reads them back.
    ///
    /// # Errors
    /// `bytes` that are not exactly the type's width.
    fn decode_twos(bytes: &[u8]) -> Result<Self, ErrorKind>;
}

/// An owned string or byte type whose bytes `#[reverse]` can store reversed.
#[diagnostic::on_unimplemented(
    message = "#[reverse] does not fit `{Self}`",
    label = "#[reverse] needs an owned string or byte field: String, Vec<u8> or [u8; N]",
    note = "a reversed field cannot be borrowed back from the key: use String for &str and Vec<u8> for &[u8]"
)]
pub trait Reversible: KeyPart + Sized {
    /// Reverses a body in place. Strings reverse by character, as Java's
    /// `StringBuilder.reverse()` does, so the stored bytes stay UTF-8.
    fn reverse_body(body: &mut [u8]);
    /// Reads a value from a reversed body.
    ///
    /// # Errors
    /// Bytes no value reverses to (bad UTF-8, a wrong width).
    fn decode_reversed(body: &[u8]) -> Result<Self, ErrorKind>;
    /// The unreversed body bytes (what a salt hashes).
    fn body_bytes(&self) -> &[u8];
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl KeyPart for $t {
            const WIDTH: Option<usize> = Some(core::mem::size_of::<$t>());
            #[inline]
            fn encoded_len(&self) -> usize { core::mem::size_of::<$t>() }
            #[inline]
            fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
                put(out, &self.to_be_bytes())
            }
        }
        impl DecodePart<'_> for $t {
            #[inline]
            fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
                let arr = bytes.try_into().map_err(|_| width_mismatch())?;
                Ok(<$t>::from_be_bytes(arr))
            }
        }
        impl OrderedPart for $t {}
        impl BucketValue for $t {
            #[inline]
            #[allow(clippy::cast_possible_truncation)] // the remainder is below n <= 65536
            fn bucket(&self, n: u32) -> u32 {
                u128::from(*self).checked_rem(u128::from(n)).unwrap_or(0) as u32
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty => $u:ty),*) => {$(
        // Flipping the sign bit makes unsigned byte order equal signed value
        // order, as Apache Phoenix encodes BIGINT.
        impl KeyPart for $t {
            const WIDTH: Option<usize> = Some(core::mem::size_of::<$t>());
            #[inline]
            fn encoded_len(&self) -> usize { core::mem::size_of::<$t>() }
            #[inline]
            #[allow(clippy::cast_sign_loss, reason = "the bits are reinterpreted, not the value converted")]
            fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
                put(out, &((*self as $u) ^ (1 << (<$u>::BITS - 1))).to_be_bytes())
            }
        }
        impl DecodePart<'_> for $t {
            #[inline]
            #[allow(clippy::cast_possible_wrap, reason = "the bits are reinterpreted, not the value converted")]
            fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
                let arr = bytes.try_into().map_err(|_| width_mismatch())?;
                Ok((<$u>::from_be_bytes(arr) ^ (1 << (<$u>::BITS - 1))) as $t)
            }
        }
        impl OrderedPart for $t {}
        impl BucketValue for $t {
            #[inline]
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0 <= remainder < n
            fn bucket(&self, n: u32) -> u32 {
                i128::from(*self).checked_rem_euclid(i128::from(n)).unwrap_or(0) as u32
            }
        }
        impl TwosComplement for $t {
            #[inline]
            fn encode_twos(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
                put(out, &self.to_be_bytes())
            }
            #[inline]
            fn decode_twos(bytes: &[u8]) -> Result<Self, ErrorKind> {
                let arr = bytes.try_into().map_err(|_| width_mismatch())?;
                Ok(<$t>::from_be_bytes(arr))
            }
        }
    )*};
}

unsigned!(u8, u16, u32, u64, u128);
signed!(i8 => u8, i16 => u16, i32 => u32, i64 => u64, i128 => u128);

fn width_mismatch() -> ErrorKind {
    ErrorKind::Invalid {
        reason: "field body has the wrong width",
    }
}

/// Copies a body into an `out` of exactly its length; a caller's `out` of
/// another length is refused, never a panic.
#[inline]
fn put(out: &mut [u8], body: &[u8]) -> Result<(), ErrorKind> {
    if out.len() != body.len() {
        return Err(width_mismatch());
    }
    out.copy_from_slice(body);
    Ok(())
}

impl ReverseTs for u64 {
    #[inline]
    fn to_reversed(&self) -> Result<u64, ErrorKind> {
        // i64::MAX fits u64; the subtraction cannot underflow once checked.
        const MAX: u64 = i64::MAX as u64;
        if *self > MAX {
            return Err(ErrorKind::TimestampOutOfRange {
                value: i128::from(*self),
            });
        }
        Ok(MAX - *self)
    }
    #[inline]
    fn from_reversed(stored: u64) -> Result<Self, ErrorKind> {
        const MAX: u64 = i64::MAX as u64;
        if stored > MAX {
            return Err(ErrorKind::TimestampOutOfRange {
                value: i128::from(MAX) - i128::from(stored),
            });
        }
        Ok(MAX - stored)
    }
    fn to_i128(&self) -> i128 {
        i128::from(*self)
    }
}

impl ReverseTs for i64 {
    #[inline]
    fn to_reversed(&self) -> Result<u64, ErrorKind> {
        u64::try_from(*self)
            .map_err(|_| ErrorKind::TimestampOutOfRange {
                value: i128::from(*self),
            })?
            .to_reversed()
    }
    #[inline]
    fn from_reversed(stored: u64) -> Result<Self, ErrorKind> {
        let ts = u64::from_reversed(stored)?;
        // from_reversed returned a value <= i64::MAX.
        Ok(i64::try_from(ts).unwrap_or(i64::MAX))
    }
    fn to_i128(&self) -> i128 {
        i128::from(*self)
    }
}

impl KeyPart for bool {
    const WIDTH: Option<usize> = Some(1);
    #[inline]
    fn encoded_len(&self) -> usize {
        1
    }
    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        put(out, &[u8::from(*self)])
    }
}

impl DecodePart<'_> for bool {
    #[inline]
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        match bytes {
            [0] => Ok(false),
            [1] => Ok(true),
            _ => Err(ErrorKind::Invalid {
                reason: "a bool is stored as one byte, 0 or 1",
            }),
        }
    }
}
impl OrderedPart for bool {}

impl<const N: usize> KeyPart for [u8; N] {
    const WIDTH: Option<usize> = Some(N);
    #[inline]
    fn encoded_len(&self) -> usize {
        N
    }
    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        put(out, self)
    }
}

impl<const N: usize> DecodePart<'_> for [u8; N] {
    #[inline]
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        bytes.try_into().map_err(|_| width_mismatch())
    }
}
impl<const N: usize> OrderedPart for [u8; N] {}

impl<const N: usize> Reversible for [u8; N] {
    fn reverse_body(body: &mut [u8]) {
        body.reverse();
    }
    fn decode_reversed(body: &[u8]) -> Result<Self, ErrorKind> {
        let mut out: [u8; N] = body.try_into().map_err(|_| width_mismatch())?;
        out.reverse();
        Ok(out)
    }
    fn body_bytes(&self) -> &[u8] {
        self
    }
}

impl KeyPart for str {
    const WIDTH: Option<usize> = None;
    #[inline]
    fn encoded_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        put(out, self.as_bytes())
    }
    #[inline]
    fn body_ends_with(&self, byte: u8) -> Option<bool> {
        Some(self.as_bytes().last() == Some(&byte))
    }
}

impl KeyPart for [u8] {
    const WIDTH: Option<usize> = None;
    #[inline]
    fn encoded_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        put(out, self)
    }
    #[inline]
    fn body_ends_with(&self, byte: u8) -> Option<bool> {
        Some(self.last() == Some(&byte))
    }
}

impl<T: KeyPart + ?Sized> KeyPart for &T {
    const WIDTH: Option<usize> = T::WIDTH;
    const MAX_WIDTH: Option<usize> = T::MAX_WIDTH;
    const SELF_DELIMITING: bool = T::SELF_DELIMITING;
    #[inline]
    fn delimited_len(bytes: &[u8], mask: u8) -> Result<usize, ErrorKind> {
        T::delimited_len(bytes, mask)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        (**self).encoded_len()
    }
    #[inline]
    fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
        (**self).encode_part(out)
    }
    #[inline]
    fn body_ends_with(&self, byte: u8) -> Option<bool> {
        <T as KeyPart>::body_ends_with(*self, byte)
    }
}
impl<T: OrderedPart + ?Sized> OrderedPart for &T {}
impl OrderedPart for str {}
impl OrderedPart for [u8] {}

impl<'de> DecodePart<'de> for &'de str {
    #[inline]
    fn decode_part(bytes: &'de [u8]) -> Result<Self, ErrorKind> {
        core::str::from_utf8(bytes).map_err(|e| ErrorKind::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        })
    }

    #[inline]
    fn check_part(bytes: &'de [u8]) -> Result<(), ErrorKind> {
        check_utf8(bytes)
    }
}

impl<'de> DecodePart<'de> for &'de [u8] {
    #[inline]
    fn decode_part(bytes: &'de [u8]) -> Result<Self, ErrorKind> {
        Ok(bytes)
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::{DecodePart, KeyPart, OrderedPart, Reversible};
    use crate::ErrorKind;
    use alloc::string::String;
    use alloc::vec::Vec;

    impl KeyPart for String {
        const WIDTH: Option<usize> = None;
        #[inline]
        fn encoded_len(&self) -> usize {
            self.len()
        }
        #[inline]
        fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
            super::put(out, self.as_bytes())
        }
        #[inline]
        fn body_ends_with(&self, byte: u8) -> Option<bool> {
            KeyPart::body_ends_with(self.as_str(), byte)
        }
    }
    impl DecodePart<'_> for String {
        fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
            <&str>::decode_part(bytes).map(String::from)
        }

        #[inline]
        fn check_part(bytes: &[u8]) -> Result<(), ErrorKind> {
            super::check_utf8(bytes)
        }
    }
    impl OrderedPart for String {}

    impl Reversible for String {
        fn reverse_body(body: &mut [u8]) {
            // Reverse every byte, then put each character's bytes back in
            // order: the characters end up reversed and the bytes stay UTF-8.
            body.reverse();
            let mut end = 0;
            while end < body.len() {
                let start = end;
                // After the full reversal a character reads continuation
                // bytes first and its lead byte last.
                while end < body.len() && body[end] & 0xC0 == 0x80 {
                    end += 1;
                }
                end = (end + 1).min(body.len());
                body[start..end].reverse();
            }
        }
        fn decode_reversed(body: &[u8]) -> Result<Self, ErrorKind> {
            let s = <&str>::decode_part(body)?;
            Ok(s.chars().rev().collect())
        }
        fn body_bytes(&self) -> &[u8] {
            self.as_bytes()
        }
    }

    impl KeyPart for Vec<u8> {
        const WIDTH: Option<usize> = None;
        #[inline]
        fn encoded_len(&self) -> usize {
            self.len()
        }
        #[inline]
        fn encode_part(&self, out: &mut [u8]) -> Result<(), ErrorKind> {
            super::put(out, self)
        }
        #[inline]
        fn body_ends_with(&self, byte: u8) -> Option<bool> {
            KeyPart::body_ends_with(self.as_slice(), byte)
        }
    }
    impl DecodePart<'_> for Vec<u8> {
        fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
            Ok(bytes.to_vec())
        }
    }
    impl OrderedPart for Vec<u8> {}

    impl Reversible for Vec<u8> {
        fn reverse_body(body: &mut [u8]) {
            body.reverse();
        }
        fn decode_reversed(body: &[u8]) -> Result<Self, ErrorKind> {
            let mut v = body.to_vec();
            v.reverse();
            Ok(v)
        }
        fn body_bytes(&self) -> &[u8] {
            self
        }
    }
}
