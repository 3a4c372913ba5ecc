use rowkey::RowKey;

// An optional field's bytes put the rows without it first.
#[derive(RowKey)]
#[rowkey(time = seen)]
struct Visit {
    user: u64,
    seen: Option<u64>,
}

fn main() {}
