//! The metrics day both metrics examples load (tests/suite/metrics.rs on
//! redb, rowkey-bigtable/examples/bigtable_metrics.rs on Bigtable's
//! emulator): the same keys and values, so their rows and printed values
//! can be compared engine to engine. 20 hosts × 5 metrics, one point every
//! 10 s for a day, under the two layouts of the HBase row-key notes.

use rowkey::RowKey;

/// Seed 002: "the latest points of one metric of one machine".
#[derive(RowKey, Debug, PartialEq)]
pub struct MetricKey<'a> {
    #[pad(16)]
    pub host: &'a str,
    #[pad(8)]
    pub metric: &'a str,
    #[reverse_ts]
    pub ts: u64,
}

/// Seed 002: "data with only a time dimension": the bucket spreads the
/// always-increasing timestamp over 16 regions (tablets on Bigtable).
#[derive(RowKey, Debug, PartialEq)]
pub struct EventKey<'a> {
    #[bucket(16)]
    pub ts: u64,
    #[pad(16)]
    pub host: &'a str,
    pub metric: &'a str,
}

pub const METRIC_NAMES: [&str; 5] = ["cpu", "mem", "disk", "net_in", "net_out"];
/// 2023-11-14 00:00:00 UTC, in milliseconds.
pub const DAY: u64 = 1_699_920_000_000;
pub const STEP: u64 = 10_000;
pub const POINTS: u64 = 86_400_000 / STEP;

fn hash(host: usize, metric: usize, i: u64) -> u64 {
    let mut z = (host as u64) << 40 ^ (metric as u64) << 32 ^ i;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// When point `i` of a series arrives: on its 10 s tick plus up to a second
/// of collector jitter. Without the jitter every timestamp would be a
/// multiple of 10,000 ms, hence of 16, and `ts % 16` would put every row in
/// bucket 0.
pub fn timestamp(host: usize, metric: usize, i: u64) -> u64 {
    DAY + i * STEP + hash(host, metric, i) % 1000
}

/// Deterministic values: a daily curve per series plus hashed noise.
pub fn value(host: usize, metric: usize, i: u64) -> f64 {
    let noise = (hash(host, metric, i) >> 11) as f64 / (1u64 << 53) as f64;
    let day = (i as f64 / POINTS as f64 * std::f64::consts::TAU).sin();
    50.0 + 30.0 * day + 10.0 * noise + host as f64
}

pub fn clock(ts: u64) -> String {
    let s = (ts - DAY) / 1000;
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}
