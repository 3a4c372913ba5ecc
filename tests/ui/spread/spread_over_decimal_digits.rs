use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(100)]
    #[decimal(1)]
    #[delim(b'-')]
    shard: u8,
    id: u64,
}

fn main() {}
