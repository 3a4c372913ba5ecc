use rowkey::KeyPart;

#[derive(KeyPart)]
union Bits {
    a: u32,
    b: f32,
}

fn main() {}
