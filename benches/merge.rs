//! The two merges of a fan-out scan, `Merge::iter` (iterators) and
//! `Merge::stream` (async streams), at 16, 256, 4096 and 65536 inputs in
//! one run: a bucket fan-out, a 2- to 4-char salt's. Each input holds 4
//! rows whose tails interleave with every other input's, so every row
//! out of the merge comes from another input than the last; the streams
//! are always ready (polled with a no-op waker), so what is measured is
//! the merge's own work per row. Rows are 8-byte arrays: no allocation per
//! row besides the merge's.
//!
//! Run: `cargo bench -p rowkey-bench --bench merge`.

use std::hint::black_box;
use std::pin::Pin;
use std::task::{Context, Poll};

use divan::counter::ItemsCount;
use divan::Bencher;
use futures_core::Stream;
use rowkey::Merge;

fn main() {
    divan::main();
}

const ROWS_PER_INPUT: u8 = 4;

type Row = [u8; 8];

/// `inputs` sorted runs: input `i` is `[i (2 bytes)][t][i (2 bytes)][0; 3]`
/// for t in 0..4, merged on the bytes after the first two.
fn runs(inputs: usize) -> Vec<Vec<Row>> {
    (0..inputs)
        .map(|i| {
            let [a, b] = u16::try_from(i).unwrap_or(u16::MAX).to_be_bytes();
            (0..ROWS_PER_INPUT)
                .map(|t| [a, b, t, a, b, 0, 0, 0])
                .collect()
        })
        .collect()
}

fn key(r: &Row) -> &[u8] {
    r
}

/// A stream that always has its next row ready.
struct Ready(std::vec::IntoIter<Row>);

impl Stream for Ready {
    type Item = Row;
    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Row>> {
        Poll::Ready(self.0.next())
    }
}

const INPUTS: [usize; 4] = [16, 256, 4096, 65536];

#[divan::bench(args = INPUTS, sample_count = 10, sample_size = 1)]
fn iter(b: Bencher, inputs: usize) {
    let runs = runs(inputs);
    b.counter(ItemsCount::new(inputs * usize::from(ROWS_PER_INPUT)))
        .with_inputs(|| runs.clone())
        .bench_local_values(|runs| {
            let mut n = 0usize;
            for row in Merge::new(2, key).iter(runs) {
                black_box(row);
                n += 1;
            }
            n
        });
}

#[divan::bench(args = INPUTS, sample_count = 10, sample_size = 1)]
fn stream(b: Bencher, inputs: usize) {
    let runs = runs(inputs);
    b.counter(ItemsCount::new(inputs * usize::from(ROWS_PER_INPUT)))
        .with_inputs(|| {
            runs.iter()
                .map(|r| Ready(r.clone().into_iter()))
                .collect::<Vec<_>>()
        })
        .bench_local_values(|streams| {
            let mut merged = Merge::new(2, key).stream(streams);
            let mut cx = Context::from_waker(std::task::Waker::noop());
            let mut n = 0usize;
            while let Poll::Ready(Some(row)) = Pin::new(&mut merged).poll_next(&mut cx) {
                black_box(row);
                n += 1;
            }
            n
        });
}
