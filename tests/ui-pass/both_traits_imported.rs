// With `RowKey` and `DecodeKey` both imported, every name a key is called
// by resolves to one item: `decode` and `decode_unverified` (inherent and
// on `RowKey`, hidden on `DecodeKey`), and the trait-only `MAX_LEN`,
// `SCAN_CAP`, `explain` and `split_keys`.
use rowkey::{DecodeKey, RowKey};

#[derive(RowKey, Debug, PartialEq)]
struct Reading<'a> {
    #[salt(md5, 2)]
    #[pad(8)]
    sensor: &'a str,
    #[reverse_ts]
    ts: u64,
}

fn generic<'de, K: DecodeKey<'de>>(bytes: &'de [u8]) -> K {
    K::decode(bytes).unwrap()
}

fn main() {
    let key = Reading { sensor: "s1", ts: 1_700_000_000_000 };
    let mut buf = [0u8; Reading::MAX_LEN];
    let n = key.encode_into(&mut buf).unwrap();
    assert_eq!(Reading::decode(&buf[..n]).unwrap(), key);
    assert_eq!(Reading::decode_unverified(&buf[..n]).unwrap(), key);
    assert_eq!(generic::<Reading>(&buf[..n]), key);
    assert_eq!(Reading::explain(&buf[..n]).unwrap().to_string().lines().count(), 3);
    assert_eq!(Reading::split_keys(4).unwrap().len(), 3);
    assert!(Reading::SCAN_CAP > n);
    let ranges = Reading::scan().sensor("s1").ts(..).ranges().unwrap();
    assert!(ranges.into_iter().any(|r| r.contains(&buf[..n])));
}
