//! The optional `serde` feature: a range serializes as
//! `{ key: "Name", start: "row", stop: "row" | null }`, each row as HBase's
//! `Bytes.toStringBinary` writes it, and deserializes through its checked
//! constructor: another key's range, an empty or oversized range, and text
//! that form would not have written (`\x41` for `A`, lower-case hex) cannot
//! come back in.

use crate::key_text::parse_binary;
use crate::{Binary, KeyBuf, KeyRange, RowKey};
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

const FIELDS: &[&str] = &["key", "start", "stop"];

/// A row as `Bytes.toStringBinary` text.
struct Text<'a>(&'a [u8]);

impl Serialize for Text<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&Binary(self.0))
    }
}

fn serialize<S: Serializer>(
    key: &'static str,
    start: &[u8],
    stop: Option<&[u8]>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut st = s.serialize_struct("KeyRange", 3)?;
    st.serialize_field("key", key)?;
    st.serialize_field("start", &Text(start))?;
    st.serialize_field("stop", &stop.map(Text))?;
    st.end()
}

/// Where a row is read to: a stack buffer for [`KeyRange`], a `Vec` for
/// [`OwnedKeyRange`](crate::OwnedKeyRange).
trait Sink: Sized {
    const MAX: usize;
    fn empty() -> Self;
    /// Appends, or `false` when the row would grow past `MAX`.
    fn put(&mut self, bytes: &[u8]) -> bool;
    fn bytes(&self) -> &[u8];
}

struct Inline<B> {
    buf: B,
    len: usize,
}

impl<B: KeyBuf> Sink for Inline<B> {
    const MAX: usize = B::LEN;
    fn empty() -> Self {
        Inline {
            buf: B::ZERO,
            len: 0,
        }
    }
    fn put(&mut self, bytes: &[u8]) -> bool {
        let end = self.len + bytes.len();
        match self.buf.as_mut().get_mut(self.len..end) {
            Some(out) => {
                out.copy_from_slice(bytes);
                self.len = end;
                true
            }
            None => false,
        }
    }
    fn bytes(&self) -> &[u8] {
        &self.buf.as_ref()[..self.len]
    }
}

#[cfg(feature = "alloc")]
impl Sink for alloc::vec::Vec<u8> {
    const MAX: usize = crate::__private::HBASE_MAX_KEY;
    fn empty() -> Self {
        alloc::vec::Vec::new()
    }
    fn put(&mut self, bytes: &[u8]) -> bool {
        if self.len() + bytes.len() > Self::MAX {
            return false;
        }
        self.extend_from_slice(bytes);
        true
    }
    fn bytes(&self) -> &[u8] {
        self
    }
}

/// One row, from `Bytes.toStringBinary` text.
struct Row<S>(S);

impl<'de, S: Sink> Deserialize<'de> for Row<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<S>(PhantomData<S>);
        impl<S: Sink> Visitor<'_> for V<S> {
            type Value = Row<S>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "a row of at most {} bytes as Bytes.toStringBinary text",
                    S::MAX
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Row<S>, E> {
                let mut row = S::empty();
                let mut n = 0usize;
                let whole = parse_binary(v, |b| {
                    n += 1;
                    row.put(&[b])
                })
                .map_err(E::custom)?;
                if !whole {
                    return Err(E::invalid_length(n, &self));
                }
                Ok(Row(row))
            }
        }
        d.deserialize_str(V(PhantomData))
    }
}

/// The key type's name, which must be the one the range is read as.
struct KeyName(&'static str);

impl<'de> de::DeserializeSeed<'de> for KeyName {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        struct V(&'static str);
        impl Visitor<'_> for V {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "the key type's name, `{}`", self.0)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
                if v == self.0 {
                    Ok(())
                } else {
                    Err(E::invalid_value(de::Unexpected::Str(v), &self))
                }
            }
        }
        d.deserialize_str(V(self.0))
    }
}

enum Field {
    Key,
    Start,
    Stop,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`key`, `start` or `stop`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                match v {
                    "key" => Ok(Field::Key),
                    "start" => Ok(Field::Start),
                    "stop" => Ok(Field::Stop),
                    _ => Err(E::unknown_field(v, FIELDS)),
                }
            }
        }
        d.deserialize_identifier(V)
    }
}

type Make<T> = fn(&[u8], Option<&[u8]>) -> Result<T, crate::Error>;

/// Reads `{ key, start, stop }` (or a three-element sequence) into `S`
/// sinks, checks `key` is `name`, and hands the rows to `make`, the range's
/// checked constructor.
fn deserialize<'de, D: Deserializer<'de>, S: Sink, T>(
    d: D,
    name: &'static str,
    make: Make<T>,
) -> Result<T, D::Error> {
    struct V<S, T> {
        name: &'static str,
        make: Make<T>,
        _sink: PhantomData<S>,
    }
    fn finish<S: Sink, T, E: de::Error>(
        make: Make<T>,
        start: &Row<S>,
        stop: Option<&Row<S>>,
    ) -> Result<T, E> {
        make(start.0.bytes(), stop.map(|s| s.0.bytes())).map_err(E::custom)
    }
    impl<'de, S: Sink, T> Visitor<'de> for V<S, T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a key range of `{}` {{ key, start, stop }}", self.name)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
            seq.next_element_seed(KeyName(self.name))?
                .ok_or_else(|| de::Error::invalid_length(0, &self))?;
            let start: Row<S> = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(1, &self))?;
            let stop: Option<Row<S>> = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(2, &self))?;
            finish(self.make, &start, stop.as_ref())
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
            let mut key_seen = false;
            let mut start: Option<Row<S>> = None;
            let mut stop: Option<Option<Row<S>>> = None;
            while let Some(key) = map.next_key::<Field>()? {
                match key {
                    Field::Key if key_seen => return Err(de::Error::duplicate_field("key")),
                    Field::Key => {
                        map.next_value_seed(KeyName(self.name))?;
                        key_seen = true;
                    }
                    Field::Start if start.is_some() => {
                        return Err(de::Error::duplicate_field("start"))
                    }
                    Field::Stop if stop.is_some() => {
                        return Err(de::Error::duplicate_field("stop"))
                    }
                    Field::Start => start = Some(map.next_value()?),
                    Field::Stop => stop = Some(map.next_value()?),
                }
            }
            if !key_seen {
                return Err(de::Error::missing_field("key"));
            }
            let start = start.ok_or_else(|| de::Error::missing_field("start"))?;
            let stop = stop.ok_or_else(|| de::Error::missing_field("stop"))?;
            finish(self.make, &start, stop.as_ref())
        }
    }
    d.deserialize_struct(
        "KeyRange",
        FIELDS,
        V::<S, T> {
            name,
            make,
            _sink: PhantomData,
        },
    )
}

impl<K: RowKey> Serialize for KeyRange<K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(K::NAME, self.start(), self.stop(), s)
    }
}

impl<'de, K: RowKey> Deserialize<'de> for KeyRange<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize::<D, Inline<K::ScanBuf>, Self>(d, K::NAME, KeyRange::new)
    }
}

#[cfg(feature = "alloc")]
impl<K: RowKey> Serialize for crate::OwnedKeyRange<K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(K::NAME, self.start(), self.stop(), s)
    }
}

#[cfg(feature = "alloc")]
impl<'de, K: RowKey> Deserialize<'de> for crate::OwnedKeyRange<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize::<D, alloc::vec::Vec<u8>, Self>(d, K::NAME, crate::OwnedKeyRange::new)
    }
}

/// A page token ([`Ranges`](crate::Ranges), what `Store::page` hands back
/// for the next page) as `{ skip: n, ranges: [..] }`, each range as above:
/// a client can hold it between requests. It names rows of the table, so a
/// service that hands it out treats what comes back as untrusted (sign it,
/// or check its ranges lie within the scan the user may read).
#[cfg(feature = "alloc")]
impl<K: RowKey> Serialize for crate::Ranges<K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let ranges: alloc::vec::Vec<&crate::OwnedKeyRange<K>> = self.iter().collect();
        let mut st = s.serialize_struct("Ranges", 2)?;
        st.serialize_field("skip", &self.skip())?;
        st.serialize_field("ranges", &ranges)?;
        st.end()
    }
}

#[cfg(feature = "alloc")]
impl<'de, K: RowKey> Deserialize<'de> for crate::Ranges<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// The token's fields, in the order `Serialize` writes them.
        struct Token<K: RowKey>(PhantomData<K>);
        impl<'de, K: RowKey> Visitor<'de> for Token<K> {
            type Value = crate::Ranges<K>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a page token of {}: {{ skip, ranges }}", K::NAME)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let skip = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let ranges = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                Ok(crate::Ranges::new(ranges, skip))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let (mut skip, mut ranges) = (None, None);
                while let Some(field) = map.next_key::<alloc::string::String>()? {
                    match field.as_str() {
                        "skip" => skip = Some(map.next_value()?),
                        "ranges" => ranges = Some(map.next_value()?),
                        other => return Err(de::Error::unknown_field(other, &["skip", "ranges"])),
                    }
                }
                let skip = skip.ok_or_else(|| de::Error::missing_field("skip"))?;
                let ranges = ranges.ok_or_else(|| de::Error::missing_field("ranges"))?;
                Ok(crate::Ranges::new(ranges, skip))
            }
        }
        d.deserialize_struct("Ranges", &["skip", "ranges"], Token(PhantomData))
    }
}
