use rowkey::RowKey;

#[derive(RowKey)]
struct File {
    #[escaped]
    id: u64,
    version: u32,
}

fn main() {}
