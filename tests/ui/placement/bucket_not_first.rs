use rowkey::RowKey;

#[derive(RowKey)]
struct Log<'a> {
    #[pad(8)]
    host: &'a str,
    #[bucket(16)]
    ts: u64,
}

fn main() {}
