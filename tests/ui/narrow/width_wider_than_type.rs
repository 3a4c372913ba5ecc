use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    #[width(3)]
    id: u16,
    ts: u64,
}

fn main() {}
