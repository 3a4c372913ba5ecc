use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, 4))]
struct K {
    id: u32,
}

fn main() {}
