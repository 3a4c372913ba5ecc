use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[delim]
    host: String,
    ts: i64,
}

fn main() {}
