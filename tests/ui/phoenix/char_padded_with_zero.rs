use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[pad(4)]
    code: String,
    ts: i64,
}

fn main() {}
