//! The secondary-index pattern of docs/tables.md, run on the embedded
//! store and on Google's emulator: both keys checked before either row is
//! written (a key that cannot be written leaves neither row), the index
//! row written first, and an index row whose order is missing (a write
//! that failed half-way) skipped and removed by the read that meets it.

mod common;

use rowkey::{Database, RowKey, Store};

#[derive(RowKey, Debug)]
struct OrderKey<'a> {
    #[salt(md5, 2)]
    #[pad(16)]
    buyer: &'a str,
    #[reverse_ts]
    placed_at: u64,
    #[pad(16)]
    order_id: &'a str,
}

#[derive(RowKey, Debug)]
struct SellerKey<'a> {
    #[salt(md5, 2)]
    #[pad(16)]
    seller: &'a str,
    placed_at: u64,
    #[pad(16)]
    order_id: &'a str,
}

struct Orders<D: Database> {
    orders: D::Table<OrderKey<'static>, u64>,
    by_seller: D::Table<SellerKey<'static>, String>,
}

impl<D: Database> Orders<D> {
    async fn open(db: &D) -> Result<Self, D::Error> {
        Ok(Orders {
            orders: db.create_table_if_missing("orders", &["d"], 16).await?,
            by_seller: db.create_table_if_missing("by_seller", &["d"], 16).await?,
        })
    }

    async fn place(
        &self,
        buyer: &str,
        seller: &str,
        placed_at: u64,
        order_id: &str,
        cents: u64,
    ) -> Result<(), D::Error> {
        let order = OrderKey {
            buyer,
            placed_at,
            order_id,
        };
        let index = SellerKey {
            seller,
            placed_at,
            order_id,
        };
        order.check()?;
        index.check()?;
        self.by_seller.put(&index, &buyer.to_owned()).await?;
        self.orders.put(&order, &cents).await
    }

    async fn by_seller(
        &self,
        seller: &str,
        from: u64,
        to: u64,
    ) -> Result<Vec<(String, u64)>, D::Error> {
        let scan = SellerKey::scan()
            .seller(seller)
            .placed_at(from..to)
            .ranges()?;
        let index = self.by_seller.scan(scan).await?;
        let mut found = Vec::new();
        let mut strays = Vec::new();
        for row in &index {
            let k = row.decode()?;
            let order = OrderKey {
                buyer: &row.value,
                placed_at: k.placed_at,
                order_id: k.order_id,
            };
            match self.orders.get(&order).await? {
                Some(cents) => found.push((k.order_id.to_owned(), cents)),
                None => strays.push(k),
            }
        }
        self.by_seller.delete_many(&strays).await?;
        Ok(found)
    }

    async fn count_by_seller(&self, seller: &str) -> Result<u64, D::Error> {
        self.by_seller
            .count(SellerKey::scan().seller(seller).ranges()?)
            .await
    }

    async fn count_by_buyer(&self, buyer: &str) -> Result<u64, D::Error> {
        self.orders
            .count(OrderKey::scan().buyer(buyer).ranges()?)
            .await
    }
}

async fn index_pattern<D: Database>(db: &D, engine: &str) {
    let o = Orders::open(db).await.unwrap();
    o.place("b1", "s1", 100, "o-1", 500).await.unwrap();
    o.place("b10", "s1", 110, "o-2", 700).await.unwrap();
    o.place("b1", "s10", 120, "o-3", 900).await.unwrap();

    // A seller id too long for its pad: refused before either row.
    let err = o
        .place("b1", "seller-with-a-long-id", 130, "o-4", 1)
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("seller"), "{engine}: {err}");
    // A buyer id too long for the order key's pad, whose index key is
    // fine: without the check, the index row would be written, then the
    // order refused.
    let err = o
        .place("buyer-with-a-long-id", "s2", 130, "o-5", 1)
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("buyer"), "{engine}: {err}");
    assert_eq!(o.count_by_buyer("b1").await.unwrap(), 2, "{engine}");
    assert_eq!(
        o.count_by_seller("s2").await.unwrap(),
        0,
        "{engine}: no index row"
    );
    assert_eq!(o.count_by_seller("seller-with-a-l").await.unwrap(), 0);

    // A place that failed after its index row: the index row alone.
    let half = SellerKey {
        seller: "s1",
        placed_at: 115,
        order_id: "o-lost",
    };
    o.by_seller.put(&half, &"b3".to_owned()).await.unwrap();
    assert_eq!(
        o.count_by_seller("s1").await.unwrap(),
        3,
        "{engine}: the stray counts"
    );
    let got = o.by_seller("s1", 0, 1_000).await.unwrap();
    assert_eq!(
        got,
        [("o-1".to_owned(), 500), ("o-2".to_owned(), 700)],
        "{engine}: the stray skipped"
    );
    assert_eq!(
        o.count_by_seller("s1").await.unwrap(),
        2,
        "{engine}: and removed"
    );
    assert_eq!(
        o.count_by_seller("s10").await.unwrap(),
        1,
        "{engine}: s10 kept"
    );
}

on_both_engines!(index_pattern);
