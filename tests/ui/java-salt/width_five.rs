use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 8, width = 5))]
struct K {
    id: u32,
}

fn main() {}
