use rowkey::RowKey;

#[derive(Debug, PartialEq)]
struct Celsius(u16);

impl rowkey::KeyPart for Celsius {
    const WIDTH: Option<usize> = Some(2);
    fn encoded_len(&self) -> usize {
        2
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        self.0.encode_part(out)
    }
}

impl rowkey::DecodePart<'_> for Celsius {
    fn decode_part(bytes: &[u8]) -> Result<Self, rowkey::ErrorKind> {
        u16::decode_part(bytes).map(Celsius)
    }
}

#[derive(RowKey)]
struct Reading {
    sensor: u32,
    #[decimal(5)]
    temperature: Celsius,
}

fn main() {}
