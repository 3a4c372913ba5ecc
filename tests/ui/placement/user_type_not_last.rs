use rowkey::{DecodePart, ErrorKind, KeyPart, RowKey};

// A user type whose width the macro cannot see: only the compiler knows,
// through KeyPart::WIDTH, that it is variable.
struct Tag(String);

impl KeyPart for Tag {
    const WIDTH: Option<usize> = None;
    fn encoded_len(&self) -> usize {
        self.0.len()
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out.copy_from_slice(self.0.as_bytes());
        Ok(())
    }
}

impl DecodePart<'_> for Tag {
    fn decode_part(bytes: &[u8]) -> Result<Self, ErrorKind> {
        String::decode_part(bytes).map(Tag)
    }
}

#[derive(RowKey)]
struct Tagged {
    tag: Tag,
    ts: u64,
}

fn main() {}
