use rowkey::KeyPart;

#[derive(KeyPart)]
enum Platform {
    #[rowkey(code = "tb")]
    Taobao = 1,
    #[rowkey(code = "tm")]
    Tmall,
}

fn main() {}
