use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 257))]
struct K {
    id: u32,
}

fn main() {}
