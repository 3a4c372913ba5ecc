use rowkey::{DecodePart, ErrorKind, KeyPart, RowKey};

// A fixed-width user type: only the compiler knows, through KeyPart::WIDTH,
// that #[pad] has nothing to pad.
struct Region([u8; 2]);

impl KeyPart for Region {
    const WIDTH: Option<usize> = Some(2);
    fn encoded_len(&self) -> usize {
        2
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(&self.0);
        Ok(())
    }
}

impl DecodePart<'_> for Region {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        <[u8; 2]>::decode_part(bytes).map(Region)
    }
}

#[derive(RowKey)]
struct Sale {
    #[pad(4)]
    region: Region,
    ts: u64,
}

fn main() {}
