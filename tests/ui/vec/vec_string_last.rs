use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    id: u32,
    names: Vec<String>,
}

fn main() {}
