//! Random and round-robin spreading (`#[spread(N)]`) end to end on an
//! embedded store (redb): put, get through the key's candidate rows, and
//! scans fanned out over the shards and merged back into key order.
//!
//! 1. The HBase reference guide's salting: `foo0001` stored as `a-foo0001`,
//!    `b-foo0001`, ... with a random letter `a` to `d` in front.
//! 2. HBaseWD's `RowKeyDistributorByOneBytePrefix`: a round-robin byte
//!    `0..N` in front of the original key.
//!
//! ```text
//! cargo run -p rowkey-suite --example spread
//! ```
//!
//! What random spreading costs: nothing in the key says which shard a row
//! went to, so a get reads N rows, and writing a key again under another
//! shard makes a second row instead of overwriting the first. Use it for
//! append-only data (events, logs), or read the candidates before writing.

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use rowkey::{Binary, KeyPart, RowKey};
use std::error::Error;

/// The guide's prefix letter: one of four codes, picked at random. A code
/// enum's variants are the spread's shards, in declaration order.
#[derive(KeyPart, Debug, Clone, Copy, PartialEq)]
enum Letter {
    #[rowkey(code = "a")]
    A,
    #[rowkey(code = "b")]
    B,
    #[rowkey(code = "c")]
    C,
    #[rowkey(code = "d")]
    D,
}

/// `a-foo0003`: the letter, `-`, the id.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct GuideRow {
    #[spread(4)]
    #[delim(b'-')]
    letter: Letter,
    id: String,
}

/// HBaseWD's one-byte prefix, then the original key's bytes.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Distributed {
    #[spread(8)]
    prefix: u8,
    original: Vec<u8>,
}

const T: TableDefinition<&[u8], &[u8]> = TableDefinition::new("t");

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::temp_dir().join(format!("rowkey-spread-{}.redb", std::process::id()));
    let db = Database::create(&path)?;

    // 1. The guide's table: each row under a random letter (a small
    //    xorshift stands in for Random).
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut random = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let w = db.begin_write()?;
    {
        let mut t = w.open_table(T)?;
        for n in 1..=8 {
            let row = GuideRow {
                letter: [Letter::A, Letter::B, Letter::C, Letter::D][usize::try_from(random(4))?],
                id: format!("foo{n:04}"),
            };
            t.insert(row.to_vec()?.as_slice(), b"v".as_slice())?;
        }
    }
    w.commit()?;
    let t = db.begin_read()?.open_table(T)?;
    println!("the reference guide's salted table:");
    for e in t.iter()? {
        println!("  {}", Binary(e?.0.value()));
    }

    // A get: foo0003 is under one of 4 rows; ask for all of them.
    let want = GuideRow {
        letter: Letter::A,
        id: "foo0003".into(),
    };
    println!("\nget foo0003: the candidates");
    let mut found = Vec::new();
    for c in want.candidates() {
        let c = c?;
        let hit = t.get(&*c)?.is_some();
        println!(
            "  {:<12} {}",
            Binary(&c).to_string(),
            if hit { "found" } else { "-" }
        );
        if hit {
            found.push(GuideRow::decode(&c)?);
        }
    }
    assert_eq!(found.len(), 1);

    // A scan of ids foo0002..=foo0005, the letter left open: one range per
    // letter, merged by the id.
    let ranges = GuideRow::scan()
        .id("foo0002".to_string()..="foo0005".to_string())
        .ranges()?;
    let skip = ranges.merge_skip();
    println!(
        "\nscan foo0002..=foo0005: {} ranges, merged skipping {skip} bytes",
        ranges.fan_out()
    );
    let mut streams = Vec::new();
    for r in ranges {
        println!("  {}", r.shell_scan("t"));
        let rows: Vec<Vec<u8>> = t
            .range::<&[u8]>(r.bounds())?
            .map(|e| e.map(|(k, _)| k.value().to_vec()))
            .collect::<Result<_, _>>()?;
        streams.push(rows.into_iter());
    }
    let merged: Vec<Vec<u8>> =
        rowkey::merge_sorted(streams, skip, |k: &Vec<u8>| k.as_slice()).collect();
    let ids: Vec<String> = merged
        .iter()
        .map(|k| GuideRow::decode(k).map(|r| r.id))
        .collect::<Result<_, _>>()?;
    println!("  in id order: {}", ids.join(" "));
    assert_eq!(ids, ["foo0002", "foo0003", "foo0004", "foo0005"]);
    drop(t);

    // 2. HBaseWD: a round-robin prefix byte over 8 buckets.
    let w = db.begin_write()?;
    {
        let mut t = w.open_table(T)?;
        for (n, event) in (0u32..40).enumerate() {
            let row = Distributed {
                prefix: u8::try_from(n % 8)?,
                original: [b"evt".as_slice(), &event.to_be_bytes()].concat(),
            };
            t.insert(row.to_vec()?.as_slice(), b"".as_slice())?;
        }
    }
    w.commit()?;
    let t = db.begin_read()?.open_table(T)?;
    // DistributedScanner: events 10 to 19, all 8 buckets, merged by the
    // original key.
    let from = [b"evt".as_slice(), &10u32.to_be_bytes()].concat();
    let to = [b"evt".as_slice(), &20u32.to_be_bytes()].concat();
    let ranges = Distributed::scan().original(from..to).ranges()?;
    let skip = ranges.merge_skip();
    println!(
        "\nHBaseWD scan of events 10..20: {} ranges, skip {skip}",
        ranges.fan_out()
    );
    let mut streams = Vec::new();
    for r in ranges {
        let rows: Vec<Vec<u8>> = t
            .range::<&[u8]>(r.bounds())?
            .map(|e| e.map(|(k, _)| k.value().to_vec()))
            .collect::<Result<_, _>>()?;
        streams.push(rows.into_iter());
    }
    let merged: Vec<Vec<u8>> =
        rowkey::merge_sorted(streams, skip, |k: &Vec<u8>| k.as_slice()).collect();
    for k in &merged {
        println!("  {}", Binary(k));
    }
    assert_eq!(merged.len(), 10);
    assert!(merged.windows(2).all(|w| w[0][1..] < w[1][1..]));
    // getAllDistributedKeys: the 8 rows event 7 may be under.
    let seven = Distributed {
        prefix: 0,
        original: [b"evt".as_slice(), &7u32.to_be_bytes()].concat(),
    };
    let hits = seven
        .candidates()
        .map(|c| Ok::<_, Box<dyn Error>>(t.get(&*c?)?.is_some()))
        .collect::<Result<Vec<bool>, _>>()?;
    println!(
        "\nevent 7 found under prefix {:?}",
        hits.iter().position(|&h| h)
    );
    assert_eq!(hits.iter().filter(|&&h| h).count(), 1);
    drop(t);
    drop(db);
    std::fs::remove_file(&path)?;
    Ok(())
}
