//! Guides: the questions the attribute table and the API pages leave open.
//!
//! - [`own_types`]: your own field types with `#[derive(KeyPart)]` (newtypes,
//!   short-code enums, fixed-width structs), or by hand.
//! - [`edge_cases`]: how `Option`, `#[desc]`, `#[escaped]`, `#[decimal]`,
//!   times and empty keys are decided.
//! - [`hbase`]: what `rowkey` hands an HBase client (the Thrift gateway).
//!
//! Writing a data-access layer generic over the key type is on the crate's
//! front page; every attribute is in [`attributes`](crate::attributes).

#[doc = include_str!("own_types.md")]
pub mod own_types {}

#[doc = include_str!("edge_cases.md")]
pub mod edge_cases {}

#[doc = include_str!("hbase.md")]
pub mod hbase {}
