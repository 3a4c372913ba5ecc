use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(4)]
    shard: Option<u8>,
    id: u64,
}

fn main() {}
