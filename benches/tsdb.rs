//! OpenTSDB's salted `tsdb` row key (`tsd.storage.salt.width = 1`,
//! `.buckets = 20`): the derive against OpenTSDB's own way as Rust writes it
//! (a `Vec` per key, the salt base copied out and hashed, as
//! `RowKey.prefixKeyWithSalt` does) and a hand-written encoder into a stack
//! buffer; decode; and the 20 ranges of a metric's time window.
//!
//! `cargo bench -p rowkey-bench --bench tsdb`

use divan::{black_box, AllocProfiler, Bencher};
use rowkey::RowKey;

#[global_allocator]
static ALLOC: AllocProfiler = AllocProfiler::system();

const N: usize = 256;
const BUCKETS: i32 = 20;

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
struct Tsdb {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

fn inputs() -> Vec<Tsdb> {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..N)
        .map(|_| {
            let pairs = 1 + (next() % 4) as usize;
            let mut tags: Vec<[u8; 6]> = (0..pairs)
                .map(|i| {
                    let v = next().to_be_bytes();
                    [0, 0, i as u8 + 1, v[0], v[1], v[2]]
                })
                .collect();
            tags.sort_unstable();
            Tsdb {
                metric: (next() % 5000) as u32 + 1,
                base_time: 1_700_000_000 - (next() % 1000) as u32 * 3600,
                tags,
            }
        })
        .collect()
}

/// `Arrays.hashCode(byte[])`.
fn java_hash(bytes: &[u8]) -> i32 {
    bytes.iter().fold(1i32, |h, &b| {
        h.wrapping_mul(31).wrapping_add(i32::from(b as i8))
    })
}

/// OpenTSDB's way: the row in a new array, the salt base copied out.
fn opentsdb_row(k: &Tsdb) -> Vec<u8> {
    let mut row = Vec::with_capacity(1 + 3 + 4 + 6 * k.tags.len());
    row.push(0);
    row.extend_from_slice(&k.metric.to_be_bytes()[1..]);
    row.extend_from_slice(&k.base_time.to_be_bytes());
    for t in &k.tags {
        row.extend_from_slice(t);
    }
    let mut base = row[1..4].to_vec();
    base.extend_from_slice(&row[8..]);
    row[0] = (java_hash(&base) % BUCKETS).unsigned_abs() as u8;
    row
}

/// By hand, into a stack buffer, the hash run over the two parts in place.
fn by_hand(k: &Tsdb, out: &mut [u8; 64]) -> usize {
    out[1..4].copy_from_slice(&k.metric.to_be_bytes()[1..]);
    out[4..8].copy_from_slice(&k.base_time.to_be_bytes());
    let mut n = 8;
    for t in &k.tags {
        out[n..n + 6].copy_from_slice(t);
        n += 6;
    }
    let h = out[8..n].iter().fold(
        out[1..4].iter().fold(1i32, |h, &b| {
            h.wrapping_mul(31).wrapping_add(i32::from(b as i8))
        }),
        |h, &b| h.wrapping_mul(31).wrapping_add(i32::from(b as i8)),
    );
    out[0] = (h % BUCKETS).unsigned_abs() as u8;
    n
}

fn main() {
    // The three encoders write the same bytes, or the figures mean nothing.
    for k in inputs() {
        let mut buf = [0u8; 64];
        let n = by_hand(&k, &mut buf);
        assert_eq!(&buf[..n], opentsdb_row(&k).as_slice());
        assert_eq!(k.to_vec().unwrap(), opentsdb_row(&k));
    }
    divan::main();
}

#[divan::bench(name = "encode: derive encode_into")]
fn derive_encode(b: Bencher) {
    let keys = inputs();
    b.counter(divan::counter::ItemsCount::new(N))
        .bench_local(|| {
            let mut buf = [0u8; 64];
            let mut total = 0;
            for k in black_box(&keys) {
                total += k.encode_into(&mut buf).unwrap_or(0);
                black_box(&buf);
            }
            total
        });
}

#[divan::bench(name = "encode: OpenTSDB's way (Vec per key)")]
fn opentsdb_encode(b: Bencher) {
    let keys = inputs();
    b.counter(divan::counter::ItemsCount::new(N))
        .bench_local(|| {
            black_box(&keys)
                .iter()
                .map(|k| black_box(opentsdb_row(k)).len())
                .sum::<usize>()
        });
}

#[divan::bench(name = "encode: by hand, stack buffer")]
fn hand_encode(b: Bencher) {
    let keys = inputs();
    b.counter(divan::counter::ItemsCount::new(N))
        .bench_local(|| {
            let mut buf = [0u8; 64];
            let mut total = 0;
            for k in black_box(&keys) {
                total += by_hand(k, &mut buf);
                black_box(&buf);
            }
            total
        });
}

#[divan::bench(name = "decode: derive (salt checked)")]
fn derive_decode(b: Bencher) {
    let rows: Vec<Vec<u8>> = inputs().iter().map(opentsdb_row).collect();
    assert!(rows.iter().all(|r| Tsdb::decode(r).is_ok()));
    b.counter(divan::counter::ItemsCount::new(N))
        .bench_local(|| {
            black_box(&rows)
                .iter()
                .map(|r| Tsdb::decode(r).map_or(0, |k| k.tags.len()))
                .sum::<usize>()
        });
}

#[divan::bench(name = "scan: a metric's window, 20 ranges")]
fn window_ranges(b: Bencher) {
    b.bench_local(|| {
        let ranges = Tsdb::scan()
            .metric(black_box(42))
            .base_time(black_box(1_699_992_000)..black_box(1_700_006_400))
            .ranges()
            .unwrap();
        // Every range's rows read, so none is left unbuilt.
        ranges
            .map(|r| {
                let r = black_box(r);
                usize::from(r.start()[0]) + r.stop().map_or(0, |s| usize::from(s[s.len() - 1]))
            })
            .sum::<usize>()
    });
}
