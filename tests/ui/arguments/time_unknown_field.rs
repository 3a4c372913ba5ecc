use rowkey::RowKey;

// The time field named is not a field of the key.
#[derive(RowKey)]
#[rowkey(time = created)]
struct Order {
    #[desc]
    created_ms: u64,
    id: u64,
}

fn main() {}
