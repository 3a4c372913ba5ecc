use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(65537)]
    shard: u32,
    id: u64,
}

fn main() {}
