use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    data: Vec<u8>,
    ts: i64,
}

fn main() {}
