use rowkey::KeyPart;

#[derive(KeyPart)]
#[rowkey(code = "tb")]
struct Platform {
    id: u8,
}

fn main() {}
