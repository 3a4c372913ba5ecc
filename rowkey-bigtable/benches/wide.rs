//! A window of the same rows read over 65,536 buckets and over 16, each
//! in one `ReadRows` (every bucket's range in one `RowSet`), on Google's
//! emulator: the cost of the wide fan-out, with each returned row assigned
//! back to its range by binary search.
//!
//! ```text
//! cargo bench -p rowkey-bigtable --bench wide
//! ```

use divan::counter::ItemsCount;
use divan::Bencher;
use rowkey::RowKey;
use rowkey_bigtable::{Bigtable, Emulator, FanOut, Read, Table};
use std::sync::OnceLock;
use tokio::runtime::Runtime;

#[derive(RowKey, Debug)]
struct Narrow {
    #[bucket(16)]
    ts: u64,
}

#[derive(RowKey, Debug)]
struct Wide {
    #[bucket(65536)]
    ts: u64,
}

const T: u64 = 1_700_000_000_000;
/// Rows in each table, one per millisecond from `T`.
const ROWS: u64 = 4096;

struct Env {
    rt: Runtime,
    narrow: Table<Narrow, u64>,
    wide: Table<Wide, u64>,
    _emulator: Emulator,
}

fn env() -> &'static Env {
    static ENV: OnceLock<Env> = OnceLock::new();
    ENV.get_or_init(|| {
        let emulator = Emulator::start().expect("cbtemulator");
        let rt = Runtime::new().expect("tokio runtime");
        let (narrow, wide) = rt.block_on(async {
            let bt = Bigtable::emulator(emulator.addr(), "bench", "bench").expect("connect");
            let narrow = bt
                .create_table::<Narrow, u64>("narrow", &["d"], 16)
                .await
                .expect("create");
            let wide = bt
                .create_table::<Wide, u64>("wide", &["d"], 16)
                .await
                .expect("create");
            narrow
                .put_many((0..ROWS).map(|i| (Narrow { ts: T + i }, i)))
                .await
                .expect("load");
            wide.put_many((0..ROWS).map(|i| (Wide { ts: T + i }, i)))
                .await
                .expect("load");
            (narrow, wide)
        });
        Env {
            rt,
            narrow,
            wide,
            _emulator: emulator,
        }
    })
}

fn main() {
    divan::main();
}

const ONE_REQUEST: Read = Read {
    fan_out: FanOut::OneRequest,
    order: rowkey::Order::Ascending,
    limit: None,
};

/// The window's 4,096 rows over 16 bucket ranges.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn buckets_16(bencher: Bencher) {
    let env = env();
    bencher.counter(ItemsCount::new(ROWS)).bench_local(|| {
        let scan = Narrow::scan().ts(T..T + ROWS).ranges().expect("ranges");
        let rows = env
            .rt
            .block_on(env.narrow.read(scan, ONE_REQUEST))
            .expect("read");
        assert_eq!(rows.len() as u64, ROWS);
        rows
    });
}

/// The same rows over 65,536 bucket ranges.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn buckets_65536(bencher: Bencher) {
    let env = env();
    bencher.counter(ItemsCount::new(ROWS)).bench_local(|| {
        let scan = Wide::scan().ts(T..T + ROWS).ranges().expect("ranges");
        let rows = env
            .rt
            .block_on(env.wide.read(scan, ONE_REQUEST))
            .expect("read");
        assert_eq!(rows.len() as u64, ROWS);
        rows
    });
}
