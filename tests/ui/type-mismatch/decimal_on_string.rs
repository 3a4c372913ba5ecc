use rowkey::RowKey;

#[derive(RowKey)]
struct Event<'a> {
    #[decimal]
    #[delim(b'_')]
    user_id: &'a str,
    ts: u64,
}

fn main() {}
