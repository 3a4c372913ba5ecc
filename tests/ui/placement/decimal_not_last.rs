use rowkey::RowKey;

#[derive(RowKey)]
struct Window {
    #[decimal]
    window: u64,
    metric: String,
}

fn main() {}
