use rowkey::RowKey;

#[derive(RowKey)]
struct Order {
    #[pad(16)]
    order_id: u64,
    ts: u64,
}

fn main() {}
