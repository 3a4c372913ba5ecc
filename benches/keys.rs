//! The derive against what a user would otherwise write, in one run.
//!
//! Four seed layouts (salted user orders, padded metrics with a reverse
//! timestamp, bucketed log events, unsalted seller orders), each measured for
//! encode, decode (with and without salt/bucket verification) and scan ranges:
//!
//! - `derived`: the `#[derive(RowKey)]` code;
//! - `hand`: hand-written code for the same bytes: a stack array,
//!   `copy_from_slice` and md-5, with the same refusals (pad overflow, value
//!   ending in the pad byte, timestamp range, buffer size) and, on decode, the
//!   same checks (length, pad stripped, UTF-8, salt or bucket recomputed).
//!   It pads by filling the whole slot and copying the value over it, and
//!   strips padding a word at a time: the fastest ways found, which the
//!   derived code uses too;
//! - `format`: Java-style string building as the seeds' blog code does it
//!   (`format!`, an MD5 hex string, `rpad`, `Bytes.toBytes`);
//! - `md5_floor`: the MD5 of the salted field alone, the floor for salted keys;
//! - `storekey`: storekey's encoding of the same fields (no salt, no padding).
//!
//! Every benchmark runs over the same 256 varied inputs per iteration (a
//! sample's time is for 256 keys; divan prints the per-key rate beside it),
//! so neither side gains from constant folding or one predictable branch.
//! `main` checks that `hand` and `format` build the derived bytes (the
//! seller `format` baseline builds decimal text, as RowKeyUtil does) before
//! anything is timed.
//!
//! Run: `cargo bench -p rowkey-bench --bench keys`; the ratio table: `bash scripts/bench-table.sh`.
//! Allocations are counted by divan's `AllocProfiler`: a benchmark with no
//! `alloc:` row allocated nothing.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::hint::black_box;
use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{AllocProfiler, Bencher};
use md5::{Digest, Md5};
use rowkey::RowKey;

#[global_allocator]
static ALLOC: AllocProfiler = AllocProfiler::system();

/// Inputs per iteration.
const N: usize = 256;

mod callgrind;

fn main() {
    if callgrind::run_from_env() {
        return;
    }
    check_baselines();
    divan::main();
}

// ---------------------------------------------------------------- layouts

#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct UserOrder<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct Metric<'a> {
    #[pad(16)]
    host: &'a str,
    #[pad(8)]
    event: &'a str,
    #[reverse_ts]
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct LogEvent<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    event: &'a str,
}

/// OpenTSDB's shape: one hex char of MD5 over metric and tags at the front,
/// so a time window for one metric fans out over the 16 salt values.
#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
#[rowkey(salt(md5, 1, fields(metric, tags)))]
struct Tsdb<'a> {
    #[pad(8)]
    metric: &'a str,
    ts: u64,
    tags: &'a str,
}

/// A time range over 65,536 buckets: the widest bucket, two bytes, so a
/// scan of a window fans out over 65,536 ranges.
#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct WideBucket {
    #[bucket(65536)]
    ts: u64,
    id: u64,
}

/// Wide-bucket queries per iteration: each yields 65,536 ranges.
const WIDE_N: usize = 2;

#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct SellerOrder {
    seller_id: u64,
    ts: u64,
    order_no: u64,
}

/// A log event's buffer: the key is unbounded (its last field is unpadded),
/// the inputs' events are at most 40 bytes.
const LOG_BUF: usize = 1 + 8 + 16 + 64;

// ---------------------------------------------------------------- inputs

/// splitmix64: a fixed, varied input set.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> usize {
        usize::try_from(self.next() % n).unwrap()
    }

    /// `len` characters from a key-friendly alphabet (never the pad byte).
    fn word(&mut self, len: usize) -> &'static str {
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-._";
        let s: String = (0..len)
            .map(|_| char::from(ALPHABET[self.below(ALPHABET.len() as u64)]))
            .collect();
        Box::leak(s.into_boxed_str())
    }

    /// A timestamp in milliseconds around 2023-2026, as row keys carry them.
    fn ts(&mut self) -> u64 {
        1_672_531_200_000 + self.next() % 100_000_000_000
    }
}

struct Inputs {
    user: Vec<UserOrder<'static>>,
    metric: Vec<Metric<'static>>,
    log: Vec<LogEvent<'static>>,
    seller: Vec<SellerOrder>,
    tsdb: Vec<Tsdb<'static>>,
    wide: Vec<WideBucket>,
}

static INPUTS: LazyLock<Inputs> = LazyLock::new(|| {
    let mut r = Rng(0x5EED_0004);
    let user = (0..N)
        .map(|_| {
            let len = 1 + r.below(16);
            UserOrder {
                user_id: r.word(len),
                order_id: r.next(),
            }
        })
        .collect();
    let metric = (0..N)
        .map(|_| {
            let host_len = 4 + r.below(13);
            let event_len = 2 + r.below(7);
            Metric {
                host: r.word(host_len),
                event: r.word(event_len),
                ts: r.ts(),
            }
        })
        .collect();
    let log = (0..N)
        .map(|_| {
            let host_len = 4 + r.below(13);
            let event_len = 3 + r.below(38);
            LogEvent {
                ts: r.ts(),
                host: r.word(host_len),
                event: r.word(event_len),
            }
        })
        .collect();
    let seller = (0..N)
        .map(|_| SellerOrder {
            seller_id: r.next() % 1_000_000,
            ts: r.ts(),
            order_no: r.next(),
        })
        .collect();
    let tsdb = (0..N)
        .map(|_| {
            let metric_len = 2 + r.below(7);
            let tags_len = 6 + r.below(20);
            Tsdb {
                metric: r.word(metric_len),
                ts: r.ts(),
                tags: r.word(tags_len),
            }
        })
        .collect();
    let wide = (0..WIDE_N)
        .map(|_| WideBucket {
            ts: r.ts(),
            id: r.next(),
        })
        .collect();
    Inputs {
        user,
        metric,
        log,
        seller,
        tsdb,
        wide,
    }
});

/// Encoded keys, for the decode benchmarks.
struct Encoded {
    user: Vec<Vec<u8>>,
    metric: Vec<Vec<u8>>,
    log: Vec<Vec<u8>>,
    seller: Vec<Vec<u8>>,
    sk_user: Vec<Vec<u8>>,
    sk_metric: Vec<Vec<u8>>,
    sk_log: Vec<Vec<u8>>,
    sk_seller: Vec<Vec<u8>>,
}

static ENCODED: LazyLock<Encoded> = LazyLock::new(|| {
    let i = &*INPUTS;
    let sk = |v: &dyn Fn(&mut Vec<u8>)| {
        let mut out = Vec::new();
        v(&mut out);
        out
    };
    Encoded {
        user: i.user.iter().map(|k| k.to_vec().unwrap()).collect(),
        metric: i.metric.iter().map(|k| k.to_vec().unwrap()).collect(),
        log: i.log.iter().map(|k| k.to_vec().unwrap()).collect(),
        seller: i.seller.iter().map(|k| k.to_vec().unwrap()).collect(),
        sk_user: i
            .user
            .iter()
            .map(|k| sk(&|o| storekey::encode(o, &(k.user_id, k.order_id)).unwrap()))
            .collect(),
        sk_metric: i
            .metric
            .iter()
            .map(|k| sk(&|o| storekey::encode(o, &(k.host, k.event, k.ts)).unwrap()))
            .collect(),
        sk_log: i
            .log
            .iter()
            .map(|k| sk(&|o| storekey::encode(o, &(k.ts, k.host, k.event)).unwrap()))
            .collect(),
        sk_seller: i
            .seller
            .iter()
            .map(|k| sk(&|o| storekey::encode(o, &(k.seller_id, k.ts, k.order_no)).unwrap()))
            .collect(),
    }
});

// ---------------------------------------------------------------- hand-written

/// The refusals a careful hand-written encoder and decoder report: the same
/// information as `rowkey::Error` (field and what was wrong).
#[derive(Debug)]
#[allow(dead_code)] // read only through Debug, when a check fails
enum HandError {
    TooLongForPad {
        field: &'static str,
        len: usize,
        pad: usize,
    },
    EndsWithPadByte {
        field: &'static str,
    },
    TimestampOutOfRange {
        field: &'static str,
        value: u64,
    },
    BufferTooSmall {
        needed: usize,
        available: usize,
    },
    KeyTooLong {
        len: usize,
    },
    UnexpectedEnd {
        needed: usize,
        available: usize,
    },
    TrailingBytes {
        count: usize,
    },
    InvalidUtf8 {
        field: &'static str,
        valid_up_to: usize,
    },
    SaltMismatch {
        field: &'static str,
    },
    BucketMismatch {
        field: &'static str,
        stored: u8,
        computed: u8,
    },
}

const HEX: &[u8; 16] = b"0123456789abcdef";
const TS_MAX: u64 = i64::MAX as u64;

/// `rpad(value, '\0', PAD)` into `out`, refusing what would not decode back.
#[inline]
fn hand_pad(field: &'static str, value: &[u8], out: &mut [u8]) -> Result<(), HandError> {
    let pad = out.len();
    if value.len() > pad {
        return Err(HandError::TooLongForPad {
            field,
            len: value.len(),
            pad,
        });
    }
    if value.last() == Some(&0) {
        return Err(HandError::EndsWithPadByte { field });
    }
    // Fill the whole slot (a store of constant width), then copy the value
    // over its front: faster than copying, then filling the variable rest.
    out.fill(0);
    out[..value.len()].copy_from_slice(value);
    Ok(())
}

/// `md5Hex(value).substring(0, 4)`.
#[inline]
fn hand_salt4(value: &[u8]) -> [u8; 4] {
    let d = Md5::digest(value);
    [
        HEX[usize::from(d[0] >> 4)],
        HEX[usize::from(d[0] & 15)],
        HEX[usize::from(d[1] >> 4)],
        HEX[usize::from(d[1] & 15)],
    ]
}

#[inline]
fn hand_reverse_ts(field: &'static str, ts: u64) -> Result<[u8; 8], HandError> {
    if ts > TS_MAX {
        return Err(HandError::TimestampOutOfRange { field, value: ts });
    }
    Ok((TS_MAX - ts).to_be_bytes())
}

/// A padded slot (16 or 8 bytes here) without its trailing zero bytes, as a
/// `&str`. Word at a time: the leading zero bytes of the little-endian word
/// are the padding, with no branch per byte.
#[inline]
fn hand_unpad<'a>(field: &'static str, slot: &'a [u8]) -> Result<&'a str, HandError> {
    let pad = match slot.len() {
        16 => u128::from_le_bytes(slot.try_into().unwrap()).leading_zeros() / 8,
        8 => u64::from_le_bytes(slot.try_into().unwrap()).leading_zeros() / 8,
        _ => unreachable!("the bench's slots are 16 or 8 bytes"),
    };
    hand_utf8(field, &slot[..slot.len() - pad as usize])
}

#[inline]
fn hand_utf8<'a>(field: &'static str, bytes: &'a [u8]) -> Result<&'a str, HandError> {
    std::str::from_utf8(bytes).map_err(|e| HandError::InvalidUtf8 {
        field,
        valid_up_to: e.valid_up_to(),
    })
}

#[inline]
fn hand_exact_len(bytes: &[u8], len: usize) -> Result<(), HandError> {
    if bytes.len() < len {
        return Err(HandError::UnexpectedEnd {
            needed: len,
            available: bytes.len(),
        });
    }
    if bytes.len() > len {
        return Err(HandError::TrailingBytes {
            count: bytes.len() - len,
        });
    }
    Ok(())
}

#[inline]
fn be_u64(bytes: &[u8]) -> u64 {
    u64::from_be_bytes(bytes.try_into().unwrap())
}

fn hand_encode_user(k: &UserOrder, out: &mut [u8; 28]) -> Result<usize, HandError> {
    let id = k.user_id.as_bytes();
    hand_pad("user_id", id, &mut out[4..20])?;
    out[..4].copy_from_slice(&hand_salt4(id));
    out[20..].copy_from_slice(&k.order_id.to_be_bytes());
    Ok(28)
}

fn hand_decode_user<'a, const VERIFY: bool>(b: &'a [u8]) -> Result<UserOrder<'a>, HandError> {
    hand_exact_len(b, 28)?;
    let user_id = hand_unpad("user_id", &b[4..20])?;
    if VERIFY && hand_salt4(user_id.as_bytes()) != b[..4] {
        return Err(HandError::SaltMismatch { field: "user_id" });
    }
    Ok(UserOrder {
        user_id,
        order_id: be_u64(&b[20..28]),
    })
}

fn hand_encode_metric(k: &Metric, out: &mut [u8; 32]) -> Result<usize, HandError> {
    hand_pad("host", k.host.as_bytes(), &mut out[..16])?;
    hand_pad("event", k.event.as_bytes(), &mut out[16..24])?;
    out[24..].copy_from_slice(&hand_reverse_ts("ts", k.ts)?);
    Ok(32)
}

fn hand_decode_metric(b: &[u8]) -> Result<Metric<'_>, HandError> {
    hand_exact_len(b, 32)?;
    let host = hand_unpad("host", &b[..16])?;
    let event = hand_unpad("event", &b[16..24])?;
    let stored = be_u64(&b[24..32]);
    if stored > TS_MAX {
        return Err(HandError::TimestampOutOfRange {
            field: "ts",
            value: stored,
        });
    }
    Ok(Metric {
        host,
        event,
        ts: TS_MAX - stored,
    })
}

fn hand_encode_log(k: &LogEvent, out: &mut [u8]) -> Result<usize, HandError> {
    let event = k.event.as_bytes();
    let len = 25 + event.len();
    if len > 32767 {
        return Err(HandError::KeyTooLong { len });
    }
    if out.len() < len {
        return Err(HandError::BufferTooSmall {
            needed: len,
            available: out.len(),
        });
    }
    out[0] = (k.ts % 16) as u8;
    out[1..9].copy_from_slice(&k.ts.to_be_bytes());
    hand_pad("host", k.host.as_bytes(), &mut out[9..25])?;
    out[25..len].copy_from_slice(event);
    Ok(len)
}

fn hand_decode_log<const VERIFY: bool>(b: &[u8]) -> Result<LogEvent<'_>, HandError> {
    if b.len() < 25 {
        return Err(HandError::UnexpectedEnd {
            needed: 25,
            available: b.len(),
        });
    }
    let ts = be_u64(&b[1..9]);
    let computed = (ts % 16) as u8;
    if VERIFY && b[0] != computed {
        return Err(HandError::BucketMismatch {
            field: "ts",
            stored: b[0],
            computed,
        });
    }
    Ok(LogEvent {
        ts,
        host: hand_unpad("host", &b[9..25])?,
        event: hand_utf8("event", &b[25..])?,
    })
}

fn hand_encode_seller(k: &SellerOrder, out: &mut [u8; 24]) -> Result<usize, HandError> {
    out[..8].copy_from_slice(&k.seller_id.to_be_bytes());
    out[8..16].copy_from_slice(&k.ts.to_be_bytes());
    out[16..].copy_from_slice(&k.order_no.to_be_bytes());
    Ok(24)
}

fn hand_decode_seller(b: &[u8]) -> Result<SellerOrder, HandError> {
    hand_exact_len(b, 24)?;
    Ok(SellerOrder {
        seller_id: be_u64(&b[..8]),
        ts: be_u64(&b[8..16]),
        order_no: be_u64(&b[16..24]),
    })
}

// Hand-written scan ranges: start row inclusive, stop row exclusive, on the
// stack, shaped as `KeyRange` is.

#[derive(Clone, Copy)]
struct HandRange<const CAP: usize> {
    start: [u8; CAP],
    start_len: usize,
    stop: [u8; CAP],
    stop_len: usize,
}

impl<const CAP: usize> HandRange<CAP> {
    fn new(start: &[u8], stop: &[u8]) -> Self {
        let mut r = HandRange {
            start: [0; CAP],
            start_len: start.len(),
            stop: [0; CAP],
            stop_len: stop.len(),
        };
        r.start[..start.len()].copy_from_slice(start);
        r.stop[..stop.len()].copy_from_slice(stop);
        r
    }
}

/// HBase's stop row for an inclusive upper bound: increment the last byte
/// that is not 0xFF (the bench's timestamps never make all bytes 0xFF).
#[inline]
fn increment(row: &mut [u8]) -> usize {
    let mut len = row.len();
    while len > 0 && row[len - 1] == 0xFF {
        len -= 1;
    }
    row[len - 1] += 1;
    len
}

/// `UserOrder::scan().user_id(u).order_id(a..b)`.
fn hand_scan_user(
    user_id: &str,
    a: u64,
    b: u64,
) -> Result<HandRange<{ UserOrder::SCAN_CAP }>, HandError> {
    let mut start = [0u8; 28];
    let id = user_id.as_bytes();
    hand_pad("user_id", id, &mut start[4..20])?;
    start[..4].copy_from_slice(&hand_salt4(id));
    let mut stop = start;
    start[20..].copy_from_slice(&a.to_be_bytes());
    stop[20..].copy_from_slice(&b.to_be_bytes());
    Ok(HandRange::new(&start, &stop))
}

/// `Metric::scan().host(h).event(e).ts(t1..=t2)`: newest first, so the
/// stored bounds swap and the stop row is the upper one incremented.
fn hand_scan_metric(
    host: &str,
    event: &str,
    t1: u64,
    t2: u64,
) -> Result<HandRange<{ Metric::SCAN_CAP }>, HandError> {
    let mut start = [0u8; 32];
    hand_pad("host", host.as_bytes(), &mut start[..16])?;
    hand_pad("event", event.as_bytes(), &mut start[16..24])?;
    let mut stop = start;
    start[24..].copy_from_slice(&hand_reverse_ts("ts", t2)?);
    stop[24..].copy_from_slice(&hand_reverse_ts("ts", t1)?);
    let stop_len = increment(&mut stop);
    Ok(HandRange::new(&start, &stop[..stop_len]))
}

/// `LogEvent::scan().ts(a..b)`: one range per bucket.
fn hand_scan_log(a: u64, b: u64) -> impl Iterator<Item = HandRange<{ LogEvent::SCAN_CAP }>> {
    (0..16u8).map(move |bucket| {
        let mut start = [bucket; 9];
        let mut stop = [bucket; 9];
        start[1..].copy_from_slice(&a.to_be_bytes());
        stop[1..].copy_from_slice(&b.to_be_bytes());
        HandRange::new(&start, &stop)
    })
}

/// `SellerOrder::scan().seller_id(s).ts(a..b)`.
fn hand_scan_seller(s: u64, a: u64, b: u64) -> HandRange<{ SellerOrder::SCAN_CAP }> {
    let mut start = [0u8; 16];
    start[..8].copy_from_slice(&s.to_be_bytes());
    let mut stop = start;
    start[8..].copy_from_slice(&a.to_be_bytes());
    stop[8..].copy_from_slice(&b.to_be_bytes());
    HandRange::new(&start, &stop)
}

/// `Tsdb::scan().metric(m).ts(a..b)`: one range per salt character.
fn hand_scan_tsdb(
    metric: &str,
    a: u64,
    b: u64,
) -> Result<impl Iterator<Item = HandRange<{ Tsdb::SCAN_CAP }>>, HandError> {
    let mut start = [0u8; 17];
    hand_pad("metric", metric.as_bytes(), &mut start[1..9])?;
    let mut stop = start;
    start[9..].copy_from_slice(&a.to_be_bytes());
    stop[9..].copy_from_slice(&b.to_be_bytes());
    Ok(HEX.iter().map(move |&salt| {
        let (mut start, mut stop) = (start, stop);
        start[0] = salt;
        stop[0] = salt;
        HandRange::new(&start, &stop)
    }))
}

/// `WideBucket::scan().ts(a..b)`: one range per bucket, the bucket two bytes
/// big-endian.
fn hand_scan_wide(a: u64, b: u64) -> impl Iterator<Item = HandRange<{ WideBucket::SCAN_CAP }>> {
    (0..=u16::MAX).map(move |bucket| {
        let mut start = [0u8; 10];
        start[..2].copy_from_slice(&bucket.to_be_bytes());
        let mut stop = start;
        start[2..].copy_from_slice(&a.to_be_bytes());
        stop[2..].copy_from_slice(&b.to_be_bytes());
        HandRange::new(&start, &stop)
    })
}

// ---------------------------------------------------------------- Java-style

/// `DigestUtils.md5Hex(value)`: the whole digest as a hex `String`.
fn md5_hex(value: &str) -> String {
    let mut hex = String::with_capacity(32);
    for b in Md5::digest(value.as_bytes()) {
        write!(hex, "{b:02x}").unwrap();
    }
    hex
}

/// `Bytes.add(Bytes.toBytes(md5Hex(userId).substring(0, 4) + rpad(userId, '\0', 16)), Bytes.toBytes(orderId))`.
fn format_user(k: &UserOrder) -> Vec<u8> {
    let mut key = format!("{}{:\0<16}", &md5_hex(k.user_id)[..4], k.user_id).into_bytes();
    key.extend_from_slice(&k.order_id.to_be_bytes());
    key
}

/// `[rpad(host, 16)][rpad(event, 8)][Bytes.toBytes(Long.MAX_VALUE - ts)]`.
fn format_metric(k: &Metric) -> Vec<u8> {
    let mut key = format!("{:\0<16}{:\0<8}", k.host, k.event).into_bytes();
    key.extend_from_slice(&(TS_MAX - k.ts).to_be_bytes());
    key
}

/// `[ts % 16][Bytes.toBytes(ts)][rpad(host, 16)][event]`.
fn format_log(k: &LogEvent) -> Vec<u8> {
    let mut key = vec![(k.ts % 16) as u8];
    key.extend_from_slice(&k.ts.to_be_bytes());
    key.extend_from_slice(format!("{:\0<16}{}", k.host, k.event).as_bytes());
    key
}

/// RowKeyUtil.combine: `sellerId + "_" + String.format("%019d", ts) + "_" + orderNo`,
/// fixed-width decimal so that the text sorts as the numbers do.
fn format_seller(k: &SellerOrder) -> Vec<u8> {
    format!("{:019}_{:019}_{:020}", k.seller_id, k.ts, k.order_no).into_bytes()
}

// ---------------------------------------------------------------- checks

/// The baselines build the same bytes and read the same values as the
/// derive, so they are the same program.
fn check_baselines() {
    let i = &*INPUTS;
    let e = &*ENCODED;
    for (k, bytes) in i.user.iter().zip(&e.user) {
        let mut buf = [0u8; 28];
        hand_encode_user(k, &mut buf).unwrap();
        assert_eq!(&buf[..], &bytes[..]);
        assert_eq!(format_user(k), *bytes);
        assert_eq!(hand_decode_user::<true>(bytes).unwrap(), *k);
        assert_eq!(UserOrder::decode(bytes).unwrap(), *k);
        let sk_bytes = storekey_bytes(k);
        let sk: (Cow<str>, u64) = storekey::decode_borrow(&sk_bytes).unwrap();
        assert_eq!((sk.0.as_ref(), sk.1), (k.user_id, k.order_id));
    }
    for (k, bytes) in i.metric.iter().zip(&e.metric) {
        let mut buf = [0u8; 32];
        hand_encode_metric(k, &mut buf).unwrap();
        assert_eq!(&buf[..], &bytes[..]);
        assert_eq!(format_metric(k), *bytes);
        assert_eq!(hand_decode_metric(bytes).unwrap(), *k);
        assert_eq!(Metric::decode(bytes).unwrap(), *k);
    }
    for (k, bytes) in i.log.iter().zip(&e.log) {
        let mut buf = [0u8; LOG_BUF];
        let n = hand_encode_log(k, &mut buf).unwrap();
        assert_eq!(&buf[..n], &bytes[..]);
        assert_eq!(format_log(k), *bytes);
        assert_eq!(hand_decode_log::<true>(bytes).unwrap(), *k);
        assert_eq!(LogEvent::decode(bytes).unwrap(), *k);
    }
    for (k, bytes) in i.seller.iter().zip(&e.seller) {
        let mut buf = [0u8; 24];
        hand_encode_seller(k, &mut buf).unwrap();
        assert_eq!(&buf[..], &bytes[..]);
        assert_eq!(hand_decode_seller(bytes).unwrap(), *k);
        assert_eq!(SellerOrder::decode(bytes).unwrap(), *k);
    }
    // Scan ranges: the hand-written rows are the derived ones.
    for k in &i.user {
        let (a, b) = (k.order_id / 2, k.order_id / 2 + 1000);
        let d: Vec<_> = UserOrder::scan()
            .user_id(k.user_id)
            .order_id(a..b)
            .ranges()
            .unwrap()
            .collect();
        let h = hand_scan_user(k.user_id, a, b).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].start(), &h.start[..h.start_len]);
        assert_eq!(d[0].stop(), Some(&h.stop[..h.stop_len]));
    }
    for k in &i.metric {
        let (t1, t2) = (k.ts, k.ts + 3_600_000);
        let d: Vec<_> = Metric::scan()
            .host(k.host)
            .event(k.event)
            .ts(t1..=t2)
            .ranges()
            .unwrap()
            .collect();
        let h = hand_scan_metric(k.host, k.event, t1, t2).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].start(), &h.start[..h.start_len]);
        assert_eq!(d[0].stop(), Some(&h.stop[..h.stop_len]));
    }
    for k in &i.log {
        let (a, b) = (k.ts, k.ts + 60_000);
        let d: Vec<_> = LogEvent::scan().ts(a..b).ranges().unwrap().collect();
        let h: Vec<_> = hand_scan_log(a, b).collect();
        assert_eq!(d.len(), 16);
        for (d, h) in d.iter().zip(&h) {
            assert_eq!(d.start(), &h.start[..h.start_len]);
            assert_eq!(d.stop(), Some(&h.stop[..h.stop_len]));
        }
    }
    for k in &i.seller {
        let (a, b) = (k.ts, k.ts + 86_400_000);
        let d: Vec<_> = SellerOrder::scan()
            .seller_id(k.seller_id)
            .ts(a..b)
            .ranges()
            .unwrap()
            .collect();
        let h = hand_scan_seller(k.seller_id, a, b);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].start(), &h.start[..h.start_len]);
        assert_eq!(d[0].stop(), Some(&h.stop[..h.stop_len]));
    }
    for k in &i.tsdb {
        let (a, b) = (k.ts, k.ts + 3_600_000);
        let d: Vec<_> = Tsdb::scan()
            .metric(k.metric)
            .ts(a..b)
            .ranges()
            .unwrap()
            .collect();
        let h: Vec<_> = hand_scan_tsdb(k.metric, a, b).unwrap().collect();
        assert_eq!(d.len(), 16);
        assert_eq!(h.len(), 16);
        for (d, h) in d.iter().zip(&h) {
            assert_eq!(d.start(), &h.start[..h.start_len]);
            assert_eq!(d.stop(), Some(&h.stop[..h.stop_len]));
        }
    }
    for k in &i.wide {
        let (a, b) = (k.ts, k.ts + 3_600_000);
        let d = WideBucket::scan().ts(a..b).ranges().unwrap();
        assert_eq!(d.fan_out(), 65_536);
        let mut h = hand_scan_wide(a, b);
        for d in d {
            let h = h.next().unwrap();
            assert_eq!(d.start(), &h.start[..h.start_len]);
            assert_eq!(d.stop(), Some(&h.stop[..h.stop_len]));
        }
        assert!(h.next().is_none());
    }
}

fn storekey_bytes(k: &UserOrder) -> Vec<u8> {
    let mut out = Vec::new();
    storekey::encode(&mut out, &(k.user_id, k.order_id)).unwrap();
    out
}

/// Encodes with storekey into a stack buffer; returns the length.
#[inline]
fn storekey_into<E: storekey::Encode>(value: &E, buf: &mut [u8]) -> usize {
    let total = buf.len();
    let mut rest = &mut buf[..];
    storekey::encode(&mut rest, value).unwrap();
    total - rest.len()
}

// ---------------------------------------------------------------- benchmarks
//
// Each benchmark body runs one operation over all N inputs; the names
// (`derived`, `hand`, `format`, `md5_floor`, `storekey`) are what
// scripts/bench-table.sh reads.

macro_rules! bench_over {
    ($b:expr, $inputs:expr, |$k:ident| $body:expr) => {{
        let inputs = $inputs;
        $b.counter(ItemsCount::new(inputs.len())).bench_local(|| {
            for $k in black_box(inputs) {
                black_box($body);
            }
        });
    }};
}

mod user_order {
    use super::*;

    mod encode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.user.as_slice(), |k| {
                let mut buf = [0u8; UserOrder::MAX_LEN];
                let n = k.encode_into(&mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.user.as_slice(), |k| {
                let mut buf = [0u8; 28];
                let n = hand_encode_user(k, &mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn md5_floor(b: Bencher) {
            bench_over!(b, INPUTS.user.as_slice(), |k| Md5::digest(
                k.user_id.as_bytes()
            ));
        }

        #[divan::bench]
        fn format(b: Bencher) {
            bench_over!(b, INPUTS.user.as_slice(), |k| format_user(k));
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, INPUTS.user.as_slice(), |k| {
                let mut buf = [0u8; 64];
                let n = storekey_into(&(k.user_id, k.order_id), &mut buf);
                black_box(&buf[..n]);
            });
        }
    }

    mod decode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, ENCODED.user.as_slice(), |k| UserOrder::decode(k)
                .unwrap());
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, ENCODED.user.as_slice(), |k| hand_decode_user::<true>(k)
                .unwrap());
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, ENCODED.sk_user.as_slice(), |k| {
                storekey::decode_borrow::<(Cow<str>, u64)>(k).unwrap()
            });
        }
    }

    mod decode_unverified {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, ENCODED.user.as_slice(), |k| {
                UserOrder::decode_unverified(k).unwrap()
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, ENCODED.user.as_slice(), |k| hand_decode_user::<false>(k)
                .unwrap());
        }
    }

    mod scan {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.user.as_slice(), |k| {
                let (a, z) = (k.order_id / 2, k.order_id / 2 + 1000);
                for r in UserOrder::scan()
                    .user_id(k.user_id)
                    .order_id(a..z)
                    .ranges()
                    .unwrap()
                {
                    black_box(&r);
                }
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.user.as_slice(), |k| {
                let (a, z) = (k.order_id / 2, k.order_id / 2 + 1000);
                black_box(&hand_scan_user(k.user_id, a, z).unwrap());
            });
        }
    }
}

mod metric {
    use super::*;

    mod encode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.metric.as_slice(), |k| {
                let mut buf = [0u8; Metric::MAX_LEN];
                let n = k.encode_into(&mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.metric.as_slice(), |k| {
                let mut buf = [0u8; 32];
                let n = hand_encode_metric(k, &mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn format(b: Bencher) {
            bench_over!(b, INPUTS.metric.as_slice(), |k| format_metric(k));
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, INPUTS.metric.as_slice(), |k| {
                let mut buf = [0u8; 64];
                let n = storekey_into(&(k.host, k.event, k.ts), &mut buf);
                black_box(&buf[..n]);
            });
        }
    }

    mod decode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, ENCODED.metric.as_slice(), |k| Metric::decode(k).unwrap());
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, ENCODED.metric.as_slice(), |k| hand_decode_metric(k)
                .unwrap());
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, ENCODED.sk_metric.as_slice(), |k| {
                storekey::decode_borrow::<(Cow<str>, Cow<str>, u64)>(k).unwrap()
            });
        }
    }

    mod scan {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.metric.as_slice(), |k| {
                for r in Metric::scan()
                    .host(k.host)
                    .event(k.event)
                    .ts(k.ts..=k.ts + 3_600_000)
                    .ranges()
                    .unwrap()
                {
                    black_box(&r);
                }
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.metric.as_slice(), |k| {
                black_box(&hand_scan_metric(k.host, k.event, k.ts, k.ts + 3_600_000).unwrap());
            });
        }
    }
}

mod log_event {
    use super::*;

    mod encode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.log.as_slice(), |k| {
                let mut buf = [0u8; LOG_BUF];
                let n = k.encode_into(&mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.log.as_slice(), |k| {
                let mut buf = [0u8; LOG_BUF];
                let n = hand_encode_log(k, &mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn format(b: Bencher) {
            bench_over!(b, INPUTS.log.as_slice(), |k| format_log(k));
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, INPUTS.log.as_slice(), |k| {
                let mut buf = [0u8; 128];
                let n = storekey_into(&(k.ts, k.host, k.event), &mut buf);
                black_box(&buf[..n]);
            });
        }
    }

    mod decode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, ENCODED.log.as_slice(), |k| LogEvent::decode(k).unwrap());
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, ENCODED.log.as_slice(), |k| hand_decode_log::<true>(k)
                .unwrap());
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, ENCODED.sk_log.as_slice(), |k| {
                storekey::decode_borrow::<(u64, Cow<str>, Cow<str>)>(k).unwrap()
            });
        }
    }

    mod decode_unverified {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, ENCODED.log.as_slice(), |k| LogEvent::decode_unverified(
                k
            )
            .unwrap());
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, ENCODED.log.as_slice(), |k| hand_decode_log::<false>(k)
                .unwrap());
        }
    }

    mod scan {
        use super::*;

        /// A one-minute window over all 16 buckets.
        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.log.as_slice(), |k| {
                for r in LogEvent::scan().ts(k.ts..k.ts + 60_000).ranges().unwrap() {
                    black_box(&r);
                }
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.log.as_slice(), |k| {
                for r in hand_scan_log(k.ts, k.ts + 60_000) {
                    black_box(&r);
                }
            });
        }
    }
}

mod seller_order {
    use super::*;

    mod encode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.seller.as_slice(), |k| {
                let mut buf = [0u8; SellerOrder::MAX_LEN];
                let n = k.encode_into(&mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.seller.as_slice(), |k| {
                let mut buf = [0u8; 24];
                let n = hand_encode_seller(k, &mut buf).unwrap();
                black_box(&buf[..n]);
            });
        }

        #[divan::bench]
        fn format(b: Bencher) {
            bench_over!(b, INPUTS.seller.as_slice(), |k| format_seller(k));
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, INPUTS.seller.as_slice(), |k| {
                let mut buf = [0u8; 32];
                let n = storekey_into(&(k.seller_id, k.ts, k.order_no), &mut buf);
                black_box(&buf[..n]);
            });
        }
    }

    mod decode {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, ENCODED.seller.as_slice(), |k| SellerOrder::decode(k)
                .unwrap());
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, ENCODED.seller.as_slice(), |k| hand_decode_seller(k)
                .unwrap());
        }

        #[divan::bench]
        fn storekey(b: Bencher) {
            bench_over!(b, ENCODED.sk_seller.as_slice(), |k| {
                storekey::decode_borrow::<(u64, u64, u64)>(k).unwrap()
            });
        }
    }

    mod scan {
        use super::*;

        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.seller.as_slice(), |k| {
                for r in SellerOrder::scan()
                    .seller_id(k.seller_id)
                    .ts(k.ts..k.ts + 86_400_000)
                    .ranges()
                    .unwrap()
                {
                    black_box(&r);
                }
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.seller.as_slice(), |k| {
                black_box(&hand_scan_seller(k.seller_id, k.ts, k.ts + 86_400_000));
            });
        }
    }
}

mod tsdb {
    use super::*;

    mod scan {
        use super::*;

        /// One metric's hour over all 16 salt values.
        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.tsdb.as_slice(), |k| {
                for r in Tsdb::scan()
                    .metric(k.metric)
                    .ts(k.ts..k.ts + 3_600_000)
                    .ranges()
                    .unwrap()
                {
                    black_box(&r);
                }
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.tsdb.as_slice(), |k| {
                for r in hand_scan_tsdb(k.metric, k.ts, k.ts + 3_600_000).unwrap() {
                    black_box(&r);
                }
            });
        }
    }
}

mod wide_bucket {
    use super::*;

    mod scan {
        use super::*;

        /// An hour over all 65,536 buckets (the two-byte bucket).
        #[divan::bench]
        fn derived(b: Bencher) {
            bench_over!(b, INPUTS.wide.as_slice(), |k| {
                for r in WideBucket::scan()
                    .ts(k.ts..k.ts + 3_600_000)
                    .ranges()
                    .unwrap()
                {
                    black_box(&r);
                }
            });
        }

        #[divan::bench]
        fn hand(b: Bencher) {
            bench_over!(b, INPUTS.wide.as_slice(), |k| {
                for r in hand_scan_wide(k.ts, k.ts + 3_600_000) {
                    black_box(&r);
                }
            });
        }
    }
}
