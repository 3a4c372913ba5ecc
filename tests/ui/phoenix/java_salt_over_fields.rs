use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix, salt(java_hash, buckets = 8, fields(host)))]
struct Key {
    host: String,
    ts: i64,
}

fn main() {}
