use rowkey::RowKey;

// A struct-level salt over an Option field: refused as a field's own salt on
// an Option is, named in the salt's list.
#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(uid, nickname)))]
struct Profile {
    uid: u64,
    nickname: Option<String>,
}

fn main() {}
