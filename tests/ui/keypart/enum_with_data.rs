use rowkey::KeyPart;

#[derive(KeyPart)]
enum Platform {
    #[rowkey(code = "tb")]
    Taobao(u32),
    #[rowkey(code = "tm")]
    Tmall,
}

fn main() {}
