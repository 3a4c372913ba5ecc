//! Instructions of `rowkey-bigtable` against raw `bigtable_rs` doing the
//! same requests, for `scripts/callgrind-bigtable.sh` (valgrind's callgrind
//! counts this process only; the emulator is another process).
//!
//! `ROWKEY_CG=OP/WAY*ROUNDS` runs one operation ROUNDS times after the set-up
//! (emulator, tables, rows to read): OP is `put_many` (1,000 rows, one
//! `MutateRows`) or `scan` (a 1,600-row window over 16 buckets, one
//! `ReadRows`, merged into time order), WAY is `adapter` or `raw` (keys
//! built by hand, the response sorted by hand). Values are `u64`s, 8 bytes
//! big-endian either way.
//!
//! ```text
//! bash scripts/callgrind-bigtable.sh
//! ```

use bigtable_rs::bigtable::BigTableConnection;
use bigtable_rs::google::bigtable::v2::mutation::{self, SetCell};
use bigtable_rs::google::bigtable::v2::row_filter::{Chain, Filter};
use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
use bigtable_rs::google::bigtable::v2::{
    column_range, mutate_rows_request, ColumnRange, MutateRowsRequest, Mutation, ReadRowsRequest,
    RowFilter, RowRange, RowSet,
};
use futures::StreamExt;
use rowkey::RowKey;
use rowkey_bigtable::{Bigtable, Emulator};
use std::time::Duration;

#[derive(RowKey, Debug)]
struct EventKey<'a> {
    #[bucket(16)]
    ts: u64,
    #[pad(16)]
    host: &'a str,
    metric: &'a str,
}

const T: u64 = 1_700_000_000_000;
const WRITE: u64 = 1000;
const LOADED: u64 = 16_000;
const WINDOW: u64 = 1600;

/// `EventKey`'s bytes, by hand: `[ts % 16][ts][host padded to 16][metric]`.
fn hand_key(ts: u64, host: &str, metric: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(25 + metric.len());
    k.push((ts % 16) as u8);
    k.extend_from_slice(&ts.to_be_bytes());
    k.extend_from_slice(host.as_bytes());
    k.resize(9 + 16, 0);
    k.extend_from_slice(metric.as_bytes());
    k
}

fn column_filter() -> RowFilter {
    let column = Filter::ColumnRangeFilter(ColumnRange {
        family_name: "d".into(),
        start_qualifier: Some(column_range::StartQualifier::StartQualifierClosed(
            b"v".to_vec(),
        )),
        end_qualifier: Some(column_range::EndQualifier::EndQualifierClosed(
            b"v".to_vec(),
        )),
    });
    RowFilter {
        filter: Some(Filter::Chain(Chain {
            filters: vec![
                RowFilter {
                    filter: Some(column),
                },
                RowFilter {
                    filter: Some(Filter::CellsPerColumnLimitFilter(1)),
                },
            ],
        })),
    }
}

fn main() {
    let spec = std::env::var("ROWKEY_CG").unwrap_or_else(|_| "scan/adapter*1".into());
    let (op, rounds) = spec.split_once('*').expect("OP/WAY*ROUNDS");
    let rounds: u64 = rounds.parse().expect("rounds");
    let emulator = Emulator::start().expect("cbtemulator");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let bt = Bigtable::emulator(emulator.addr(), "cg", "cg").expect("connect");
        let table = bt
            .create_table::<EventKey<'static>, u64>("t", &["d"], 16)
            .await
            .expect("create")
            .with_batch(WRITE as usize)
            .expect("batch");
        let mut raw = BigTableConnection::new_with_emulator(
            emulator.addr(),
            "cg",
            "cg",
            false,
            4,
            Some(Duration::from_secs(60)),
        )
        .expect("raw client")
        .client();
        let name = table.name().to_owned();
        if op.starts_with("scan") {
            let rows = (0..LOADED).map(|i| {
                let key = EventKey {
                    ts: T + i,
                    host: "web01",
                    metric: "cpu",
                };
                (key, i)
            });
            table.put_many(rows).await.expect("load");
        }
        for _ in 0..rounds {
            match op {
                "put_many/adapter" => {
                    let rows = (0..WRITE).map(|i| {
                        let key = EventKey {
                            ts: T + i,
                            host: "web01",
                            metric: "cpu",
                        };
                        (key, i)
                    });
                    assert_eq!(table.put_many(rows).await.expect("put_many"), 1000);
                }
                "put_many/raw" => {
                    let entries = (0..WRITE)
                        .map(|i| mutate_rows_request::Entry {
                            row_key: hand_key(T + i, "web01", "cpu"),
                            mutations: vec![Mutation {
                                mutation: Some(mutation::Mutation::SetCell(SetCell {
                                    family_name: "d".into(),
                                    column_qualifier: b"v".to_vec(),
                                    timestamp_micros: -1,
                                    value: i.to_be_bytes().to_vec(),
                                })),
                            }],
                            ..Default::default()
                        })
                        .collect();
                    let mut responses = raw
                        .mutate_rows(MutateRowsRequest {
                            table_name: name.clone(),
                            entries,
                            ..Default::default()
                        })
                        .await
                        .expect("mutate_rows");
                    let mut done = 0;
                    while let Some(r) = responses.next().await {
                        for e in r.expect("response").entries {
                            assert_eq!(e.status.unwrap_or_default().code, 0);
                            done += 1;
                        }
                    }
                    assert_eq!(done, 1000);
                }
                "scan/adapter" => {
                    let scan = EventKey::scan()
                        .ts(T + 1000..T + 1000 + WINDOW)
                        .ranges()
                        .expect("ranges");
                    let rows = table.scan(scan).await.expect("scan");
                    assert_eq!(rows.len() as u64, WINDOW);
                }
                "scan/raw" => {
                    let (from, to) = (T + 1000, T + 1000 + WINDOW);
                    let row_ranges = (0..16u8)
                        .map(|b| {
                            let mut start = vec![b];
                            start.extend_from_slice(&from.to_be_bytes());
                            let mut end = vec![b];
                            end.extend_from_slice(&to.to_be_bytes());
                            RowRange {
                                start_key: Some(StartKey::StartKeyClosed(start)),
                                end_key: Some(EndKey::EndKeyOpen(end)),
                            }
                        })
                        .collect();
                    let rows = raw
                        .read_rows(ReadRowsRequest {
                            table_name: name.clone(),
                            rows: Some(RowSet {
                                row_keys: Vec::new(),
                                row_ranges,
                            }),
                            filter: Some(column_filter()),
                            ..Default::default()
                        })
                        .await
                        .expect("read_rows");
                    let mut rows: Vec<(Vec<u8>, u64)> = rows
                        .into_iter()
                        .map(|(k, cells)| {
                            let cell = cells.into_iter().next().expect("a cell");
                            let value: [u8; 8] = cell.value.try_into().expect("8 bytes");
                            (k, u64::from_be_bytes(value))
                        })
                        .collect();
                    // Time order without the bucket byte.
                    rows.sort_by(|a, b| a.0[1..].cmp(&b.0[1..]));
                    assert_eq!(rows.len() as u64, WINDOW);
                }
                other => panic!("unknown operation {other}"),
            }
        }
    });
}
