use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    host_id: u64,
    #[reverse_ts]
    ts: u32,
}

fn main() {}
