//! Instruction counts, for `scripts/callgrind-table.sh`: with
//! `ROWKEY_CALLGRIND=layout/operation/side*R` in the environment the bench
//! binary runs that one operation over the 256 inputs R times and exits,
//! without divan or the baseline checks. The script runs it under
//! `valgrind --tool=callgrind` with two values of R and divides the
//! difference in instructions by the extra keys, so start-up and input
//! generation cancel out. Instruction counts do not depend on where the
//! linker puts the code, which is what wall time at 1–10 ns per key does.
//!
//! The bodies are those of the divan benchmarks, one non-inlined function
//! per operation and side.

use super::*;

/// Runs the operation `ROWKEY_CALLGRIND` names, if it is set; returns whether
/// it was.
pub(crate) fn run_from_env() -> bool {
    let Ok(spec) = std::env::var("ROWKEY_CALLGRIND") else {
        return false;
    };
    let (name, rounds) = spec.split_once('*').unwrap_or((&spec, "1"));
    let rounds: u32 = rounds.parse().expect("ROWKEY_CALLGRIND=name*ROUNDS");
    if name == "list" {
        // The script divides by the queries one round makes, and by the
        // ranges each query yields for the per-range figure.
        for (name, _) in OPS {
            let (queries, ranges) = queries_and_ranges(name);
            println!("{name} {queries} {ranges}");
        }
        return true;
    }
    let Some((_, op)) = OPS.iter().find(|(n, _)| *n == name) else {
        panic!("no operation {name}; ROWKEY_CALLGRIND=list prints them");
    };
    // Inputs are generated (and encoded) before the first round in both
    // runs, so they cancel out in the difference.
    LazyLock::force(&INPUTS);
    LazyLock::force(&ENCODED);
    for _ in 0..rounds {
        op();
    }
    true
}

type Op = (&'static str, fn());

/// Inputs one round of an operation goes over, and the ranges each scan
/// query yields (1 for encode and decode).
fn queries_and_ranges(name: &str) -> (usize, usize) {
    match name.rsplit_once('/').map_or(name, |(op, _)| op) {
        // 65,536 ranges per query: a few queries keep a run short.
        "wide_bucket/scan" => (WIDE_N, 65_536),
        "log_event/scan" | "tsdb/scan" => (N, 16),
        _ => (N, 1),
    }
}

const OPS: &[Op] = &[
    ("user_order/encode/derived", user_encode_derived),
    ("user_order/encode/hand", user_encode_hand),
    ("user_order/decode/derived", user_decode_derived),
    ("user_order/decode/hand", user_decode_hand),
    (
        "user_order/decode_unverified/derived",
        user_decode_unverified_derived,
    ),
    (
        "user_order/decode_unverified/hand",
        user_decode_unverified_hand,
    ),
    ("metric/encode/derived", metric_encode_derived),
    ("metric/encode/hand", metric_encode_hand),
    ("metric/decode/derived", metric_decode_derived),
    ("metric/decode/hand", metric_decode_hand),
    ("log_event/encode/derived", log_encode_derived),
    ("log_event/encode/hand", log_encode_hand),
    ("log_event/decode/derived", log_decode_derived),
    ("log_event/decode/hand", log_decode_hand),
    (
        "log_event/decode_unverified/derived",
        log_decode_unverified_derived,
    ),
    (
        "log_event/decode_unverified/hand",
        log_decode_unverified_hand,
    ),
    ("seller_order/encode/derived", seller_encode_derived),
    ("seller_order/encode/hand", seller_encode_hand),
    ("seller_order/decode/derived", seller_decode_derived),
    ("seller_order/decode/hand", seller_decode_hand),
    ("user_order/scan/derived", user_scan_derived),
    ("user_order/scan/hand", user_scan_hand),
    ("metric/scan/derived", metric_scan_derived),
    ("metric/scan/hand", metric_scan_hand),
    ("log_event/scan/derived", log_scan_derived),
    ("log_event/scan/hand", log_scan_hand),
    ("seller_order/scan/derived", seller_scan_derived),
    ("seller_order/scan/hand", seller_scan_hand),
    ("tsdb/scan/derived", tsdb_scan_derived),
    ("tsdb/scan/hand", tsdb_scan_hand),
    ("wide_bucket/scan/derived", wide_scan_derived),
    ("wide_bucket/scan/hand", wide_scan_hand),
    ("text_order/encode/derived", text_encode_derived),
    ("text_order/encode/hand", text_encode_hand),
    ("text_order/decode/derived", text_decode_derived),
    ("text_order/decode/hand", text_decode_hand),
    ("tsdb_row/encode/derived", tsdb_row_encode_derived),
    ("tsdb_row/encode/hand", tsdb_row_encode_hand),
    ("tsdb_row/decode/derived", tsdb_row_decode_derived),
    ("tsdb_row/decode/hand", tsdb_row_decode_hand),
    ("trade/encode/derived", trade_encode_derived),
    ("trade/encode/hand", trade_encode_hand),
    ("trade/decode/derived", trade_decode_derived),
    ("trade/decode/hand", trade_decode_hand),
    ("trade/scan/derived", trade_scan_derived),
    ("trade/scan/hand", trade_scan_hand),
    ("blob/encode/derived", blob_encode_derived),
    ("blob/encode/hand", blob_encode_hand),
    ("blob/decode/derived", blob_decode_derived),
    ("blob/decode/hand", blob_decode_hand),
    ("blob/scan/derived", blob_scan_derived),
    ("blob/scan/hand", blob_scan_hand),
];

#[inline(never)]
fn user_encode_derived() {
    for k in black_box(INPUTS.user.as_slice()) {
        let mut buf = [0u8; UserOrder::MAX_LEN];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn user_encode_hand() {
    for k in black_box(INPUTS.user.as_slice()) {
        let mut buf = [0u8; 28];
        let n = hand_encode_user(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn user_decode_derived() {
    for k in black_box(ENCODED.user.as_slice()) {
        black_box(UserOrder::decode(k).unwrap());
    }
}

#[inline(never)]
fn user_decode_hand() {
    for k in black_box(ENCODED.user.as_slice()) {
        black_box(hand_decode_user::<true>(k).unwrap());
    }
}

#[inline(never)]
fn user_decode_unverified_derived() {
    for k in black_box(ENCODED.user.as_slice()) {
        black_box(UserOrder::decode_unverified(k).unwrap());
    }
}

#[inline(never)]
fn user_decode_unverified_hand() {
    for k in black_box(ENCODED.user.as_slice()) {
        black_box(hand_decode_user::<false>(k).unwrap());
    }
}

#[inline(never)]
fn metric_encode_derived() {
    for k in black_box(INPUTS.metric.as_slice()) {
        let mut buf = [0u8; Metric::MAX_LEN];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn metric_encode_hand() {
    for k in black_box(INPUTS.metric.as_slice()) {
        let mut buf = [0u8; 32];
        let n = hand_encode_metric(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn metric_decode_derived() {
    for k in black_box(ENCODED.metric.as_slice()) {
        black_box(Metric::decode(k).unwrap());
    }
}

#[inline(never)]
fn metric_decode_hand() {
    for k in black_box(ENCODED.metric.as_slice()) {
        black_box(hand_decode_metric(k).unwrap());
    }
}

#[inline(never)]
fn log_encode_derived() {
    for k in black_box(INPUTS.log.as_slice()) {
        let mut buf = [0u8; LOG_BUF];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn log_encode_hand() {
    for k in black_box(INPUTS.log.as_slice()) {
        let mut buf = [0u8; LOG_BUF];
        let n = hand_encode_log(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn log_decode_derived() {
    for k in black_box(ENCODED.log.as_slice()) {
        black_box(LogEvent::decode(k).unwrap());
    }
}

#[inline(never)]
fn log_decode_hand() {
    for k in black_box(ENCODED.log.as_slice()) {
        black_box(hand_decode_log::<true>(k).unwrap());
    }
}

#[inline(never)]
fn log_decode_unverified_derived() {
    for k in black_box(ENCODED.log.as_slice()) {
        black_box(LogEvent::decode_unverified(k).unwrap());
    }
}

#[inline(never)]
fn log_decode_unverified_hand() {
    for k in black_box(ENCODED.log.as_slice()) {
        black_box(hand_decode_log::<false>(k).unwrap());
    }
}

#[inline(never)]
fn seller_encode_derived() {
    for k in black_box(INPUTS.seller.as_slice()) {
        let mut buf = [0u8; SellerOrder::MAX_LEN];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn seller_encode_hand() {
    for k in black_box(INPUTS.seller.as_slice()) {
        let mut buf = [0u8; 24];
        let n = hand_encode_seller(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn seller_decode_derived() {
    for k in black_box(ENCODED.seller.as_slice()) {
        black_box(SellerOrder::decode(k).unwrap());
    }
}

#[inline(never)]
fn seller_decode_hand() {
    for k in black_box(ENCODED.seller.as_slice()) {
        black_box(hand_decode_seller(k).unwrap());
    }
}

// Scans: the ranges of one query per input, as the divan benchmarks build
// them (per key below is per query, all of its ranges).

#[inline(never)]
fn user_scan_derived() {
    for k in black_box(INPUTS.user.as_slice()) {
        let (a, z) = (k.order_id / 2, k.order_id / 2 + 1000);
        for r in UserOrder::scan()
            .user_id(k.user_id)
            .order_id(a..z)
            .ranges()
            .unwrap()
        {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn user_scan_hand() {
    for k in black_box(INPUTS.user.as_slice()) {
        let (a, z) = (k.order_id / 2, k.order_id / 2 + 1000);
        black_box(&hand_scan_user(k.user_id, a, z).unwrap());
    }
}

#[inline(never)]
fn metric_scan_derived() {
    for k in black_box(INPUTS.metric.as_slice()) {
        for r in Metric::scan()
            .host(k.host)
            .event(k.event)
            .ts(k.ts..=k.ts + 3_600_000)
            .ranges()
            .unwrap()
        {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn metric_scan_hand() {
    for k in black_box(INPUTS.metric.as_slice()) {
        black_box(&hand_scan_metric(k.host, k.event, k.ts, k.ts + 3_600_000).unwrap());
    }
}

#[inline(never)]
fn log_scan_derived() {
    for k in black_box(INPUTS.log.as_slice()) {
        for r in LogEvent::scan().ts(k.ts..k.ts + 60_000).ranges().unwrap() {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn log_scan_hand() {
    for k in black_box(INPUTS.log.as_slice()) {
        for r in hand_scan_log(k.ts, k.ts + 60_000) {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn seller_scan_derived() {
    for k in black_box(INPUTS.seller.as_slice()) {
        for r in SellerOrder::scan()
            .seller_id(k.seller_id)
            .ts(k.ts..k.ts + 86_400_000)
            .ranges()
            .unwrap()
        {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn seller_scan_hand() {
    for k in black_box(INPUTS.seller.as_slice()) {
        black_box(&hand_scan_seller(k.seller_id, k.ts, k.ts + 86_400_000));
    }
}

#[inline(never)]
fn tsdb_scan_derived() {
    for k in black_box(INPUTS.tsdb.as_slice()) {
        for r in Tsdb::scan()
            .metric(k.metric)
            .ts(k.ts..k.ts + 3_600_000)
            .ranges()
            .unwrap()
        {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn tsdb_scan_hand() {
    for k in black_box(INPUTS.tsdb.as_slice()) {
        for r in hand_scan_tsdb(k.metric, k.ts, k.ts + 3_600_000).unwrap() {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn wide_scan_derived() {
    for k in black_box(INPUTS.wide.as_slice()) {
        for r in WideBucket::scan()
            .ts(k.ts..k.ts + 3_600_000)
            .ranges()
            .unwrap()
        {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn wide_scan_hand() {
    for k in black_box(INPUTS.wide.as_slice()) {
        for r in hand_scan_wide(k.ts, k.ts + 3_600_000) {
            black_box(&r);
        }
    }
}

// The attributes whose bytes the runtime's rules write: `#[decimal]` with
// `#[delim]`, `#[decimal(W)]`, `#[width]`, `#[desc]`, `Option`, `#[escaped]`.

#[inline(never)]
fn text_encode_derived() {
    for k in black_box(INPUTS.text.as_slice()) {
        let mut buf = [0u8; TEXT_BUF];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn text_encode_hand() {
    for k in black_box(INPUTS.text.as_slice()) {
        let mut buf = [0u8; TEXT_BUF];
        let n = hand_encode_text(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn text_decode_derived() {
    for k in black_box(ENCODED.text.as_slice()) {
        black_box(TextOrder::decode(k).unwrap());
    }
}

#[inline(never)]
fn text_decode_hand() {
    for k in black_box(ENCODED.text.as_slice()) {
        black_box(hand_decode_text(k).unwrap());
    }
}

#[inline(never)]
fn tsdb_row_encode_derived() {
    for k in black_box(INPUTS.tsdb_row.as_slice()) {
        let mut buf = [0u8; TsdbRow::MAX_LEN];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn tsdb_row_encode_hand() {
    for k in black_box(INPUTS.tsdb_row.as_slice()) {
        let mut buf = [0u8; 19];
        let n = hand_encode_tsdb_row(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn tsdb_row_decode_derived() {
    for k in black_box(ENCODED.tsdb_row.as_slice()) {
        black_box(TsdbRow::decode(k).unwrap());
    }
}

#[inline(never)]
fn tsdb_row_decode_hand() {
    for k in black_box(ENCODED.tsdb_row.as_slice()) {
        black_box(hand_decode_tsdb_row(k).unwrap());
    }
}

#[inline(never)]
fn trade_encode_derived() {
    for k in black_box(INPUTS.trade.as_slice()) {
        let mut buf = [0u8; Trade::MAX_LEN];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn trade_encode_hand() {
    for k in black_box(INPUTS.trade.as_slice()) {
        let mut buf = [0u8; 21];
        let n = hand_encode_trade(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn trade_decode_derived() {
    for k in black_box(ENCODED.trade.as_slice()) {
        black_box(Trade::decode(k).unwrap());
    }
}

#[inline(never)]
fn trade_decode_hand() {
    for k in black_box(ENCODED.trade.as_slice()) {
        black_box(hand_decode_trade(k).unwrap());
    }
}

#[inline(never)]
fn trade_scan_derived() {
    for k in black_box(INPUTS.trade.as_slice()) {
        for r in Trade::scan()
            .account_id(k.account_id)
            .ts(k.ts..=k.ts + 86_400_000)
            .ranges()
            .unwrap()
        {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn trade_scan_hand() {
    for k in black_box(INPUTS.trade.as_slice()) {
        black_box(&hand_scan_trade(k.account_id, k.ts, k.ts + 86_400_000));
    }
}

#[inline(never)]
fn blob_encode_derived() {
    for k in black_box(INPUTS.blob.as_slice()) {
        let mut buf = [0u8; BLOB_BUF];
        let n = k.encode_into(&mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn blob_encode_hand() {
    for k in black_box(INPUTS.blob.as_slice()) {
        let mut buf = [0u8; BLOB_BUF];
        let n = hand_encode_blob(k, &mut buf).unwrap();
        black_box(&buf[..n]);
    }
}

#[inline(never)]
fn blob_decode_derived() {
    for k in black_box(ENCODED.blob.as_slice()) {
        black_box(Blob::decode(k).unwrap());
    }
}

#[inline(never)]
fn blob_decode_hand() {
    for k in black_box(ENCODED.blob.as_slice()) {
        black_box(hand_decode_blob(k).unwrap());
    }
}

#[inline(never)]
fn blob_scan_derived() {
    for k in black_box(INPUTS.blob.as_slice()) {
        let (a, z) = (k.version / 2, k.version / 2 + 1000);
        for r in Blob::scan()
            .name(k.name.as_str())
            .version(a..z)
            .ranges()
            .unwrap()
        {
            black_box(&r);
        }
    }
}

#[inline(never)]
fn blob_scan_hand() {
    for k in black_box(INPUTS.blob.as_slice()) {
        let (a, z) = (k.version / 2, k.version / 2 + 1000);
        black_box(&hand_scan_blob(&k.name, a, z).unwrap());
    }
}
