//! `#[width(W)]` fields beside a bucket, `#[desc]`, `Option` and `#[delim]`:
//! keys round-trip, values past W bytes are refused naming the field, and
//! range scans return exactly the rows a brute-force filter picks, read
//! with each range's start and stop rows. A window whose bounds pass what W
//! bytes hold is clamped to the stored values, as for a plain field, an
//! `Option` one too (`Some(2^24)` on a 3-byte field is no error).

use rowkey::{ErrorKind, RowKey, ScanRanges};
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::ops::Bound;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Narrowed {
    #[bucket(5)]
    #[width(3)]
    a: u32,
    #[width(2)]
    #[desc]
    b: u64,
    #[width(3)]
    c: Option<u32>,
    #[width(2)]
    #[delim(b'x')]
    d: u32,
    e: u8,
}

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
    fn bound<T>(&mut self, v: T) -> Bound<T> {
        match self.below(3) {
            0 => Bound::Included(v),
            1 => Bound::Excluded(v),
            _ => Bound::Unbounded,
        }
    }
}

fn in_range<T: PartialOrd>(v: &T, lo: &Bound<T>, hi: &Bound<T>) -> bool {
    (match lo {
        Bound::Included(l) => v >= l,
        Bound::Excluded(l) => v > l,
        Bound::Unbounded => true,
    }) && (match hi {
        Bound::Included(h) => v <= h,
        Bound::Excluded(h) => v < h,
        Bound::Unbounded => true,
    })
}

fn check<K>(what: &str, all: &BTreeSet<Vec<u8>>, ranges: ScanRanges<K>, pred: &dyn Fn(&K) -> bool)
where
    K: for<'a> RowKey<Key<'a> = K> + Debug,
{
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
    assert_eq!(got, expected, "{what}");
}

/// Values at the edges of 1, 2 and 3 bytes, and `0x78` (the delimiter `x`)
/// inside a delimited fixed-width field.
const VALUES: [u32; 7] = [0, 1, 0xFF, 0x100, 0x7878, 0xFFFF, 0xFF_FFFF];

#[test]
fn narrow_fields_scan_exactly_and_clamp_wide_windows() {
    let mut rng = Rng(11);
    let pick = |rng: &mut Rng, n: u64| VALUES[rng.below(n) as usize];
    let (mut keys, mut all) = (Vec::new(), BTreeSet::new());
    for _ in 0..3000 {
        let k = Narrowed {
            a: pick(&mut rng, 7),
            b: u64::from(pick(&mut rng, 6)),
            c: (rng.below(3) != 0).then(|| pick(&mut rng, 7)),
            d: pick(&mut rng, 6),
            e: rng.below(3) as u8,
        };
        let key = k.to_vec().expect("encodes");
        assert_eq!(Narrowed::decode(&key).expect("decodes"), k);
        all.insert(key);
        keys.push(k);
    }
    let wide = Narrowed {
        c: Some(1 << 24),
        ..keys[0].clone()
    };
    let e = wide.to_vec().expect_err("2^24 needs 4 bytes");
    assert_eq!(e.field_name(), Some("c"), "{e}");
    assert_eq!(
        e.kind(),
        &ErrorKind::TooWide {
            value: 1 << 24,
            width: 3
        }
    );
    for _ in 0..300 {
        let p = keys[rng.below(keys.len() as u64) as usize].clone();
        // Bounds up to twice and three times what the bytes hold.
        let (x, y) = (pick(&mut rng, 7), pick(&mut rng, 7) * 2);
        let (lo, hi) = (rng.bound(x), rng.bound(y));
        let r = Narrowed::scan().a((lo, hi)).ranges().expect("a window");
        check("a..", &all, r, &|k| in_range(&k.a, &lo, &hi));
        let (x, y) = (
            u64::from(pick(&mut rng, 7)),
            u64::from(pick(&mut rng, 7)) * 3,
        );
        let (lo, hi) = (rng.bound(x), rng.bound(y));
        let r = Narrowed::scan()
            .a(p.a)
            .b((lo, hi))
            .ranges()
            .expect("b window");
        check("a, b..", &all, r, &|k| {
            k.a == p.a && in_range(&k.b, &lo, &hi)
        });
        let (x, y) = (pick(&mut rng, 7) * 2, pick(&mut rng, 7) * 2);
        let (lo, hi) = (rng.bound(Some(x)), rng.bound(Some(y)));
        let r = Narrowed::scan()
            .a(p.a)
            .b(p.b)
            .c((lo, hi))
            .ranges()
            .expect("c window");
        check("a, b, c..", &all, r, &|k| {
            (k.a, k.b) == (p.a, p.b) && in_range(&k.c, &lo, &hi)
        });
        let r = Narrowed::scan()
            .a(p.a)
            .b(p.b)
            .c(p.c)
            .d(p.d)
            .ranges()
            .expect("scan");
        check("a, b, c, d", &all, r, &|k| {
            (k.a, k.b, k.c, k.d) == (p.a, p.b, p.c, p.d)
        });
    }
}
