use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 8, fields()))]
struct K {
    id: u32,
}

fn main() {}
