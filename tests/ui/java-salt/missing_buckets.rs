use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, width = 2))]
struct K {
    id: u32,
}

fn main() {}
