use rowkey::RowKey;

#[derive(RowKey)]
struct Inbox<'a> {
    #[delim("_")]
    receiver: &'a str,
    ts: u64,
}

fn main() {}
