// With `RowKey` and `DecodeKey` both imported, every name a key is called
// by resolves to one item: `decode` and `decode_unverified` (inherent and
// on `RowKey`, hidden on `DecodeKey`), and the trait-only `MAX_LEN`,
// `SCAN_CAP`, `explain` and `split_keys`.
use rowkey::{DecodeKey, RowKey};

#[derive(RowKey, Debug, PartialEq)]
struct UserOrder<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

fn generic<'de, K: DecodeKey<'de>>(bytes: &'de [u8]) -> K {
    K::decode(bytes).unwrap()
}

fn main() {
    let key = UserOrder { user_id: "u1", order_id: 7 };
    let mut buf = [0u8; UserOrder::MAX_LEN];
    let n = key.encode_into(&mut buf).unwrap();
    assert_eq!(UserOrder::decode(&buf[..n]).unwrap(), key);
    assert_eq!(UserOrder::decode_unverified(&buf[..n]).unwrap(), key);
    assert_eq!(generic::<UserOrder>(&buf[..n]), key);
    assert_eq!(UserOrder::explain(&buf[..n]).unwrap().to_string().lines().count(), 3);
    assert_eq!(UserOrder::split_keys(4).unwrap().len(), 3);
    assert!(UserOrder::SCAN_CAP > n);
    let ranges = UserOrder::scan().user_id("u1").order_id(7).ranges().unwrap();
    assert!(ranges.into_iter().any(|r| r.contains(&buf[..n])));
}
