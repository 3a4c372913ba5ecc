use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(scan)]
struct Event {
    host_id: u64,
    ts: u64,
}

fn main() {}
