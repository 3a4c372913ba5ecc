use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(4)]
    #[delim]
    shard: String,
    id: u64,
}

fn main() {}
