use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(uid, kind)))]
struct UidType<'a> {
    #[delim(b'_')]
    uid: &'a str,
    typ: &'a str,
}

fn main() {}
