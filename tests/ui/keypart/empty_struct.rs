use rowkey::KeyPart;

#[derive(KeyPart)]
struct Nothing {}

fn main() {}
