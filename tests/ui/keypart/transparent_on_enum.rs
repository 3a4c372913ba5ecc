use rowkey::KeyPart;

#[derive(KeyPart)]
#[rowkey(transparent)]
enum Platform {
    #[rowkey(code = "tb")]
    Taobao,
}

fn main() {}
