// A misspelt attribute: the derive names the one meant.
use rowkey::RowKey;

#[derive(RowKey)]
struct Inbox<'a> {
    #[delim(b'_')]
    receiver: &'a str,
    #[reverse_timestamp]
    ts: u64,
}

fn main() {}
