use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread]
    shard: u8,
    id: u64,
}

fn main() {}
