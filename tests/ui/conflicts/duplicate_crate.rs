use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(crate = "rowkey", crate = "rowkey")]
struct Event {
    host_id: u64,
    ts: u64,
}

fn main() {}
