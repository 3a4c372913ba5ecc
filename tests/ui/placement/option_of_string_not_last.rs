use rowkey::RowKey;

// An Option of Option<String> does not say where it ends: the string inside
// is variable-width (an Option of a fixed-width type would).
#[derive(RowKey)]
struct Note {
    tag: Option<Option<String>>,
    id: u64,
}

fn main() {}
