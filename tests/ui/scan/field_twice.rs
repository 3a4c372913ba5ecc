// Each field once, in key order.
use rowkey::RowKey;

#[derive(RowKey)]
struct SellerOrder {
    seller_id: u64,
    ts: u64,
}

fn main() {
    let _ = SellerOrder::scan().seller_id(1).seller_id(2).ranges();
}
