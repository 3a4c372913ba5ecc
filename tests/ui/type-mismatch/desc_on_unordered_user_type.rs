use rowkey::RowKey;

// A user type whose bytes do not sort as its values (it does not implement
// rowkey::OrderedPart): #[desc] has no order to reverse.
#[derive(Debug, PartialEq)]
struct Hashed(u32);

impl rowkey::KeyPart for Hashed {
    const WIDTH: Option<usize> = Some(4);
    fn encoded_len(&self) -> usize {
        4
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        self.0.swap_bytes().encode_part(out)
    }
}

impl rowkey::DecodePart<'_> for Hashed {
    fn decode_part(bytes: &[u8]) -> Result<Self, rowkey::ErrorKind> {
        u32::decode_part(bytes).map(|v| Hashed(v.swap_bytes()))
    }
}

#[derive(RowKey)]
struct Item {
    #[desc]
    id: Hashed,
    n: u32,
}

fn main() {}
