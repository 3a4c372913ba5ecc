//! The connection: the data client, the table admin, table creation.

use crate::table::Table;
use crate::Error;
use bigtable_rs::bigtable::{BigTable, BigTableConnection};
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2 as admin;
use rowkey::{Codec, RowKey};
use std::sync::Arc;
use std::time::Duration;
use tonic::transport::{Channel, ClientTlsConfig};

type AuthorizedAdmin = admin::bigtable_table_admin_client::BigtableTableAdminClient<
    tonic::service::interceptor::InterceptedService<Channel, Bearer>,
>;

/// Puts the call's token (none for the emulator) on each admin request.
#[derive(Clone)]
struct Bearer(Option<tonic::metadata::MetadataValue<tonic::metadata::Ascii>>);

impl tonic::service::Interceptor for Bearer {
    fn call(&mut self, mut req: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        if let Some(v) = &self.0 {
            req.metadata_mut().insert("authorization", v.clone());
        }
        Ok(req)
    }
}

/// The table admin's endpoint and the scope its calls need.
const ADMIN_HOST: &str = "https://bigtableadmin.googleapis.com";
const ADMIN_SCOPE: &str = "https://www.googleapis.com/auth/bigtable.admin.table";

/// How admin calls are authorized.
#[derive(Clone)]
enum Admin {
    /// The emulator: plain text, no credentials.
    Emulator(Channel),
    /// A real instance: TLS, and a fresh OAuth token per call (admin calls
    /// are rare; the provider caches and refreshes tokens).
    Cloud {
        channel: Channel,
        tokens: Arc<dyn gcp_auth::TokenProvider>,
    },
}

/// A connection to one Bigtable instance: the data client and the table
/// admin client.
#[derive(Clone)]
pub struct Bigtable {
    pub(crate) data: BigTable,
    admin: Admin,
    instance: String,
}

impl std::fmt::Debug for Bigtable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bigtable")
            .field("instance", &self.instance)
            .field(
                "admin",
                &match self.admin {
                    Admin::Emulator(_) => "emulator",
                    Admin::Cloud { .. } => "cloud",
                },
            )
            .finish_non_exhaustive()
    }
}

impl Bigtable {
    /// Connects to an emulator at `addr` (`HOST:PORT`, as
    /// [`Emulator::addr`](crate::Emulator::addr) or `BIGTABLE_EMULATOR_HOST`
    /// give it): plain-text gRPC, no credentials. The project and instance
    /// are names only; the emulator accepts any.
    ///
    /// Call it inside a Tokio runtime: the channels belong to it.
    ///
    /// # Errors
    /// [`Error::Invalid`] for an address that is not `HOST:PORT`, or when
    /// called outside a Tokio runtime.
    pub fn emulator(addr: &str, project: &str, instance: &str) -> Result<Self, Error> {
        if tokio::runtime::Handle::try_current().is_err() {
            return Err(Error::Invalid(
                "Bigtable::emulator called outside a Tokio runtime: call it from async code \
                 (#[tokio::main], #[tokio::test])"
                    .into(),
            ));
        }
        // bigtable_rs panics on an address it cannot parse: check it first.
        let endpoint = Channel::from_shared(format!("http://{addr}"))
            .ok()
            .filter(|_| {
                addr.rsplit_once(':')
                    .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
            })
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "emulator address {addr:?} is not HOST:PORT (e.g. 127.0.0.1:8086)"
                ))
            })?;
        let data = BigTableConnection::new_with_emulator(
            addr,
            project,
            instance,
            false,
            4,
            Some(Duration::from_secs(60)),
        )?
        .client();
        Ok(Bigtable {
            data,
            admin: Admin::Emulator(endpoint.connect_lazy()),
            instance: format!("projects/{project}/instances/{instance}"),
        })
    }

    /// Connects to a real instance with Application Default Credentials
    /// (`GOOGLE_APPLICATION_CREDENTIALS`, `gcloud auth application-default
    /// login`, or the metadata server), or to the emulator when
    /// `BIGTABLE_EMULATOR_HOST` is set. The table admin (`create_table`,
    /// `create_table_if_missing`, `delete_table`) goes to
    /// `bigtableadmin.googleapis.com` over TLS (the system's root
    /// certificates) with a token of the `bigtable.admin.table` scope, so
    /// a bucketed layout can be pre-split at its bucket bytes, which `cbt`
    /// cannot print.
    ///
    /// This path was compiled, not run: nothing in this crate's tests can
    /// reach a real instance (they run against the emulator).
    ///
    /// # Errors
    /// No credentials found, or a transport error.
    pub async fn connect(project: &str, instance: &str) -> Result<Self, Error> {
        if let Ok(addr) = std::env::var("BIGTABLE_EMULATOR_HOST") {
            return Self::emulator(&addr, project, instance);
        }
        let data = BigTableConnection::new(project, instance, false, 4, None)
            .await?
            .client();
        let tokens = gcp_auth::provider()
            .await
            .map_err(|e| Error::Invalid(format!("Bigtable admin: no credentials: {e}")))?;
        let channel = Channel::from_static(ADMIN_HOST)
            .tls_config(ClientTlsConfig::new().with_native_roots())
            .map_err(|e| Error::Invalid(format!("Bigtable admin: TLS: {e}")))?
            .connect_lazy();
        Ok(Bigtable {
            data,
            admin: Admin::Cloud { channel, tokens },
            instance: format!("projects/{project}/instances/{instance}"),
        })
    }

    /// The admin client, authorized for one call.
    async fn admin(&self) -> Result<AuthorizedAdmin, Error> {
        let (channel, bearer) = match &self.admin {
            Admin::Emulator(channel) => (channel.clone(), None),
            Admin::Cloud { channel, tokens } => {
                let token = tokens
                    .token(&[ADMIN_SCOPE])
                    .await
                    .map_err(|e| Error::Invalid(format!("Bigtable admin: token: {e}")))?;
                let value = format!("Bearer {}", token.as_str())
                    .parse()
                    .map_err(|e| Error::Invalid(format!("Bigtable admin: token: {e}")))?;
                (channel.clone(), Some(value))
            }
        };
        Ok(
            admin::bigtable_table_admin_client::BigtableTableAdminClient::with_interceptor(
                channel,
                Bearer(bearer),
            ),
        )
    }

    /// A handle on table `id`, reading and writing `family:qualifier` as each
    /// row's value, through `V`'s [`Codec`].
    ///
    /// # Errors
    /// [`Error::Name`] for an id or family Bigtable refuses.
    pub fn table<K: RowKey, V: Codec>(
        &self,
        id: &str,
        family: &str,
        qualifier: &[u8],
    ) -> Result<Table<K, V>, Error> {
        check_names(id, &[family])?;
        Ok(Table::new(
            self.data.clone(),
            self.data.get_full_table_name(id),
            id,
            family,
            qualifier,
        ))
    }

    /// Creates table `id` with the column `families` (each keeping one
    /// version), pre-split into `regions` tablets at
    /// [`rowkey::split_keys`] of `K` (no splits for one region), and
    /// returns a handle on its first family with qualifier `v`. A key with
    /// no leading salt or bucket takes `regions = 1`: its first bytes are
    /// its own values, which the layout gives no split keys for.
    ///
    /// # Errors
    /// [`Error::Name`] for an id or family Bigtable refuses, checked before
    /// anything is sent; [`Error::Invalid`] without families, or for
    /// `regions` `K` cannot be split into ([`rowkey::table_split_keys`]:
    /// 0, more than 1 without a leading salt or bucket, more than the salt
    /// or bucket has values), the same refusal as the embedded store's;
    /// [`Error::Admin`] when Bigtable refuses (the table exists).
    pub async fn create_table<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> Result<Table<K, V>, Error> {
        self.create::<K, V>(id, families, regions, None).await
    }

    /// As [`create_table`](Bigtable::create_table), with the table's
    /// structured row-key schema (`Table.row_key_schema`) set to `K`'s
    /// ([`schema::row_key_schema`](crate::schema::row_key_schema)), so that
    /// Bigtable's SQL queries read the key's fields by name. A layout
    /// the schema cannot describe is refused before anything is sent.
    ///
    /// The emulator accepts the schema but does not keep it (a `GetTable`
    /// returns none); a real instance stores it.
    ///
    /// # Errors
    /// As [`create_table`](Bigtable::create_table); [`Error::RowKeySchema`]
    /// for a layout that does not map, or a key field named as one of
    /// `families`, checked before anything is sent.
    pub async fn create_table_with_schema<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> Result<Table<K, V>, Error> {
        let schema = crate::schema::row_key_schema::<K>()?;
        crate::schema::check_field_names::<K>(families)?;
        self.create::<K, V>(id, families, regions, Some(schema))
            .await
    }

    async fn create<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
        row_key_schema: Option<admin::r#type::Struct>,
    ) -> Result<Table<K, V>, Error> {
        let first = first_family(id, families)?;
        let initial_splits = split_keys::<K>(id, regions)?
            .into_iter()
            .map(|key| admin::create_table_request::Split { key })
            .collect();
        let column_families = families
            .iter()
            .map(|f| ((*f).to_owned(), one_version()))
            .collect();
        self.admin()
            .await?
            .create_table(admin::CreateTableRequest {
                parent: self.instance.clone(),
                table_id: id.to_owned(),
                table: Some(admin::Table {
                    column_families,
                    row_key_schema,
                    ..Default::default()
                }),
                initial_splits,
            })
            .await
            .map_err(|status| Error::Admin(Box::new(status)))?;
        self.table(id, first, b"v")
    }

    /// The structured row-key schema table `id` has, if any (a `GetTable`
    /// of the schema view). The emulator keeps none.
    ///
    /// # Errors
    /// [`Error::Name`] for an id Bigtable refuses; [`Error::Admin`] when
    /// Bigtable refuses (no such table).
    pub async fn row_key_schema(&self, id: &str) -> Result<Option<admin::r#type::Struct>, Error> {
        check_names(id, &[])?;
        let table = self
            .admin()
            .await?
            .get_table(admin::GetTableRequest {
                name: format!("{}/tables/{id}", self.instance),
                view: admin::table::View::Full.into(),
            })
            .await
            .map_err(|status| Error::Admin(Box::new(status)))?;
        Ok(table.into_inner().row_key_schema)
    }

    /// As [`create_table`](Bigtable::create_table), but a table that exists
    /// is kept (its rows and splits untouched) and given any of `families`
    /// it lacks. `regions` is checked either way, so a call refused on a
    /// new table is refused on an existing one too.
    ///
    /// # Errors
    /// As [`create_table`](Bigtable::create_table), without the error for a
    /// table that exists.
    pub async fn create_table_if_missing<K: RowKey, V: Codec>(
        &self,
        id: &str,
        families: &[&str],
        regions: usize,
    ) -> Result<Table<K, V>, Error> {
        let first = first_family(id, families)?;
        split_keys::<K>(id, regions)?;
        let name = format!("{}/tables/{id}", self.instance);
        let existing = self
            .admin()
            .await?
            .get_table(admin::GetTableRequest {
                name: name.clone(),
                view: admin::table::View::SchemaView.into(),
            })
            .await;
        let table = match existing {
            Ok(table) => table.into_inner(),
            Err(status) if status.code() == tonic::Code::NotFound => {
                return self.create_table(id, families, regions).await;
            }
            Err(status) => return Err(Error::Admin(Box::new(status))),
        };
        let modifications: Vec<_> = families
            .iter()
            .filter(|f| !table.column_families.contains_key(**f))
            .map(|f| admin::modify_column_families_request::Modification {
                id: (*f).to_owned(),
                r#mod: Some(
                    admin::modify_column_families_request::modification::Mod::Create(one_version()),
                ),
                ..Default::default()
            })
            .collect();
        if !modifications.is_empty() {
            self.admin()
                .await?
                .modify_column_families(admin::ModifyColumnFamiliesRequest {
                    name,
                    modifications,
                    ..Default::default()
                })
                .await
                .map_err(|status| Error::Admin(Box::new(status)))?;
        }
        self.table(id, first, b"v")
    }

    /// Deletes table `id`.
    ///
    /// # Errors
    /// [`Error::Name`] for an id Bigtable refuses; [`Error::Admin`] when
    /// Bigtable refuses (no such table).
    pub async fn delete_table(&self, id: &str) -> Result<(), Error> {
        check_names(id, &[])?;
        self.admin()
            .await?
            .delete_table(admin::DeleteTableRequest {
                name: format!("{}/tables/{id}", self.instance),
            })
            .await
            .map_err(|status| Error::Admin(Box::new(status)))?;
        Ok(())
    }
}

fn one_version() -> admin::ColumnFamily {
    admin::ColumnFamily {
        gc_rule: Some(admin::GcRule {
            rule: Some(admin::gc_rule::Rule::MaxNumVersions(1)),
        }),
        ..Default::default()
    }
}

/// Checks the names, and that there is a family: the first one.
fn first_family<'f>(id: &str, families: &[&'f str]) -> Result<&'f str, Error> {
    check_names(id, families)?;
    families
        .first()
        .copied()
        .ok_or_else(|| Error::Invalid(format!("table {id}: give at least one column family")))
}

/// Bigtable's rules for table ids and family names, before anything is
/// sent: the emulator accepts names a real instance refuses.
pub(crate) fn check_names(id: &str, families: &[&str]) -> Result<(), Error> {
    rowkey::check_names(id, families).map_err(|e| Error::Name {
        what: e.what,
        name: e.name.to_owned(),
        rule: e.rule,
    })
}

/// The split keys `create_table` uses: none for one region. The embedded
/// adapter checks `regions` through the same function, so both refuse
/// the same ones with the same message.
pub(crate) fn split_keys<K: RowKey>(id: &str, regions: usize) -> Result<Vec<Vec<u8>>, Error> {
    rowkey::table_split_keys::<K>(id, regions).map_err(|e| Error::Invalid(e.to_string()))
}
