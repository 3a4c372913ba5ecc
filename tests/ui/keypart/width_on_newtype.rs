use rowkey::KeyPart;

#[derive(KeyPart)]
#[rowkey(transparent)]
struct Uid(#[width(3)] u32);

fn main() {}
