use rowkey::RowKey;

// An Option of a fixed-width type ends itself: a pad only adds bytes (and
// would refuse Some(None), whose last byte is the pad byte).
#[derive(RowKey)]
struct Reading {
    #[pad(4)]
    level: Option<Option<u8>>,
    id: u64,
}

fn main() {}
