//! [rowkey](https://docs.rs/rowkey) tables on [redb](https://docs.rs/redb),
//! an embedded ordered store: the same [`rowkey::Store`] API as
//! `rowkey-bigtable`, so one data-access layer runs here while developing
//! and testing, and on Bigtable in production.
//!
//! ```
//! use rowkey::{RowKey, Store};
//!
//! #[derive(RowKey, Debug)]
//! struct Event<'a> {
//!     #[bucket(16)]
//!     ts: u64,
//!     #[pad(8)]
//!     host: &'a str,
//! }
//!
//! # futures::executor::block_on(async {
//! let db = rowkey_redb::Redb::in_memory()?;
//! // On Bigtable, only this line changes:
//! // let db = rowkey_bigtable::Bigtable::emulator(emulator.addr(), "dev", "dev")?;
//! let events = db.create_table_if_missing::<Event<'static>, u64>("events", &["d"], 16).await?;
//! for ts in 0..100 {
//!     events.put(&Event { ts, host: "web01" }, &(ts * 10)).await?;
//! }
//! // The 16 buckets of a time window, merged back into time order.
//! let window = events.scan(Event::scan().ts(10..13).ranges()?).await?;
//! let got: Vec<(u64, u64)> = window.iter().map(|r| Ok((r.decode()?.ts, r.value))).collect::<Result<_, rowkey::Error>>()?;
//! assert_eq!(got, [(10, 100), (11, 110), (12, 120)]);
//! // Newest first, whichever way the key stores time.
//! let latest = events.latest(Event::scan().ranges()?, 2).await?;
//! assert_eq!(latest[0].decode()?.ts, 99);
//! // Pages of a window: pass `next` back until it is `None`.
//! let mut page = events.page(Event::scan().ts(10..15).ranges()?, rowkey_redb::Order::Ascending, 2).await?;
//! let mut pages = vec![page.rows.len()];
//! while let Some(next) = page.next {
//!     page = events.page(next, rowkey_redb::Order::Ascending, 2).await?;
//!     pages.push(page.rows.len());
//! }
//! assert_eq!(pages, [2, 2, 1]);
//! // 4 rows in pages of 2: the second page is the last.
//! let first = events.page(Event::scan().ts(10..14).ranges()?, rowkey_redb::Order::Ascending, 2).await?;
//! let second = events.page(first.next.unwrap(), rowkey_redb::Order::Ascending, 2).await?;
//! assert!(second.next.is_none());
//! // How many rows a window has, from the keys alone.
//! assert_eq!(events.count(Event::scan().ts(10..20).ranges()?).await?, 10);
//! // A list of keys, in one transaction: the number of keys sent.
//! let listed = [Event { ts: 50, host: "web01" }, Event { ts: 51, host: "web01" }];
//! assert_eq!(events.delete_many(&listed).await?, 2);
//! assert_eq!(events.count(Event::scan().ts(50..52).ranges()?).await?, 0);
//! // Every row of a window, in all 16 buckets, in one transaction.
//! let gone = events.delete_ranges(Event::scan().ts(0..10).ranges()?).await?;
//! assert_eq!(gone, 10);
//! assert!(events.scan(Event::scan().ts(0..10).ranges()?).await?.is_empty());
//! # Ok::<(), rowkey_redb::Error>(()) }).unwrap();
//! ```
//!
//! Every operation is one redb transaction: a write transaction for
//! `put`, `put_many` (all rows in one, each encoded as it is written; a
//! row that does not encode leaves it uncommitted), `put_cells`, `delete`,
//! `delete_many` (every key, each encoded as it is deleted, as `put_many`)
//! and `delete_ranges` (every row of a scan's ranges), a read transaction
//! for each read (`count` included: keys only), so a scan sees one
//! snapshot. The futures of
//! [`rowkey::Store`] are ready when first polled: no runtime is needed,
//! and synchronous code runs them with any executor's `block_on`
//! (`futures::executor::block_on`, `pollster::block_on`).
//!
//! [`Redb`] implements [`rowkey::Database`] as `rowkey_bigtable::Bigtable`
//! does, so table setup written against the trait runs on either; its
//! `regions` are checked as Bigtable checks them (a key with no leading
//! salt or bucket takes 1), though an embedded store has one region.
//!
//! A row holds cells as an HBase or Bigtable row does: each column
//! (`family:qualifier`) is a redb table of its own (`{table}/{family}:{qualifier
//! in hex}`) keyed by the row, so reading the table's column is a plain redb
//! range read, and [`rowkey::Store::get_row`] reads the row in each of its
//! family's columns. The table handle reads and writes one column (qualifier
//! `v` unless [`Table::with_qualifier`] says otherwise);
//! [`rowkey::Store::put_cells`] writes several in one transaction, and
//! `delete` takes the row's cells in every family. Writing to a table that
//! was never created is an error, as on Bigtable. Table ids and family names
//! follow Bigtable's rules ([`rowkey::check_table_id`]), so a table that
//! works here can be created there.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::pedantic)]

mod database;
mod table;

// As rowkey-bigtable re-exports them: a layer written against either
// adapter's names compiles against the other's.
pub use rowkey::{Cell, Database, IntoRanges, Order, Page, Ranges, Row, Store};
pub use table::{Redb, Table};

/// What can go wrong. Every variant that concerns a row names it (as
/// HBase's `toStringBinary` prints it) and its table.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A key did not encode or decode (the error names the key type and
    /// field).
    #[error(transparent)]
    Key(#[from] rowkey::Error),
    /// redb failed: opening the file, a transaction, a table, the storage.
    #[error("{table}: {op} of {row}: {source}")]
    Store {
        /// The table (`id/family`).
        table: String,
        /// What was being done: `put`, `get`, `scan`, ...
        op: &'static str,
        /// The row (`row "..."`) or the range (`rows [..)`) it concerned.
        row: String,
        /// redb's error.
        #[source]
        source: Box<redb::Error>,
    },
    /// A cell's bytes that do not decode as the table's value type, or a
    /// value that does not encode: never skipped.
    #[error("{table}: row \"{row}\", column {column}: {source}")]
    Value {
        /// The table (`id/family`).
        table: String,
        /// The row key, as `toStringBinary` prints it.
        row: String,
        /// The column, `family:qualifier`.
        column: String,
        /// What the codec said.
        #[source]
        source: rowkey::CodecError,
    },
    /// A table id or family name Bigtable would refuse.
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
}
