use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    #[width]
    id: u32,
    ts: u64,
}

fn main() {}
