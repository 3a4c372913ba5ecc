use rowkey::KeyPart;

#[derive(KeyPart)]
struct Tag {
    #[rowkey(code = "k")]
    key: [u8; 3],
    value: [u8; 3],
}

fn main() {}
