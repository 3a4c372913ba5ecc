use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(1)]
    shard: u8,
    id: u64,
}

fn main() {}
