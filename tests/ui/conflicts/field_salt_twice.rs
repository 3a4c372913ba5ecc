use rowkey::RowKey;

#[derive(RowKey)]
struct Host<'a> {
    #[salt(md5, 8)]
    #[salt(md5, 4)]
    #[delim(b'_')]
    host: &'a str,
    ts: u64,
}

fn main() {}
