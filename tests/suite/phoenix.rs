//! An Apache Phoenix table in an embedded store (redb): rows written with
//! the primary keys Phoenix writes for
//!
//! ```sql
//! CREATE TABLE orders (
//!     tenant   CHAR(4)  NOT NULL,
//!     customer VARCHAR  NOT NULL,
//!     region   VARCHAR,
//!     placed   DATE     NOT NULL,
//!     coupon   VARCHAR,
//!     CONSTRAINT pk PRIMARY KEY (tenant, customer, region, placed DESC, coupon)
//! ) SALT_BUCKETS = 4
//! ```
//!
//! read back by scan across the 4 salt buckets (merged without the salt, as
//! Phoenix's merge-sort iterator does), and printed as HBase's shell prints
//! row keys (`Bytes.toStringBinary`).
//!
//! ```text
//! cargo run -p rowkey-suite --example phoenix
//! ```

use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{Binary, RowKey};
use std::error::Error;

/// The table's primary key: a CHAR(4), two VARCHARs (one nullable), a DATE
/// newest first, a nullable VARCHAR last, behind Phoenix's salt byte.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix, salt(java_hash, buckets = 4))]
struct Order {
    #[pad(4, b' ')]
    tenant: String,
    customer: String,
    region: Option<String>,
    /// DATE: epoch milliseconds.
    #[desc]
    placed: i64,
    coupon: Option<String>,
}

const ORDERS: TableDefinition<&[u8], &[u8]> = TableDefinition::new("ORDERS");

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::temp_dir().join(format!("rowkey-phoenix-{}.redb", std::process::id()));
    let db = Database::create(&path)?;
    let day = 86_400_000i64;
    let t0 = 1_700_000_000_000i64;
    let mut orders = Vec::new();
    for (i, customer) in ["alice", "bob", "carol", "dave", "alicia"]
        .iter()
        .enumerate()
    {
        for n in 0..4i64 {
            orders.push(Order {
                tenant: if i % 2 == 0 { "ACME" } else { "INIT" }.into(),
                customer: (*customer).into(),
                region: (n % 2 == 0).then(|| ["eu", "us"][i % 2].into()),
                placed: t0 + n * day,
                coupon: (n == 3).then(|| format!("SAVE{n}")),
            });
        }
    }
    let w = db.begin_write()?;
    {
        let mut t = w.open_table(ORDERS)?;
        for o in &orders {
            // UPSERT INTO orders VALUES (...): the row key as Phoenix writes it.
            t.insert(o.to_vec()?.as_slice(), format!("{o:?}").as_bytes())?;
        }
    }
    w.commit()?;
    println!("wrote {} rows into {}", orders.len(), path.display());
    let splits: Vec<String> = Order::split_keys(4)?
        .iter()
        .map(|k| k.to_string())
        .collect();
    println!(
        "pre-split at {} (Phoenix's SALT_BUCKETS = 4 splits)",
        splits.join(" ")
    );

    // SELECT * FROM orders WHERE tenant = 'ACME' AND customer = 'alice':
    // the salt hashes the whole key, so a prefix reads all 4 buckets.
    let t = db.begin_read()?.open_table(ORDERS)?;
    let scan = |ranges: rowkey::ScanRanges<Order>| -> Result<Vec<Vec<u8>>, Box<dyn Error>> {
        let skip = ranges.merge_skip();
        let mut buckets = Vec::new();
        for r in ranges {
            println!("  {}", r.shell_scan("ORDERS"));
            let rows: Vec<Vec<u8>> = t
                .range::<&[u8]>(r.bounds())?
                .map(|e| e.map(|(k, _)| k.value().to_vec()))
                .collect::<Result<_, _>>()?;
            buckets.push(rows.into_iter());
        }
        Ok(rowkey::merge_sorted(buckets, skip, |k: &Vec<u8>| k.as_slice()).collect())
    };
    println!("\nSELECT * FROM orders WHERE tenant = 'ACME' AND customer = 'alice'");
    let rows = scan(Order::scan().tenant("ACME").customer("alice").ranges()?)?;
    println!("\n{:<64} COLUMN+CELL", "ROW");
    for key in &rows {
        let o = Order::decode(key)?;
        println!(
            "{:<64} region={:?} placed=+{}d coupon={:?}",
            Binary(key).to_string(),
            o.region,
            (o.placed - t0) / day,
            o.coupon
        );
    }
    assert_eq!(rows.len(), 4, "alice's 4 orders, not alicia's");

    // ... AND region IS NULL AND placed <= t0 + 2 days, newest first
    // (placed is DESC): a range on the DATE after a NULL region.
    println!("\n... AND region IS NULL AND placed BETWEEN t0 AND t0 + 2 days");
    let rows = scan(
        Order::scan()
            .tenant("ACME")
            .customer("alice")
            .region(None::<String>)
            .placed(t0..=t0 + 2 * day)
            .ranges()?,
    )?;
    for key in &rows {
        println!("{}", Order::explain(key)?);
    }
    assert_eq!(rows.len(), 1);

    // A whole key: the salt is known, one range in one bucket.
    let one = orders[3].clone();
    println!("\nget {one:?}");
    let rows = scan(
        Order::scan()
            .tenant(one.tenant.as_str())
            .customer(one.customer.as_str())
            .region(one.region.clone())
            .placed(one.placed)
            .coupon(one.coupon.clone())
            .ranges()?,
    )?;
    assert_eq!(rows, [one.to_vec()?]);
    drop(t);
    drop(db);
    std::fs::remove_file(&path)?;
    Ok(())
}
