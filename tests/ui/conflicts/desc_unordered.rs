use rowkey::RowKey;

#[derive(RowKey)]
struct Order {
    user: u32,
    #[desc]
    #[decimal]
    order_no: u64,
}

fn main() {}
