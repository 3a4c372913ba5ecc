use rowkey::RowKey;

// `#[decimal]` without a width keeps no order ("9" sorts after "10"), so its
// scan method takes one value; a range does not type-check.
#[derive(RowKey)]
struct UserTs<'a> {
    #[delim(b'_')]
    user_id: &'a str,
    #[decimal]
    ts: u64,
}

fn main() {
    let _ = UserTs::scan().user_id("u1").ts(1..10).ranges();
}
