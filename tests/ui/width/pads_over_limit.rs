use rowkey::RowKey;

#[derive(RowKey)]
struct Document<'a> {
    #[pad(20000)]
    title: &'a str,
    #[pad(20000)]
    body: &'a str,
}

fn main() {}
