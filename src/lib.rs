//! rowkey facade (docs written later)
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

pub use rowkey_core::*;

#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;
