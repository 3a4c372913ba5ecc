use rowkey::RowKey;

#[derive(RowKey)]
struct K {
    #[delim]
    tags: Vec<u32>,
    ts: u64,
}

fn main() {}
