use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix, phoenix)]
struct Key {
    host: String,
    ts: i64,
}

fn main() {}
