use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[spread(300)]
    #[width(1)]
    shard: u16,
    id: u64,
}

fn main() {}
