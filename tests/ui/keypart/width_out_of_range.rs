use rowkey::KeyPart;

#[derive(KeyPart)]
struct Tag {
    #[width(4)]
    key: u32,
    value: [u8; 3],
}

fn main() {}
