use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    host_id: u64,
    #[reverse_ts(1)]
    ts: u64,
}

fn main() {}
