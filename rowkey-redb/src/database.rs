//! [`rowkey::Database`] for [`Redb`]: the trait's methods are the handle's
//! own, so setup code generic over the database runs here as on Bigtable.

use crate::table::{Redb, Table};
use crate::Error;
use rowkey::{Codec, RowKey};
use std::future::Future;

impl rowkey::Database for Redb {
    type Error = Error;
    type Table<K: RowKey, V: Codec> = Table<K, V>;

    fn table<K: RowKey, V: Codec>(
        &self,
        id: &str,
        family: &str,
        qualifier: &[u8],
    ) -> Result<Table<K, V>, Error> {
        Redb::table(self, id, family, qualifier)
    }

    fn create_table_if_missing<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> impl Future<Output = Result<Table<K, V>, Error>> + Send {
        Redb::create_table_if_missing(self, id, families, regions)
    }
}
