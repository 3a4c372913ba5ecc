use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(scan(Clone, Copy))]
struct Event {
    host_id: u64,
    ts: u64,
}

fn main() {}
