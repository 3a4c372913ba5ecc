use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    id: u32,
    #[width(3)]
    name: String,
}

fn main() {}
