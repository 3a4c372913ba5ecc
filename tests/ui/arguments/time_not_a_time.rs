use rowkey::RowKey;

// A string's order is not time's.
#[derive(RowKey)]
#[rowkey(time = host)]
struct Event {
    #[pad(8)]
    host: String,
    ts: u64,
}

fn main() {}
