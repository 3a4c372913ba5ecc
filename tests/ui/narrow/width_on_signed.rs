use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    #[width(3)]
    id: i32,
    ts: u64,
}

fn main() {}
