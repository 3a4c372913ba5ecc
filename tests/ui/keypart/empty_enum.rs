use rowkey::KeyPart;

#[derive(KeyPart)]
enum Platform {}

fn main() {}
