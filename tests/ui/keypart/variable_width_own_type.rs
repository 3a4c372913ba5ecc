use rowkey::KeyPart;

#[derive(KeyPart)]
#[rowkey(transparent)]
struct Name(String);

#[derive(KeyPart)]
struct Tag {
    key: [u8; 3],
    value: Name,
}

fn main() {}
