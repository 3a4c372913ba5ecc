use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 8), salt(md5, 4, fields(user)))]
struct K {
    #[pad(8)]
    user: String,
    ts: u64,
}

fn main() {}
