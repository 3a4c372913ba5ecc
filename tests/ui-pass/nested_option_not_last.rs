use rowkey::RowKey;

// An Option of a fixed-width type delimits itself: it may stand before other
// fields, nested as deep as wanted, with no #[pad] or #[delim].
#[derive(RowKey, Debug, PartialEq)]
struct Reading {
    level: Option<Option<u8>>,
    at: Option<Option<Option<[u8; 4]>>>,
    id: u64,
}

fn main() {
    let k = Reading {
        level: Some(None),
        at: Some(Some(Some(*b"2026"))),
        id: 7,
    };
    let bytes = k.to_vec().unwrap();
    assert_eq!(bytes, [1, 0, 1, 1, 1, b'2', b'0', b'2', b'6', 0, 0, 0, 0, 0, 0, 0, 7]);
    assert_eq!(Reading::decode(&bytes).unwrap(), k);
}
