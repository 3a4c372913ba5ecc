use rowkey::RowKey;

#[derive(RowKey)]
struct User<'a> {
    #[salt(md5, 8, separator = b'_')]
    id: &'a str,
}

fn main() {}
