//! `#[rowkey(phoenix)]` and `#[spread(N)]` keys allocate nothing to encode,
//! decode (borrowed fields), scan, or name a spread key's candidate rows.
//! One `#[test]`, so no other test of this binary runs inside a window.

use rowkey::RowKey;
mod common;
use common::counting::{count, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 16))]
struct Phx<'a> {
    org: &'a str,
    dept: Option<&'a str>,
    id: i32,
    #[desc]
    score: i64,
    alias: Option<&'a str>,
}

#[derive(RowKey, Debug, PartialEq)]
struct Spread<'a> {
    #[spread(16)]
    shard: u8,
    #[delim]
    user: &'a str,
    #[decimal(10)]
    ts: u64,
}

#[test]
fn phoenix_and_spread_keys_allocate_nothing() {
    // The counter works.
    let (_, n) = count(|| Vec::<u8>::with_capacity(4));
    assert_eq!(n, 1);

    let names: Vec<String> = (0..32).map(|i| format!("org{i}")).collect();
    let keys: Vec<Phx> = (0..32)
        .map(|i| Phx {
            org: &names[i],
            dept: (i % 3 != 0).then_some("eng"),
            id: i32::try_from(i).unwrap_or(0) - 16,
            score: 7 * i64::try_from(i).unwrap_or(0),
            alias: (i % 2 == 0).then_some(names[i].as_str()),
        })
        .collect();
    let mut buf = [0u8; 256];
    for k in &keys {
        let (n, allocs) = count(|| k.encode_into(&mut buf).expect("encodes"));
        assert_eq!(allocs, 0, "encode {k:?}");
        let bytes = buf[..n].to_vec();
        let (back, allocs) = count(|| Phx::decode(&bytes).map(|d| d == *k));
        assert_eq!((back, allocs), (Ok(true), 0), "decode {k:?}");
        let (fan, allocs) = count(|| {
            Phx::scan()
                .org(k.org)
                .dept(k.dept)
                .id(-3..3)
                .ranges()
                .map(|r| r.count())
        });
        assert_eq!((fan, allocs), (Ok(16), 0), "scan {k:?}");
    }

    let s = Spread {
        shard: 3,
        user: &names[1],
        ts: 42,
    };
    let (all, allocs) = count(|| {
        let mut found = 0;
        for c in s.candidates() {
            let c = c.expect("candidate");
            found += usize::from(c.shard() == 3 && c.len() == 1 + 5 + 10);
        }
        found
    });
    assert_eq!((all, allocs), (1, 0), "candidates");
    let (fan, allocs) = count(|| {
        Spread::scan()
            .user(s.user)
            .ts(0..100)
            .ranges()
            .map(|r| (r.fan_out(), r.merge_skip(), r.count()))
    });
    assert_eq!((fan, allocs), (Ok((16, 6, 16)), 0), "spread fan-out");
}
