//! The row-key layouts of the HBase design notes, declared once: each key is encoded, printed as
//! the HBase shell prints it (`Bytes.toStringBinary`) and segment by segment,
//! decoded back, and turned into the scan a query needs.
//!
//! Run: `cargo run --example quickstart`

use rowkey::{Binary, RowKey};

/// The Alibaba Cloud design note's `[md5(userid).subStr(0,4)][userId][orderid]`, the id padded so that a
/// prefix scan for `u1` cannot return `u12`.
#[derive(RowKey, Debug, PartialEq)]
struct UserOrder<'a> {
    #[salt(md5, 4)]
    #[pad(16)]
    user_id: &'a str,
    order_id: u64,
}

/// The Alibaba Cloud design note's `[hostname][log-event][Long.MAX_VALUE - timestamp]`: newest first.
#[derive(RowKey, Debug, PartialEq)]
struct HostMetric<'a> {
    #[pad(16)]
    host: &'a str,
    #[pad(8)]
    metric: &'a str,
    #[reverse_ts]
    ts: u64,
}

/// The Alibaba Cloud design note's `long bucket = timestamp % numBuckets; [bucket][timestamp][hostname][log-event]`.
#[derive(RowKey, Debug, PartialEq)]
struct LogEvent<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    event: &'a str,
}

/// The Alibaba Cloud design note's `[seller id][timestamp][order number]`.
#[derive(RowKey, Debug, PartialEq)]
struct SellerOrder {
    seller_id: u64,
    ts: u64,
    order_no: u64,
}

/// The USER_INFO design post's `MD5(uid_type)_uid_type`, a salt over two fields at the front.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(salt(md5, 4, fields(uid, kind), delim = b'_'))]
struct UidType<'a> {
    #[delim(b'_')]
    uid: &'a str,
    kind: &'a str,
}

/// The `RowKeyUtil` article's `metricRowKey`: text joined by `_`,
/// `hash(host)_host_%010d(ts / 15 min)_metric`.
#[derive(RowKey, Debug, PartialEq)]
struct MetricText<'a> {
    #[salt(md5, 8, delim = b'_')]
    #[delim(b'_')]
    host: &'a str,
    #[decimal(10)]
    #[delim(b'_')]
    window: u64,
    metric: &'a str,
}

/// The `RowKeyUtil` article's `inboxRowKey`: `receiver_%013d(Long.MAX_VALUE - ts)_sender`,
/// newest message first.
#[derive(RowKey, Debug, PartialEq)]
struct Inbox<'a> {
    #[delim(b'_')]
    receiver: &'a str,
    #[reverse_ts]
    #[decimal(19)]
    #[delim(b'_')]
    ts: u64,
    sender: &'a str,
}

fn show<K: RowKey + std::fmt::Debug>(
    title: &str,
    key: &K,
    bytes: &[u8],
    explain: &dyn std::fmt::Display,
) {
    println!("{title}");
    println!("  value    {key:?}");
    println!("  key      {} ({} bytes)", Binary(bytes), bytes.len());
    print!("{explain}");
}

fn main() -> Result<(), rowkey::Error> {
    // Encode into a stack buffer: MAX_LEN is the layout's widest key.
    let order = UserOrder {
        user_id: "user_12345",
        order_id: 20_241_122,
    };
    let mut buf = [0u8; UserOrder::MAX_LEN];
    let n = order.encode_into(&mut buf)?;
    let key = &buf[..n];
    show("salted user order", &order, key, &UserOrder::explain(key)?);
    assert_eq!(UserOrder::decode(key)?, order);

    let metric = HostMetric {
        host: "web01",
        metric: "cpu",
        ts: 1_700_000_000_000,
    };
    let key = metric.to_vec()?;
    show(
        "metric, newest first",
        &metric,
        &key,
        &HostMetric::explain(&key)?,
    );
    assert_eq!(HostMetric::decode(&key)?, metric);

    let log = LogEvent {
        ts: 1_700_000_000_123,
        host: "web01",
        event: "login",
    };
    let key = log.to_vec()?;
    show("bucketed log event", &log, &key, &LogEvent::explain(&key)?);
    assert_eq!(LogEvent::decode(&key)?, log);

    let sale = SellerOrder {
        seller_id: 42,
        ts: 1_700_000_000_000,
        order_no: 7,
    };
    let key = sale.to_vec()?;
    show("seller order", &sale, &key, &SellerOrder::explain(&key)?);
    assert_eq!(SellerOrder::decode(&key)?, sale);

    let user = UidType {
        uid: "10086",
        kind: "vip",
    };
    let key = user.to_vec()?;
    show("USER_INFO uid_type", &user, &key, &UidType::explain(&key)?);
    assert_eq!(UidType::decode(&key)?, user);

    let t = 1_700_000_000_000;
    let text = MetricText {
        host: "web01",
        window: t / (15 * 60 * 1000),
        metric: "cpu",
    };
    let key = text.to_vec()?;
    show(
        "RowKeyUtil metricRowKey",
        &text,
        &key,
        &MetricText::explain(&key)?,
    );
    assert_eq!(MetricText::decode(&key)?, text);

    let message = Inbox {
        receiver: "bob",
        ts: t,
        sender: "alice",
    };
    let key = message.to_vec()?;
    show(
        "RowKeyUtil inboxRowKey",
        &message,
        &key,
        &Inbox::explain(&key)?,
    );
    assert_eq!(Inbox::decode(&key)?, message);

    // Scans: computed, not hand-written start/stop rows.
    println!("scans");
    let t1 = 1_700_000_000_000;
    let window = HostMetric::scan()
        .host("web01")
        .metric("cpu")
        .ts(t1..=t1 + 60_000)
        .ranges()?;
    for r in window {
        println!("  web01 cpu, one minute, newest first: {r:?}");
    }
    let all_buckets = LogEvent::scan().ts(t1..t1 + 60_000).ranges()?;
    println!(
        "  one minute of log events across all buckets: {} ranges, merge skipping {} byte(s); first {:?}",
        all_buckets.fan_out(),
        all_buckets.merge_skip(),
        all_buckets.clone().next()
    );
    // A window range over the zero-padded digits is one scan.
    for r in MetricText::scan()
        .host("web01")
        .window(text.window..text.window + 4)
        .ranges()?
    {
        println!("  web01 over four 15-minute windows: {r:?}");
    }
    for r in Inbox::scan().receiver("bob").ts(t..t + 60_000).ranges()? {
        println!("  bob's inbox, one minute, newest first: {r:?}");
    }
    let seller = SellerOrder::scan().seller_id(42).ts(t1..).ranges()?;
    for r in seller {
        println!("  seller 42 since t1: {r:?}");
    }

    // Refusals name the field and never truncate.
    let too_long = UserOrder {
        user_id: "a-user-id-longer-than-16",
        order_id: 1,
    };
    println!("refused: {}", too_long.to_vec().unwrap_err());
    let corrupt = {
        let mut k = order.to_vec()?;
        k[0] = if k[0] == b'0' { b'1' } else { b'0' };
        k
    };
    println!("refused: {}", UserOrder::decode(&corrupt).unwrap_err());
    Ok(())
}
