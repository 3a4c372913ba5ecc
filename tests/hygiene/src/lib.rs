//! Hygiene of `#[derive(RowKey)]` through a renamed dependency: this crate
//! sees rowkey only as `rk`, has no prelude, and defines items named like the
//! prelude's, `core`'s and rowkey's own. The derive's output must reach
//! everything through the `#[rowkey(crate = "...")]` path, so a bare `Result`,
//! `Some(..)`, `Vec`, `core::...`, `#[derive(Clone)]`, trait method call or
//! `::rowkey::...` in it fails to compile here.
//!
//! `tests/default_path.rs` does the same through the default `::rowkey` path;
//! `tests/roundtrip.rs` checks that the keys defined here work.
#![no_implicit_prelude]
#![forbid(unsafe_code)]

/// Defines items that shadow the prelude, `core`, `std`, `alloc` and the names
/// generated code uses, in the module it is called in.
#[macro_export]
macro_rules! shadow_prelude {
    () => {
        pub struct Result;
        pub struct Option;
        pub struct Vec;
        pub struct String;
        pub struct Box;
        pub struct Some;
        pub struct None;
        pub struct Ok;
        pub struct Err;
        pub struct Error;
        pub struct ErrorKind;
        pub struct RowKey;
        pub struct DecodeKey;
        pub struct KeyPart;
        pub struct PhantomData;
        pub struct Bound;
        pub struct Segment;
        pub struct Explain;
        pub struct Scan;
        pub struct ScanRanges;
        pub struct Spread;
        // Derive macros as well as traits: a bare `#[derive(Clone, Debug)]`
        // in generated code would derive these instead.
        pub use ::core::default::Default as Clone;
        pub use ::core::hash::Hash as Debug;
        pub trait Copy {}
        pub trait Default {}
        pub trait PartialEq {}
        pub trait Eq {}
        pub trait From {}
        pub trait Into {}
        pub trait Iterator {}
        pub trait Sized {}
        pub trait Fn {}
        pub trait FnOnce {}
        pub mod core {}
        pub mod std {}
        pub mod alloc {}
        pub mod rowkey {}
        pub mod rk {}
        pub mod __private {}
        pub fn drop() {}
        pub fn from_utf8() {}
    };
}

shadow_prelude!();

/// A path to the runtime other than the dependency's name: the attribute
/// takes any path, as serde's `crate = "..."` does.
pub mod deps {
    pub use ::rk as rowkey_again;
}

/// Bucket, reverse timestamp, pad and an unpadded last string (seed 002's
/// bucketed logs, newest first).
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::clone::Clone, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk")]
pub struct LogEvent<'a> {
    #[bucket(16)]
    #[reverse_ts]
    pub ts: u64,
    #[pad(16)]
    pub host: &'a str,
    pub event: &'a str,
}

/// Salt over a padded string, then an integer (seed 000's user orders).
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk")]
pub struct UserOrder<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    pub user_id: &'a str,
    pub order_id: u64,
}

/// A delimited field before the last one.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk")]
pub struct Delimited<'a> {
    #[delim(b'_')]
    pub c1: &'a str,
    pub c2: &'a str,
}

/// The struct-level salt with a delimiter (seed 001's
/// `MD5(uid_type)_uid_type`), over a field whose name is a keyword.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk", salt(md5, 4, fields(uid, r#type), delim = b'_'))]
pub struct UidType<'a> {
    #[delim(b'_')]
    pub uid: &'a str,
    pub r#type: &'a str,
}

/// Owned fields, reversed and padded, two's complement, bytes last; the
/// runtime reached through a re-export.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "crate::deps::rowkey_again")]
pub struct ReversedUser {
    #[reverse]
    #[pad(16)]
    pub user_id: ::std::string::String,
    #[twos_complement]
    pub delta: i64,
    pub blob: ::std::vec::Vec<u8>,
}

/// Fixed-width fields only, so the key has a `MAX_LEN`.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::clone::Clone, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk", spread_not_first)]
pub struct Flags {
    pub active: bool,
    pub tag: [u8; 4],
    pub delta: i32,
    #[salt(md5, 2)]
    pub big: u128,
}

/// SPEC §3a's attributes, expanded without a prelude too.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk")]
pub struct Text<'a> {
    #[salt(md5, 8, delim = b'_')]
    #[delim(b'_')]
    pub host: &'a str,
    #[decimal(10)]
    #[delim(b'_')]
    pub window: u64,
    #[reverse_ts]
    #[decimal(19)]
    #[delim(b'_')]
    pub ts: u64,
    #[desc]
    #[delim]
    pub name: ::std::string::String,
    #[escaped]
    pub blob: ::std::vec::Vec<u8>,
    pub maybe: ::core::option::Option<u32>,
    #[desc]
    pub last: ::core::option::Option<u16>,
}

/// The generated API used from a scope without a prelude: encode into a
/// stack buffer of `MAX_LEN`, then decode.
///
/// # Errors
/// As `encode_into` and `decode`.
pub fn flags_round_trip(key: &Flags) -> ::core::result::Result<Flags, ::rk::Error> {
    let mut buf = [0u8; <Flags as ::rk::RowKey>::MAX_LEN];
    let n = ::rk::RowKey::encode_into(key, &mut buf)?;
    Flags::decode(&buf[..n])
}

/// How many ranges (one per bucket) a time range over every host scans,
/// built from a scope without a prelude.
///
/// # Errors
/// A bound the layout refuses.
pub fn log_scan_fan_out(from: u64, to: u64) -> ::core::result::Result<usize, ::rk::Error> {
    let ranges = LogEvent::scan().ts(from..to).ranges()?;
    ::core::result::Result::Ok(::core::iter::ExactSizeIterator::len(&ranges))
}

/// Every §3a scan argument built from a scope without a prelude: a decimal
/// window range, a reversed-timestamp digits range, a descending string
/// range, an `Option` value and a descending `Option` range. Returns the
/// number of ranges each scan yields.
///
/// # Errors
/// A bound the layout refuses.
pub fn text_scans(key: &Text<'_>) -> ::core::result::Result<[usize; 4], ::rk::Error> {
    let window = Text::scan().host(key.host).window(0..10).ranges()?;
    let ts = Text::scan()
        .host(key.host)
        .window(key.window)
        .ts(0..1000)
        .ranges()?;
    let name = Text::scan()
        .host(key.host)
        .window(key.window)
        .ts(key.ts)
        .name(..::core::clone::Clone::clone(&key.name))
        .ranges()?;
    let last = Text::scan()
        .host(key.host)
        .window(key.window)
        .ts(key.ts)
        .name(key.name.as_str())
        .blob(key.blob.as_slice())
        .maybe(key.maybe)
        .last(::core::option::Option::None..::core::option::Option::Some(7))
        .ranges()?;
    ::core::result::Result::Ok([
        ::core::iter::ExactSizeIterator::len(&window),
        ::core::iter::ExactSizeIterator::len(&ts),
        ::core::iter::ExactSizeIterator::len(&name),
        ::core::iter::ExactSizeIterator::len(&last),
    ])
}

/// A self-delimiting `Option` before other fields, and range bounds no key
/// holds (an `Option`'s `#[decimal(W)]` past W digits, a padded string past
/// its pad, a time between two milliseconds), expanded without a prelude.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk")]
pub struct Limits {
    pub level: ::core::option::Option<::core::option::Option<u8>>,
    #[decimal(3)]
    pub code: ::core::option::Option<u32>,
    #[pad(6)]
    pub tag: ::core::option::Option<::std::string::String>,
    pub at: ::std::time::SystemTime,
}

/// The ranges of scans whose bounds no key holds, built without a prelude.
///
/// # Errors
/// A bound the layout refuses.
pub fn limits_scans(key: &Limits) -> ::core::result::Result<[usize; 3], ::rk::Error> {
    let code = Limits::scan()
        .level(key.level)
        .code(..::core::option::Option::Some(5000))
        .ranges()?;
    let tag = Limits::scan()
        .level(key.level)
        .code(key.code)
        .tag(
            ..=::core::option::Option::Some(<::std::string::String as ::core::convert::From<
                &str,
            >>::from("zzzzzzz")),
        )
        .ranges()?;
    let at = Limits::scan()
        .level(key.level)
        .code(key.code)
        .tag(::core::clone::Clone::clone(&key.tag))
        .at(key.at + ::core::time::Duration::from_micros(1500)..)
        .ranges()?;
    ::core::result::Result::Ok([
        ::core::iter::ExactSizeIterator::len(&code),
        ::core::iter::ExactSizeIterator::len(&tag),
        ::core::iter::ExactSizeIterator::len(&at),
    ])
}

/// OpenTSDB's salted `tsdb` key: a Java-hash salt over two fields that are
/// not adjacent, a narrow UID and a `Vec` of tag pairs.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::clone::Clone, ::core::cmp::PartialEq)]
#[rowkey(
    crate = "::rk",
    salt(java_hash, buckets = 20, width = 1, fields(metric, tags))
)]
pub struct Tsdb {
    #[width(3)]
    pub metric: u32,
    pub base_time: u32,
    pub tags: ::std::vec::Vec<[u8; 6]>,
}

/// Phoenix's salt byte over every byte after it, and a narrow field.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::clone::Clone, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk", salt(java_hash, buckets = 8))]
pub struct Salted {
    pub id: u64,
    #[width(2)]
    pub kind: u32,
}

/// The ranges of a metric's window (one per salt value) and of one whole
/// key (the salt computed).
pub fn tsdb_scans(key: &Tsdb) -> ::core::result::Result<[usize; 3], ::rk::Error> {
    let window = Tsdb::scan()
        .metric(key.metric)
        .base_time(key.base_time..)
        .ranges()?;
    let one = Tsdb::scan()
        .metric(key.metric)
        .base_time(key.base_time)
        .tags(::core::clone::Clone::clone(&key.tags))
        .ranges()?;
    let salted = Salted::scan().id(1).kind(..7).ranges()?;
    ::core::result::Result::Ok([
        ::core::iter::ExactSizeIterator::len(&window),
        ::core::iter::ExactSizeIterator::len(&one),
        ::core::iter::ExactSizeIterator::len(&salted),
    ])
}

/// A Phoenix key (salted, nullable and DESC columns) under the same
/// shadowing.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk", phoenix, salt(java_hash, buckets = 4))]
pub struct Phx {
    #[pad(3, b' ')]
    pub code: ::std::string::String,
    pub name: ::std::string::String,
    pub dept: ::core::option::Option<::std::string::String>,
    #[desc]
    pub score: i64,
    #[desc]
    pub nick: ::core::option::Option<::std::string::String>,
}

/// A spread key: its candidates and a scan that skips the shard.
#[derive(::rk::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
#[rowkey(crate = "::rk")]
pub struct Sharded {
    #[spread(4)]
    pub shard: u8,
    pub user: u32,
    pub ts: u64,
}

/// The Phoenix prefix scan and the spread's fan-out: their range counts.
pub fn existing_table_scans(
    phx: &Phx,
    spread: &Sharded,
) -> ::core::result::Result<[usize; 3], ::rk::Error> {
    let p = Phx::scan()
        .code(phx.code.as_str())
        .name(phx.name.as_str())
        .ranges()?;
    let s = Sharded::scan().user(spread.user).ts(0..10).ranges()?;
    ::core::result::Result::Ok([
        ::core::iter::ExactSizeIterator::len(&p),
        ::core::iter::ExactSizeIterator::len(&s),
        ::core::iter::ExactSizeIterator::len(&spread.candidates()),
    ])
}
