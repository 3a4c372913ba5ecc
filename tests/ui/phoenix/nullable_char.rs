use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[pad(4, b' ')]
    code: Option<String>,
    host: String,
}

fn main() {}
