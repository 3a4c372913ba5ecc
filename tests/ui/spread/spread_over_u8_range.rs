use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(300)]
    shard: u8,
    id: u64,
}

fn main() {}
