//! Shared by the emulator tests: one emulator per test, and the seed layouts.
#![allow(dead_code)]

#[path = "../../../tests/common/seeds.rs"]
pub mod seeds;

use rowkey::RowKey;
use rowkey_bigtable::{Bigtable, Emulator, Table};

/// A test's own emulator and a connection to it. The emulator stops when
/// this drops, also on panic.
pub struct Env {
    pub bt: Bigtable,
    pub emulator: Emulator,
}

/// Starts an emulator; a missing one fails the test, with how to get it.
pub fn emulator() -> Emulator {
    match Emulator::start() {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    }
}

/// An emulator and a connection to it (inside a Tokio runtime).
pub fn env() -> Env {
    let emulator = emulator();
    let bt = Bigtable::emulator(emulator.addr(), "test", "test").expect("connect");
    Env { bt, emulator }
}

impl Env {
    pub async fn table<K: RowKey>(&self, id: &str, regions: usize) -> Table<K> {
        self.bt
            .create_table::<K, Vec<u8>>(id, &["d"], regions)
            .await
            .expect("create table")
    }
}

/// A deterministic generator (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Runs each scenario, an `async fn(&impl Database, engine: &str)`, as two
/// tests: `<scenario>::embedded_store` on an in-memory redb and
/// `<scenario>::emulator` on a Bigtable emulator of its own.
#[macro_export]
macro_rules! on_both_engines {
    ($($scenario:ident),* $(,)?) => {$(
        mod $scenario {
            #[tokio::test]
            async fn embedded_store() {
                super::$scenario(&rowkey_redb::Redb::in_memory().unwrap(), "redb").await;
            }

            #[tokio::test]
            async fn emulator() {
                let env = $crate::common::env();
                super::$scenario(&env.bt, "emulator").await;
            }
        }
    )*};
}
