use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    tags: Vec<[u8; 6]>,
    ts: u64,
}

fn main() {}
