use rowkey::KeyPart;

#[derive(KeyPart)]
enum Platform {
    #[rowkey(code = "")]
    Taobao,
    #[rowkey(code = "tm")]
    Tmall,
}

fn main() {}
