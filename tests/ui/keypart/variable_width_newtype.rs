use rowkey::KeyPart;

// A newtype over a variable-width type needs `transparent`.
#[derive(KeyPart)]
struct Name(String);

fn main() {}
