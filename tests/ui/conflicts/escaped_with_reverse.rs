use rowkey::RowKey;

#[derive(RowKey)]
struct File {
    #[escaped]
    #[reverse]
    path: Vec<u8>,
    version: u32,
}

fn main() {}
