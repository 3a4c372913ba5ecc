use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    user: u32,
    #[desc]
    #[reverse_ts]
    ts: u64,
}

fn main() {}
