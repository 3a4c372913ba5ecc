// The derive's items must not make an unused key look used: the compiler
// still reports a key struct nothing builds.
#![deny(dead_code)]

use rowkey::RowKey;

#[derive(RowKey)]
struct Unused {
    a: u64,
    b: u32,
}

fn main() {}
