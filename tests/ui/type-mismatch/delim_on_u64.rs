use rowkey::RowKey;

#[derive(RowKey)]
struct Order {
    #[delim]
    order_id: u64,
    ts: u64,
}

fn main() {}
