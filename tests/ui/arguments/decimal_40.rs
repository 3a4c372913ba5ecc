use rowkey::RowKey;

#[derive(RowKey)]
struct Window {
    #[decimal(40)]
    window: u128,
}

fn main() {}
