//! `KeyRange` as a value: its checked constructor, printing (HBase's
//! `toStringBinary`, and the shell's `scan` command, read back as the shell
//! reads it), equality and hashing, the owned form, and paging with
//! resume-after / resume-before against a real store (redb).

use redb::{Database, ReadableDatabase, TableDefinition};
use rowkey::{ErrorKind, KeyRange, OwnedKeyRange, RowKey};
use std::collections::{BTreeMap, HashSet};

mod common;
use common::seeds::{LogEvent, Metric, SellerOrder};

#[test]
fn new_refuses_what_a_client_would_misread() {
    type R = KeyRange<SellerOrder>;
    let ok = R::new(b"a", Some(b"b")).expect("a..b");
    assert_eq!((ok.start(), ok.stop()), (&b"a"[..], Some(&b"b"[..])));
    let all = R::new(b"", None).expect("whole table");
    assert_eq!((all.start(), all.stop()), (&b""[..], None));
    for (start, stop) in [
        (&b"a"[..], Some(&b""[..])),
        (b"", Some(b"")),
        (b"a", Some(b"a")),
        (b"b", Some(b"a")),
        (b"a\x00", Some(b"a")),
    ] {
        let e = R::new(start, stop).expect_err("empty range");
        assert_eq!(e.key_name(), "SellerOrder");
        assert!(matches!(e.kind(), ErrorKind::Invalid { .. }), "{e}");
        assert!(e.to_string().contains("stop row"), "{e}");
        assert!(OwnedKeyRange::<SellerOrder>::new(start, stop).is_err());
    }
    // Rows longer than the key's SCAN_CAP do not fit the inline form.
    let long = vec![b'x'; SellerOrder::SCAN_CAP + 1];
    assert!(R::new(&long, None).is_err());
    assert!(R::new(b"", Some(&long)).is_err());
    let owned = OwnedKeyRange::<SellerOrder>::new(&long, None).expect("heap form");
    assert!(owned.to_key_range().is_err());
    // Past HBase's limit, neither.
    let huge = vec![b'x'; 32768];
    assert!(OwnedKeyRange::<SellerOrder>::new(&huge, None).is_err());
}

#[test]
fn display_is_to_string_binary_and_equal_ranges_hash_alike() {
    let r = KeyRange::<Metric>::new(b"web\x00\\\xff", Some(b"web\x01")).expect("range");
    assert_eq!(r.to_string(), r#""web\x00\x5C\xFF".."web\x01""#);
    assert_eq!(
        format!("{r:?}"),
        r#"KeyRange { start: "web\x00\x5C\xFF", stop: "web\x01" }"#
    );
    let open = KeyRange::<Metric>::new(b"a", None).expect("range");
    assert_eq!(open.to_string(), r#""a".."#);
    assert_eq!(OwnedKeyRange::from(open).to_string(), r#""a".."#);

    let from_scan = Metric::scan()
        .host("web01")
        .ranges()
        .expect("scan")
        .next()
        .expect("one");
    let rebuilt = KeyRange::<Metric>::new(from_scan.start(), from_scan.stop()).expect("same");
    assert_eq!(from_scan, rebuilt);
    let set: HashSet<KeyRange<Metric>> = [from_scan, rebuilt, open].into_iter().collect();
    assert_eq!(set.len(), 2);
    let owned: HashSet<OwnedKeyRange<Metric>> =
        set.iter().map(|r| OwnedKeyRange::from(*r)).collect();
    assert_eq!(owned.len(), 2);
    assert!(owned.contains(&OwnedKeyRange::from(from_scan)));
    assert_eq!(
        OwnedKeyRange::from(from_scan).to_key_range().expect("fits"),
        from_scan
    );
}

/// What the HBase shell makes of a `scan` command's row: Ruby parses the
/// double-quoted literal (`\xNN`, `\\`, `\"`, `\#` are escapes; an unescaped
/// `#{` would interpolate), and the shell hands the string's bytes to `Scan`
/// (`to_java_bytes`).
fn ruby_reads(literal: &str) -> Vec<u8> {
    let inner = literal
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .expect("double-quoted");
    let bytes = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => {
                match bytes[i + 1] {
                    b'x' => {
                        let hex = std::str::from_utf8(&bytes[i + 2..i + 4]).expect("ascii");
                        out.push(u8::from_str_radix(hex, 16).expect("hex escape"));
                        i += 4;
                        continue;
                    }
                    c @ (b'\\' | b'"' | b'#') => out.push(c),
                    c => panic!("escape \\{} Ruby reads otherwise", c as char),
                }
                i += 2;
            }
            b'"' => panic!("unescaped quote inside {literal}"),
            b'#' if matches!(bytes.get(i + 1), Some(b'{' | b'$' | b'@')) => {
                panic!("interpolation in {literal}")
            }
            c => {
                assert!((b' '..=b'~').contains(&c), "raw byte {c} in {literal}");
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Splits `scan 'T', {STARTROW => "..", STOPROW => ".."}` into its parts.
fn parse_scan(cmd: &str) -> (String, Vec<u8>, Option<Vec<u8>>) {
    let rest = cmd.strip_prefix("scan '").expect("scan command");
    let (table, rest) = rest.split_once("', {STARTROW => ").expect("table");
    let rest = rest.strip_suffix('}').expect("closing brace");
    // A row literal ends at the first unescaped quote after its opening one.
    let end = |s: &str| -> usize {
        let b = s.as_bytes();
        let mut i = 1;
        while b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        i + 1
    };
    let n = end(rest);
    let start = ruby_reads(&rest[..n]);
    let stop = rest[n..].strip_prefix(", STOPROW => ").map(ruby_reads);
    if stop.is_none() {
        assert_eq!(&rest[n..], "", "{cmd}");
    }
    (table.to_owned(), start, stop)
}

#[test]
fn shell_scan_reads_back_exactly() {
    for b in 0..=255u8 {
        let start = [b, b'"', b'\\', b'#', b'{', b];
        let stop = [b, b'"', b'\\', b'#', b'{', b, 0];
        let r = KeyRange::<LogEvent>::new(&start, Some(&stop)).expect("range");
        let cmd = r.shell_scan("events").to_string();
        assert!(cmd.is_ascii(), "{cmd}");
        assert_eq!(
            parse_scan(&cmd),
            ("events".to_owned(), start.to_vec(), Some(stop.to_vec())),
            "{cmd}"
        );
    }
    // The ranges of a fan-out, each a command of its own.
    for r in LogEvent::scan()
        .ts(1_700_000_000_000..1_700_000_060_000)
        .ranges()
        .expect("scan")
    {
        let cmd = r.shell_scan("log").to_string();
        let (_, start, stop) = parse_scan(&cmd);
        assert_eq!(
            KeyRange::<LogEvent>::new(&start, stop.as_deref()).expect("range"),
            r
        );
    }
    // To the end of the table: no STOPROW at all (the shell's default).
    let r = KeyRange::<LogEvent>::new(b"\xff", None).expect("range");
    assert_eq!(
        r.shell_scan("t").to_string(),
        r#"scan 't', {STARTROW => "\xFF"}"#
    );
    assert_eq!(
        OwnedKeyRange::from(r).shell_scan("t").to_string(),
        r.shell_scan("t").to_string()
    );
}

const TABLE: TableDefinition<&[u8], u64> = TableDefinition::new("rows");

/// Pages through scans of a redb table, `page` rows at a time, resuming
/// after the last row (ascending) or before it (descending, newest first
/// from the stop row), and checks every page run against brute force.
#[test]
fn paging_resumes_exactly() {
    let path = std::env::temp_dir().join(format!(
        "rowkey-key_range-{}-{}.redb",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    let db = Database::create(&path).expect("redb");
    let mut all = BTreeMap::new();
    let w = db.begin_write().expect("write");
    {
        let mut t = w.open_table(TABLE).expect("table");
        for seller in [1u64, 2, 0xFF, u64::MAX] {
            for ts in 0..40u64 {
                let key = SellerOrder {
                    seller_id: seller,
                    ts: ts * 3,
                    order_no: ts % 4,
                }
                .to_vec()
                .expect("key");
                t.insert(key.as_slice(), ts).expect("insert");
                all.insert(key, ts);
            }
        }
    }
    w.commit().expect("commit");
    let read = db.begin_read().expect("read");
    let t = read.open_table(TABLE).expect("table");
    let scans = [
        SellerOrder::scan().seller_id(2).ranges(),
        SellerOrder::scan().seller_id(u64::MAX).ranges(),
        SellerOrder::scan().seller_id(0xFF).ts(10..70).ranges(),
        SellerOrder::scan().ranges(),
        SellerOrder::scan()
            .seller_id(1)
            .ts(3)
            .order_no(0..)
            .ranges(),
    ];
    for rs in scans {
        for range in rs.expect("scan") {
            let want: Vec<Vec<u8>> = all.keys().filter(|k| range.contains(k)).cloned().collect();
            for page in [1usize, 7, 1000] {
                // Ascending, resuming after the last row of each page.
                let mut got = Vec::new();
                let mut owned_got = Vec::new();
                let mut next = Some(range);
                let mut owned = Some(OwnedKeyRange::from(range));
                while let Some(r) = next {
                    let rows: Vec<Vec<u8>> = t
                        .range::<&[u8]>(r.bounds())
                        .expect("range")
                        .take(page)
                        .map(|e| e.expect("row").0.value().to_vec())
                        .collect();
                    let o = owned.take().expect("owned pages alike");
                    let orows: Vec<Vec<u8>> = t
                        .range::<&[u8]>(o.bounds())
                        .expect("range")
                        .take(page)
                        .map(|e| e.expect("row").0.value().to_vec())
                        .collect();
                    assert_eq!(rows, orows);
                    owned_got.extend(orows);
                    next = match rows.last() {
                        Some(last) if rows.len() == page => {
                            owned = o.resume_after(last);
                            r.resume_after(last).expect("resume")
                        }
                        _ => None,
                    };
                    got.extend(rows);
                }
                assert_eq!(got, want, "{range} by {page}");
                assert_eq!(owned_got, want, "{range} by {page}");

                // Descending, resuming before the last (lowest) row.
                let mut got = Vec::new();
                let mut next = Some(range);
                while let Some(r) = next {
                    let rows: Vec<Vec<u8>> = t
                        .range::<&[u8]>(r.bounds())
                        .expect("range")
                        .rev()
                        .take(page)
                        .map(|e| e.expect("row").0.value().to_vec())
                        .collect();
                    next = match rows.last() {
                        Some(last) if rows.len() == page => r.resume_before(last).expect("resume"),
                        _ => None,
                    };
                    got.extend(rows);
                }
                let mut rev = want.clone();
                rev.reverse();
                assert_eq!(got, rev, "{range} backwards by {page}");
            }
        }
    }
    // Resuming after a row outside the range never widens it.
    let r = KeyRange::<SellerOrder>::new(b"m", Some(b"p")).expect("range");
    assert_eq!(r.resume_after(b"a").expect("fits"), Some(r));
    assert_eq!(r.resume_after(b"p").expect("fits"), None);
    assert_eq!(
        r.resume_after(b"o\xff")
            .expect("fits")
            .map(|r| r.start().to_vec()),
        Some(b"o\xff\x00".to_vec())
    );
    assert_eq!(r.resume_before(b"z"), Ok(Some(r)));
    assert_eq!(r.resume_before(b"m"), Ok(None));
    assert_eq!(
        r.resume_before(b"n")
            .map(|r| r.map(|r| r.stop().map(<[u8]>::to_vec))),
        Ok(Some(Some(b"n".to_vec())))
    );
    drop(t);
    drop(read);
    drop(db);
    let _ = std::fs::remove_file(&path);
}

/// Paging a merged fan-out: every bucket resumes after (or before) the
/// page's last row rebased onto it, which lies in one bucket only; the
/// owned form agrees with the inline one, and a skip longer than the rows
/// is refused rather than resuming from a wrong row.
#[test]
fn merged_fan_outs_resume_in_every_bucket() {
    let scan = || LogEvent::scan().ts(1_000..2_000).ranges().expect("scan");
    let skip = scan().merge_skip();
    assert_eq!(skip, 1);
    let key = |ts| {
        LogEvent {
            ts,
            host: "web01",
            event: "login",
        }
        .to_vec()
        .expect("key")
    };
    let last = key(1_500);
    let after: Vec<_> = scan()
        .filter_map(|r| r.resume_after_merged(&last, skip).expect("resume"))
        .collect();
    let before: Vec<_> = scan()
        .filter_map(|r| r.resume_before_merged(&last, skip).expect("resume"))
        .collect();
    for ts in 1_000..2_000 {
        let k = key(ts);
        assert_eq!(
            after.iter().any(|r| r.contains(&k)),
            ts > 1_500,
            "after, ts {ts}"
        );
        assert_eq!(
            before.iter().any(|r| r.contains(&k)),
            ts < 1_500,
            "before, ts {ts}"
        );
    }
    for r in scan() {
        let owned = OwnedKeyRange::from(r);
        assert_eq!(
            owned.resume_after_merged(&last, skip).expect("owned"),
            r.resume_after_merged(&last, skip)
                .expect("inline")
                .map(OwnedKeyRange::from)
        );
        assert_eq!(
            owned.resume_before_merged(&last, skip).expect("owned"),
            r.resume_before_merged(&last, skip)
                .expect("inline")
                .map(OwnedKeyRange::from)
        );
        let e = r
            .resume_after_merged(&last[..0], skip)
            .expect_err("skip past the row");
        assert!(e.to_string().contains("merge_skip"), "{e}");
    }
}
