use rowkey::RowKey;

#[derive(RowKey)]
struct Host<'a> {
    #[salt(md5, 8, delim = b'_', delim = b'-')]
    #[delim(b'_')]
    host: &'a str,
    ts: u64,
}

fn main() {}
