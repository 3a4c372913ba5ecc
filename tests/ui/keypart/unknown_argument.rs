use rowkey::KeyPart;

#[derive(KeyPart)]
#[rowkey(transparant)]
struct UserId(u64);

fn main() {}
