//! The layouts the "not the first field" errors suggest: a hash of a later
//! field at the front of the key, the fields before it still a prefix.
use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 16, fields(ts)))]
struct Log<'a> {
    #[pad(8)]
    host: &'a str,
    ts: u64,
}

#[derive(RowKey)]
#[rowkey(salt(java_hash, buckets = 1000, width = 2, fields(ts)))]
struct Wide<'a> {
    #[pad(8)]
    host: &'a str,
    ts: u64,
}

#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(user_id)))]
struct Order<'a> {
    tenant: u32,
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(user_id), delim = b'_'))]
struct Delimited<'a> {
    tenant: u32,
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

fn main() -> Result<(), rowkey::Error> {
    // One host: a fan-out over every salt value of `ts`.
    assert_eq!(Log::scan().host("web01").ranges()?.len(), 16);
    assert_eq!(Wide::scan().host("web01").ranges()?.len(), 1000);
    // Every listed field given: the salt is computed, one range.
    assert_eq!(Log::scan().host("web01").ts(7).ranges()?.len(), 1);
    let key = Order { tenant: 1, user_id: "u1", order_id: 9 }.to_vec()?;
    assert_eq!(Order::decode(&key)?.user_id, "u1");
    let key = Delimited { tenant: 1, user_id: "u1", order_id: 9 }.to_vec()?;
    assert_eq!(Delimited::decode(&key)?.order_id, 9);
    Ok(())
}
