use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 20, fields(host, dc)))]
struct K {
    #[pad(8)]
    host: String,
    dc: Option<u16>,
    ts: u64,
}

fn main() {}
