//! HBase and Bigtable row keys, correct by construction.
//!
//! Every team on HBase hand-writes the same row-key idioms — an MD5 salt
//! against hot regions, `Long.MAX_VALUE - ts` so the newest row sorts first,
//! fixed-width padding so a scan for `host1` does not return `host12`, a
//! `ts % N` bucket for increasing keys — as string concatenation, a parser
//! written twice, and scan rows computed by hand. `rowkey` turns a layout into
//! a declaration and generates allocation-free encode, decode and scan ranges,
//! byte-compatible with the Java idioms already in production tables.
//!
//! ```
//! use rowkey::RowKey;
//!
//! #[derive(RowKey, Debug, PartialEq)]
//! struct MetricKey<'a> {
//!     #[salt(md5, 4)]
//!     #[pad(16)]
//!     host: &'a str,
//!     #[pad(8)]
//!     metric: &'a str,
//!     #[reverse_ts]
//!     ts: u64,
//! }
//!
//! let key = MetricKey { host: "web01", metric: "cpu", ts: 1_700_000_000_000 };
//!
//! // Encode into a stack buffer (no allocation) or a Vec.
//! let mut buf = [0u8; MetricKey::MAX_LEN];
//! let n = key.encode_into(&mut buf)?;
//! assert_eq!(&buf[..n], key.to_vec()?.as_slice());
//! // Java: DigestUtils.md5Hex("web01").substring(0, 4) + rpad("web01", 16) + ...
//! assert_eq!(&buf[..4], b"2f52");
//!
//! // Decode borrows the strings from the key and checks the salt.
//! assert_eq!(MetricKey::decode(&buf[..n])?, key);
//!
//! // Scan: one minute of web01/cpu, newest first.
//! let t = 1_700_000_000_000;
//! let range = MetricKey::scan().host("web01").metric("cpu").ts(t..t + 60_000).ranges()?.next();
//! assert!(range.is_some_and(|r| r.contains(&buf[..n])));
//! # Ok::<(), rowkey::Error>(())
//! ```
//!
//! # What the derive generates
//!
//! For `#[derive(RowKey)] struct K { .. }` (the derive's own page,
//! [`macro@RowKey`], lists every item; [`example_generated`] shows them on a
//! metric key):
//!
//! | item | what it does |
//! | --- | --- |
//! | [`RowKey`] impl | everything below, for generic code: `encode_into`, `to_vec`, `encoded_len`, `decode`, `decode_unverified`, `explain`, `scan`, `split_keys`, the stack buffer types `Buf` and `ScanBuf`, `MAX_WIDTH`, `MAX_LEN`, `SCAN_CAP`, `SPREAD`, `LAYOUT` (the layout as data: [`layout`]); `use rowkey::RowKey;` (the import the derive needs) brings them into scope |
//! | `key.encode_into(&mut buf)` | the key into a caller's buffer, no allocation; `key.to_vec()` for a `Vec` |
//! | `K::MAX_LEN` | the widest key, for a stack buffer `[0u8; K::MAX_LEN]` (a compile error for an unbounded key: an unpadded last field, or a `#[delim]`, `#[escaped]` or unwidthed `#[decimal]` field anywhere; use `K::Buf` then) |
//! | `K::decode(&bytes)` | the key back, borrowing `&str` / `&[u8]` fields, every salt and bucket checked; also [`DecodeKey`]; like `K::scan()`, callable without the trait imported |
//! | `K::decode_unverified(&bytes)` | the same without recomputing salts and buckets (no MD5 per row) |
//! | `K::explain(&bytes)` | the key split into salt, bucket and field segments, printable ([`Explain`]) |
//! | `K::scan()` | a typed builder: one method per field, in key order; a value continues, a range (`a..b`, `a..=b`, `a..`, `..b`, `..`, or a pair of `Bound`s: `(Bound::Excluded(t), Bound::Unbounded)` is "after `t`") ends; `.ranges()` yields [`KeyRange`]s ([`ScanRanges`]) |
//! | `K::split_keys(n)` | region split points over the keyspace the leading salt or bucket uses ([`split_keys`]) |
//!
//! A [`KeyRange`] has HBase `Scan` semantics (start inclusive, stop exclusive,
//! no stop = end of table), [`KeyRange::contains`] and [`KeyRange::bounds`] for
//! `BTreeMap::range` or an embedded store. When the prefix leaves a bucket or
//! a struct-level salt open the scan fans out into one range per bucket or
//! salt value; [`Merge`] (or [`merge_sorted`]) puts their rows back into one
//! stream in key order without the bucket or salt, ascending or descending,
//! with a limit. A field-level `#[salt]` left open (no value for its field)
//! leaves the whole table: one range, in stored (salt) order, since an MD5
//! prefix of four hex characters would fan out 65,536 ways.
//! [`split_keys`] pre-splits a table over the keyspace the leading salt or
//! bucket really uses, and [`CreateTable`] prints the HBase shell text.
//!
//! # Writing a data-access layer
//!
//! Tables come from an adapter, each implementing one trait, [`Store`]:
//! `rowkey-redb` over redb, an embedded ordered store (development, tests,
//! one machine), and `rowkey-bigtable` over Google Cloud Bigtable and its
//! emulator. A `Table<K, V>` of either writes keys of type `K` with values
//! of type `V` ([`Codec`]: bytes, strings, integers, floats; any serde type
//! as `rowkey::Postcard` with the `postcard` feature), and offers `put`,
//! `put_many`, `get`, `delete`, `delete_many` (a list of keys),
//! `delete_ranges` (every row of a scan, in every salt or bucket), `count`
//! (a scan's rows, from their keys), `put_cells` and `get_row` (several columns
//! of a row in one call), `scan` (a salted or bucketed fan-out merged back
//! into key order), `select` (either [`Order`], with a limit), `latest`
//! (newest first, whichever way the key stores time: [`RowKey::TIME`]) and
//! `page` (at most `size` rows, merged, in order, with a resume token).
//! The database handles implement [`Database`], so table setup is written
//! once too.
//!
//! A newcomer's first program, on the embedded store; moving it to
//! Bigtable changes the line that opens the database:
//!
//! ```text
//! use rowkey::{RowKey, Store};
//!
//! #[derive(RowKey)]
//! struct Event<'a> {
//!     #[bucket(16)]
//!     ts: u64,
//!     #[pad(8)]
//!     host: &'a str,
//! }
//!
//! let db = rowkey_redb::Redb::in_memory()?;
//! // let emulator = rowkey_bigtable::Emulator::start()?; // or a real instance: Bigtable::connect
//! // let db = rowkey_bigtable::Bigtable::emulator(emulator.addr(), "dev", "dev")?;
//! let events = db.create_table_if_missing::<Event<'static>, u64>("events", &["d"], 16).await?;
//! events.put(&Event { ts: 1_700_000_000_123, host: "web01" }, &200).await?;
//! let rows = events.scan(Event::scan().ts(1_700_000_000_000..).ranges()?).await?;
//! println!("{} at {}: {}", rows[0].decode()?.host, rows[0].decode()?.ts, rows[0].value);
//! ```
//!
//! (Not compiled here: this crate does not depend on its adapters.
//! `rowkey-redb`'s crate documentation runs it, and `rowkey-bigtable`'s
//! tests run it on both engines, the open line swapped.) A layer written against the
//! trait runs unchanged on both engines; it names the key's `'static` form
//! and takes keys as `&K::Key<'_>` (keys borrowing from anywhere), ranges
//! from the caller's typed builder, and returns rows whose keys decode
//! borrowing from them:
//!
//! ```
//! use rowkey::{Order, RowKey, Store};
//!
//! #[derive(RowKey, Debug)]
//! struct LogEvent<'a> {
//!     #[bucket(16)]
//!     ts: u64,
//!     #[pad(16)]
//!     host: &'a str,
//!     event: &'a str,
//! }
//!
//! /// An access log on any engine: `S` is `rowkey_redb::Table` or
//! /// `rowkey_bigtable::Table`.
//! struct AccessLog<S> {
//!     table: S,
//! }
//!
//! impl<S: Store<LogEvent<'static>, u64>> AccessLog<S> {
//!     async fn record(&self, ts: u64, host: &str, event: &str, status: u64) -> Result<(), S::Error> {
//!         self.table.put(&LogEvent { ts, host, event }, &status).await
//!     }
//!
//!     /// `[from, to)` over the 16 buckets, in time order, `size` rows a
//!     /// page: pass the returned token back for the next.
//!     async fn window(
//!         &self,
//!         from: u64,
//!         to: u64,
//!         size: usize,
//!         token: Option<rowkey::Ranges<LogEvent<'static>>>,
//!     ) -> Result<(Vec<(u64, String)>, Option<rowkey::Ranges<LogEvent<'static>>>), S::Error> {
//!         // The first page reads the scan, later ones the token (`None`
//!         // from the last page: stop there).
//!         let scan = LogEvent::scan().ts(from..to).ranges()?;
//!         let ranges = rowkey::Ranges::resume_or(token, scan)?;
//!         let page = self.table.page(ranges, Order::Ascending, size).await?;
//!         let rows = page
//!             .rows
//!             .iter()
//!             .map(|r| Ok((r.decode()?.ts, r.decode()?.host.to_owned())))
//!             .collect::<Result<_, rowkey::Error>>()?;
//!         Ok((rows, page.next))
//!     }
//!
//!     /// The newest `n` entries: a descending merge here, since `ts` is
//!     /// stored oldest first; an ascending one for a `#[reverse_ts]` or
//!     /// `#[desc]` time field.
//!     async fn latest(&self, n: usize) -> Result<Vec<u64>, S::Error> {
//!         let rows = self.table.latest(LogEvent::scan().ranges()?, n).await?;
//!         rows.iter().map(|r| Ok(r.decode()?.ts)).collect()
//!     }
//! }
//! ```
//!
//! A layer over two tables of one engine takes a second parameter with the
//! first one's error, so that `?` converts both the same way:
//! `impl<S: Store<Sample<'static>, Reading>, D: Store<Device<'static>, Info,
//! Error = S::Error>> Metrics<S, D>`. Without `Error = S::Error` the two
//! errors are unrelated types and every `?` on the second table fails to
//! convert.
//!
//! **Spawning a layer's futures.** Every future of [`Store`] is `Send`. A
//! layer held at a concrete engine (`AccessLog<rowkey_redb::Table<..>>` in
//! an application's state) and spawned (`tokio::spawn`, a web handler)
//! writes its methods as `fn` returning `impl Future + Send` rather than
//! `async fn`, for a key with a lifetime: rustc cannot prove an
//! `async fn`'s future `Send` there ("implementation of `Store` is not
//! general enough", rust-lang/rust#100013), and clippy's `manual_async_fn`
//! suggests the `async fn` back, so allow it on the impl:
//!
//! ```
//! # use rowkey::{RowKey, Store};
//! # use std::future::Future;
//! # #[derive(RowKey)] struct LogEvent<'a> { #[bucket(16)] ts: u64, #[pad(16)] host: &'a str, event: &'a str }
//! # struct AccessLog<S> { table: S }
//! #[allow(clippy::manual_async_fn, reason = "spawned at a concrete engine")]
//! impl<S: Store<LogEvent<'static>, u64>> AccessLog<S> {
//!     fn count_since(&self, from: u64) -> impl Future<Output = Result<u64, S::Error>> + Send + '_ {
//!         async move { self.table.count(LogEvent::scan().ts(from..).ranges()?).await }
//!     }
//! }
//! ```
//!
//! Every adapter error names the key, and a cell that does not decode as
//! `V` is an error naming the key and the column, never a skipped row.
//!
//! ## Writing an adapter
//!
//! A store of your own (an HBase client, another embedded store) implements
//! [`Store`]; everything it needs is on [`RowKey`] and here:
//!
//! - **Encode into `K::Buf`**, a `[u8; MAX_LEN]` stack buffer generic code
//!   can name ([`KeyBuf::ZERO`]), or `to_vec`.
//! - **Read each range** of a [`Ranges`] (owned [`OwnedKeyRange`]s; from a
//!   typed scan through [`IntoRanges`]) forward, or backwards for a
//!   descending read, at most the limit each, then [`Ranges::merge`] them;
//!   for a page, [`Ranges::page`] merges the first `size` rows and returns
//!   the ranges left, each resumed after (before) its last row taken.
//!   Merging streams of an async client: `Merge::stream` (feature `async`).
//! - **Latest N**: read in [`latest_order`]`::<K>()`.
//! - **Rows that live in a transaction or a response** (redb's
//!   `AccessGuard`, a client's buffers): copy the key and value bytes out
//!   ([`RawRow`]) before the merge; decode keys where they are used,
//!   [`RowKey::decode`] for rows from outside (it checks the salt),
//!   [`RowKey::decode_unverified`] for rows already checked.
//! - **Many keys at once** in a generic layer (an iterator of
//!   `&K::Key<'x>`): name the keys' lifetime `'x` apart from the borrow
//!   `'k` of each, with `where K::Key<'x>: 'k`; one lifetime for both does
//!   not compile (E0309).
//!
//! Another key's ranges do not compile where these are expected:
//!
//! ```compile_fail
//! # use rowkey::{RowKey, ScanRanges};
//! # #[derive(RowKey)] struct LogEvent<'a> { #[bucket(16)] ts: u64, host: &'a str }
//! # #[derive(RowKey)] struct Metric<'a> { #[pad(8)] host: &'a str, ts: u64 }
//! fn scan_logs(ranges: ScanRanges<LogEvent<'static>>) {}
//! scan_logs(Metric::scan().host("web01").ranges().unwrap());
//! ```
//!
//! Errors name the key and the field, for logs: match on [`Error::kind`] to
//! handle one ([`Error`] has an example). A key that must outlive its row
//! (across an `.await`, in a cache) is best kept as its bytes and decoded
//! again: `decode_unverified` is a few nanoseconds.
//!
//! # Attributes
//!
//! See [`attributes`] for every attribute, the bytes it writes and what it
//! refuses. Layouts that cannot work do not compile: a variable-width field
//! in the middle without `#[pad]` or `#[delim]`, an attribute on a type it does
//! not fit, out-of-range arguments, conflicting attributes, a key over HBase's
//! 32767-byte limit.
//!
//! # Your own field types
//!
//! `#[derive(KeyPart)]` makes newtypes (`#[rowkey(transparent)]`), enums of
//! short codes (`#[rowkey(code = "tb")]` per variant) and structs of
//! fixed-width fields into field types ([`guide::own_types`]); by hand,
//! implement [`KeyPart`] and [`DecodePart`] (and [`OrderedPart`] if byte
//! order is value order). Their `WIDTH` takes part in the compile-time
//! layout checks.
//!
//! # Features
//!
//! `std` (default) and `alloc` add `to_vec`, owned `String`/`Vec<u8>` fields,
//! the merges ([`Merge`], [`merge_sorted`]) and split-key lists; without them
//! the runtime is `no_std`. `derive` (default) re-exports the macro. `async`
//! adds `Merge::stream`, the merge of `futures_core::Stream`s (no runtime
//! needed; `no_std` with `alloc`). `uuid`, `chrono` and `time` (off by
//! default) make `uuid::Uuid`, `chrono::DateTime<Utc>` and
//! `time::OffsetDateTime` field types (see [`attributes`]). `postcard` (off
//! by default) adds `Postcard<T>`, any serde type as a table's cell value
//! ([`Codec`]). `simd` (off by
//! default) computes the MD5s of [`encode_batch`] and [`verify_batch`] in
//! AVX-512 or AVX2 registers when the CPU has them, detected at run time
//! through the `pulp` crate's safe dispatch (`no_std` too); without it they
//! use the build's vector width (SSE2 on x86-64), with the same bytes.
//! `serde` (off by default) serializes [`KeyRange`] and [`OwnedKeyRange`] as
//! the key type's name and their rows as HBase shell text (the
//! `Bytes.toStringBinary` that [`RowKey::display`] prints a key as), and
//! refuses another key's range or text that form would not have written.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::pedantic)]

#[cfg(feature = "std")]
extern crate std;

pub use rowkey_core::*;

#[cfg(feature = "derive")]
pub use rowkey_derive::{KeyPart, RowKey};

#[cfg(all(any(doc, doctest), feature = "derive"))]
pub mod example_generated;

pub mod guide;

// The README's examples compile and run as doc tests, as a user's crate
// would paste them.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

// So are those of the page the README's longer sections moved to (docs/ is
// not in the package; doc tests run from the repository only).
#[cfg(doctest)]
#[doc = include_str!("../docs/tables.md")]
struct TablesDoctests;

pub mod attributes {
    //! Every attribute of `#[derive(RowKey)]`.
    //!
    //! A key is the concatenation of its fields' encodings, in declaration
    //! order, compared as unsigned bytes (HBase `Bytes.compareTo`). A salt or
    //! bucket is written immediately **before** the field it is derived from,
    //! so put that field first for the usual `[salt][...]` layouts.
    //! To spread by a later field and keep the fields before it a prefix
    //! (`[bucket of ts][host][metric][ts]`), hash it at the front of the key
    //! instead: `#[rowkey(salt(java_hash, buckets = 16, fields(ts)))]` on the
    //! struct (see [Struct attributes](#struct-attributes)).
    //!
    //! # Field types
    //!
    //! | type | bytes | Java equivalent |
    //! | --- | --- | --- |
    //! | `u8` .. `u128` | big-endian, fixed width | `Bytes.toBytes(long)` for non-negative values |
    //! | `i8` .. `i128` | big-endian with the sign bit flipped: byte order is value order | Apache Phoenix's `BIGINT`; `#[twos_complement]` for `Bytes.toBytes(long)` |
    //! | `bool` | one byte, 0 or 1 | |
    //! | `[u8; N]` | the N bytes | UUIDs, fixed binary ids |
    //! | `&str`, `String` | UTF-8 bytes, variable width | `Bytes.toBytes(String)` |
    //! | `&[u8]`, `Vec<u8>` | the bytes, variable width | |
    //! | `Vec<T>`, `T` fixed-width (integers, `bool`, `[u8; N]`, your types implementing [`Element`](crate::Element)) | the elements back to back, no count, no terminator: the **last** field only; decode refuses a length that is not a whole number of elements; ranges work when `T` keeps order, and a scan takes the list as `Vec<T>`, `&[T]` or `&Vec<T>` | OpenTSDB's tag pairs, `Vec<[u8; 6]>` |
    //! | your type | `#[derive(KeyPart)]` or [`KeyPart`](crate::KeyPart) by hand ([`guide::own_types`](crate::guide::own_types)) | short codes (`淘寶 => tb`), newtypes, fixed-width structs |
    //!
    //! A variable-width field may stand unadorned only as the **last** field.
    //!
    //! # Field attributes
    //!
    //! | attribute | on | bytes written | encode refuses | decode checks |
    //! | --- | --- | --- | --- | --- |
    //! | `#[salt(md5, K)]`, 1 ≤ K ≤ 32 | any field | K lowercase hex chars of MD5 over the field's body (a string's UTF-8 bytes, unpadded; an integer's encoded bytes), then the field | nothing | salt recomputed and compared |
    //! | `#[bucket(N)]`, 2 ≤ N ≤ 65536 | integers | `value mod N` (Euclidean) as 1 byte when N ≤ 256, else 2 bytes big-endian, then the field | nothing | bucket recomputed and compared |
    //! | `#[reverse_ts]` | `u64`, `i64` | 8 bytes big-endian of `i64::MAX - ts`: newest first | `ts < 0`, `ts > i64::MAX` | value in range |
    //! | `#[pad(N)]`, `#[pad(N, b'x')]`, 1 ≤ N ≤ 32767 | variable-width types | the value right-padded to exactly N bytes (default pad `0x00`) | longer than N; ending in the pad byte | trailing pad bytes stripped |
    //! | `#[delim]`, `#[delim(b'_')]` | variable-width types | the value, then one delimiter byte (default `0x00`) | a value containing the delimiter | delimiter found |
    //! | `#[reverse]` | `String`, `Vec<u8>`, `[u8; N]` | the value reversed (strings by character, as Java's `StringBuilder.reverse()`), before padding | as its pad/delim | reversed back |
    //! | `#[twos_complement]` | `i8` .. `i128` | plain two's complement big-endian, as `Bytes.toBytes(long)` | nothing | |
    //! | `#[salt(md5, K, delim = b'_')]` | any field | K hex chars, the delimiter, then the field: the `RowKeyUtil` article's `MD5(id).substring(0, 8) + "_" + id` | nothing | salt and delimiter |
    //! | `#[delim(b'_')]` on a fixed-width field | any type | the field's bytes, then the delimiter, not searched for (the bytes may hold it): `Bytes.toBytes(id) + "_"` | nothing | delimiter present |
    //! | `#[decimal]` | `u8` .. `u128`; `u64`/`i64` with `#[reverse_ts]` | ASCII digits, no sign, no leading zero: `Long.toString(v)` (of `Long.MAX_VALUE - ts` with `#[reverse_ts]`); variable width, last or `#[delim]`; keeps no order, so scans take one value | nothing | digits only, no leading zero unless 0 |
    //! | `#[decimal(W)]`, 1 ≤ W ≤ 39 | the same | exactly W zero-padded digits: `String.format("%0Wd", v)`; order-preserving, so ranges work | more than W digits | W digits |
    //! | `#[desc]` | order-preserving fields (built-in types, `#[decimal(W)]`, `#[escaped]`, your types implementing [`OrderedPart`](crate::OrderedPart)) | every byte of the field's slot inverted (`0xFF - b`, Java `(byte) ~b` over the ascending bytes), pad, delimiter and `Option` presence byte included: Phoenix's `DESC` (`#[delim]` becomes its `0xFF` separator, `#[delim(b'_')]` is stored as `0xA0`); decodes into owned types | as its pad/delim | as its pad/delim |
    //! | `#[escaped]` | `String`, `Vec<u8>`, `[u8; N]` | Google OrderedCode's string: `00` → `00 FF`, `FF` → `FF 00`, terminator `00 01`; order-preserving and self-delimiting anywhere in the key | nothing | escapes well formed, terminator present |
    //! | `#[width(W)]`, 1 ≤ W < the type's size | `u16` .. `u128` | the low W bytes, big-endian: OpenTSDB's 3-byte UIDs (`UniqueId.longToUID`); order-preserving, so ranges work (bounds past `2^(8W)` clamp) | a value ≥ `2^(8W)` | |
    //! | `Option<T>` (no attribute) | any field type | `00` for `None`; `01` then `T`'s slot for `Some`: None first, as SQL's NULLS FIRST | as `T` | presence byte 0 or 1 |
    //! | `#[spread(N)]`, 2 ≤ N ≤ 65536, one per key | unsigned integers (any encoding: binary, `#[width]`, `#[decimal]`, `#[decimal(W)]`, with `#[delim]`), a `#[derive(KeyPart)]` code enum (its variants are the shards: the HBase reference guide's `a-` .. `d-`), your types implementing [`SpreadValue`](crate::SpreadValue) | the field as encoded; its value is the caller's shard (random or round-robin): the HBase reference guide's salting (`a-foo0003`), HBaseWD's one-byte prefix, the Alibaba Cloud design note's `[userId][orderId][random(100)]` as the last field | a value ≥ N | value < N |
    //!
    //! **Range bounds no key holds.** A scan range selects the stored values
    //! inside it, even where a bound is a value encode refuses: a
    //! `#[decimal(W)]` bound past W digits, a `#[reverse_ts]` one outside the
    //! storable timestamps, and on a string or byte string field with
    //! `#[pad(N)]` or `#[delim]` (the `0x00` ones, which keep order) a bound
    //! longer than N, ending in the pad byte or holding the delimiter. Such a
    //! bound lies between the stored values: those below it are exactly those
    //! up to the longest storable value it starts with (its first N bytes
    //! without trailing pad bytes, or its bytes before the delimiter, cut as
    //! bytes even inside a character), so `scan().a(.."zzzzzzz")` on a
    //! `#[pad(6)]` field is `..="zzzzzz"`, and a lower bound starts just after
    //! that value; `#[desc]` and `Option` fields alike. A time bound between
    //! two milliseconds or before 1970 bounds the window at the whole
    //! milliseconds inside it (`2.5 ms..` starts at 3 ms). An exact value no
    //! key holds (`scan().a("zzzzzzz")`) is still an error, naming the field,
    //! as is a bound on a padded field of your own type.
    //!
    //! Java equivalents: `#[salt(md5, 4)]` on `user_id: &str` is
    //! `DigestUtils.md5Hex(userId).substring(0, 4) + userId`; `#[reverse_ts] ts: u64`
    //! is `Bytes.toBytes(Long.MAX_VALUE - ts)`; `#[pad(20)]` is `rpad(col, '\0', 20)`.
    //!
    //! The `RowKeyUtil` article's `metricRowKey` and `inboxRowKey` (text joined by
    //! `_`), byte for byte:
    //!
    //! ```
    //! use rowkey::RowKey;
    //!
    //! #[derive(RowKey)]
    //! struct MetricText<'a> {
    //!     #[salt(md5, 8, delim = b'_')] // hash(host) + "_"
    //!     #[delim(b'_')]
    //!     host: &'a str,
    //!     #[decimal(10)] // String.format("%010d", ts / (15 * 60 * 1000))
    //!     #[delim(b'_')]
    //!     window: u64,
    //!     metric: &'a str,
    //! }
    //!
    //! #[derive(RowKey)]
    //! struct Inbox<'a> {
    //!     #[delim(b'_')]
    //!     receiver: &'a str,
    //!     #[reverse_ts] // String.format("%013d", Long.MAX_VALUE - ts): 19 digits
    //!     #[decimal(19)]
    //!     #[delim(b'_')]
    //!     ts: u64,
    //!     sender: &'a str,
    //! }
    //!
    //! let ts = 1_700_000_000_000;
    //! let metric = MetricText { host: "web01", window: ts / 900_000, metric: "cpu" };
    //! assert_eq!(metric.to_vec()?, b"2f527604_web01_0001888888_cpu");
    //! let inbox = Inbox { receiver: "bob", ts, sender: "alice" };
    //! assert_eq!(inbox.to_vec()?, b"bob_9223370336854775807_alice");
    //! // A range of windows is one scan.
    //! let windows = MetricText::scan().host("web01").window(1_888_888..1_888_892).ranges()?;
    //! assert_eq!(windows.fan_out(), 1);
    //! # Ok::<(), rowkey::Error>(())
    //! ```
    //!
    //! Descending order, escaped bytes and absent values:
    //!
    //! ```
    //! use rowkey::RowKey;
    //!
    //! #[derive(RowKey, Debug, PartialEq)]
    //! struct Ranking {
    //!     game: u32,
    //!     #[desc] // Phoenix DESC: highest score first
    //!     score: u64,
    //!     #[escaped] // any bytes, order kept, ends itself
    //!     player: Vec<u8>,
    //!     team: Option<String>, // None sorts first
    //! }
    //!
    //! let a = Ranking { game: 1, score: 900, player: b"a\0b".to_vec(), team: None };
    //! let b = Ranking { game: 1, score: 100, player: b"a".to_vec(), team: Some("x".into()) };
    //! assert!(a.to_vec()? < b.to_vec()?); // the higher score first
    //! assert_eq!(Ranking::decode(&a.to_vec()?)?, a);
    //! # Ok::<(), rowkey::Error>(())
    //! ```
    //!
    //! A spread's shard is not derived from the key, so a row is one of N
    //! candidates: `key.candidates()` names all N encoded keys (HBaseWD's
    //! `getAllDistributedKeys`) for a get or delete, without allocating. A
    //! scan may skip the spread field (give the field after it directly):
    //! its ranges then fan out over the N shards, and `merge_skip()` counts
    //! the shard's bytes, so `rowkey::merge_sorted` puts the streams back in
    //! the order of the rest of the key. A struct-level salt that hashes the
    //! spread (a Java-hash salt over the whole key, or one listing the
    //! spread field) is worked out per shard when the scan gives its other
    //! inputs: still one range per shard. A spread whose shards take
    //! different numbers of bytes (`#[decimal]` without a width, not last)
    //! cannot be left open, since no one `merge_skip()` would strip it: give
    //! it `#[decimal(W)]`. A spread that is last needs no
    //! fan-out: the prefix already covers every shard. The cost of random
    //! spreading: writing a key again under another shard makes a **second
    //! row**, not an overwrite, and every get reads N rows. Use it for
    //! append-only rows, or read the candidates before an update.
    //!
    //! ```
    //! use rowkey::RowKey;
    //!
    //! #[derive(RowKey, Debug, PartialEq)]
    //! struct Event {
    //!     #[spread(8)] // round-robin, as HBaseWD's one-byte prefix
    //!     shard: u8,
    //!     user: u32,
    //!     ts: u64,
    //! }
    //!
    //! let e = Event { shard: 3, user: 7, ts: 42 };
    //! let rows: Vec<Vec<u8>> = e.candidates().map(|c| c.map(|c| c.to_vec())).collect::<Result<_, _>>()?;
    //! assert_eq!(rows.len(), 8);
    //! assert_eq!(rows[3], e.to_vec()?);
    //! // The shard skipped: one range per shard, merged past shard and user.
    //! let ranges = Event::scan().user(7).ts(0..100).ranges()?;
    //! assert_eq!((ranges.fan_out(), ranges.merge_skip()), (8, 5));
    //! assert!(Event { shard: 8, user: 7, ts: 42 }.to_vec().is_err());
    //! # Ok::<(), rowkey::Error>(())
    //! ```
    //!
    //! Scans take ranges only on fields whose bytes keep value order: not on a
    //! `#[salt]`, `#[reverse]`, `#[twos_complement]` or `#[decimal]` (no width)
    //! field, nor a variable-width one padded or delimited with a byte other
    //! than `0x00` (those take one exact value; `#[desc] #[delim(b'_')]` too).
    //! A range on a `#[desc]` field takes values as usual; the builder swaps
    //! the ends.
    //!
    //! # Types from other crates
    //!
    //! | type | feature | bytes | Java equivalent |
    //! | --- | --- | --- | --- |
    //! | `uuid::Uuid` | `uuid` | 16 bytes | `UUID`: most then least significant long |
    //! | `std::time::SystemTime` | `std` | 8 bytes of epoch milliseconds | `Bytes.toBytes(instant.toEpochMilli())` |
    //! | `chrono::DateTime<Utc>` | `chrono` | the same | the same |
    //! | `time::OffsetDateTime` | `time` | the same | the same |
    //!
    //! Times take `#[reverse_ts]` (`Long.MAX_VALUE - millis`, newest first),
    //! and with it `#[decimal(19)]` (the `RowKeyUtil` article's `%013d` of
    //! `Long.MAX_VALUE - millis`). A time before 1970 or with a
    //! sub-millisecond part is refused by encode, not truncated: two values
    //! would share a key. As a range bound, such a time selects exactly the
    //! whole-millisecond keys inside the range, on a `#[reverse_ts]` field
    //! and on a time stored ascending alike (an inclusive lower or exclusive
    //! upper bound rounds up, the others down); as an exact scan value it is
    //! refused by `ranges()`, naming the field.
    //!
    //! # Struct attributes
    //!
    //! | attribute | meaning |
    //! | --- | --- |
    //! | `#[rowkey(crate = "path")]` | where the `rowkey` crate is, when renamed or re-exported |
    //! | `#[rowkey(salt(md5, K, fields(a, b, ..)))]` | K hex chars of MD5 over the listed fields' bytes as written (padding and delimiters included), hashed in the order `fields(..)` lists them (which need not be key order), at the front of the key (OpenTSDB's salt over metric and tags). A field cannot also have its own `#[salt]` |
    //! | `#[rowkey(salt(md5, K, fields(..), delim = b'_'))]` | K hex chars of MD5 over the listed fields' values (without their padding or delimiter) joined by the delimiter, in the order listed, then the delimiter: the `USER_INFO` design post's `MD5(uid_type)_uid_type`; with `fields(kind, uid)`, Java's `md5(kind + "_" + uid)` |
    //! | `#[rowkey(salt(java_hash, buckets = N))]`, 2 ≤ N ≤ 256 | one byte at the front of the key: `abs(h % N)` with `h` Java's `Arrays.hashCode` over **every byte after the salt** (bytes as signed, wrapping `int`, Java's truncating `%`): Apache Phoenix's `SALT_BUCKETS`. Decode recomputes it; a scan that leaves any field open fans out over the N salt values; `split_keys(N)` is Phoenix's pre-split, `\x01` .. `\x(N-1)` |
    //! | `#[rowkey(salt(java_hash, buckets = N, width = W, fields(a, b, ..)))]`, 1 ≤ W ≤ 4, 2 ≤ N ≤ min(256^W, 2^31 - 1) | W bytes, big-endian, of the same bucket over the listed fields' bytes as written, in the order listed (they need not be adjacent): OpenTSDB's `tsd.storage.salt.width` / `.buckets` over metric and tags. As in OpenTSDB, which looks at the bytes right after the salt, when the key's first field is listed first and its bytes are all zero (and there are some: metric UID 0, its global annotation row) the salt is 0; fields listed in another order are hashed whatever they hold. A scan that gives every listed field computes the salt (one range); otherwise it fans out over the N values. Listed fields must exist, once each, and not be `Option`s; no field `#[salt]` or `#[bucket]` beside it |
    //! | `#[rowkey(phoenix)]`, alone or with `salt(java_hash, buckets = N)` | the primary key exactly as Apache Phoenix writes it (`PTableImpl.newKey`): fixed-width columns back to back (`i8`..`i64` TINYINT..BIGINT and DATE as epoch millis, sign bit flipped; [`PhoenixTimestamp`](crate::PhoenixTimestamp) TIMESTAMP; `u8`..`u64` UNSIGNED_*, refusing values above the signed MAX as Phoenix does; `bool` BOOLEAN; `[u8; N]` BINARY(N); `#[pad(N, b' ')] String` CHAR(N)); `String` VARCHAR and `Vec<u8>` VARBINARY (last only) need no `#[delim]`: a separator is written **between** two written columns after a variable-width one (`0x00`, or `0xFF` after a non-null `#[desc]` value); `Option<String>` is a nullable VARCHAR whose `None` writes nothing, and trailing `None`s drop their separators too; a non-null `#[desc]` variable-width value that ends the key keeps its `0xFF`; `#[desc] bool` is `0x00` for true, `0x01` for false. Refused: an empty VARCHAR or `Some("")` (Phoenix's NULL), a `0x00` inside a VARCHAR, a CHAR value longer than N, ending in a space or not ASCII; at compile time a nullable fixed-width column, VARBINARY not last or `#[desc]`, `#[delim]`, `#[escaped]`, `#[width]`, MD5 salts. Decode reads NULLs and absent trailing columns back as `None`. Prefix scans over leading columns are exact (a prefix whose next columns are all nullable also matches the key that ends there), ranges work on the next column. See `docs/phoenix.md` |
    //! | `#[rowkey(spread_not_first)]` | allows a field `#[salt]` or `#[bucket]` on a field that is not first (a tenant id before a salted id); without it that is a compile error, since a salt after other fields spreads nothing |
    //! | `#[rowkey(scan(Clone, Debug))]` | the scan builder implements `Clone` (fork a prefix: `let b = K::scan().host(h); b.clone().metric("cpu")`) and `Debug`, either or both. Not by default: each is an impl every build of your crate checks, for a value you can build again with the same calls |
    //! | `#[rowkey(time = field)]` | names the key's time field, which `Store::latest` reads newest first (ascending when the field is `#[desc]` or `#[reverse_ts]`, descending otherwise); without it the derive takes the first `#[reverse_ts]` field, else the first time-typed field, else the first integer named `ts`, `time`, `timestamp` or `*_ts`, `*_time`, `*_at` ([`RowKey::TIME`](crate::RowKey::TIME)). Refused: a name that is no field, a field of a non-time type (`&str`, `bool`, bytes) or whose bytes keep no order (salted, `#[reverse]`, `#[spread]`, `Option`, `#[decimal]` without a width) |
    //!
    //! ```
    //! use rowkey::RowKey;
    //!
    //! // OpenTSDB-style: the salt covers metric and tags, not the time, so
    //! // one series stays in one salt bucket.
    //! #[derive(RowKey)]
    //! #[rowkey(salt(md5, 1, fields(metric, tags)))]
    //! struct Point<'a> {
    //!     #[pad(8)]
    //!     metric: &'a str,
    //!     ts: u64,
    //!     tags: &'a str,
    //! }
    //!
    //! let a = Point { metric: "cpu", ts: 1, tags: "host=a" }.to_vec()?;
    //! let b = Point { metric: "cpu", ts: 2, tags: "host=a" }.to_vec()?;
    //! assert_eq!(a[0], b[0]);
    //! # Ok::<(), rowkey::Error>(())
    //! ```
    //!
    //! OpenTSDB's own `tsdb` row key, as OpenTSDB 2.x writes it with
    //! `tsd.storage.salt.width = 1` and `tsd.storage.salt.buckets = 20`:
    //!
    //! ```
    //! use rowkey::RowKey;
    //!
    //! #[derive(RowKey, Debug, PartialEq)]
    //! #[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
    //! struct Tsdb {
    //!     #[width(3)] // a 3-byte metric UID
    //!     metric: u32,
    //!     base_time: u32, // the hour, ts - ts % 3600
    //!     tags: Vec<[u8; 6]>, // tagk and tagv UIDs, sorted by tagk
    //! }
    //!
    //! let row = Tsdb { metric: 5, base_time: 3600, tags: vec![[0, 0, 1, 0, 0, 2]] };
    //! assert_eq!(row.to_vec()?, [3, 0, 0, 5, 0, 0, 14, 16, 0, 0, 1, 0, 0, 2]);
    //! // A metric's hours, all series: the tags (and so the salt) are open,
    //! // one range per salt value, merged back skipping `merge_skip()` bytes.
    //! let ranges = Tsdb::scan().metric(5).base_time(0..7200).ranges()?;
    //! assert_eq!((ranges.fan_out(), ranges.merge_skip()), (20, 4));
    //! # Ok::<(), rowkey::Error>(())
    //! ```
    //!
    //! An Apache Phoenix table, `CREATE TABLE t (org VARCHAR NOT NULL,
    //! dept VARCHAR, id INTEGER NOT NULL, nick VARCHAR CONSTRAINT pk PRIMARY
    //! KEY (org, dept, id, nick DESC)) SALT_BUCKETS = 16`:
    //!
    //! ```
    //! use rowkey::RowKey;
    //!
    //! #[derive(RowKey, Debug, PartialEq)]
    //! #[rowkey(phoenix, salt(java_hash, buckets = 16))]
    //! struct T {
    //!     org: String,
    //!     dept: Option<String>,
    //!     id: i32,
    //!     #[desc]
    //!     nick: Option<String>,
    //! }
    //!
    //! let row = T { org: "acme".into(), dept: None, id: 1, nick: Some("bob".into()) };
    //! // salt, "acme", separator, NULL dept, separator, INTEGER 1, DESC "bob", 0xFF
    //! assert_eq!(row.to_vec()?, b"\x01acme\x00\x00\x80\x00\x00\x01\x9d\x90\x9d\xff");
    //! let trailing = T { nick: None, ..row };
    //! assert_eq!(trailing.to_vec()?, b"\x04acme\x00\x00\x80\x00\x00\x01"); // nothing for the NULL
    //! assert_eq!(T::decode(&trailing.to_vec()?)?, trailing);
    //! # Ok::<(), rowkey::Error>(())
    //! ```
}
