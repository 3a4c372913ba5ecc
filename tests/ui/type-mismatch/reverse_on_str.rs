use rowkey::RowKey;

#[derive(RowKey)]
struct UserOrder<'a> {
    #[reverse]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

fn main() {}
