use rowkey::RowKey;

#[derive(RowKey)]
enum Platform {
    Taobao,
    Tmall,
}

fn main() {}
