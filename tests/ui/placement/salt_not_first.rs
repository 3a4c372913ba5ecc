use rowkey::RowKey;

#[derive(RowKey)]
struct Order<'a> {
    tenant: u32,
    #[salt(md5, 4)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

fn main() {}
