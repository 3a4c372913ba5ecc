// 'static borrows inside an Option and as bytes, in a struct without
// lifetime parameters, beside a borrowed field in one with: they encode and
// scan with values that are not 'static; decode refuses them, naming the
// field.
use rowkey::RowKey;

#[derive(RowKey, Debug, PartialEq)]
struct Tagged {
    #[delim]
    tag: Option<&'static str>,
    #[pad(4)]
    raw: &'static [u8],
    id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Mixed<'a> {
    #[pad(4)]
    host: &'a str,
    #[delim]
    tag: Option<&'static str>,
    rest: &'a [u8],
}

fn main() {
    let owned = String::from("blue");
    let raw = vec![1u8, 2];
    let key = Tagged { tag: Some("blue"), raw: b"\x01\x02", id: 4 }.to_vec().unwrap();
    let ranges = Tagged::scan().tag(Some(owned.as_str())).raw(&raw[..]).id(3..).ranges().unwrap();
    assert!(ranges.clone().any(|r| r.contains(&key)));
    assert!(Tagged::scan().tag(None).ranges().unwrap().all(|r| !r.contains(&key)));
    let e = Tagged::decode(&key).unwrap_err();
    assert_eq!(e.field_name(), Some("tag"));

    let key = Mixed { host: "web1", tag: None, rest: b"x" }.to_vec().unwrap();
    let host = String::from("web1");
    let ranges = Mixed::scan().host(host.as_str()).tag(None).rest(&b"x"[..]..).ranges().unwrap();
    assert!(ranges.clone().any(|r| r.contains(&key)));
    // None borrows nothing, but the layout's field is 'static: refused alike.
    assert_eq!(Mixed::decode(&key).unwrap_err().field_name(), Some("tag"));
}
