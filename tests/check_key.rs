//! `RowKey::check`: it accepts exactly the keys `encode_into` accepts, with
//! the same error (field, kind), returns the encoded length, and allocates
//! nothing, on bounded keys (their `MAX_LEN` buffer) and unbounded ones
//! (HBase's 32767-byte buffer), including a key over that limit.

use rowkey::{ErrorKind, RowKey};
mod common;
use common::counting::{count, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bounded: salt, pad, reverse time, a fixed tail.
#[derive(RowKey, Debug)]
struct OrderKey<'a> {
    #[salt(md5, 2)]
    #[pad(16)]
    buyer: &'a str,
    #[reverse_ts]
    placed_at: u64,
    #[pad(12)]
    order_id: &'a str,
}

/// Unbounded: a delimited field and an unpadded last one.
#[derive(RowKey, Debug)]
struct Path<'a> {
    #[delim(b'/')]
    dir: &'a str,
    name: &'a str,
}

/// `check` and `to_vec` agree: the same length, or the same error.
fn agrees<K: RowKey>(key: &K) -> Result<usize, rowkey::Error> {
    let checked = key.check();
    match (&checked, key.to_vec()) {
        (Ok(n), Ok(bytes)) => assert_eq!(*n, bytes.len()),
        (Err(a), Err(b)) => {
            assert_eq!(a.kind(), b.kind());
            assert_eq!(a.field_name(), b.field_name());
            assert_eq!(a.to_string(), b.to_string());
        }
        (a, b) => panic!("check {a:?}, to_vec {b:?}"),
    }
    checked
}

#[test]
fn check_accepts_and_refuses_what_encode_does() {
    let ok = OrderKey {
        buyer: "b1",
        placed_at: 1_000,
        order_id: "o-1",
    };
    assert_eq!(agrees(&ok).unwrap(), 2 + 16 + 8 + 12);
    assert_eq!(agrees(&ok).unwrap(), OrderKey::MAX_LEN);

    let long = OrderKey {
        buyer: "buyer-with-a-very-long-id",
        ..ok
    };
    let err = agrees(&long).unwrap_err();
    assert_eq!(err.field_name(), Some("buyer"));
    assert_eq!(err.kind(), &ErrorKind::TooLongForPad { len: 25, pad: 16 });
    let err = agrees(&OrderKey {
        order_id: "order-id-of-13",
        ..ok
    })
    .unwrap_err();
    assert_eq!(err.field_name(), Some("order_id"));

    // The unbounded key: a delimiter inside the delimited field is refused.
    assert_eq!(
        agrees(&Path {
            dir: "a",
            name: "b.txt"
        })
        .unwrap(),
        7
    );
    let err = agrees(&Path {
        dir: "a/b",
        name: "c",
    })
    .unwrap_err();
    assert_eq!(err.field_name(), Some("dir"));

    // Up to HBase's limit and one byte past it: the stack buffer holds the
    // first, the second is refused as too long, not as a short buffer.
    let at_limit = "n".repeat(32767 - 2);
    assert_eq!(
        agrees(&Path {
            dir: "a",
            name: &at_limit
        })
        .unwrap(),
        32767
    );
    let over = "n".repeat(32767 - 1);
    let err = agrees(&Path {
        dir: "a",
        name: &over,
    })
    .unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::KeyTooLong { len: 32768 }),
        "{err}"
    );
}

#[test]
fn check_allocates_nothing() {
    let long = "n".repeat(40_000);
    let keys = [
        ("b1", "o-1"),
        ("buyer-with-a-very-long-id", "o-1"),
        ("b10", "order-id-of-13"),
    ];
    for (buyer, order_id) in keys {
        let key = OrderKey {
            buyer,
            placed_at: 7,
            order_id,
        };
        let (_, n) = count(|| key.check().is_ok());
        assert_eq!(n, 0, "{key:?}");
    }
    for (dir, name) in [("a", "b"), ("a/b", "c"), ("a", long.as_str())] {
        let key = Path { dir, name };
        let (_, n) = count(|| key.check().is_ok());
        assert_eq!(n, 0, "{dir}/{}", name.len());
    }
    // The counter counts: `to_vec` of the same key allocates.
    let key = Path {
        dir: "a",
        name: "b",
    };
    let (_, n) = count(|| key.to_vec().is_ok());
    assert_eq!(n, 1);
}
