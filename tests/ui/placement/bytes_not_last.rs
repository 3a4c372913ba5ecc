use rowkey::RowKey;

#[derive(RowKey)]
struct Blob<'a> {
    digest: &'a [u8],
    ts: u64,
}

fn main() {}
