use rowkey::RowKey;

#[derive(RowKey)]
struct File {
    #[escaped]
    #[pad(16)]
    path: Vec<u8>,
    version: u32,
}

fn main() {}
