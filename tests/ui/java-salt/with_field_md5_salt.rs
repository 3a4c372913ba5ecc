use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 8))]
struct K {
    #[salt(md5,
    4)]
    #[pad(8)]
    user: String,
    ts: u64,
}

fn main() {}
