use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix, salt(md5, 4, fields(host)))]
struct Key {
    host: String,
    ts: i64,
}

fn main() {}
