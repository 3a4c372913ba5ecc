use rowkey::RowKey;

#[derive(RowKey)]
struct Profile {
    #[salt(md5, 4)]
    nickname: Option<String>,
}

fn main() {}
