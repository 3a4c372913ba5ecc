use rowkey::RowKey;

#[derive(RowKey)]
struct Blob {
    digest: Vec<u8>,
    ts: u64,
}

fn main() {}
