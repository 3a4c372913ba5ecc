use rowkey::RowKey;

#[derive(RowKey)]
struct UserOrder<'a> {
    #[salt(md5, 33)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

fn main() {}
