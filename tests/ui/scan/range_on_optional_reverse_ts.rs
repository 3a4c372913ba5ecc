use rowkey::RowKey;

// `Option<u64>` with #[reverse_ts]: None sorts first but the newest Some
// next, so a range of Option values is no one key range; the scan method
// takes one value.
#[derive(RowKey)]
struct Seen {
    id: u32,
    #[reverse_ts]
    at: Option<u64>,
}

fn main() {
    let _ = Seen::scan().id(1).at(Some(5)).ranges();
    let _ = Seen::scan().id(1).at(Some(1)..Some(5)).ranges();
}
