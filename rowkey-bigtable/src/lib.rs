//! [rowkey](https://docs.rs/rowkey) keys on Google Cloud Bigtable: a typed
//! table handle that creates pre-split tables, writes in batches, and reads
//! the typed scans, with a salted or bucketed fan-out merged back into key
//! order.
//!
//! ```no_run
//! use rowkey::{RowKey, Store};
//! use rowkey_bigtable::{Bigtable, Emulator};
//!
//! #[derive(RowKey, Debug)]
//! struct EventKey<'a> {
//!     #[bucket(16)]
//!     ts: u64,
//!     #[pad(16)]
//!     host: &'a str,
//! }
//!
//! # #[tokio::main] async fn main() -> Result<(), rowkey_bigtable::Error> {
//! let emulator = Emulator::start()?;
//! let bt = Bigtable::emulator(emulator.addr(), "demo", "demo")?;
//! // 4 tablets, split where the buckets split; values are `u64`s.
//! let events = bt
//!     .create_table_if_missing::<EventKey<'static>, u64>("events", &["d"], 4)
//!     .await?;
//! events.put(&EventKey { ts: 1_700_000_000_123, host: "web01" }, &200).await?;
//! // Sixteen bucket ranges in one ReadRows, merged back into time order.
//! let t = 1_700_000_000_000;
//! let rows = events.scan(EventKey::scan().ts(t..t + 60_000).ranges()?).await?;
//! for row in &rows {
//!     let key = row.decode()?;
//!     println!("{} {} {}", key.ts, key.host, row.value);
//! }
//! // The newest 10, whichever way the key stores time.
//! let latest = events.latest(EventKey::scan().ranges()?, 10).await?;
//! # Ok(()) }
//! ```
//!
//! The table's methods are those of [`rowkey::Store`], and
//! [`Bigtable`]'s table setup that of [`rowkey::Database`], which the
//! embedded adapter `rowkey-redb` implements too: a data-access layer
//! written against the traits runs on either, and moving from the embedded
//! store to the emulator or a real instance changes the line that opens the
//! connection (the embedded store refuses the `regions` Bigtable refuses).
//!
//! Ranges are typed by their key: another key's scan does not compile where
//! a table's is expected.
//!
//! ```compile_fail
//! # use rowkey::RowKey;
//! # #[derive(RowKey)] struct EventKey { #[bucket(16)] ts: u64 }
//! # #[derive(RowKey)] struct UserKey { id: u64 }
//! # async fn f(events: rowkey_bigtable::Table<EventKey, u64>) -> Result<(), rowkey_bigtable::Error> {
//! events.scan(UserKey::scan().ranges()?).await?;
//! # Ok(()) }
//! ```
//!
//! Rows are read and written through one column (`family:qualifier`, the
//! table handle's), latest version only; `put_cells` and `get_row` write
//! and read several qualifiers of the table's family. Values go through
//! [`rowkey::Codec`]; a cell that does not decode is an [`Error::Value`]
//! naming the row and the column, never a skipped row. A scan that selects
//! nothing never reaches Bigtable: an empty `RowSet` there reads the whole
//! table.
//!
//! # What ran against what
//!
//! Every test and benchmark of this crate runs against Google's emulator
//! (`cbtemulator`), started by the tests themselves. Nothing here has run
//! against a real Cloud Bigtable instance: [`Bigtable::connect`]'s
//! credentials, TLS and admin endpoint (`bigtableadmin.googleapis.com`)
//! are compiled, not exercised. Table ids and family names are checked
//! against Bigtable's documented rules before anything is sent
//! ([`rowkey::check_table_id`], [`rowkey::check_family`]), since the
//! emulator accepts names (`""`, `"t/u"`, `"t t"`, family `"d:x"`) that a
//! real instance refuses.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::pedantic)]

mod connect;
mod count;
mod delete;
#[cfg(unix)]
pub mod emulator;
mod keys;
mod read;
pub mod schema;
mod store;
mod table;

pub use connect::Bigtable;
#[cfg(unix)]
pub use emulator::Emulator;
pub use keys::MAX_ROW_KEY;
pub use read::{FanOut, Read, RowStream};
pub use rowkey::{Cell, Database, IntoRanges, Order, Page, Ranges, Row, Store};
pub use table::{Table, MAX_BATCH};

/// What can go wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A key did not encode or decode.
    #[error(transparent)]
    Key(#[from] rowkey::Error),
    /// A row key over Bigtable's limit.
    #[error(
        "{key}: the row key is {len} bytes, over Bigtable's {MAX_ROW_KEY}-byte limit; \
         shorten the fields or their #[pad] widths"
    )]
    KeyTooLong {
        /// The key type's name.
        key: &'static str,
        /// The encoded length.
        len: usize,
    },
    /// An empty row key, which Bigtable refuses.
    #[error("{key}: the row key is empty, which Bigtable refuses; give its fields a value")]
    EmptyKey {
        /// The key type's name.
        key: &'static str,
    },
    /// The data client failed (transport, RPC status, timeout).
    #[error("Bigtable: {0}")]
    Client(#[from] bigtable_rs::bigtable::Error),
    /// The table admin refused.
    #[error("Bigtable admin: {}: {}", .0.code(), .0.message())]
    Admin(Box<tonic::Status>),
    /// Bigtable refused a row of a batch.
    #[error("Bigtable refused row \"{row}\" (status {code}): {message}")]
    Mutation {
        /// The row, as HBase's `toStringBinary` prints it.
        row: String,
        /// The gRPC status code.
        code: i32,
        /// The server's message.
        message: String,
    },
    /// The emulator could not be found or started.
    #[error("Bigtable emulator: {0}")]
    Emulator(String),
    /// A cell's bytes that do not decode as the table's value type, or a
    /// value that does not encode: never skipped.
    #[error("row \"{row}\", column {column}: {source}")]
    Value {
        /// The row key, as HBase's `toStringBinary` prints it.
        row: String,
        /// The column, `family:qualifier`.
        column: String,
        /// What the codec said.
        #[source]
        source: rowkey::CodecError,
    },
    /// A table id or family name Bigtable refuses, caught before anything
    /// is sent (the emulator accepts some of them).
    #[error("{what} {name:?}: {rule}")]
    Name {
        /// `table id` or `column family`.
        what: &'static str,
        /// The name given.
        name: String,
        /// The rule it breaks.
        rule: &'static str,
    },
    /// An argument out of range.
    #[error("{0}")]
    Invalid(String),
    /// A key layout Bigtable's structured row-key schema cannot describe
    /// ([`schema::row_key_schema`]), or a schema field name Bigtable
    /// refuses.
    #[error("{key}: no Bigtable row-key schema{}: {reason}", .field.map(|f| format!(", field `{f}`")).unwrap_or_default())]
    RowKeySchema {
        /// The key type's name.
        key: &'static str,
        /// The field whose bytes do not map, `None` for the key's own
        /// salt.
        field: Option<&'static str>,
        /// Why, and what to change.
        reason: String,
    },
}
