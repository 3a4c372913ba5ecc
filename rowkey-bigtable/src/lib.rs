//! [rowkey](https://docs.rs/rowkey) keys on Google Cloud Bigtable: a typed
//! table handle that creates pre-split tables, writes in batches, and reads
//! the typed scans, with a salted or bucketed fan-out merged back into key
//! order.
//!
//! ```no_run
//! use rowkey::RowKey;
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
//! // 4 tablets, split where the buckets split.
//! let events = bt.create_table::<EventKey<'static>>("events", &["d"], 4).await?;
//! events.put(&EventKey { ts: 1_700_000_000_123, host: "web01" }, b"up").await?;
//! // Sixteen bucket ranges in one ReadRows, merged back into time order.
//! let t = 1_700_000_000_000;
//! let rows = events.scan(EventKey::scan().ts(t..t + 60_000).ranges()?).await?;
//! for row in &rows {
//!     let key = events.decode(row)?;
//!     println!("{} {}", key.ts, key.host);
//! }
//! # Ok(()) }
//! ```
//!
//! Ranges are typed by their key: another key's scan does not compile where
//! a table's is expected.
//!
//! ```compile_fail
//! # use rowkey::RowKey;
//! # #[derive(RowKey)] struct EventKey { #[bucket(16)] ts: u64 }
//! # #[derive(RowKey)] struct UserKey { id: u64 }
//! # async fn f(events: rowkey_bigtable::Table<EventKey>) -> Result<(), rowkey_bigtable::Error> {
//! events.scan(UserKey::scan().ranges()?).await?;
//! # Ok(()) }
//! ```
//!
//! Rows are read and written through one column (`family:qualifier`, the
//! table handle's), latest version only. A scan that selects nothing never
//! reaches Bigtable: an empty `RowSet` there reads the whole table.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::pedantic)]

#[cfg(unix)]
pub mod emulator;
mod keys;
mod table;

#[cfg(unix)]
pub use emulator::Emulator;
pub use keys::{IntoRanges, Ranges, MAX_ROW_KEY};
pub use table::{Bigtable, FanOut, Order, Page, Read, Row, RowStream, Table, MAX_BATCH};

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
    /// An argument out of range.
    #[error("{0}")]
    Invalid(String),
}
