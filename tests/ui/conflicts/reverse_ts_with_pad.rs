use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[reverse_ts]
    #[pad(8)]
    ts: u64,
    host_id: u64,
}

fn main() {}
