//! `encode_batch` and `verify_batch` against the per-key API and against
//! md-5: the batch writes exactly the bytes `encode_into` writes, key by key,
//! and refuses exactly the keys `decode` refuses, with the same error. The
//! MD5 lanes are checked on messages of random lengths (0 to 300 bytes, so
//! one to six blocks, mixed within a batch) and on batches of any size, so
//! partly filled lane groups are covered.

use md5::{Digest, Md5};
use proptest::collection::vec;
use proptest::prelude::*;
use rowkey::{encode_batch, verify_batch, BatchKey, ErrorKind, RowKey};

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The whole digest as the salt: every lane's 16 bytes are checked.
#[derive(RowKey, Debug, PartialEq)]
struct FullDigest<'a> {
    #[salt(md5, 32)]
    data: &'a [u8],
}

#[derive(RowKey, Debug, PartialEq)]
struct UserOrder<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

/// Seed 001: `MD5(uid_type)_uid_type`, a struct-level salt over two fields.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 8, fields(uid, kind), delim = b'_'))]
struct UidType<'a> {
    #[delim(b'_')]
    uid: &'a str,
    kind: &'a str,
}

/// Five salts: four deferred, the fifth computed by the derive.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(spread_not_first)]
struct ManySalts<'a> {
    #[salt(md5, 1)]
    #[pad(4)]
    a: &'a str,
    #[salt(md5, 2)]
    b: u32,
    #[salt(md5, 5)]
    #[delim]
    c: &'a [u8],
    #[salt(md5, 7)]
    d: i64,
    #[salt(md5, 32)]
    e: &'a str,
}

/// A salted `#[reverse]` field hashes the value before reversal, so the
/// derive computes it itself; `verify_batch` checks such keys one by one.
#[derive(RowKey, Debug, PartialEq)]
struct Reversed {
    #[salt(md5, 6)]
    #[reverse]
    #[pad(12)]
    id: String,
    #[reverse_ts]
    ts: u64,
}

/// A field salt with its own delimiter (deferred), and salts the derive
/// computes itself: an escaped body's (hashed before escaping) and a
/// `#[decimal]` body's.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(spread_not_first)]
struct Mixed<'a> {
    #[salt(md5, 8, delim = b'_')]
    #[delim(b'_')]
    id: &'a str,
    #[salt(md5, 3)]
    #[escaped]
    name: Vec<u8>,
    #[salt(md5, 2)]
    #[decimal(10)]
    rank: u32,
}

/// A struct-level salt without a delimiter over slots of any length, listed
/// out of declaration order: its message starts parts at any byte (not only
/// whole words), and is at times longer than one block.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 6, fields(c, a, b)))]
struct RawParts<'a> {
    #[delim]
    a: &'a [u8],
    b: u16,
    #[delim]
    c: &'a str,
    tail: String,
}

/// Text fields that the batch checks without building them: any Unicode,
/// and bytes flipped into invalid UTF-8.
#[derive(RowKey, Debug, PartialEq)]
struct Texts<'a> {
    #[salt(md5, 4)]
    #[delim]
    name: &'a str,
    #[delim]
    note: &'a str,
    owned: String,
}

/// The first key `decode` refuses, with its error: what `verify_batch`
/// must answer.
fn first_refusal<'de, K: rowkey::DecodeKey<'de>>(
    keys: &[&'de [u8]],
) -> Option<(usize, rowkey::Error)> {
    keys.iter()
        .enumerate()
        .find_map(|(i, k)| K::decode(k).err().map(|e| (i, e)))
}

/// Flips bytes of the keys (`(key, byte, mask)`, indices taken modulo).
fn flip(keys: &mut [Vec<u8>], flips: &[(prop::sample::Index, prop::sample::Index, u8)]) {
    for (key, byte, x) in flips {
        let n = keys.len();
        let k = &mut keys[key.index(n)];
        if !k.is_empty() {
            let i = byte.index(k.len());
            k[i] ^= x;
        }
    }
}

fn md5_hex(data: &[u8]) -> String {
    Md5::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Encodes `keys` with `encode_batch` and checks every key against
/// `encode_into`; returns the keys.
fn batch_matches<K: BatchKey + std::fmt::Debug>(keys: &[K]) -> Result<Vec<Vec<u8>>, TestCaseError> {
    let per_key: Vec<Vec<u8>> = keys.iter().map(|k| k.to_vec().unwrap()).collect();
    let total: usize = per_key.iter().map(Vec::len).sum();
    // Exactly the room needed: the batch may not write past it.
    let mut buf = vec![0xA5u8; total];
    let mut ends = vec![0usize; keys.len()];
    let n = encode_batch(keys, &mut buf, &mut ends)
        .map_err(|(i, e)| TestCaseError::fail(format!("{i}: {e}")))?;
    prop_assert_eq!(n, total);
    let mut start = 0;
    for (i, expected) in per_key.iter().enumerate() {
        prop_assert_eq!(
            &buf[start..ends[i]],
            &expected[..],
            "key {} of {}: {:?}",
            i,
            keys.len(),
            keys[i]
        );
        start = ends[i];
    }
    Ok(per_key)
}

fn text() -> impl Strategy<Value = String> {
    "[a-z0-9_.-]{0,12}"
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn lanes_are_md5(datas in vec(vec(any::<u8>(), 0..300), 0..40)) {
        let keys: Vec<_> = datas.iter().map(|d| FullDigest { data: d }).collect();
        let encoded = batch_matches(&keys)?;
        for (d, key) in datas.iter().zip(&encoded) {
            let hex = md5_hex(d);
            prop_assert_eq!(&key[..32], hex.as_bytes());
        }
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(verify_batch::<FullDigest>(&refs), Ok(()));
    }

    #[test]
    fn user_orders(ids in vec(("[a-z0-9_]{1,16}", any::<u64>()), 0..40)) {
        let keys: Vec<_> = ids.iter().map(|(u, o)| UserOrder { user_id: u, order_id: *o }).collect();
        batch_matches(&keys)?;
    }

    #[test]
    fn struct_level_salt(ids in vec(("[a-z0-9]{0,20}", "[a-z_]{0,20}"), 0..40)) {
        let keys: Vec<_> = ids.iter().map(|(u, k)| UidType { uid: u, kind: k }).collect();
        batch_matches(&keys)?;
    }

    #[test]
    fn many_salts(vals in vec((text(), any::<u32>(), vec(1u8..=255, 0..80), any::<i64>(), text()), 0..20)) {
        let a: Vec<String> = vals.iter().map(|v| v.0.chars().take(3).collect()).collect();
        let keys: Vec<_> = vals
            .iter()
            .zip(&a)
            .map(|(v, a)| ManySalts { a, b: v.1, c: &v.2, d: v.3, e: &v.4 })
            .collect();
        let encoded = batch_matches(&keys)?;
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(verify_batch::<ManySalts>(&refs), Ok(()));
    }

    #[test]
    fn reversed_salt(vals in vec(("[a-z0-9]{1,12}", 0u64..=i64::MAX as u64), 0..20)) {
        let keys: Vec<_> = vals.iter().map(|(id, ts)| Reversed { id: id.clone(), ts: *ts }).collect();
        let encoded = batch_matches(&keys)?;
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(verify_batch::<Reversed>(&refs), Ok(()));
    }

    #[test]
    fn mixed_salts(vals in vec(("[a-z0-9]{0,12}", vec(any::<u8>(), 0..20), any::<u32>()), 0..40)) {
        let keys: Vec<_> = vals.iter().map(|(id, name, rank)| Mixed { id, name: name.clone(), rank: *rank }).collect();
        let encoded = batch_matches(&keys)?;
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(verify_batch::<Mixed>(&refs), Ok(()));
    }

    /// Any byte of any key changed: the batch refuses the first key decode
    /// refuses, with decode's error (the change may also leave a key decode
    /// accepts, a pad byte or order id, and then so does the batch).
    #[test]
    fn verify_agrees_with_decode(
        ids in vec(("[a-z0-9_]{1,16}", any::<u64>()), 1..30),
        flips in vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), 1u8..=255), 0..3),
    ) {
        let mut encoded: Vec<Vec<u8>> = ids
            .iter()
            .map(|(u, o)| UserOrder { user_id: u, order_id: *o }.to_vec().unwrap())
            .collect();
        for (key, byte, x) in &flips {
            let k = &mut encoded[key.index(ids.len())];
            let i = byte.index(k.len());
            k[i] ^= x;
        }
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        let expected = refs
            .iter()
            .enumerate()
            .find_map(|(i, k)| UserOrder::decode(k).err().map(|e| (i, e)));
        prop_assert_eq!(verify_batch::<UserOrder>(&refs).err(), expected);
    }

    #[test]
    fn struct_salt_over_odd_parts(
        vals in vec((vec(1u8..=255, 0..40), any::<u16>(), "\\PC{0,12}", "[a-z]{0,5}"), 1..40),
        flips in vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), 1u8..=255), 0..3),
    ) {
        let keys: Vec<_> = vals
            .iter()
            .map(|(a, b, c, t)| RawParts { a, b: *b, c, tail: t.clone() })
            .collect();
        // A delimited field may not hold its delimiter: such keys are
        // refused alike, the rest encoded alike.
        let keys: Vec<_> = keys.into_iter().filter(|k| k.to_vec().is_ok()).collect();
        let mut encoded = batch_matches(&keys)?;
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(verify_batch::<RawParts>(&refs), Ok(()));
        flip(&mut encoded, &flips);
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(verify_batch::<RawParts>(&refs).err(), first_refusal::<RawParts>(&refs));
    }

    #[test]
    fn verify_checks_text_as_decode(
        vals in vec(("\\PC{0,10}", "\\PC{0,10}", "\\PC{0,6}"), 1..30),
        flips in vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), 1u8..=255), 0..4),
    ) {
        let keys: Vec<_> = vals
            .iter()
            .map(|(n, o, w)| Texts { name: n, note: o, owned: w.clone() })
            .filter(|k| k.to_vec().is_ok())
            .collect();
        let mut encoded = batch_matches(&keys)?;
        flip(&mut encoded, &flips);
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(verify_batch::<Texts>(&refs).err(), first_refusal::<Texts>(&refs));
    }

    #[test]
    fn verify_struct_level_salt(
        ids in vec(("[a-z0-9]{0,20}", "[a-z]{0,20}"), 1..30),
        bad in any::<prop::sample::Index>(),
        pos in 0usize..8,
    ) {
        let mut encoded: Vec<Vec<u8>> = ids
            .iter()
            .map(|(u, k)| UidType { uid: u, kind: k }.to_vec().unwrap())
            .collect();
        let bad = bad.index(encoded.len());
        // A salt character replaced by another hex character.
        let c = encoded[bad][pos];
        encoded[bad][pos] = if c == b'0' { b'1' } else { b'0' };
        let refs: Vec<&[u8]> = encoded.iter().map(Vec::as_slice).collect();
        let (index, error) = verify_batch::<UidType>(&refs).unwrap_err();
        prop_assert_eq!(index, bad);
        prop_assert_eq!(error.kind(), &ErrorKind::SaltMismatch);
        prop_assert_eq!(Some(error), UidType::decode(refs[bad]).err());
    }
}

#[test]
fn refusals_name_the_key() {
    let long = "x".repeat(17);
    let keys = [
        UserOrder {
            user_id: "ok",
            order_id: 1,
        },
        UserOrder {
            user_id: &long,
            order_id: 2,
        },
    ];
    let mut buf = [0u8; 2 * UserOrder::MAX_LEN];
    let mut ends = [0usize; 2];
    let (index, error) = encode_batch(&keys, &mut buf, &mut ends).unwrap_err();
    assert_eq!(index, 1);
    assert_eq!(error, keys[1].encode_into(&mut [0u8; 64]).unwrap_err());
    // The key before it is complete, salt included.
    assert_eq!(&buf[..ends[0]], &keys[0].to_vec().unwrap()[..]);

    // Too little room: the first key that does not fit.
    let (index, error) = encode_batch(&keys[..1], &mut buf[..27], &mut ends).unwrap_err();
    assert_eq!(index, 0);
    assert!(matches!(
        error.kind(),
        ErrorKind::BufferTooSmall {
            needed: 28,
            available: 27
        }
    ));

    // `ends` shorter than `keys`.
    let (index, error) = encode_batch(&keys, &mut buf, &mut ends[..1]).unwrap_err();
    assert_eq!(index, 0);
    assert!(matches!(
        error.kind(),
        ErrorKind::BufferTooSmall {
            needed: 2,
            available: 1
        }
    ));
}

#[test]
fn verify_refuses_what_decode_refuses() {
    let good = UserOrder {
        user_id: "user_1",
        order_id: 7,
    }
    .to_vec()
    .unwrap();
    let short = &good[..20];
    let keys: [&[u8]; 3] = [&good, short, &good];
    assert_eq!(
        verify_batch::<UserOrder>(&keys),
        Err((1, UserOrder::decode(short).unwrap_err()))
    );
    assert_eq!(verify_batch::<UserOrder>(&[]), Ok(()));
}

/// A struct-level salt listed in another order than declared, with and
/// without a salt delimiter: the batch writes and verifies what encode_into
/// writes.
#[test]
fn struct_salt_in_listed_order() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(salt(md5, 4, fields(kind, uid), delim = b'_'))]
    struct Joined<'a> {
        #[delim(b'_')]
        uid: &'a str,
        kind: &'a str,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(salt(md5, 4, fields(kind, uid)))]
    struct Raw<'a> {
        #[delim(b'_')]
        uid: &'a str,
        #[pad(8)]
        kind: &'a str,
    }
    let ids: Vec<(String, String)> = (0..20)
        .map(|i| (format!("u{i}"), format!("k{}", i % 3)))
        .collect();
    let joined: Vec<_> = ids
        .iter()
        .map(|(u, k)| Joined { uid: u, kind: k })
        .collect();
    let raw: Vec<_> = ids.iter().map(|(u, k)| Raw { uid: u, kind: k }).collect();
    let a = batch_matches(&joined).unwrap();
    let b = batch_matches(&raw).unwrap();
    let refs: Vec<&[u8]> = a.iter().map(Vec::as_slice).collect();
    assert!(verify_batch::<Joined>(&refs).is_ok());
    let refs: Vec<&[u8]> = b.iter().map(Vec::as_slice).collect();
    assert!(verify_batch::<Raw>(&refs).is_ok());
}

/// The salt of a `#[reverse]` or `#[escaped]` field is checked against the
/// value's own bytes (before reversal, unescaped), which the key does not
/// hold as stored: a salt character changed is refused, naming the field,
/// by decode and `verify_batch` alike; `decode_unverified` skips the check.
#[test]
fn tampered_salts_over_transformed_bodies() {
    let flip = |c: u8| if c == b'0' { b'1' } else { b'0' };

    let reversed = Reversed {
        id: "u123456".to_owned(),
        ts: 1_700_000_000_000,
    };
    let mut key = reversed.to_vec().unwrap();
    assert_eq!(Reversed::decode(&key).unwrap(), reversed);
    key[5] = flip(key[5]);
    let error = Reversed::decode(&key).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::SaltMismatch);
    assert_eq!(error.field_name(), Some("id"));
    assert_eq!(verify_batch::<Reversed>(&[&key]), Err((0, error)));
    assert_eq!(Reversed::decode_unverified(&key).unwrap(), reversed);

    let name = b"a\x00b\xffc".to_vec();
    let mixed = Mixed {
        id: "k1",
        name: name.clone(),
        rank: 42,
    };
    let mut key = mixed.to_vec().unwrap();
    assert_eq!(Mixed::decode(&key).unwrap(), mixed);
    // The escaped field's salt: after the id's 8 characters, `_`, "k1", `_`.
    let at = 8 + 1 + 2 + 1;
    key[at] = flip(key[at]);
    let error = Mixed::decode(&key).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::SaltMismatch);
    assert_eq!(error.field_name(), Some("name"));
    assert_eq!(verify_batch::<Mixed>(&[&key]), Err((0, error)));
    assert_eq!(Mixed::decode_unverified(&key).unwrap().name, name);
}
