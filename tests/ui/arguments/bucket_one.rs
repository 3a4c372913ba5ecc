use rowkey::RowKey;

#[derive(RowKey)]
struct LogEvent<'a> {
    #[bucket(1)]
    ts: u64,
    host: &'a str,
}

fn main() {}
