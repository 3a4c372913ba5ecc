use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    host: String,
    ts: Option<i64>,
}

fn main() {}
