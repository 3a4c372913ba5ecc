use rowkey::KeyPart;

#[derive(KeyPart)]
enum Platform {
    #[rowkey(code = "tb")]
    Taobao,
    #[rowkey(code = "tb")]
    Tmall,
}

fn main() {}
