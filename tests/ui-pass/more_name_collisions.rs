// Names a user may pick that the generated code also uses: fields named
// after the builder's methods, its state and the generated locals, raw
// identifiers, user types named like the runtime's items and the derive's
// step types, several lifetimes and 'static mixed in. Every one compiles,
// encodes, decodes and scans.
#![allow(dead_code, non_camel_case_types, non_snake_case)]
use rowkey::{RowKey, ScanBuilder};

struct Step;
struct Scan;
struct KeyRange;
struct ScanRanges;
struct Error;
struct Bound;
struct PhantomData;
struct __RowkeyEq0;
struct __RowkeyRange1;
struct __CollideScan;

#[derive(RowKey, Debug, PartialEq)]
struct Collide {
    scan: u8,
    steps: u8,
    inner: u8,
    new: u8,
    __s: u8,
    __v: u8,
    __pos: u8,
    __in: u8,
    __b: u8,
    __lo: u8,
    __hi: u8,
    __buf: u8,
    __start: u8,
    __segs: u8,
    __dec: u8,
    __body: u8,
    __p: u8,
    __e: u8,
    __k: u8,
    _key: u8,
    encode_into: u8,
    to_vec: u8,
    decode: u8,
    explain: u8,
    r#type: u8,
    r#match: u16,
}

#[derive(RowKey, Debug, PartialEq)]
struct TwoLifetimes<'a, 'b> {
    #[pad(4)]
    a: &'a str,
    #[delim]
    b: &'b [u8],
    c: &'static str,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 2, fields(r#type, ranges)))]
struct Salted<'a> {
    #[pad(4)]
    r#type: &'a str,
    ranges: u32,
}

fn main() {
    let k = Collide {
        scan: 1, steps: 2, inner: 3, new: 4, __s: 5, __v: 6, __pos: 7, __in: 8, __b: 9,
        __lo: 10, __hi: 11, __buf: 12, __start: 13, __segs: 14, __dec: 15, __body: 16,
        __p: 17, __e: 18, __k: 19, _key: 20, encode_into: 21, to_vec: 22, decode: 23,
        explain: 24, r#type: 25, r#match: 26,
    };
    let bytes = k.to_vec().unwrap();
    assert_eq!(bytes.len(), 27);
    assert_eq!(Collide::decode(&bytes).unwrap(), k);
    let r = Collide::scan()
        .scan(1).steps(2).inner(3).new(4).__s(5).__v(6).__pos(7).__in(8).__b(9)
        .__lo(10).__hi(11).__buf(12).__start(13).__segs(14).__dec(15).__body(16)
        .__p(17).__e(18).__k(19)._key(20).encode_into(21).to_vec(22).decode(23)
        .explain(24).r#type(25).r#match(20..30)
        .ranges()
        .unwrap()
        .next()
        .unwrap();
    assert!(r.contains(&bytes));

    let t = TwoLifetimes { a: "ab", b: b"x", c: "tail" };
    let bytes = t.to_vec().unwrap();
    // A 'static field cannot borrow from the bytes decoded: refused, named.
    let e = TwoLifetimes::decode(&bytes).unwrap_err();
    assert_eq!(e.field_name(), Some("c"));
    let r = TwoLifetimes::scan().a("ab").b(&b"x"[..]).c("t"..).ranges().unwrap();
    assert!(r.clone().any(|r| r.contains(&bytes)));

    let s = Salted { r#type: "cpu", ranges: 7 };
    let bytes = s.to_vec().unwrap();
    assert_eq!(Salted::decode(&bytes).unwrap(), s);
    // A field named `ranges`: the scan's ranges through the trait.
    let r = ScanBuilder::ranges(Salted::scan().r#type("cpu").ranges(7)).unwrap();
    assert!(r.clone().any(|r| r.contains(&bytes)));

    let _ = (Step, Scan, KeyRange, ScanRanges, Error, Bound, PhantomData, __RowkeyEq0, __RowkeyRange1, __CollideScan);
}
