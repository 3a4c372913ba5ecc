use rowkey::KeyPart;

#[derive(KeyPart)]
enum Platform {
    #[rowkey(code = "tb")]
    Taobao,
    Tmall,
}

fn main() {}
