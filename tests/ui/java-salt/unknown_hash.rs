use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(crc32, buckets = 8))]
struct K {
    id: u32,
}

fn main() {}
