// Ranges are typed by their key: a LogEvent scan's ranges are not MetricKey
// ranges, so a table of MetricKey cannot be handed them.
use rowkey::{KeyRange, RowKey};

#[derive(RowKey)]
struct MetricKey<'a> {
    #[pad(16)]
    host: &'a str,
    ts: u64,
}

#[derive(RowKey)]
struct LogEvent<'a> {
    #[bucket(16)]
    ts: u64,
    host: &'a str,
}

struct Table<K: RowKey>(std::marker::PhantomData<K>);

impl<K: RowKey> Table<K> {
    fn scan(&self, _ranges: impl IntoIterator<Item = KeyRange<K>>) {}
}

fn main() -> Result<(), rowkey::Error> {
    let metrics = Table::<MetricKey<'static>>(std::marker::PhantomData);
    metrics.scan(LogEvent::scan().ts(0..10).ranges()?);
    Ok(())
}
