use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 8))]
struct K {
    #[bucket(16)]
    id: u64,
    ts: u64,
}

fn main() {}
