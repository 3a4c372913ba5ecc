//! Batch encode and salt verification against the per-key API, in one run:
//! 256 keys per iteration, each side over the same keys.
//!
//! - `encode/per_key`: `encode_into` for each key (one MD5 at a time);
//! - `encode/batch`: `rowkey::encode_batch` over all 256 (MD5s in lanes);
//! - `verify/per_key`: `decode` for each key (salt recomputed per key);
//! - `verify/batch`: `rowkey::verify_batch` over all 256 (the same checks).
//!
//! Run: `cargo bench -p rowkey-bench --bench batch`.

use std::hint::black_box;
use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::Bencher;
use rowkey::{encode_batch, verify_batch, RowKey};

fn main() {
    if !profile_from_env() {
        divan::main();
    }
}

/// For profilers (`valgrind --tool=callgrind`, `perf record`): with
/// `ROWKEY_BATCH_PROFILE=layout/operation*R` in the environment (operation:
/// `encode_per_key`, `encode_batch`, `verify_per_key`, `verify_batch`), runs
/// that operation over the 256 inputs R times without divan and exits.
fn profile_from_env() -> bool {
    let Ok(spec) = std::env::var("ROWKEY_BATCH_PROFILE") else {
        return false;
    };
    let (name, rounds) = spec.split_once('*').unwrap_or((&spec, "1"));
    let rounds: usize = rounds.parse().expect("ROWKEY_BATCH_PROFILE=name*ROUNDS");
    let users = users(&INPUTS.ids);
    let series = series(&INPUTS.ids, &INPUTS.tags);
    let user_bytes: Vec<&[u8]> = INPUTS.user.iter().map(Vec::as_slice).collect();
    let series_bytes: Vec<&[u8]> = INPUTS.series.iter().map(Vec::as_slice).collect();
    let mut buf = vec![0u8; 64 * N];
    let mut ends = vec![0usize; N];
    for _ in 0..rounds {
        match name {
            "user_order/encode_per_key" => encode_each(&users),
            "user_order/encode_batch" => {
                black_box(encode_batch(black_box(&users), &mut buf, &mut ends).unwrap());
            }
            "user_order/verify_per_key" => {
                for k in black_box(&user_bytes) {
                    black_box(UserOrder::decode(k).unwrap());
                }
            }
            "user_order/verify_batch" => {
                verify_batch::<UserOrder>(black_box(&user_bytes)).unwrap();
            }
            "struct_salt/encode_per_key" => encode_each(&series),
            "struct_salt/encode_batch" => {
                black_box(encode_batch(black_box(&series), &mut buf, &mut ends).unwrap());
            }
            "struct_salt/verify_per_key" => {
                for k in black_box(&series_bytes) {
                    black_box(Series::decode(k).unwrap());
                }
            }
            "struct_salt/verify_batch" => {
                verify_batch::<Series>(black_box(&series_bytes)).unwrap();
            }
            _ => panic!("no operation {name}"),
        }
    }
    true
}

fn encode_each<K: RowKey>(keys: &[K]) {
    let mut buf = [0u8; 64];
    for k in black_box(keys) {
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

const N: usize = 256;

#[derive(RowKey)]
struct UserOrder<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

/// OpenTSDB-style: a struct-level salt over the metric and its tags.
#[derive(RowKey)]
#[rowkey(salt(md5, 2, fields(metric, tags)))]
struct Series<'a> {
    #[pad(12)]
    metric: &'a str,
    ts: u64,
    #[pad(24)]
    tags: &'a str,
}

struct Inputs {
    ids: Vec<String>,
    tags: Vec<String>,
    user: Vec<Vec<u8>>,
    series: Vec<Vec<u8>>,
}

static INPUTS: LazyLock<Inputs> = LazyLock::new(|| {
    let mut x = 0x5EED_0005u64;
    let mut next = move || {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        x >> 33
    };
    let ids: Vec<String> = (0..N)
        .map(|_| format!("user_{}", next() % 10_000_000))
        .collect();
    let tags: Vec<String> = (0..N)
        .map(|_| format!("host=web{:02},dc=eu{}", next() % 100, next() % 4))
        .collect();
    let user = users(&ids).iter().map(|k| k.to_vec().unwrap()).collect();
    let series = series(&ids, &tags)
        .iter()
        .map(|k| k.to_vec().unwrap())
        .collect();
    Inputs {
        ids,
        tags,
        user,
        series,
    }
});

fn users(ids: &[String]) -> Vec<UserOrder<'_>> {
    ids.iter()
        .enumerate()
        .map(|(i, id)| UserOrder {
            user_id: id,
            order_id: i as u64,
        })
        .collect()
}

fn series<'a>(ids: &[String], tags: &'a [String]) -> Vec<Series<'a>> {
    tags.iter()
        .zip(ids)
        .map(|(t, id)| Series {
            metric: if id.len() % 2 == 0 {
                "cpu.user"
            } else {
                "mem.free"
            },
            ts: id.len() as u64,
            tags: t,
        })
        .collect()
}

fn per_key<K: RowKey>(b: Bencher, keys: &[K]) {
    b.counter(ItemsCount::new(keys.len())).bench_local(|| {
        let mut buf = [0u8; 64];
        for k in black_box(keys) {
            let n = k.encode_into(&mut buf).unwrap();
            black_box(&buf[..n]);
        }
    });
}

fn batch<K: rowkey::BatchKey>(b: Bencher, keys: &[K]) {
    let mut buf = vec![0u8; 64 * keys.len()];
    let mut ends = vec![0usize; keys.len()];
    b.counter(ItemsCount::new(keys.len())).bench_local(|| {
        let n = encode_batch(black_box(keys), &mut buf, &mut ends).unwrap();
        black_box(&buf[..n]);
    });
}

mod user_order {
    use super::*;

    #[divan::bench]
    fn encode_per_key(b: Bencher) {
        per_key(b, &users(&INPUTS.ids));
    }

    #[divan::bench]
    fn encode_batch(b: Bencher) {
        batch(b, &users(&INPUTS.ids));
    }

    #[divan::bench]
    fn verify_per_key(b: Bencher) {
        let keys = &INPUTS.user;
        b.counter(ItemsCount::new(keys.len())).bench_local(|| {
            for k in black_box(keys) {
                black_box(UserOrder::decode(k).unwrap());
            }
        });
    }

    #[divan::bench]
    fn verify_batch(b: Bencher) {
        let keys: Vec<&[u8]> = INPUTS.user.iter().map(Vec::as_slice).collect();
        b.counter(ItemsCount::new(keys.len())).bench_local(|| {
            super::verify_batch::<UserOrder>(black_box(&keys)).unwrap();
        });
    }
}

mod struct_salt {
    use super::*;

    #[divan::bench]
    fn encode_per_key(b: Bencher) {
        per_key(b, &series(&INPUTS.ids, &INPUTS.tags));
    }

    #[divan::bench]
    fn encode_batch(b: Bencher) {
        batch(b, &series(&INPUTS.ids, &INPUTS.tags));
    }

    #[divan::bench]
    fn verify_per_key(b: Bencher) {
        let keys = &INPUTS.series;
        b.counter(ItemsCount::new(keys.len())).bench_local(|| {
            for k in black_box(keys) {
                black_box(Series::decode(k).unwrap());
            }
        });
    }

    #[divan::bench]
    fn verify_batch(b: Bencher) {
        let keys: Vec<&[u8]> = INPUTS.series.iter().map(Vec::as_slice).collect();
        b.counter(ItemsCount::new(keys.len())).bench_local(|| {
            super::verify_batch::<Series>(black_box(&keys)).unwrap();
        });
    }
}
