use rowkey::RowKey;

/// A fixed-width user type that does not implement rowkey::Element.
#[derive(Debug, PartialEq)]
struct Pair([u8; 6]);

impl rowkey::KeyPart for Pair {
    const WIDTH: Option<usize> = Some(6);
    fn encoded_len(&self) -> usize { 6 }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        rowkey::KeyPart::encode_part(&self.0, out)
    }
}

impl rowkey::DecodePart<'_> for Pair {
    fn decode_part(bytes: &[u8]) -> Result<Self, rowkey::ErrorKind> {
        <[u8; 6] as rowkey::DecodePart>::decode_part(bytes).map(Pair)
    }
}

#[derive(RowKey)]
struct K {
    id: u32,
    tags: Vec<Pair>,
}

fn main() {}
