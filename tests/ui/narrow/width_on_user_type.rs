use rowkey::RowKey;

/// A fixed-width user type: #[width] is for the built-in unsigned integers.
#[derive(Debug, PartialEq)]
struct Uid(u32);

impl rowkey::KeyPart for Uid {
    const WIDTH: Option<usize> = Some(4);
    fn encoded_len(&self) -> usize { 4 }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        rowkey::KeyPart::encode_part(&self.0, out)
    }
}

impl rowkey::DecodePart<'_> for Uid {
    fn decode_part(bytes: &[u8]) -> Result<Self, rowkey::ErrorKind> {
        <u32 as rowkey::DecodePart>::decode_part(bytes).map(Uid)
    }
}

#[derive(RowKey)]
struct K {
    #[width(3)]
    id: Uid,
    ts: u64,
}

fn main() {}
