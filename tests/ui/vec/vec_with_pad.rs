use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    id: u32,
    #[pad(12)]
    tags: Vec<[u8; 6]>,
}

fn main() {}
