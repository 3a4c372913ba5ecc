use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    host: String,
    big: u128,
}

fn main() {}
