// An unpadded last string has no widest value: `MAX_LEN` names it.
use rowkey::RowKey;

#[derive(RowKey)]
struct LogEvent<'a> {
    ts: u64,
    #[pad(16)]
    host: &'a str,
    event: &'a str,
}

fn main() {
    let _buf = [0u8; LogEvent::MAX_LEN];
}
