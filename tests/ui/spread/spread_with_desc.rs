use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(4)]
    #[desc]
    shard: u8,
    id: u64,
}

fn main() {}
