use rowkey::RowKey;

#[derive(RowKey)]

struct Key {
    #[spread(4)]
    shard: Shard,
    id: u64,
}

fn main() {}

struct Shard;
impl rowkey::KeyPart for Shard {
    const WIDTH: Option<usize> = Some(1);
    fn encoded_len(&self) -> usize {
        1
    }
    fn encode_part(&self, out: &mut [u8]) -> Result<(), rowkey::ErrorKind> {
        out[0] = 0;
        Ok(())
    }
}
impl rowkey::DecodePart<'_> for Shard {
    fn decode_part(_: &[u8]) -> Result<Self, rowkey::ErrorKind> {
        Ok(Shard)
    }
}
