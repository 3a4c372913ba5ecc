use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt(md5, 4)]
    #[bucket(16)]
    ts: u64,
    host_id: u64,
}

fn main() {}
