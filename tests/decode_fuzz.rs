//! Hostile bytes (issue 6.1): keys come back from tables that other programs
//! write, so `decode` is fed random bytes and mangled valid keys, 100,000 cases
//! per seed layout, and must
//!
//! - never panic (proptest catches a panic and reports it, shrunk, as a
//!   failure);
//! - return `Ok`, or an `Err` naming the key type and one of its fields
//!   (`"salt"` for a struct-level salt; bytes after the key's end are blamed
//!   on the last field), or no field for an error about the whole key;
//! - on `Ok`, re-encode to exactly the input, so no two byte strings decode to
//!   one value (canonicality);
//! - agree with `explain`, and with `decode_unverified` except where that
//!   skips a salt or bucket check.
//!
//! Each run also counts what it saw and fails if the inputs never reached
//! `Ok`, or never got a field blamed: a fuzz test that only ever fails at the
//! first byte proves nothing about the later fields. The last test feeds the
//! harness a deliberately non-canonical field type, to show it notices one.

mod common;

use common::hex;
use common::seeds::{
    BucketDecimal, BucketDesc, DelimFixed, Delimited, DescDelimMid, DescFixedDelim, DescI64,
    DescNameId, DescPadX, DescPadded, DescWindow, EscapedDelim, EscapedDesc, EscapedPair, HashedId,
    HashedNumber, Inbox, LogEvent, Metric, MetricText, OptionDecimal, Optional, OptionalDesc,
    OptionalDescName, OptionalEscaped, OptionalPad, OptionalPadTail, OptionalTail, RecentEvent,
    RegionTimestamp, ReverseTsDigits, ReversedUser, SaltDecimalW, SaltEscaped, SaltReverseTs,
    SaltedId, UidType, UserOrder, UserTimestamp, WideLogEvent, XColumns,
};
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::{RngAlgorithm, TestCaseError, TestError, TestRunner};
use rowkey::{DecodePart, Error, ErrorKind, Explain, KeyPart, RowKey, SegmentKind};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Debug;

const CASES: u32 = 100_000;

// ---------------------------------------------------------------------------
// The seed layouts (the same shapes as tests/golden.rs), plus a fixed-width
// one and a binary one so that every field type of SPEC §2 meets bad bytes.

#[derive(RowKey, Debug, PartialEq)]
struct Flags {
    active: bool,
    tag: [u8; 4],
    delta: i32,
}

#[derive(RowKey, Debug, PartialEq)]
struct Blob<'a> {
    #[delim]
    name: &'a [u8],
    #[pad(6, 0xff)]
    part: Vec<u8>,
    #[twos_complement]
    offset: i64,
}

// ---------------------------------------------------------------------------
// The harness.

/// What one layout's run saw, so the end of the run can tell a fuzz that
/// reached every field from one that bounced off the first byte.
#[derive(Default, Debug)]
struct Seen {
    ok: u64,
    blamed: BTreeMap<&'static str, u64>,
    trailing: u64,
}

/// What is known of a layout besides its type: the names an error may blame
/// and whether bytes can follow its last field. (Decoding is a closure per
/// layout, built by `run!`, since `K<'a>` borrows from each input.)
struct Layout<'s> {
    name: &'static str,
    fields: &'static [&'static str],
    struct_salt: bool,
    /// Whether the key ends in a fixed-width field, so that extra bytes are
    /// possible at all (an unpadded last string takes everything).
    bounded: bool,
    /// Fields no input can fail in (a last `&[u8]` takes any bytes).
    never_blamed: &'s [&'static str],
    seen: &'s RefCell<Seen>,
}

impl Layout<'_> {
    /// Checks one input's `decode`, `decode_unverified` and `explain`.
    fn check<K: RowKey + PartialEq + Debug, const N: usize>(
        &self,
        input: &[u8],
        decoded: &Result<K, Error>,
        unverified: &Result<K, Error>,
        explained: &Result<Explain<'_, N>, Error>,
    ) -> Result<(), TestCaseError> {
        match decoded {
            Ok(key) => {
                let again = key.to_vec().map_err(|e| {
                    TestCaseError::fail(format!(
                        "{} decoded to {key:?}, which does not re-encode: {e}",
                        hex(input)
                    ))
                })?;
                prop_assert!(
                    again == input,
                    "{:?} decodes from {} but re-encodes to {}: two keys for one value",
                    key,
                    hex(input),
                    hex(&again)
                );
                prop_assert_eq!(key.encoded_len(), input.len());
                let explain = explained.as_ref().map_err(|e| {
                    TestCaseError::fail(format!("{} decodes but explain refuses: {e}", hex(input)))
                })?;
                let mut at = 0;
                for s in explain.segments() {
                    prop_assert_eq!(s.start, at, "explain of {} skips bytes", hex(input));
                    prop_assert!(s.start <= s.end && s.end <= input.len());
                    let own = self.fields.contains(&s.name)
                        || (self.struct_salt && s.name == "salt" && s.kind == SegmentKind::Salt);
                    prop_assert!(own, "explain names {:?}, not a field", s.name);
                    at = s.end;
                }
                prop_assert_eq!(at, input.len(), "explain of {} misses the tail", hex(input));
                prop_assert!(rendered_len(&explain) > 0);
                self.seen.borrow_mut().ok += 1;
            }
            Err(e) => {
                prop_assert_eq!(e.key_name(), self.name, "error names another key: {}", e);
                prop_assert_eq!(
                    explained.as_ref().err(),
                    Some(e),
                    "explain and decode disagree on {}",
                    hex(input)
                );
                prop_assert!(rendered_len(e) > 0);
                prop_assert_eq!(
                    matches!(e.kind(), ErrorKind::EmptyKey),
                    input.is_empty(),
                    "an empty key is refused as such, and only it: {}",
                    e
                );
                let mut seen = self.seen.borrow_mut();
                if let ErrorKind::TrailingBytes { count } = *e.kind() {
                    prop_assert!(count > 0 && count <= input.len(), "{}", e);
                    // Named after the last field, where the key should have
                    // ended, or after none.
                    let last = self.fields.last().copied();
                    prop_assert!(e.field_name().is_none() || e.field_name() == last, "{}", e);
                    seen.trailing += 1;
                }
                match e.field_name() {
                    Some(field) => {
                        let own =
                            self.fields.contains(&field) || (self.struct_salt && field == "salt");
                        prop_assert!(own, "error blames {:?}, not a field: {}", field, e);
                        *seen.blamed.entry(field).or_default() += 1;
                    }
                    None => prop_assert!(
                        matches!(
                            e.kind(),
                            ErrorKind::TrailingBytes { .. }
                                | ErrorKind::KeyTooLong { .. }
                                | ErrorKind::EmptyKey
                        ),
                        "a decode error without a field: {}",
                        e
                    ),
                }
            }
        }
        // Skipping the salt and bucket checks may accept more, never less,
        // and never something else.
        match (decoded, unverified) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "decode_unverified of {}", hex(input)),
            (Ok(_), Err(e)) => {
                prop_assert!(false, "decode_unverified refuses what decode takes: {}", e);
            }
            (Err(e), unverified) => {
                let mismatch = matches!(
                    e.kind(),
                    ErrorKind::SaltMismatch | ErrorKind::BucketMismatch { .. }
                );
                if !mismatch {
                    prop_assert_eq!(
                        unverified.as_ref().err(),
                        Some(e),
                        "decode_unverified of {}",
                        hex(input)
                    );
                }
            }
        }
        Ok(())
    }

    /// After the run: the inputs reached every outcome the layout has.
    fn assert_coverage(&self) {
        let seen = self.seen.borrow();
        // Shown with `--nocapture`: how the cases spread over the outcomes.
        println!("{}: {seen:?}", self.name);
        let min = u64::from(CASES) / 200;
        assert!(
            seen.ok >= min,
            "{}: only {} of {CASES} inputs decoded: {seen:?}",
            self.name,
            seen.ok
        );
        for field in self
            .fields
            .iter()
            .filter(|f| !self.never_blamed.contains(f))
        {
            assert!(
                seen.blamed.get(field).copied().unwrap_or(0) > 0,
                "{}: no input got field {field} blamed: {seen:?}",
                self.name
            );
        }
        if self.struct_salt {
            assert!(
                seen.blamed.contains_key("salt"),
                "{}: salt never checked: {seen:?}",
                self.name
            );
        }
        assert_eq!(
            seen.trailing > 0,
            self.bounded,
            "{}: trailing-byte errors where the layout {} have them: {seen:?}",
            self.name,
            if self.bounded { "should" } else { "cannot" }
        );
    }
}

/// How many bytes `value` renders to with `{}`: exercises `Display` on
/// hostile input without building a string per case.
fn rendered_len(value: &dyn std::fmt::Display) -> usize {
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    let mut count = Count(0);
    std::fmt::write(&mut count, format_args!("{value}")).expect("Display does not fail");
    count.0
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        // A failure prints its shrunk input; no regression files are written
        // into the source tree.
        failure_persistence: None,
        // ChaCha, the default, is most of the run time in an unoptimized
        // test build; the inputs need no cryptographic quality.
        rng_algorithm: RngAlgorithm::XorShift,
        ..ProptestConfig::default()
    }
}

/// Runs `CASES` hostile inputs built around `valid` keys through `check`.
fn fuzz<S>(layout: &Layout<'_>, valid: S, check: impl Fn(&[u8]) -> Result<(), TestCaseError>)
where
    S: Strategy<Value = Vec<u8>> + Clone + 'static,
{
    let mut runner = TestRunner::new(config());
    match runner.run(&hostile(valid), |input| check(&input)) {
        Ok(()) => {}
        Err(TestError::Fail(why, input)) => {
            panic!(
                "{}: decode of {} (len {}): {why}",
                layout.name,
                hex(&input),
                input.len()
            )
        }
        Err(e) => panic!("{}: {e}", layout.name),
    }
    layout.assert_coverage();
}

/// Fuzzes one layout: `run!(Type, fields: [...], ...)`.
macro_rules! run {
    (
        $ty:ident,
        fields: $fields:expr,
        struct_salt: $salt:expr,
        $(never_blamed: [$($never:expr),* $(,)?],)?
        bounded: $bounded:expr,
        valid: $valid:expr $(,)?
    ) => {{
        let seen = RefCell::default();
        let layout = Layout {
            name: stringify!($ty),
            fields: &$fields,
            struct_salt: $salt,
            bounded: $bounded,
            never_blamed: &[$($($never),*)?],
            seen: &seen,
        };
        assert_eq!(<$ty as RowKey>::NAME, layout.name);
        fuzz(&layout, $valid, |input| {
            layout.check(
                input,
                &$ty::decode(input),
                &$ty::decode_unverified(input),
                &$ty::explain(input),
            )
        });
    }};
}

/// One `#[test]` per layout, so that the layouts run in parallel.
macro_rules! fuzz_layout {
    ($test:ident: $ty:ident, $($rest:tt)*) => {
        #[test]
        fn $test() {
            run!($ty, $($rest)*);
        }
    };
}

// ---------------------------------------------------------------------------
// Inputs: random bytes, valid keys, and valid keys with a few bytes flipped,
// overwritten, inserted, deleted, cut off or appended.

// The strategies below draw plain integers and map them, rather than choose
// between strategies with `prop_oneof!`: a union forks the random generator
// for every element, which in an unoptimized test build costs more than the
// decoding under test.

/// Bytes that mean something to some layout: pad bytes, delimiters, hex salt
/// characters, bool values, UTF-8 lead and continuation bytes, sign bits.
const SPECIAL_BYTES: [u8; 20] = [
    0, 1, 2, b'_', b'x', b'0', b'9', b'a', b'f', b'A', b'F', b'g', 0x7f, 0x80, 0xbf, 0xc3, 0xe6,
    0xf0, 0xfe, 0xff,
];

/// A special byte two times in five, else any byte.
fn pick_byte(draw: u16) -> u8 {
    let [select, byte] = draw.to_be_bytes();
    if select < 102 {
        SPECIAL_BYTES[usize::from(byte) % SPECIAL_BYTES.len()]
    } else {
        byte
    }
}

fn bytes(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<u8>> + Clone {
    proptest::collection::vec(any::<u16>(), len)
        .prop_map(|draws| draws.into_iter().map(pick_byte).collect())
}

/// One edit of a valid key: `kind` picks flip a bit, overwrite, insert,
/// delete, truncate or append; `at` where; `draw` the bit or bytes.
#[derive(Clone, Debug)]
struct Mutation {
    kind: u8,
    at: Index,
    draw: u32,
}

fn mutation() -> impl Strategy<Value = Mutation> + Clone {
    (0..12u8, any::<Index>(), any::<u32>()).prop_map(|(kind, at, draw)| Mutation { kind, at, draw })
}

fn mutate(mut key: Vec<u8>, mutations: Vec<Mutation>) -> Vec<u8> {
    for Mutation { kind, at, draw } in mutations {
        let len = key.len();
        let [b0, b1, b2, b3] = draw.to_be_bytes();
        let byte = pick_byte(u16::from_be_bytes([b0, b1]));
        match kind {
            0..=2 if len > 0 => key[at.index(len)] ^= 1 << (b3 % 8),
            3..=5 if len > 0 => key[at.index(len)] = byte,
            6..=7 => key.insert(at.index(len + 1), byte),
            8..=9 if len > 0 => {
                key.remove(at.index(len));
            }
            10 => key.truncate(at.index(len + 1)),
            11 => {
                key.push(byte);
                key.extend(&[pick_byte(u16::from_be_bytes([b2, b3]))][..usize::from(b3 & 1)]);
            }
            _ => {}
        }
    }
    key
}

fn hostile<S>(valid: S) -> impl Strategy<Value = Vec<u8>>
where
    S: Strategy<Value = Vec<u8>> + Clone + 'static,
{
    prop_oneof![
        4 => bytes(0..80),
        1 => valid.clone(),
        5 => (valid, proptest::collection::vec(mutation(), 1..4))
            .prop_map(|(key, m)| mutate(key, m)),
    ]
}

const SPECIAL_CHARS: [char; 10] = [
    '\0',
    '\u{1}',
    'x',
    '_',
    '\u{7f}',
    'é',
    '淘',
    '寶',
    '🦀',
    '\u{10FFFF}',
];

/// Any character two times in seven, a special one two in seven, else one
/// of `a`, `b`, `c` (so that values share prefixes).
fn any_char() -> impl Strategy<Value = char> + Clone {
    (any::<u8>(), any::<char>()).prop_map(|(select, c)| match select % 7 {
        0 | 1 => c,
        2 | 3 => SPECIAL_CHARS[usize::from(select / 7) % SPECIAL_CHARS.len()],
        _ => char::from(b'a' + select / 7 % 3),
    })
}

fn text(max_chars: usize) -> impl Strategy<Value = String> + Clone {
    proptest::collection::vec(any_char(), 0..=max_chars).prop_map(String::from_iter)
}

/// The longest prefix of `s` within `width` bytes.
fn prefix(s: &str, width: usize) -> &str {
    let mut end = 0;
    for (i, c) in s.char_indices() {
        if i + c.len_utf8() > width {
            break;
        }
        end = i + c.len_utf8();
    }
    &s[..end]
}

/// A value `#[pad(width, pad)]` accepts: a prefix that fits, without trailing
/// `pad` characters.
fn fit(s: &str, width: usize, pad: char) -> String {
    prefix(s, width).trim_end_matches(pad).to_owned()
}

fn ts() -> impl Strategy<Value = u64> + Clone {
    const MAX: u64 = i64::MAX as u64;
    prop_oneof![3 => 0..=MAX, 1 => select(vec![0, 1, MAX - 1, MAX])]
}

/// Encodes a value the strategy built to be valid; a refusal is a bug in the
/// strategy, reported as such.
fn enc<K: RowKey + Debug>(key: &K) -> Vec<u8> {
    key.to_vec()
        .unwrap_or_else(|e| panic!("test strategy built an invalid key {key:?}: {e}"))
}

// ---------------------------------------------------------------------------
// One test per layout, so they run in parallel.

fuzz_layout! {
    user_orders: UserOrder,
    fields: ["user_id", "order_id"],
    struct_salt: false,
    bounded: true,
    valid: (text(16), any::<u64>()).prop_map(|(u, order_id)| {
        enc(&UserOrder { user_id: &fit(&u, 16, '\0'), order_id })
    }),
}

fuzz_layout! {
    metrics: Metric,
    fields: ["host", "event", "ts"],
    struct_salt: false,
    bounded: true,
    valid: (text(16), text(8), ts()).prop_map(|(h, e, ts)| {
        enc(&Metric { host: &fit(&h, 16, '\0'), event: &fit(&e, 8, '\0'), ts })
    }),
}

fuzz_layout! {
    bucketed_logs: LogEvent,
    fields: ["ts", "host", "event"],
    struct_salt: false,
    bounded: false,
    valid: (any::<u64>(), text(16), text(24)).prop_map(|(ts, h, event)| {
        enc(&LogEvent { ts, host: &fit(&h, 16, '\0'), event: &event })
    }),
}

fuzz_layout! {
    bucketed_logs_wide: WideLogEvent,
    fields: ["ts", "host", "event"],
    struct_salt: false,
    bounded: false,
    valid: (any::<u64>(), text(16), text(24)).prop_map(|(ts, h, event)| {
        enc(&WideLogEvent { ts, host: &fit(&h, 16, '\0'), event: &event })
    }),
}

fuzz_layout! {
    delimited: Delimited,
    fields: ["c1", "c2"],
    struct_salt: false,
    bounded: false,
    valid: (text(12), text(12)).prop_map(|(c1, c2)| {
        enc(&Delimited { c1: &c1.replace('_', ""), c2: &c2 })
    }),
}

fuzz_layout! {
    rpad_x: XColumns,
    fields: ["c1", "c2"],
    struct_salt: false,
    bounded: false,
    valid: (text(20), text(12)).prop_map(|(c1, c2)| {
        enc(&XColumns { c1: &fit(&c1, 20, 'x'), c2: &c2 })
    }),
}

fuzz_layout! {
    reversed_user: ReversedUser,
    fields: ["user_id", "order_id"],
    struct_salt: false,
    bounded: true,
    // Reversed, the first character is written last, so it is the one that
    // must not be the pad byte.
    valid: (text(16), any::<u64>()).prop_map(|(u, order_id)| {
        let user_id = prefix(&u, 16).trim_start_matches('\0').to_owned();
        enc(&ReversedUser { user_id, order_id })
    }),
}

fuzz_layout! {
    uid_type: UidType,
    fields: ["uid", "kind"],
    struct_salt: true,
    bounded: false,
    valid: (text(12), text(12)).prop_map(|(uid, kind)| {
        enc(&UidType { uid: &uid.replace('_', ""), kind: &kind })
    }),
}

fuzz_layout! {
    bucket_reverse_ts: RecentEvent,
    fields: ["ts", "host"],
    struct_salt: false,
    bounded: false,
    valid: (ts(), text(16)).prop_map(|(ts, host)| enc(&RecentEvent { ts, host: &host })),
}

fuzz_layout! {
    salted_u64: SaltedId,
    fields: ["id"],
    struct_salt: false,
    bounded: true,
    valid: any::<u64>().prop_map(|id| enc(&SaltedId { id })),
}

fuzz_layout! {
    bool_array_i32: Flags,
    fields: ["active", "tag", "delta"],
    struct_salt: false,
    bounded: true,
    valid: (any::<bool>(), any::<[u8; 4]>(), any::<i32>())
        .prop_map(|(active, tag, delta)| enc(&Flags { active, tag, delta })),
}

fuzz_layout! {
    binary: Blob,
    fields: ["name", "part", "offset"],
    struct_salt: false,
    bounded: true,
    valid: (
        bytes(0..10),
        bytes(0..7),
        any::<i64>(),
    )
        .prop_map(|(mut name, mut part, offset)| {
            name.retain(|&b| b != 0);
            while part.last() == Some(&0xff) {
                part.pop();
            }
            enc(&Blob { name: &name, part, offset })
        }),
}

// SPEC §3a: text keys (a salt with its delimiter, digits), descending,
// escaped and optional fields. Each refuses what it cannot have written: a
// leading zero or a non-digit, a broken escape, a presence byte other than
// 0 and 1, a missing delimiter after a fixed-width field.

fuzz_layout! {
    metric_row_key: MetricText,
    fields: ["host", "window", "metric"],
    struct_salt: false,
    bounded: false,
    valid: (text(10), 0..=9_999_999_999u64, text(8)).prop_map(|(h, window, m)| {
        enc(&MetricText { host: &h.replace('_', ""), window, metric: &m })
    }),
}

fuzz_layout! {
    inbox_row_key: Inbox,
    fields: ["receiver_id", "ts", "sender_id"],
    struct_salt: false,
    bounded: false,
    valid: (text(8), ts(), text(8)).prop_map(|(r, ts, s)| {
        enc(&Inbox { receiver_id: &r.replace('_', ""), ts, sender_id: &s })
    }),
}

fuzz_layout! {
    hashed_number: HashedNumber,
    fields: ["id"],
    struct_salt: false,
    bounded: false,
    valid: any::<u64>().prop_map(|id| enc(&HashedNumber { id })),
}

fuzz_layout! {
    desc_name_id: DescNameId,
    fields: ["name", "id"],
    struct_salt: false,
    bounded: true,
    valid: (text(10), any::<u64>()).prop_map(|(n, id)| {
        enc(&DescNameId { name: n.replace('\0', ""), id })
    }),
}

fuzz_layout! {
    escaped_delim: EscapedDelim,
    fields: ["a", "b"],
    struct_salt: false,
    bounded: false,
    valid: (bytes(0..12), text(6)).prop_map(|(a, b)| enc(&EscapedDelim { a, b: &b })),
}

fuzz_layout! {
    escaped_desc: EscapedDesc,
    fields: ["a", "n"],
    struct_salt: false,
    bounded: true,
    valid: (bytes(0..12), any::<u32>()).prop_map(|(a, n)| enc(&EscapedDesc { a, n })),
}

fuzz_layout! {
    optional: Optional,
    fields: ["a", "b", "c"],
    struct_salt: false,
    // A None last field is one byte: anything after it is trailing.
    bounded: true,
    valid: (any::<Option<u32>>(), proptest::option::of(text(6)), proptest::option::of(text(6)))
        .prop_map(|(a, b, c)| {
            let b = b.map(|b| b.replace('\0', ""));
            enc(&Optional { a, b: b.as_deref(), c: c.as_deref() })
        }),
}

fuzz_layout! {
    optional_tail: OptionalTail,
    fields: ["account", "ts", "venue"],
    struct_salt: false,
    bounded: true,
    valid: (any::<u64>(), any::<u64>(), any::<Option<i32>>())
        .prop_map(|(account, ts, venue)| enc(&OptionalTail { account, ts, venue })),
}

fuzz_layout! {
    optional_pad_tail: OptionalPadTail,
    fields: ["n", "note"],
    struct_salt: false,
    bounded: true,
    valid: (any::<u16>(), proptest::option::of(text(6)))
        .prop_map(|(n, note)| enc(&OptionalPadTail { n, note: note.map(|t| fit(&t, 6, ' ')) })),
}

fuzz_layout! {
    optional_desc: OptionalDesc,
    fields: ["v", "tail"],
    struct_salt: false,
    bounded: false,
    valid: (any::<Option<u64>>(), text(6))
        .prop_map(|(v, t)| enc(&OptionalDesc { v, tail: &t })),
}

// The other §3a layouts of the golden vectors, alone and combined with a
// salt, a bucket, a pad or a delimiter.

fuzz_layout! {
    hash_row_key: HashedId,
    fields: ["id"],
    struct_salt: false,
    bounded: false,
    valid: text(12).prop_map(|id| enc(&HashedId { id: &id })),
}

fuzz_layout! {
    user_timestamp: UserTimestamp,
    fields: ["user_id", "ts"],
    struct_salt: false,
    bounded: false,
    valid: (text(8), any::<u64>()).prop_map(|(u, ts)| {
        enc(&UserTimestamp { user_id: &u.replace('_', ""), ts })
    }),
}

fuzz_layout! {
    region_timestamp: RegionTimestamp,
    fields: ["region", "ts"],
    struct_salt: false,
    bounded: false,
    valid: (text(8), any::<u64>()).prop_map(|(r, ts)| {
        enc(&RegionTimestamp { region: &r.replace('_', ""), ts })
    }),
}

fuzz_layout! {
    delim_fixed: DelimFixed,
    fields: ["id", "name"],
    struct_salt: false,
    bounded: false,
    valid: (any::<u64>(), text(8)).prop_map(|(id, n)| enc(&DelimFixed { id, name: &n })),
}

fuzz_layout! {
    desc_i64: DescI64,
    fields: ["v"],
    struct_salt: false,
    bounded: true,
    valid: any::<i64>().prop_map(|v| enc(&DescI64 { v })),
}

fuzz_layout! {
    desc_window: DescWindow,
    fields: ["window", "metric"],
    struct_salt: false,
    bounded: false,
    valid: (0..=9_999_999_999u64, text(8))
        .prop_map(|(window, m)| enc(&DescWindow { window, metric: &m })),
}

fuzz_layout! {
    desc_padded: DescPadded,
    fields: ["code", "n"],
    struct_salt: false,
    bounded: true,
    valid: (text(8), any::<u32>()).prop_map(|(c, n)| {
        enc(&DescPadded { code: fit(&c, 8, '\0'), n })
    }),
}

fuzz_layout! {
    desc_pad_x: DescPadX,
    fields: ["code", "n"],
    struct_salt: false,
    bounded: true,
    valid: (text(8), any::<u32>()).prop_map(|(c, n)| {
        enc(&DescPadX { code: fit(&c, 8, 'x'), n })
    }),
}

fuzz_layout! {
    desc_delim_mid: DescDelimMid,
    fields: ["name", "id"],
    struct_salt: false,
    bounded: true,
    valid: (text(10), any::<u64>()).prop_map(|(n, id)| {
        enc(&DescDelimMid { name: n.replace('_', ""), id })
    }),
}

fuzz_layout! {
    desc_fixed_delim: DescFixedDelim,
    fields: ["id", "w", "ts", "name"],
    struct_salt: false,
    bounded: false,
    valid: (any::<u64>(), 0..=9_999u32, ts(), text(8))
        .prop_map(|(id, w, ts, n)| enc(&DescFixedDelim { id, w, ts, name: &n })),
}

fuzz_layout! {
    salt_escaped: SaltEscaped,
    fields: ["a", "b"],
    struct_salt: false,
    bounded: false,
    valid: (bytes(0..8), text(6)).prop_map(|(a, b)| enc(&SaltEscaped { a, b: &b })),
}

fuzz_layout! {
    salt_reverse_ts: SaltReverseTs,
    fields: ["ts", "seen"],
    struct_salt: false,
    bounded: true,
    valid: (ts(), proptest::option::of(ts()))
        .prop_map(|(ts, seen)| enc(&SaltReverseTs { ts, seen })),
}

fuzz_layout! {
    bucket_desc: BucketDesc,
    fields: ["ts", "host"],
    struct_salt: false,
    bounded: false,
    valid: (any::<u64>(), text(8)).prop_map(|(ts, h)| enc(&BucketDesc { ts, host: &h })),
}

fuzz_layout! {
    bucket_decimal: BucketDecimal,
    fields: ["w", "host"],
    struct_salt: false,
    bounded: false,
    valid: (0..=9_999_999_999u64, text(8))
        .prop_map(|(w, h)| enc(&BucketDecimal { w, host: &h })),
}

fuzz_layout! {
    salt_decimal_w: SaltDecimalW,
    fields: ["id", "name"],
    struct_salt: false,
    bounded: false,
    valid: (0..=9_999_999_999u64, text(8))
        .prop_map(|(id, n)| enc(&SaltDecimalW { id, name: &n })),
}

fuzz_layout! {
    reverse_ts_digits: ReverseTsDigits,
    fields: ["ts"],
    struct_salt: false,
    bounded: false,
    valid: ts().prop_map(|ts| enc(&ReverseTsDigits { ts })),
}

fuzz_layout! {
    escaped_pair: EscapedPair,
    fields: ["a", "b"],
    struct_salt: false,
    // Last, `b: &[u8]` takes any bytes, so no input can fail in it.
    never_blamed: ["b"],
    bounded: false,
    valid: (bytes(0..12), bytes(0..6)).prop_map(|(a, b)| enc(&EscapedPair { a, b: &b })),
}

fuzz_layout! {
    option_decimal: OptionDecimal,
    fields: ["w", "metric"],
    struct_salt: false,
    bounded: false,
    valid: (proptest::option::of(0..=9_999_999_999u64), text(8))
        .prop_map(|(w, m)| enc(&OptionDecimal { w, metric: &m })),
}

fuzz_layout! {
    optional_desc_name: OptionalDescName,
    fields: ["name", "n"],
    struct_salt: false,
    bounded: true,
    valid: (proptest::option::of(text(8)), any::<u32>()).prop_map(|(name, n)| {
        enc(&OptionalDescName { name: name.map(|s| s.replace('\0', "")), n })
    }),
}

fuzz_layout! {
    optional_escaped: OptionalEscaped,
    fields: ["a", "b"],
    struct_salt: false,
    // Last, `b: &[u8]` takes any bytes, so no input can fail in it.
    never_blamed: ["b"],
    bounded: false,
    valid: (proptest::option::of(bytes(0..8)), bytes(0..4))
        .prop_map(|(a, b)| enc(&OptionalEscaped { a, b: &b })),
}

fuzz_layout! {
    optional_pad: OptionalPad,
    fields: ["a", "b"],
    struct_salt: false,
    bounded: true,
    valid: (proptest::option::of(text(4)), any::<u8>()).prop_map(|(a, b)| {
        let a = a.map(|s| fit(&s, 4, '\0'));
        enc(&OptionalPad { a: a.as_deref(), b })
    }),
}

// ---------------------------------------------------------------------------
// Lengths the random inputs never reach.

/// A key over the 32767-byte row-key limit cannot be written, so it must not
/// decode either: otherwise `decode` accepts a value `to_vec` refuses. Only
/// layouts with an unbounded field can be that long.
#[test]
fn over_hbase_limit_does_not_decode() {
    fn check<K: RowKey + Debug>(key: &[u8], decoded: Result<K, Error>) {
        match decoded {
            Ok(k) => panic!(
                "a {}-byte key decoded; to_vec refuses it: {:?}",
                key.len(),
                k.to_vec().map(|v| v.len())
            ),
            Err(e) => {
                assert_eq!(e.key_name(), K::NAME);
                assert_eq!(e.kind(), &ErrorKind::KeyTooLong { len: key.len() }, "{e}");
            }
        }
    }

    let mut key = LogEvent {
        ts: 7,
        host: "h",
        event: "",
    }
    .to_vec()
    .unwrap();
    let fixed = key.len();
    key.resize(32767, b'e');
    let at_limit = LogEvent::decode(&key).expect("a key of exactly 32767 bytes decodes");
    assert_eq!(at_limit.event.len(), 32767 - fixed);
    assert_eq!(at_limit.to_vec().unwrap(), key);
    key.push(b'e');
    check(&key, LogEvent::decode(&key));
    check(&key, LogEvent::decode_unverified(&key));

    // The long value in a delimited field, not the last one.
    let mut key = vec![b'c'; 32767];
    key.extend(b"_d");
    check(&key, Delimited::decode(&key));
    check(&key, Delimited::decode_unverified(&key));
}

/// The harness itself: a field type whose decode folds two byte values into
/// one value (as a case-insensitive code table might) must be caught.
#[derive(Debug, PartialEq)]
struct Folded(u8);

impl KeyPart for Folded {
    const WIDTH: Option<usize> = Some(1);
    fn encoded_len(&self) -> usize {
        1
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out[0] = self.0;
        Ok(())
    }
}

impl DecodePart<'_> for Folded {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        match bytes {
            [b] if b.is_ascii_alphabetic() => Ok(Folded(b.to_ascii_lowercase())),
            _ => Err(ErrorKind::Invalid { reason: "a letter" }),
        }
    }
}

#[derive(RowKey, Debug, PartialEq)]
struct FoldedKey {
    code: Folded,
    n: u16,
}

#[test]
fn harness_catches_two_keys_for_one_value() {
    let caught = std::panic::catch_unwind(|| {
        run!(
            FoldedKey,
            fields: ["code", "n"],
            struct_salt: false,
            bounded: true,
            valid: (b'a'..=b'z', any::<u16>()).prop_map(|(c, n)| enc(&FoldedKey { code: Folded(c), n })),
        );
    });
    let message = caught.expect_err("a non-canonical decode went unnoticed");
    let message = message
        .downcast_ref::<String>()
        .expect("the harness panics with a formatted message");
    assert!(message.contains("two keys for one value"), "{message}");
}
