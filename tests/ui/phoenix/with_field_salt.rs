use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[salt(md5, 4)]
    host: String,
    ts: i64,
}

fn main() {}
