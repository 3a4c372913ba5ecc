use rowkey::RowKey;

#[derive(RowKey)]
struct UserOrder<'a> {
    #[salt(md5, 0)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

fn main() {}
