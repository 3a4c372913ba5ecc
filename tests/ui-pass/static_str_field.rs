// A `&'static str` field in a struct without lifetime parameters: it
// encodes and scans (with values that are not 'static); decode checks the
// bytes and then refuses, naming the field, since a key decoded from bytes
// cannot borrow them for 'static.
use rowkey::RowKey;

#[derive(RowKey, Debug, PartialEq)]
struct Tagged {
    #[pad(8)]
    tag: &'static str,
    id: u64,
}

fn main() {
    let owned = String::from("blue");
    let ranges = Tagged::scan().tag(owned.as_str()).id(3..).ranges().unwrap();
    let key = Tagged { tag: "blue", id: 4 }.to_vec().unwrap();
    assert!(ranges.clone().any(|r| r.contains(&key)));
    let e = Tagged::decode(&key).unwrap_err();
    assert_eq!(e.field_name(), Some("tag"));
    assert!(e.to_string().contains("'static"), "{e}");
    // Bad bytes get the decode error itself.
    assert_eq!(Tagged::decode(&key[..3]).unwrap_err().field_name(), Some("tag"));
    assert!(<Tagged as RowKey>::decode_unverified(&key).is_err());
    assert!(Tagged::explain(&key).is_ok());
}
