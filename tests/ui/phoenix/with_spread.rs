use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[spread(4)]
    shard: u8,
    ts: i64,
}

fn main() {}
