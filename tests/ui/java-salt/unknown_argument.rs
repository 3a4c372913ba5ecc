use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 8, delim = b'_'))]
struct K {
    id: u32,
}

fn main() {}
