use rowkey::RowKey;

#[derive(RowKey)]
struct Blob {
    id: u64,
    data: [u8; 40000],
}

fn main() {}
