use rowkey::RowKey;

#[derive(RowKey)]
union Id {
    num: u64,
    raw: [u8; 8],
}

fn main() {}
