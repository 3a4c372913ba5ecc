use rowkey::RowKey;

#[derive(RowKey)]
struct UserOrder(u64, u64);

fn main() {}
