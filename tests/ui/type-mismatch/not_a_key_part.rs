use rowkey::RowKey;

struct Region {
    code: u16,
}

#[derive(RowKey)]
struct Sale {
    region: Region,
    ts: u64,
}

fn main() {}
