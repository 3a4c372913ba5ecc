use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix, salt(java_hash, buckets = 8, width = 2))]
struct Key {
    host: String,
    ts: i64,
}

fn main() {}
