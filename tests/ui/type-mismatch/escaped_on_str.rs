use rowkey::RowKey;

#[derive(RowKey)]
struct File<'a> {
    #[escaped]
    path: &'a str,
    version: u32,
}

fn main() {}
