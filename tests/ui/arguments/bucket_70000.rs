use rowkey::RowKey;

#[derive(RowKey)]
struct LogEvent<'a> {
    #[bucket(70000)]
    ts: u64,
    host: &'a str,
}

fn main() {}
