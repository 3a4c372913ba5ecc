use rowkey::RowKey;

#[derive(RowKey)]
struct Window {
    #[decimal]
    #[pad(10)]
    window: u64,
    metric: String,
}

fn main() {}
