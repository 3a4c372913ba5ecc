use rowkey::KeyPart;

#[derive(KeyPart)]
struct Tag {
    key: [u8; 3],
    value: String,
}

fn main() {}
