//! `#[rowkey(salt(java_hash, .., fields(..)))]` over fields of every
//! encoding (padded, `#[desc] #[delim]`, escaped, a `Vec<T>` last field),
//! listed out of key order: each key's salt is `abs(h % N)` of Java's
//! `Arrays.hashCode` over the listed slots as written, in the listed order,
//! computed here independently from the bytes; and scans, fanned out or
//! given every input, return exactly the rows a brute-force filter picks.
//! OpenTSDB's rule for an all-zero metric UID (salt 0) looks at the bytes
//! right after the salt: it holds only when the key's first field is listed
//! first.

use rowkey::{RowKey, ScanRanges};
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::ops::Bound;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Java's `Arrays.hashCode(byte[])`: bytes as signed, wrapping `int`.
fn java_hash(bytes: &[u8]) -> i32 {
    bytes.iter().fold(1i32, |h, &b| {
        h.wrapping_mul(31).wrapping_add(i32::from(b.cast_signed()))
    })
}

/// `Math.abs(h % n)`, Java's truncating remainder.
fn java_bucket(h: i32, n: i32) -> u32 {
    (h % n).unsigned_abs()
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(java_hash, buckets = 7, fields(tags, a, b)))]
struct Mixed {
    #[pad(4)]
    a: String,
    #[desc]
    #[delim]
    b: String,
    #[width(3)]
    c: u32,
    #[decimal(5)]
    d: u64,
    tags: Vec<[u8; 2]>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(java_hash, buckets = 70000, width = 3, fields(b, a)))]
struct Escaped {
    a: u16,
    #[escaped]
    b: String,
    e: Option<u8>,
    #[desc]
    f: i64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
struct Tsdb {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(tags, metric)))]
struct TagsFirst {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

fn check<K>(
    what: &str,
    all: &BTreeSet<Vec<u8>>,
    ranges: ScanRanges<K>,
    pred: &dyn Fn(&K) -> bool,
) -> usize
where
    K: for<'a> RowKey<Key<'a> = K> + Debug,
{
    let fan = ranges.fan_out();
    let mut got = BTreeSet::new();
    for r in ranges {
        for k in all.range::<[u8], _>(r.bounds()) {
            assert!(got.insert(k.clone()), "{what}: a row in two ranges");
        }
    }
    let expected: BTreeSet<Vec<u8>> = all
        .iter()
        .filter(|k| pred(&K::decode(k).expect("decodes")))
        .cloned()
        .collect();
    assert_eq!(got, expected, "{what}: rows differ (fan-out {fan})");
    fan
}

const TEXTS: [&str; 6] = ["a", "ab", "\u{1}", "\u{ff}x", "abcd", "é"];

#[test]
fn listed_slots_hash_as_written_in_listed_order() {
    let mut rng = Rng(77);
    let (mut keys, mut all) = (Vec::new(), BTreeSet::new());
    for _ in 0..3000 {
        let n = rng.below(3) as usize;
        let k = Mixed {
            a: TEXTS[rng.below(5) as usize].into(),
            b: TEXTS[rng.below(6) as usize].into(),
            c: rng.below(1 << 24) as u32,
            d: rng.below(100),
            // All-zero tag pairs among them: hashed like any other bytes.
            tags: (0..n)
                .map(|_| {
                    [
                        [0u8, 0x7f, 0xff][rng.below(3) as usize],
                        [0u8, 0x80, 0x01][rng.below(3) as usize],
                    ]
                })
                .collect(),
        };
        let key = k.to_vec().expect("encodes");
        let mut a = k.a.as_bytes().to_vec();
        a.resize(4, 0);
        let mut b: Vec<u8> = k.b.bytes().map(|x| !x).collect();
        b.push(0xFF);
        let tags: Vec<u8> = k.tags.iter().flatten().copied().collect();
        let salt = java_bucket(java_hash(&[&tags[..], &a, &b].concat()), 7);
        assert_eq!(u32::from(key[0]), salt, "{k:?}");
        let c = &k.c.to_be_bytes()[1..];
        let d = format!("{:05}", k.d).into_bytes();
        assert_eq!(key[1..], [&a[..], &b, c, &d, &tags].concat(), "{k:?}");
        assert_eq!(Mixed::decode(&key).expect("decodes"), k);
        all.insert(key);
        keys.push(k);
    }
    for _ in 0..300 {
        let p = &keys[rng.below(keys.len() as u64) as usize];
        let a = p.a.as_str();
        let fan = check(
            "a",
            &all,
            Mixed::scan().a(a).ranges().expect("scan"),
            &|k| k.a == p.a,
        );
        assert_eq!(fan, 7);
        let s = Mixed::scan().a(a).b(p.b.as_str()).c(p.c).d(p.d);
        let fan = check("a, b, c, d", &all, s.ranges().expect("scan"), &|k| {
            (&k.a, &k.b, k.c, k.d) == (&p.a, &p.b, p.c, p.d)
        });
        assert_eq!(fan, 7, "the tags are hashed and open");
        let s = Mixed::scan().a(a).b(p.b.as_str()).c(p.c).d(p.d);
        let fan = check(
            "every field",
            &all,
            s.tags(p.tags.as_slice()).ranges().expect("scan"),
            &|k| k == p,
        );
        assert_eq!(fan, 1, "every listed field given: the salt is known");
        let lo = rng.below(100);
        let s = Mixed::scan().a(a).b(p.b.as_str()).c(p.c);
        check(
            "a, b, c, d..",
            &all,
            s.d((Bound::Included(lo), Bound::Unbounded))
                .ranges()
                .expect("scan"),
            &|k| (&k.a, &k.b, k.c) == (&p.a, &p.b, p.c) && k.d >= lo,
        );
    }
}

#[test]
fn escaped_and_integer_slots_over_three_bytes() {
    let mut rng = Rng(91);
    let (mut keys, mut all) = (Vec::new(), BTreeSet::new());
    for _ in 0..3000 {
        let k = Escaped {
            a: rng.below(3) as u16,
            b: TEXTS[rng.below(6) as usize].into(),
            e: (rng.below(3) != 0).then(|| rng.below(256) as u8),
            f: rng.next().cast_signed() % 5,
        };
        let key = k.to_vec().expect("encodes");
        let mut b = Vec::new();
        for &x in k.b.as_bytes() {
            match x {
                0 => b.extend([0, 0xFF]),
                0xFF => b.extend([0xFF, 0]),
                _ => b.push(x),
            }
        }
        b.extend([0, 1]);
        // `a` is 0 in a third of the keys: listed second, it is hashed.
        let salt = java_bucket(java_hash(&[&b[..], &k.a.to_be_bytes()].concat()), 70000);
        assert_eq!(key[..3], salt.to_be_bytes()[1..], "{k:?}");
        assert_eq!(Escaped::decode(&key).expect("decodes"), k);
        all.insert(key);
        keys.push(k);
    }
    for _ in 0..300 {
        let p = &keys[rng.below(keys.len() as u64) as usize];
        let s = Escaped::scan().a(p.a).b(p.b.as_str());
        let fan = check("a, b, e", &all, s.e(p.e).ranges().expect("scan"), &|k| {
            (k.a, &k.b, k.e) == (p.a, &p.b, p.e)
        });
        assert_eq!(fan, 1);
        let f = rng.next().cast_signed() % 5;
        let s = Escaped::scan().a(p.a).b(p.b.as_str()).e(p.e);
        check(
            "a, b, e, f..",
            &all,
            s.f((Bound::Included(f), Bound::Unbounded))
                .ranges()
                .expect("scan"),
            &|k| (k.a, &k.b, k.e) == (p.a, &p.b, p.e) && k.f >= f,
        );
    }
}

#[test]
fn an_all_zero_metric_keeps_salt_zero_only_right_after_the_salt() {
    let tags = vec![[0, 0, 1, 0, 0, 2]];
    for metric in [0u32, 1, 0x80_0000] {
        let hashed = [&metric.to_be_bytes()[1..], &tags[0][..]].concat();
        let t = Tsdb {
            metric,
            base_time: 3600,
            tags: tags.clone(),
        };
        let key = t.to_vec().expect("encodes");
        // OpenTSDB's RowKey.prefixKeyWithSalt: metric UID 0 is not salted.
        let want = if metric == 0 {
            0
        } else {
            java_bucket(java_hash(&hashed), 20)
        };
        assert_eq!(u32::from(key[0]), want, "metric {metric}");
        assert_eq!(Tsdb::decode(&key).expect("decodes"), t);
        let t = TagsFirst {
            metric,
            base_time: 3600,
            tags: tags.clone(),
        };
        let key = t.to_vec().expect("encodes");
        let hashed = [&tags[0][..], &metric.to_be_bytes()[1..]].concat();
        assert_eq!(
            u32::from(key[0]),
            java_bucket(java_hash(&hashed), 20),
            "metric {metric}"
        );
        assert_eq!(TagsFirst::decode(&key).expect("decodes"), t);
        // A first listed field of zeros that is not the key's first field.
        let t = TagsFirst {
            metric,
            base_time: 0,
            tags: vec![[0; 6]],
        };
        let key = t.to_vec().expect("encodes");
        let hashed = [&[0u8; 6][..], &metric.to_be_bytes()[1..]].concat();
        assert_eq!(
            u32::from(key[0]),
            java_bucket(java_hash(&hashed), 20),
            "metric {metric}"
        );
        assert_eq!(TagsFirst::decode(&key).expect("decodes"), t);
    }
}
