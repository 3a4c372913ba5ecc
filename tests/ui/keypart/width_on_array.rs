use rowkey::KeyPart;

#[derive(KeyPart)]
struct Tag {
    #[width(3)]
    key: [u8; 4],
    value: [u8; 3],
}

fn main() {}
