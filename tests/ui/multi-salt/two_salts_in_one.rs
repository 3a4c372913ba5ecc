use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(uid)), salt(md5, 2, fields(kind)))]
struct UidType<'a> {
    #[delim(b'_')]
    uid: &'a str,
    kind: &'a str,
}

fn main() {}
