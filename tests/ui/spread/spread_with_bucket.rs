use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(4)]
    #[bucket(4)]
    shard: u8,
    id: u64,
}

fn main() {}
