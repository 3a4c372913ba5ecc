use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[escaped]
    host: String,
    ts: i64,
}

fn main() {}
