//! Seed 004's text keys (SPEC §3a): the derive against the Java idiom as
//! Rust writes it (`format!` with an MD5 hex prefix, one allocation per key,
//! what `RowKeyUtil.metricRowKey` and `inboxRowKey` do) and a hand-written
//! zero-allocation encoder and parser.
//!
//! `cargo bench -p rowkey-bench --bench text`

use divan::{black_box, AllocProfiler, Bencher};
use md5::{Digest, Md5};
use rowkey::RowKey;
use std::fmt::Write as _;

#[global_allocator]
static ALLOC: AllocProfiler = AllocProfiler::system();

const N: usize = 256;
const WINDOW_MS: u64 = 15 * 60 * 1000;
const MAX: u64 = i64::MAX as u64;

#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct MetricText<'a> {
    #[salt(md5, 8, delim = b'_')]
    #[delim(b'_')]
    host: &'a str,
    #[decimal(10)]
    #[delim(b'_')]
    window: u64,
    metric: &'a str,
}

#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct Inbox<'a> {
    #[delim(b'_')]
    receiver: &'a str,
    #[reverse_ts]
    #[decimal(19)]
    #[delim(b'_')]
    ts: u64,
    sender: &'a str,
}

struct Inputs {
    metric: Vec<MetricText<'static>>,
    inbox: Vec<Inbox<'static>>,
    metric_keys: Vec<Vec<u8>>,
    inbox_keys: Vec<Vec<u8>>,
}

static INPUTS: std::sync::LazyLock<Inputs> = std::sync::LazyLock::new(|| {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let hosts = ["web01", "web02", "db-primary-1", "cache7", "edge-fra-03"];
    let metrics = ["cpu", "mem_used", "disk.io", "net_in", "load1"];
    let users = ["alice", "bob", "carol-1984", "dave", "u1234567"];
    let mut metric = Vec::new();
    let mut inbox = Vec::new();
    for _ in 0..N {
        let ts = 1_600_000_000_000 + next() % 400_000_000_000;
        metric.push(MetricText {
            host: hosts[(next() % 5) as usize],
            window: ts / WINDOW_MS,
            metric: metrics[(next() % 5) as usize],
        });
        inbox.push(Inbox {
            receiver: users[(next() % 5) as usize],
            ts,
            sender: users[(next() % 5) as usize],
        });
    }
    let metric_keys = metric.iter().map(|k| k.to_vec().unwrap()).collect();
    let inbox_keys = inbox.iter().map(|k| k.to_vec().unwrap()).collect();
    Inputs {
        metric,
        inbox,
        metric_keys,
        inbox_keys,
    }
});

fn main() {
    // The baselines write the derive's bytes, or the comparison means nothing.
    for k in &INPUTS.metric {
        assert_eq!(java_metric(k), k.to_vec().unwrap());
        let mut buf = [0u8; 128];
        let n = hand_metric(k, &mut buf);
        assert_eq!(&buf[..n], k.to_vec().unwrap());
    }
    for (k, bytes) in INPUTS.inbox.iter().zip(&INPUTS.inbox_keys) {
        assert_eq!(&java_inbox(k), bytes);
        assert_eq!(hand_parse_inbox(bytes), Some(*k));
    }
    divan::main();
}

/// `RowKeyUtil.metricRowKey`, as a Rust port of the Java writes it.
fn java_metric(k: &MetricText) -> Vec<u8> {
    let mut hex = String::with_capacity(32);
    for b in Md5::digest(k.host.as_bytes()) {
        write!(hex, "{b:02x}").unwrap();
    }
    format!("{}_{}_{:010}_{}", &hex[..8], k.host, k.window, k.metric).into_bytes()
}

/// `RowKeyUtil.inboxRowKey`, ported the same way.
fn java_inbox(k: &Inbox) -> Vec<u8> {
    format!("{}_{:013}_{}", k.receiver, MAX - k.ts, k.sender).into_bytes()
}

/// A careful hand-written encoder: stack buffer, no allocation, the same
/// refusals left out (the derive's are included in its time).
fn hand_metric(k: &MetricText, out: &mut [u8]) -> usize {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let d = Md5::digest(k.host.as_bytes());
    for i in 0..4 {
        out[2 * i] = HEX[usize::from(d[i] >> 4)];
        out[2 * i + 1] = HEX[usize::from(d[i] & 15)];
    }
    out[8] = b'_';
    let mut n = 9;
    out[n..n + k.host.len()].copy_from_slice(k.host.as_bytes());
    n += k.host.len();
    out[n] = b'_';
    n += 1;
    let mut w = k.window;
    for i in (0..10).rev() {
        out[n + i] = b'0' + (w % 10) as u8;
        w /= 10;
    }
    n += 10;
    out[n] = b'_';
    n += 1;
    out[n..n + k.metric.len()].copy_from_slice(k.metric.as_bytes());
    n + k.metric.len()
}

/// A hand-written parser of the inbox key: split on `_`, parse the digits.
fn hand_parse_inbox(b: &[u8]) -> Option<Inbox<'_>> {
    let s = std::str::from_utf8(b).ok()?;
    let (receiver, rest) = s.split_once('_')?;
    let (digits, sender) = rest.split_once('_')?;
    let stored: u64 = digits.parse().ok()?;
    Some(Inbox {
        receiver,
        ts: MAX.checked_sub(stored)?,
        sender,
    })
}

mod metric_encode {
    use super::*;

    #[divan::bench]
    fn derived(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.metric {
                let mut buf = [0u8; 128];
                let n = black_box(k).encode_into(&mut buf).unwrap();
                black_box(&buf[..n]);
            }
        });
    }

    #[divan::bench]
    fn hand(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.metric {
                let mut buf = [0u8; 128];
                let n = hand_metric(black_box(k), &mut buf);
                black_box(&buf[..n]);
            }
        });
    }

    #[divan::bench]
    fn java_format(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.metric {
                black_box(java_metric(black_box(k)));
            }
        });
    }
}

mod inbox_encode {
    use super::*;

    #[divan::bench]
    fn derived(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.inbox {
                let mut buf = [0u8; 128];
                let n = black_box(k).encode_into(&mut buf).unwrap();
                black_box(&buf[..n]);
            }
        });
    }

    #[divan::bench]
    fn java_format(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.inbox {
                black_box(java_inbox(black_box(k)));
            }
        });
    }
}

mod inbox_decode {
    use super::*;

    #[divan::bench]
    fn derived(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.inbox_keys {
                black_box(Inbox::decode(black_box(k)).unwrap());
            }
        });
    }

    #[divan::bench]
    fn hand_split(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.inbox_keys {
                black_box(hand_parse_inbox(black_box(k)).unwrap());
            }
        });
    }
}

mod metric_decode {
    use super::*;

    #[divan::bench]
    fn derived(b: Bencher) {
        b.bench(|| {
            for k in &INPUTS.metric_keys {
                black_box(MetricText::decode(black_box(k)).unwrap());
            }
        });
    }
}
