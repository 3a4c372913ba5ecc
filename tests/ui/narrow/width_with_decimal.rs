use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    #[width(3)]
    #[decimal(3)]
    id: u32,
    ts: u64,
}

fn main() {}
