// A java_hash salt combined with other struct-level options in one
// #[rowkey(..)] list, in either order, and its arguments in any order.
use rowkey::RowKey;

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(crate = "rowkey", salt(java_hash, buckets = 8))]
struct Phoenixish {
    id: u64,
    name: String,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(java_hash, fields(tags, metric), width = 2, buckets = 300), crate = "::rowkey")]
struct Tsdb {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

fn main() {
    let k = Phoenixish { id: 7, name: "x".into() };
    assert_eq!(Phoenixish::decode(&k.to_vec().unwrap()).unwrap(), k);
    let t = Tsdb { metric: 1, base_time: 0, tags: vec![[1; 6]] };
    let bytes = t.to_vec().unwrap();
    assert_eq!(bytes.len(), 2 + 3 + 4 + 6);
    assert_eq!(Tsdb::decode(&bytes).unwrap(), t);
    // Tags hashed first, then the metric: the listed order.
    let mut h: i32 = 1;
    for &b in [[1u8; 6].as_slice(), &[0, 0, 1]].concat().iter() {
        h = h.wrapping_mul(31).wrapping_add(i32::from(b as i8));
    }
    assert_eq!(u16::from_be_bytes([bytes[0], bytes[1]]), (h % 300).unsigned_abs() as u16);
}
