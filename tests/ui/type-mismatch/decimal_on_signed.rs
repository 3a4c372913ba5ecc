use rowkey::RowKey;

#[derive(RowKey)]
struct Reading {
    sensor: u32,
    #[decimal]
    value: i64,
}

fn main() {}
