use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    #[width(0)]
    id: u32,
    ts: u64,
}

fn main() {}
