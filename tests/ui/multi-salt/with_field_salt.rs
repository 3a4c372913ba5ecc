use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(uid, kind), delim = b'_'))]
struct UidType<'a> {
    #[salt(md5, 4)]
    #[delim(b'_')]
    uid: &'a str,
    kind: &'a str,
}

fn main() {}
