use rowkey::RowKey;

#[derive(RowKey)]
struct Keyed<T> {
    id: T,
    ts: u64,
}

fn main() {}
