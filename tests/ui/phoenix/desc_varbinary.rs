use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    id: i64,
    #[desc]
    data: Vec<u8>,
}

fn main() {}
