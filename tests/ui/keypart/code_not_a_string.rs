use rowkey::KeyPart;

#[derive(KeyPart)]
enum Platform {
    #[rowkey(code = 1)]
    Taobao,
    #[rowkey(code = "tm")]
    Tmall,
}

fn main() {}
