use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    host: String,
    #[reverse_ts]
    ts: i64,
}

fn main() {}
