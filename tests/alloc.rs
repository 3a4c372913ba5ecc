//! Encode, decode and explain allocate nothing (issue 2, must show 2).
//!
//! A counting global allocator wraps `System`. It counts only while the
//! current thread has opened a measuring window, so the test harness's own
//! allocations, on its threads or outside the window, never show up. All
//! measurements run in one `#[test]` so no other test of this binary runs
//! code inside a window.

use rowkey::RowKey;
use std::fmt::Write as _;
mod common;
use common::counting::{count, Counting};
use common::seeds::UidType;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Salt, pad, bucket, reverse_ts, a pad byte, fixed fields: everything that
/// keeps a layout bounded, so it has a `MAX_LEN` for a stack buffer.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(spread_not_first)]
struct Event<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user: &'a str,
    #[bucket(16)]
    #[reverse_ts]
    ts: u64,
    #[pad(8, b'_')]
    kind: &'a [u8],
    code: i32,
    #[bucket(1000)]
    seq: u64,
    #[pad(12)]
    host: &'a str,
}

/// With delimiters, which make a layout unbounded (no `MAX_LEN`): encoded
/// into a stack buffer sized from `encoded_len`.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(spread_not_first)]
struct Tagged<'a> {
    #[salt(md5, 4)]
    #[delim]
    user: &'a str,
    #[bucket(16)]
    #[reverse_ts]
    ts: u64,
    #[delim(b'_')]
    tag: &'a [u8],
    note: &'a str,
}

/// Whether `inner` lies inside `outer`'s memory: the decoded field borrows
/// the key instead of copying it.
fn points_into(inner: &[u8], outer: &[u8]) -> bool {
    let range = outer.as_ptr_range();
    range.start <= inner.as_ptr() && inner.as_ptr_range().end <= range.end
}

/// A `fmt::Write` into a fixed array, to show that printing a key needs no
/// heap either.
struct StackText {
    buf: [u8; 1024],
    len: usize,
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl StackText {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).expect("only str was written")
    }
}

#[test]
fn encode_decode_and_explain_allocate_nothing() {
    // The counter itself works: a Vec costs exactly one allocation, and a
    // growing one more.
    let (_, n) = count(|| Vec::<u8>::with_capacity(10));
    assert_eq!(n, 1);
    let (_, n) = count(|| {
        let mut v = Vec::<u8>::with_capacity(1);
        v.extend_from_slice(&[1, 2, 3, 4]);
        v
    });
    assert_eq!(n, 2);

    // Inputs are made before any window opens; varied so that every bucket
    // value and pad length goes through the measured code.
    let users: Vec<String> = (0..64)
        .map(|i| "淘寶u".repeat(i % 3) + &i.to_string())
        .collect();
    let hosts: Vec<String> = (0..64).map(|i| format!("web{i:02}")).collect();
    let tags: Vec<Vec<u8>> = (0..64u8)
        .map(|i| vec![i.wrapping_add(1); usize::from(i % 7)])
        .collect();
    let events: Vec<Event> = (0..64u64)
        .map(|i| Event {
            user: &users[i as usize],
            ts: 1_700_000_000_000 + i * 7919,
            kind: &tags[i as usize],
            code: i32::try_from(i).unwrap() * -1_000_003,
            seq: i * 1_000_003,
            host: &hosts[i as usize],
        })
        .collect();
    let tagged: Vec<Tagged> = (0..64u64)
        .map(|i| Tagged {
            user: &users[i as usize],
            ts: i * 104_729,
            tag: &tags[i as usize],
            note: &hosts[i as usize],
        })
        .collect();

    // encode_into a stack buffer of exactly MAX_LEN bytes.
    assert_eq!(Some(Event::MAX_LEN), <Event as RowKey>::MAX_WIDTH);
    assert_eq!(Event::MAX_LEN, 4 + 16 + 1 + 8 + 8 + 4 + 2 + 8 + 12);
    for key in &events {
        let ((buf, len), n) = count(|| {
            let mut buf = [0u8; Event::MAX_LEN];
            let len = key.encode_into(&mut buf).expect("encodes");
            (buf, len)
        });
        assert_eq!(n, 0, "encode_into allocated for {key:?}");
        assert_eq!(len, key.encoded_len());
        let bytes = &buf[..len];

        let (back, n) = count(|| Event::decode(bytes).expect("decodes"));
        assert_eq!(n, 0, "decode allocated for {key:?}");
        assert_eq!(&back, key);
        assert!(points_into(back.user.as_bytes(), bytes), "user was copied");
        assert!(points_into(back.kind, bytes), "kind was copied");
        assert!(points_into(back.host.as_bytes(), bytes), "host was copied");

        let (text, n) = count(|| {
            let explained = Event::explain(bytes).expect("explains");
            let mut text = StackText {
                buf: [0; 1024],
                len: 0,
            };
            write!(text, "{explained}").expect("fits 1024 bytes");
            text
        });
        assert_eq!(n, 0, "explain allocated for {key:?}");
        assert!(text.as_str().contains(key.host), "{}", text.as_str());

        // The Vec convenience: one allocation, the Vec itself.
        let (vec, n) = count(|| key.to_vec().expect("encodes"));
        assert_eq!(n, 1, "to_vec allocations");
        assert_eq!(&vec[..], bytes);
    }

    // An unbounded layout with delimiters, into a stack buffer.
    for key in &tagged {
        let ((buf, len), n) = count(|| {
            let mut buf = [0u8; 256];
            let len = key.encode_into(&mut buf).expect("encodes");
            (buf, len)
        });
        assert_eq!(n, 0, "encode_into allocated for {key:?}");
        let bytes = &buf[..len];
        let (back, n) = count(|| Tagged::decode(bytes).expect("decodes"));
        assert_eq!(n, 0, "decode allocated for {key:?}");
        assert_eq!(&back, key);
        assert!(points_into(back.user.as_bytes(), bytes));
        assert!(points_into(back.tag, bytes));
        assert!(points_into(back.note.as_bytes(), bytes));
        let (_, n) = count(|| Tagged::explain(bytes).expect("explains"));
        assert_eq!(n, 0, "explain allocated for {key:?}");
    }

    // A struct-level salt hashes several fields without gathering them.
    let key = UidType {
        uid: "12345",
        kind: "buyer",
    };
    let ((buf, len), n) = count(|| {
        let mut buf = [0u8; 64];
        let len = key.encode_into(&mut buf).expect("encodes");
        (buf, len)
    });
    assert_eq!(n, 0, "multi-field salt encode allocated");
    let bytes = &buf[..len];
    let (back, n) = count(|| UidType::decode(bytes).expect("decodes"));
    assert_eq!(n, 0, "multi-field salt decode allocated");
    assert_eq!(back, key);
    assert!(points_into(back.uid.as_bytes(), bytes));

    // Refusals allocate nothing either: the error is a plain value.
    let too_long = "x".repeat(17);
    let bad = Event {
        user: &too_long,
        ts: 0,
        kind: b"k",
        code: 0,
        seq: 0,
        host: "h",
    };
    let (err, n) = count(|| {
        let mut buf = [0u8; Event::MAX_LEN];
        bad.encode_into(&mut buf).unwrap_err()
    });
    assert_eq!(n, 0, "a refusal allocated");
    assert_eq!(err.field_name(), Some("user"));
    let bytes = events[0].to_vec().unwrap();
    let (err, n) = count(|| Event::decode(&bytes[..bytes.len() - 1]).unwrap_err());
    assert_eq!(n, 0, "a decode failure allocated");
    assert_eq!(err.field_name(), Some("host"));

    text_keys_allocate_nothing();
}

/// SPEC §3a: digits, a salt with its delimiter, descending and escaped
/// fields and `Option`s encode without allocating, and decode without
/// allocating too where no field owns memory (a descending integer is
/// restored on the stack).
#[derive(RowKey, Debug, PartialEq)]
struct TextKey<'a> {
    #[salt(md5, 8, delim = b'_')]
    #[delim(b'_')]
    host: &'a str,
    #[decimal(10)]
    #[delim(b'_')]
    window: u64,
    #[reverse_ts]
    #[decimal]
    #[delim(b'_')]
    ts: u64,
    #[desc]
    score: u64,
    maybe: Option<u32>,
    #[desc]
    #[delim(b'_')]
    tag: Option<u16>,
    #[escaped]
    #[desc]
    blob: [u8; 3],
    last: Option<&'a str>,
}

fn text_keys_allocate_nothing() {
    let key = TextKey {
        host: "web01",
        window: 1_888_888,
        ts: 1_700_000_000_000,
        score: 42,
        maybe: Some(7),
        tag: None,
        blob: [0, 0xFF, 1],
        last: Some("cpu"),
    };
    let ((buf, len), n) = count(|| {
        let mut buf = [0u8; 128];
        let len = key.encode_into(&mut buf).expect("encodes");
        (buf, len)
    });
    assert_eq!(n, 0, "§3a encode allocated");
    let bytes = &buf[..len];
    let (back, n) = count(|| TextKey::decode(bytes).expect("decodes"));
    assert_eq!(n, 0, "§3a decode allocated");
    assert_eq!(back, key);
    assert!(points_into(back.host.as_bytes(), bytes));
    let (_, n) = count(|| TextKey::explain(bytes).expect("explains"));
    assert_eq!(n, 0, "§3a explain allocated");
    let (ranges, n) = count(|| {
        TextKey::scan()
            .host("web01")
            .window(1..10)
            .ranges()
            .expect("scans")
            .count()
    });
    assert_eq!(n, 0, "§3a scan allocated");
    assert_eq!(ranges, 1);
}
