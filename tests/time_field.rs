//! `RowKey::TIME`: which field a key keeps its rows' time in and which way
//! it is stored, on every way a declaration can say it. `Store::latest`
//! reads newest first from it; the adapters' tests run `latest` on these
//! layouts against brute force (rowkey-bigtable/tests/one_dal.rs).

use rowkey::{Order, PhoenixTimestamp, RowKey, TimeField};

fn time(t: Option<TimeField>) -> Option<(&'static str, bool)> {
    t.map(|t| (t.name, t.newest_first))
}

#[derive(RowKey)]
struct Plain {
    host: u32,
    ts: u64,
}

#[derive(RowKey)]
struct Desc {
    host: u32,
    #[desc]
    ts: u64,
}

#[derive(RowKey)]
struct DescDecimal {
    #[desc]
    #[decimal(13)]
    timestamp: u64,
}

#[derive(RowKey)]
struct Chrono {
    id: u32,
    #[desc]
    when: chrono::DateTime<chrono::Utc>,
}

#[derive(RowKey)]
struct ChronoAsc {
    when: chrono::DateTime<chrono::Utc>,
}

#[derive(RowKey)]
struct OffsetTime {
    #[desc]
    at: time::OffsetDateTime,
}

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Phoenix {
    id: i64,
    #[desc]
    created: PhoenixTimestamp,
}

/// `#[reverse_ts]` comes before a time type or a time name earlier in the key.
#[derive(RowKey)]
struct ReverseWins {
    created_at: u64,
    seen: std::time::SystemTime,
    #[reverse_ts]
    event_time: u64,
}

/// A time type comes before a time name.
#[derive(RowKey)]
struct TypeBeforeName {
    ts: u64,
    #[desc]
    seen: std::time::SystemTime,
}

/// Fields whose bytes keep no order are not the time.
#[derive(RowKey)]
struct Unordered {
    #[salt(md5, 4)]
    ts: u64,
    #[decimal]
    #[delim(b'_')]
    time: u64,
    #[desc]
    updated_at: u32,
}

#[derive(RowKey)]
#[rowkey(time = version)]
struct Named {
    ts: u64,
    #[desc]
    version: u64,
}

#[derive(RowKey)]
struct NoTime {
    user: u64,
    #[desc]
    score: u32,
}

#[test]
fn each_declaration_names_its_time_and_direction() {
    assert_eq!(time(Plain::TIME), Some(("ts", false)));
    assert_eq!(time(Desc::TIME), Some(("ts", true)));
    assert_eq!(time(DescDecimal::TIME), Some(("timestamp", true)));
    assert_eq!(time(Chrono::TIME), Some(("when", true)));
    assert_eq!(time(ChronoAsc::TIME), Some(("when", false)));
    assert_eq!(time(OffsetTime::TIME), Some(("at", true)));
    assert_eq!(time(Phoenix::TIME), Some(("created", true)));
    assert_eq!(time(ReverseWins::TIME), Some(("event_time", true)));
    assert_eq!(time(TypeBeforeName::TIME), Some(("seen", true)));
    assert_eq!(time(Unordered::TIME), Some(("updated_at", true)));
    assert_eq!(time(Named::TIME), Some(("version", true)));
    assert_eq!(time(NoTime::TIME), None);
}

#[test]
fn latest_reads_ascending_exactly_when_time_is_stored_newest_first() {
    assert_eq!(rowkey::latest_order::<Plain>(), Order::Descending);
    assert_eq!(rowkey::latest_order::<Desc>(), Order::Ascending);
    assert_eq!(rowkey::latest_order::<Chrono>(), Order::Ascending);
    assert_eq!(rowkey::latest_order::<ChronoAsc>(), Order::Descending);
    assert_eq!(rowkey::latest_order::<Phoenix>(), Order::Ascending);
    assert_eq!(rowkey::latest_order::<Named>(), Order::Ascending);
    // Without a time field: the greatest keys, whatever `#[desc]` says of
    // other fields.
    assert_eq!(rowkey::latest_order::<NoTime>(), Order::Descending);
}
