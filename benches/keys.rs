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
//! Four more layouts, measured by `scripts/callgrind-table.sh` only (encode,
//! decode, and scan where the layout has an order to scan), cover the
//! attributes whose bytes the runtime's rules write: `TextOrder`
//! (`#[decimal]` with `#[delim(b'_')]`, `#[decimal(13)]`), `TsdbRow`
//! (`#[width(3)]` UIDs), `Trade` (`#[desc]`, `Option<u32>`) and `Blob`
//! (`#[escaped]`), each against a hand-written baseline with the same
//! refusals.
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

/// RowKeyUtil's text key: `regionId + "_" + Long.toString(userId) + "_" +
/// String.format("%013d", ts)`: variable-width digits joined by `_`, then a
/// zero-padded millisecond timestamp that sorts as the number does.
#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct TextOrder {
    #[decimal]
    #[delim(b'_')]
    region: u32,
    #[decimal]
    #[delim(b'_')]
    user_id: u64,
    #[decimal(13)]
    ts: u64,
}

/// A text key's buffer: 10 digits of a u32, 20 of a u64, two `_`, 13 digits
/// (the derive gives `#[decimal]` fields no maximum width, so no `MAX_LEN`).
const TEXT_BUF: usize = 10 + 1 + 20 + 1 + 13;

/// OpenTSDB's `tsdb` row: a 3-byte metric UID, the hour's base time in
/// seconds (4 bytes), then two tag key/value pairs of 3-byte UIDs
/// (`UniqueId.longToUID`).
#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct TsdbRow {
    #[width(3)]
    metric: u32,
    base_time: u32,
    #[width(3)]
    tagk1: u32,
    #[width(3)]
    tagv1: u32,
    #[width(3)]
    tagk2: u32,
    #[width(3)]
    tagv2: u32,
}

/// An ordered key as Phoenix lays out `PRIMARY KEY (account_id, trade_ts
/// DESC, venue_id)`: the newest trade of an account first, then a nullable
/// venue (a presence byte, `None` first).
#[derive(RowKey, Debug, PartialEq, Clone, Copy)]
struct Trade {
    account_id: u64,
    #[desc]
    ts: u64,
    venue: Option<u32>,
}

/// OrderedCode's (string, u64) key: an object name escaped and terminated,
/// then its version, so every version of a name is one contiguous range
/// whatever bytes the name holds.
#[derive(RowKey, Debug, PartialEq, Clone)]
struct Blob {
    #[escaped]
    name: String,
    version: u64,
}

/// A blob key's buffer: the inputs' names are at most 30 bytes, each
/// escaping to at most two, then the terminator and the version.
const BLOB_BUF: usize = 2 * 30 + 2 + 8;

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
    text: Vec<TextOrder>,
    tsdb_row: Vec<TsdbRow>,
    trade: Vec<Trade>,
    blob: Vec<Blob>,
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
    // Region ids of 1 to 4 digits, user ids of 1 to 20 (every length a
    // u64 has, its largest included).
    let text = (0..N)
        .map(|_| {
            let region = u32::try_from(r.next() % 10_u64.pow(1 + r.below(4) as u32)).unwrap();
            let digits = 1 + r.below(20) as u32;
            let user_id = if digits == 20 {
                u64::MAX - r.next() % 1_000
            } else {
                r.next() % 10_u64.pow(digits)
            };
            TextOrder {
                region,
                user_id,
                ts: r.ts(),
            }
        })
        .collect();
    let uid = |r: &mut Rng| u32::try_from(r.next() % (1 << 24)).unwrap();
    let tsdb_row = (0..N)
        .map(|_| TsdbRow {
            metric: uid(&mut r),
            base_time: u32::try_from(r.ts() / 1000 / 3600 * 3600).unwrap(),
            tagk1: uid(&mut r),
            tagv1: uid(&mut r),
            tagk2: uid(&mut r),
            tagv2: uid(&mut r),
        })
        .collect();
    // A quarter of the trades have no venue.
    let trade = (0..N)
        .map(|_| Trade {
            account_id: r.next() % 1_000_000,
            ts: r.ts(),
            venue: (r.below(4) != 0).then(|| u32::try_from(r.next() % 10_000).unwrap()),
        })
        .collect();
    // An eighth of the names hold a 0x00 byte, which the key escapes.
    let blob = (0..N)
        .map(|_| {
            let len = 4 + r.below(26);
            let mut name = r.word(len).to_owned();
            if r.below(8) == 0 {
                name.insert(r.below(len as u64), '\0');
            }
            Blob {
                name,
                version: r.next(),
            }
        })
        .collect();
    Inputs {
        user,
        metric,
        log,
        seller,
        tsdb,
        wide,
        text,
        tsdb_row,
        trade,
        blob,
    }
});

/// Encoded keys, for the decode benchmarks.
struct Encoded {
    user: Vec<Vec<u8>>,
    metric: Vec<Vec<u8>>,
    log: Vec<Vec<u8>>,
    seller: Vec<Vec<u8>>,
    text: Vec<Vec<u8>>,
    tsdb_row: Vec<Vec<u8>>,
    trade: Vec<Vec<u8>>,
    blob: Vec<Vec<u8>>,
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
        text: i.text.iter().map(|k| k.to_vec().unwrap()).collect(),
        tsdb_row: i.tsdb_row.iter().map(|k| k.to_vec().unwrap()).collect(),
        trade: i.trade.iter().map(|k| k.to_vec().unwrap()).collect(),
        blob: i.blob.iter().map(|k| k.to_vec().unwrap()).collect(),
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
    TooManyDigits {
        field: &'static str,
        width: usize,
    },
    TooWide {
        field: &'static str,
        value: u32,
        width: usize,
    },
    NoDelimiter {
        field: &'static str,
    },
    Invalid {
        field: &'static str,
        reason: &'static str,
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

// Text keys: digits as `Long.toString` and `String.format("%0Wd")` write
// them, read back only in that form.

/// How many digits `v` has (1 for 0).
#[inline]
fn digits_of(v: u64) -> usize {
    v.checked_ilog10().map_or(1, |l| l as usize + 1)
}

/// `v`'s digits, right-aligned and zero-padded, filling `out`.
#[inline]
fn put_digits(mut v: u64, out: &mut [u8]) {
    for o in out.iter_mut().rev() {
        *o = b'0' + (v % 10) as u8;
        v /= 10;
    }
}

/// Digits back to their number: no empty text, no other byte, no leading
/// zero unless `padded` (one value, one key), nothing over `u64::MAX`.
#[inline]
fn parse_digits(field: &'static str, b: &[u8], padded: bool) -> Result<u64, HandError> {
    let invalid = |reason| HandError::Invalid { field, reason };
    if b.is_empty() {
        return Err(invalid("no digits"));
    }
    if !padded && b.len() > 1 && b[0] == b'0' {
        return Err(invalid("leading zero"));
    }
    if b.len() > 20 {
        return Err(invalid("too large"));
    }
    let mut v: u64 = 0;
    for &c in b {
        if !c.is_ascii_digit() {
            return Err(invalid("not a digit"));
        }
        // 19 digits cannot overflow; the 20th can.
        v = if b.len() < 20 {
            v * 10 + u64::from(c - b'0')
        } else {
            v.checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(c - b'0')))
                .ok_or(invalid("too large"))?
        };
    }
    Ok(v)
}

/// The bytes before the next `_` and the rest after it.
#[inline]
fn split_delim<'a>(field: &'static str, b: &'a [u8]) -> Result<(&'a [u8], &'a [u8]), HandError> {
    let at = b
        .iter()
        .position(|&c| c == b'_')
        .ok_or(HandError::NoDelimiter { field })?;
    Ok((&b[..at], &b[at + 1..]))
}

const TEXT_TS_MAX: u64 = 9_999_999_999_999;

fn hand_encode_text(k: &TextOrder, out: &mut [u8; TEXT_BUF]) -> Result<usize, HandError> {
    if k.ts > TEXT_TS_MAX {
        return Err(HandError::TooManyDigits {
            field: "ts",
            width: 13,
        });
    }
    let region = u64::from(k.region);
    let (r, u) = (digits_of(region), digits_of(k.user_id));
    put_digits(region, &mut out[..r]);
    out[r] = b'_';
    put_digits(k.user_id, &mut out[r + 1..r + 1 + u]);
    out[r + 1 + u] = b'_';
    let len = r + u + 2 + 13;
    put_digits(k.ts, &mut out[r + u + 2..len]);
    Ok(len)
}

fn hand_decode_text(b: &[u8]) -> Result<TextOrder, HandError> {
    let (region, rest) = split_delim("region", b)?;
    let region = parse_digits("region", region, false)?;
    let region = u32::try_from(region).map_err(|_| HandError::Invalid {
        field: "region",
        reason: "too large",
    })?;
    let (user_id, rest) = split_delim("user_id", rest)?;
    let user_id = parse_digits("user_id", user_id, false)?;
    hand_exact_len(rest, 13)?;
    Ok(TextOrder {
        region,
        user_id,
        ts: parse_digits("ts", rest, true)?,
    })
}

// OpenTSDB: 3-byte UIDs.

#[inline]
fn put_uid(field: &'static str, v: u32, out: &mut [u8]) -> Result<(), HandError> {
    if v >> 24 != 0 {
        return Err(HandError::TooWide {
            field,
            value: v,
            width: 3,
        });
    }
    out.copy_from_slice(&v.to_be_bytes()[1..]);
    Ok(())
}

#[inline]
fn uid(b: &[u8]) -> u32 {
    u32::from_be_bytes([0, b[0], b[1], b[2]])
}

fn hand_encode_tsdb_row(k: &TsdbRow, out: &mut [u8; 19]) -> Result<usize, HandError> {
    put_uid("metric", k.metric, &mut out[..3])?;
    out[3..7].copy_from_slice(&k.base_time.to_be_bytes());
    put_uid("tagk1", k.tagk1, &mut out[7..10])?;
    put_uid("tagv1", k.tagv1, &mut out[10..13])?;
    put_uid("tagk2", k.tagk2, &mut out[13..16])?;
    put_uid("tagv2", k.tagv2, &mut out[16..19])?;
    Ok(19)
}

fn hand_decode_tsdb_row(b: &[u8]) -> Result<TsdbRow, HandError> {
    hand_exact_len(b, 19)?;
    Ok(TsdbRow {
        metric: uid(&b[..3]),
        base_time: u32::from_be_bytes(b[3..7].try_into().unwrap()),
        tagk1: uid(&b[7..10]),
        tagv1: uid(&b[10..13]),
        tagk2: uid(&b[13..16]),
        tagv2: uid(&b[16..19]),
    })
}

// Ordered keys: a descending timestamp (its bytes inverted) and a nullable
// venue (presence byte 0 or 1).

fn hand_encode_trade(k: &Trade, out: &mut [u8; 21]) -> Result<usize, HandError> {
    out[..8].copy_from_slice(&k.account_id.to_be_bytes());
    out[8..16].copy_from_slice(&(!k.ts).to_be_bytes());
    match k.venue {
        None => {
            out[16] = 0;
            Ok(17)
        }
        Some(v) => {
            out[16] = 1;
            out[17..21].copy_from_slice(&v.to_be_bytes());
            Ok(21)
        }
    }
}

fn hand_decode_trade(b: &[u8]) -> Result<Trade, HandError> {
    if b.len() < 17 {
        return Err(HandError::UnexpectedEnd {
            needed: 17,
            available: b.len(),
        });
    }
    let venue = match b[16] {
        0 => {
            hand_exact_len(b, 17)?;
            None
        }
        1 => {
            hand_exact_len(b, 21)?;
            Some(u32::from_be_bytes(b[17..21].try_into().unwrap()))
        }
        _ => {
            return Err(HandError::Invalid {
                field: "venue",
                reason: "presence byte neither 0 nor 1",
            })
        }
    };
    Ok(Trade {
        account_id: be_u64(&b[..8]),
        ts: !be_u64(&b[8..16]),
        venue,
    })
}

// OrderedCode strings: 0x00 as 0x00 0xFF, 0xFF as 0xFF 0x00, then 0x00 0x01.

#[inline]
fn escaped_len(raw: &[u8]) -> usize {
    raw.len() + raw.iter().filter(|&&c| c == 0x00 || c == 0xFF).count() + 2
}

/// Writes `raw` escaped and terminated at the front of `out`; returns the
/// length written (the caller has checked `out` holds `escaped_len`).
#[inline]
fn put_escaped(raw: &[u8], out: &mut [u8]) -> usize {
    let mut o = 0;
    for &c in raw {
        out[o] = c;
        o += 1;
        if c == 0x00 || c == 0xFF {
            out[o] = !c;
            o += 1;
        }
    }
    out[o..o + 2].copy_from_slice(&[0x00, 0x01]);
    o + 2
}

/// Reads an escaped string at the front of `b`: its escapes checked, the
/// value unescaped, UTF-8 checked; returns it and the bytes after the
/// terminator.
#[inline]
fn take_escaped_str<'a>(field: &'static str, b: &'a [u8]) -> Result<(String, &'a [u8]), HandError> {
    let mut raw = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == 0x00 || c == 0xFF {
            let next = b.get(i + 1).copied();
            match (c, next) {
                (0x00, Some(0x01)) => {
                    let s = String::from_utf8(raw).map_err(|e| HandError::InvalidUtf8 {
                        field,
                        valid_up_to: e.utf8_error().valid_up_to(),
                    })?;
                    return Ok((s, &b[i + 2..]));
                }
                (0x00, Some(0xFF)) | (0xFF, Some(0x00)) => i += 2,
                (_, None) => break,
                _ => {
                    return Err(HandError::Invalid {
                        field,
                        reason: "broken escape",
                    })
                }
            }
        } else {
            i += 1;
        }
        raw.push(c);
    }
    Err(HandError::Invalid {
        field,
        reason: "no terminator",
    })
}

fn hand_encode_blob(k: &Blob, out: &mut [u8]) -> Result<usize, HandError> {
    let name = k.name.as_bytes();
    let len = escaped_len(name) + 8;
    if len > 32767 {
        return Err(HandError::KeyTooLong { len });
    }
    if out.len() < len {
        return Err(HandError::BufferTooSmall {
            needed: len,
            available: out.len(),
        });
    }
    let n = put_escaped(name, out);
    out[n..len].copy_from_slice(&k.version.to_be_bytes());
    Ok(len)
}

fn hand_decode_blob(b: &[u8]) -> Result<Blob, HandError> {
    let (name, rest) = take_escaped_str("name", b)?;
    hand_exact_len(rest, 8)?;
    Ok(Blob {
        name,
        version: be_u64(rest),
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

/// `Trade::scan().account_id(a).ts(t1..=t2)`: descending, so the stored
/// bounds swap (inverted), and the stop row is the upper one incremented.
fn hand_scan_trade(account: u64, t1: u64, t2: u64) -> HandRange<{ Trade::SCAN_CAP }> {
    let mut start = [0u8; 16];
    start[..8].copy_from_slice(&account.to_be_bytes());
    let mut stop = start;
    start[8..].copy_from_slice(&(!t2).to_be_bytes());
    stop[8..].copy_from_slice(&(!t1).to_be_bytes());
    let stop_len = increment(&mut stop);
    HandRange::new(&start, &stop[..stop_len])
}

/// `Blob::scan().name(n).version(a..b)`.
fn hand_scan_blob(name: &str, a: u64, b: u64) -> Result<HandRange<{ Blob::SCAN_CAP }>, HandError> {
    let mut start = [0u8; BLOB_BUF];
    let len = escaped_len(name.as_bytes()) + 8;
    if len > BLOB_BUF {
        return Err(HandError::BufferTooSmall {
            needed: len,
            available: BLOB_BUF,
        });
    }
    let n = put_escaped(name.as_bytes(), &mut start);
    let mut stop = start;
    start[n..len].copy_from_slice(&a.to_be_bytes());
    stop[n..len].copy_from_slice(&b.to_be_bytes());
    Ok(HandRange::new(&start[..len], &stop[..len]))
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
    for (k, bytes) in i.text.iter().zip(&e.text) {
        let mut buf = [0u8; TEXT_BUF];
        let n = hand_encode_text(k, &mut buf).unwrap();
        assert_eq!(&buf[..n], &bytes[..]);
        assert_eq!(hand_decode_text(bytes).unwrap(), *k);
        assert_eq!(TextOrder::decode(bytes).unwrap(), *k);
    }
    for (k, bytes) in i.tsdb_row.iter().zip(&e.tsdb_row) {
        let mut buf = [0u8; 19];
        hand_encode_tsdb_row(k, &mut buf).unwrap();
        assert_eq!(&buf[..], &bytes[..]);
        assert_eq!(hand_decode_tsdb_row(bytes).unwrap(), *k);
        assert_eq!(TsdbRow::decode(bytes).unwrap(), *k);
    }
    for (k, bytes) in i.trade.iter().zip(&e.trade) {
        let mut buf = [0u8; 21];
        let n = hand_encode_trade(k, &mut buf).unwrap();
        assert_eq!(&buf[..n], &bytes[..]);
        assert_eq!(hand_decode_trade(bytes).unwrap(), *k);
        assert_eq!(Trade::decode(bytes).unwrap(), *k);
    }
    for (k, bytes) in i.blob.iter().zip(&e.blob) {
        let mut buf = [0u8; BLOB_BUF];
        let n = hand_encode_blob(k, &mut buf).unwrap();
        assert_eq!(&buf[..n], &bytes[..]);
        assert_eq!(hand_decode_blob(bytes).unwrap(), *k);
        assert_eq!(Blob::decode(bytes).unwrap(), *k);
    }
    // Both refuse what the other refuses: on encode, a value over its
    // width.
    let mut wide = i.text[0];
    wide.ts = TEXT_TS_MAX + 1;
    assert!(hand_encode_text(&wide, &mut [0; TEXT_BUF]).is_err());
    assert!(wide.to_vec().is_err());
    let mut wide = i.tsdb_row[0];
    wide.tagv2 = 1 << 24;
    assert!(hand_encode_tsdb_row(&wide, &mut [0; 19]).is_err());
    assert!(wide.to_vec().is_err());
    // And on decode, what no encode writes.
    for bad in [
        &b"07_1_0000000000001"[..],
        b"7_01_0000000000001",
        b"7_1a_0000000000001",
        b"7_1_000000000001",
        b"7_1_00000000000012",
        b"7_1_000000000000a",
        b"7-1_0000000000001",
        b"_1_0000000000001",
        b"4294967296_1_0000000000001",
        b"7_18446744073709551616_0000000000001",
    ] {
        assert!(hand_decode_text(bad).is_err(), "{bad:?}");
        assert!(TextOrder::decode(bad).is_err(), "{bad:?}");
    }
    let row = &e.tsdb_row[0];
    for bad in [&row[..18], &[row.as_slice(), &[0]].concat()] {
        assert!(hand_decode_tsdb_row(bad).is_err());
        assert!(TsdbRow::decode(bad).is_err());
    }
    let (some, none) = (
        e.trade.iter().find(|b| b.len() == 21).unwrap(),
        e.trade.iter().find(|b| b.len() == 17).unwrap(),
    );
    let mut presence = none.clone();
    presence[16] = 2;
    for bad in [&some[..20], &none[..16], &some[..17], &presence[..]] {
        assert!(hand_decode_trade(bad).is_err(), "{bad:?}");
        assert!(Trade::decode(bad).is_err(), "{bad:?}");
    }
    let escaped = e.blob.iter().find(|b| b.contains(&0xFF)).unwrap();
    let at = escaped.iter().position(|&b| b == 0xFF).unwrap();
    let mut broken = escaped.clone();
    broken[at] = 0x02;
    let mut cut = e.blob[0].clone();
    cut.truncate(cut.len() - 9);
    let utf8 = [&[0x61, 0xC3, 0x00, 0x01][..], &[0; 8]].concat();
    for bad in [
        &broken[..],
        &cut[..],
        &utf8[..],
        &escaped[..escaped.len() - 1],
    ] {
        assert!(hand_decode_blob(bad).is_err(), "{bad:?}");
        assert!(Blob::decode(bad).is_err(), "{bad:?}");
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
    for k in &i.trade {
        let (t1, t2) = (k.ts, k.ts + 86_400_000);
        let d: Vec<_> = Trade::scan()
            .account_id(k.account_id)
            .ts(t1..=t2)
            .ranges()
            .unwrap()
            .collect();
        let h = hand_scan_trade(k.account_id, t1, t2);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].start(), &h.start[..h.start_len]);
        assert_eq!(d[0].stop(), Some(&h.stop[..h.stop_len]));
    }
    for k in &i.blob {
        let (a, b) = (k.version / 2, k.version / 2 + 1000);
        let d: Vec<_> = Blob::scan()
            .name(k.name.as_str())
            .version(a..b)
            .ranges()
            .unwrap()
            .collect();
        let h = hand_scan_blob(&k.name, a, b).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].start(), &h.start[..h.start_len]);
        assert_eq!(d[0].stop(), Some(&h.stop[..h.stop_len]));
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
