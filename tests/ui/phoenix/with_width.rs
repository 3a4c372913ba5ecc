use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[width(3)]
    uid: u32,
    ts: i64,
}

fn main() {}
