use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    #[salt(java_hash,
    buckets = 8)]
    id: u64,
    ts: u64,
}

fn main() {}
