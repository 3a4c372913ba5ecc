use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 1))]
struct K {
    id: u32,
}

fn main() {}
