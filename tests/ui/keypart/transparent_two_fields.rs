use rowkey::KeyPart;

#[derive(KeyPart)]
#[rowkey(transparent)]
struct UserId(u32, u32);

fn main() {}
