use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(md5, 4, 2, fields(uid)))]
struct UidType<'a> {
    #[delim(b'_')]
    uid: &'a str,
    kind: &'a str,
}

fn main() {}
