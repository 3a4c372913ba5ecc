//! How much stack scans of a 32767-byte layout take: runs `one`, `three`
//! (three scans in one function) or `none` on a thread of the given size in
//! KiB, and aborts with a stack overflow if it does not fit.
//! `bash scripts/scan-stack.sh` finds the smallest size that fits.
//!
//! ```text
//! cargo run --example scan_stack -- 2048 three
//! ```

use rowkey::RowKey;

#[derive(RowKey, Debug, PartialEq)]
struct Wide<'a> {
    #[pad(32759)]
    blob: &'a [u8],
    n: u64,
}

#[inline(never)]
fn one(blob: &[u8]) -> usize {
    let mut n = 0;
    for r in Wide::scan().blob(blob).n(5..9).ranges().expect("scan") {
        n += r.stop().map_or(0, <[u8]>::len);
    }
    n
}

#[inline(never)]
fn three(blob: &[u8]) -> usize {
    let mut n = 0;
    for r in Wide::scan().blob(blob).n(5).ranges().expect("scan") {
        n += r.start().len();
    }
    for r in Wide::scan().blob(blob).n(5..9).ranges().expect("scan") {
        n += r.stop().map_or(0, <[u8]>::len);
    }
    for r in Wide::scan().ranges().expect("scan") {
        n += r.start().len();
    }
    n
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kib: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .expect("usage: scan_stack KIB one|three|none");
    let which = args.next().unwrap_or_else(|| "one".to_owned());
    let blob = vec![b'x'; 32759];
    let n = std::thread::Builder::new()
        .stack_size(kib << 10)
        .spawn(move || match which.as_str() {
            "one" => one(&blob),
            "three" => three(&blob),
            _ => blob.len(),
        })
        .expect("spawn")
        .join()
        .expect("scan thread");
    println!("{n}");
}
