use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(4)]
    shard: u8,
    #[spread(8)]
    other: u8,
    id: u64,
}

fn main() {}
