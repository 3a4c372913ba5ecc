// A value-only field (a salted one) returns the builder itself, so a
// closure can call on before its argument's type is known.
use rowkey::RowKey;

#[derive(RowKey)]
struct Order<'a> {
    #[salt(md5, 2)]
    #[pad(16)]
    buyer: &'a str,
    ts: u64,
}

fn main() {
    let scan = |buyer| Order::scan().buyer(buyer).ranges().unwrap();
    assert_eq!(scan("b1").len(), 1);
}
