use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(foo)]
struct Event {
    host_id: u64,
    ts: u64,
}

fn main() {}
