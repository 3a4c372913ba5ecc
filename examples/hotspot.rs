//! Where 1,000,000 monotonically increasing writes land in a 16-region table
//! under three layouts of the same records, and a picture of it.
//!
//! ```text
//! cargo run --release --example hotspot
//! ```
//!
//! Prints writes per region and the skew (busiest region / mean) for each
//! layout, and writes `docs/hotspot.svg`. The records are deterministic:
//! sequential ids and timestamps one millisecond apart from a fixed epoch,
//! the shape of an ingest job or a log stream.

use std::fmt::Write as _;

use rowkey::{split_keys, Binary, CreateTable, Hotspot, Load, Regions, RowKey};

/// The key a newcomer writes: time first, so it sorts by time.
#[derive(RowKey)]
struct Naive {
    ts: u64,
    id: u64,
}

/// Four hex characters of MD5(id) in front: the USER_INFO design post's layout.
#[derive(RowKey)]
struct Salted {
    #[salt(md5, 4)]
    id: u64,
    ts: u64,
}

/// `ts mod 16` in front: time ranges stay scannable, 16 ways.
#[derive(RowKey)]
struct Bucketed {
    #[bucket(16)]
    ts: u64,
    id: u64,
}

const WRITES: u64 = 1_000_000;
const REGIONS: usize = 16;
/// 2023-11-14T22:13:20Z in milliseconds.
const START_MS: u64 = 1_700_000_000_000;
/// The stream is also cut into this many consecutive windows, to show how
/// evenly the load falls at any one time, not just in total.
const WINDOWS: u64 = 16;

struct Layout {
    name: &'static str,
    what: &'static str,
    color: &'static str,
    splits: Vec<Vec<u8>>,
    counts: Vec<u64>,
    load: Load,
    worst_window_skew: f64,
}

fn run(
    name: &'static str,
    what: &'static str,
    color: &'static str,
    splits: Vec<Vec<u8>>,
    key: impl Fn(u64) -> Result<Vec<u8>, rowkey::Error>,
) -> Result<Layout, rowkey::Error> {
    let mut counts = vec![0; splits.regions()];
    let mut window = vec![0; splits.regions()];
    let mut worst_window_skew: f64 = 0.0;
    let mut hot = Hotspot::new(&splits, &mut counts)?;
    for i in 0..WRITES {
        let region = hot.record(&key(i)?);
        window[region] += 1;
        if (i + 1) % (WRITES / WINDOWS) == 0 {
            let skew = Load::of(&window).skew().unwrap_or(0.0);
            worst_window_skew = worst_window_skew.max(skew);
            window.fill(0);
        }
    }
    let load = hot.load();
    Ok(Layout {
        name,
        what,
        color,
        splits,
        counts,
        load,
        worst_window_skew,
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // What HBase's RegionSplitter UniformSplit (and Bytes.split over
    // 0x00.. to 0xFF..) gives: the 8-byte range cut into 16 equal parts. It
    // is what a user without a salt or bucket reaches for.
    let uniform: Vec<Vec<u8>> = (1..REGIONS as u64)
        .map(|i| (i << 60).to_be_bytes().to_vec())
        .collect();
    let ts = |i: u64| START_MS + i;

    let layouts = [
        run(
            "naive",
            "Naive { ts, id }, UniformSplit splits over the u64 range",
            "#d62728",
            uniform,
            |i| Naive { ts: ts(i), id: i }.to_vec(),
        )?,
        run(
            "salted",
            "Salted { #[salt(md5, 4)] id, ts }, split_keys::<Salted>(16)",
            "#1f77b4",
            split_keys::<Salted>(REGIONS)?.to_vecs(),
            |i| Salted { id: i, ts: ts(i) }.to_vec(),
        )?,
        run(
            "bucketed",
            "Bucketed { #[bucket(16)] ts, id }, split_keys::<Bucketed>(16)",
            "#2ca02c",
            split_keys::<Bucketed>(REGIONS)?.to_vecs(),
            |i| Bucketed { ts: ts(i), id: i }.to_vec(),
        )?,
    ];

    print!("{}", report(&layouts));
    println!();
    for (name, splits) in [
        ("salted", split_keys::<Salted>(REGIONS)?),
        ("bucketed", split_keys::<Bucketed>(REGIONS)?),
    ] {
        println!("{name}: {}", CreateTable::new("EVENTS", "d", splits));
    }

    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/hotspot.svg");
    std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/docs"))?;
    std::fs::write(path, svg(&layouts))?;
    println!("\nwrote docs/hotspot.svg");
    Ok(())
}

/// A region's first row, short enough for a bar label: a printable key as
/// itself, a binary one as `\xNN` escapes (HBase's notation) for every byte
/// up to the last non-zero one, `…` standing for the zeros after it.
fn start_key(layout: &Layout, region: usize) -> String {
    let Some(key) = region.checked_sub(1).map(|i| &layout.splits[i]) else {
        return "(start)".to_owned();
    };
    if key.iter().all(|b| b.is_ascii_graphic()) {
        return Binary(key).to_string();
    }
    let end = key.iter().rposition(|&b| b != 0).map_or(1, |p| p + 1);
    let mut out: String = key[..end].iter().map(|b| format!("\\x{b:02X}")).collect();
    if end < key.len() {
        out.push('…');
    }
    out
}

fn report(layouts: &[Layout]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} writes, ids 0.., timestamps {START_MS} ms + 1 ms each, {REGIONS} regions",
        thousands(WRITES)
    );
    for l in layouts {
        let _ = writeln!(out, "  {:<9} {}", l.name, l.what);
    }
    let _ = writeln!(out);
    let _ = write!(out, "{:6}", "");
    for l in layouts {
        let _ = write!(out, "    {:<20}", l.name);
    }
    let _ = writeln!(out);
    let _ = write!(out, "region");
    for _ in layouts {
        let _ = write!(out, "    {:<10}{:>10}", "start key", "writes");
    }
    let _ = writeln!(out);
    for r in 0..REGIONS {
        let _ = write!(out, "{r:>6}");
        for l in layouts {
            let _ = write!(
                out,
                "    {:<10}{:>10}",
                start_key(l, r),
                thousands(l.counts[r])
            );
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(out);
    for l in layouts {
        let _ = writeln!(
            out,
            "{:<9} skew (max/mean) {:>5.2}   busiest region {:>2} with {:>9}   empty regions {:>2}   worst skew within 1/{WINDOWS} of the stream {:>5.2}",
            l.name,
            l.load.skew().unwrap_or(0.0),
            l.load.busiest,
            thousands(l.load.max),
            l.load.empty,
            l.worst_window_skew,
        );
    }
    out
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A bar label: 62.5k, 1.00M.
fn short(n: u64) -> String {
    match n {
        0 => "0".to_owned(),
        n if n >= 1_000_000 => format!("{:.2}M", n as f64 / 1e6),
        n if n >= 1_000 => format!("{:.1}k", n as f64 / 1e3),
        n => n.to_string(),
    }
}

/// A y-axis label: 0, 250k, 1M.
fn axis_label(n: u64) -> String {
    match n {
        0 => "0".to_owned(),
        n if n % 1_000_000 == 0 => format!("{}M", n / 1_000_000),
        n => format!("{}k", n / 1_000),
    }
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Three bar charts, one per layout, on one shared y scale (0 to all
/// writes) so the panels compare at a glance; a dashed line marks the mean,
/// the height every bar has when the load is even.
fn svg(layouts: &[Layout]) -> String {
    const W: f64 = 960.0;
    const LEFT: f64 = 78.0;
    const RIGHT: f64 = 84.0;
    const TOP: f64 = 56.0;
    const PANEL: f64 = 316.0;
    const TITLE: f64 = 60.0;
    const PLOT: f64 = 200.0;
    let height = TOP + PANEL * layouts.len() as f64 + 10.0;
    let plot_w = W - LEFT - RIGHT;
    let slot = plot_w / REGIONS as f64;
    let y_max = WRITES as f64;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" viewBox="0 0 {W} {height}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="26" font-size="18" font-weight="bold">Writes per region: {} monotonically increasing records, 16 regions</text>"#,
        thousands(WRITES)
    );
    let _ = writeln!(
        s,
        r##"<text x="{LEFT}" y="44" font-size="12" fill="#555">skew = busiest region / mean; 1.00 is perfectly even, 16.00 is one region taking every write. cargo run --release --example hotspot</text>"##
    );
    for (p, l) in layouts.iter().enumerate() {
        let top = TOP + PANEL * p as f64;
        let base = top + TITLE + PLOT;
        let _ = writeln!(
            s,
            r#"<text x="{LEFT}" y="{:.1}" font-size="15" font-weight="bold" fill="{}">{} — skew {:.2}, {} empty region{}</text>"#,
            top + 18.0,
            l.color,
            xml(l.name),
            l.load.skew().unwrap_or(0.0),
            l.load.empty,
            if l.load.empty == 1 { "" } else { "s" },
        );
        let _ = writeln!(
            s,
            r##"<text x="{LEFT}" y="{:.1}" font-size="12" fill="#444">{}</text>"##,
            top + 34.0,
            xml(l.what)
        );
        // Grid and y axis labels.
        for tick in 0..=4 {
            let v = y_max * f64::from(tick) / 4.0;
            let y = base - PLOT * v / y_max;
            let _ = writeln!(
                s,
                r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/>"##,
                W - RIGHT
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end" fill="#555">{}</text>"##,
                LEFT - 6.0,
                y + 4.0,
                axis_label(v as u64)
            );
        }
        // Bars, their counts, and the region's number and start key.
        for (r, &c) in l.counts.iter().enumerate() {
            let x = LEFT + slot * r as f64;
            let h = PLOT * c as f64 / y_max;
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="{}"/>"#,
                x + 4.0,
                base - h,
                slot - 8.0,
                l.color
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="#222">{}</text>"##,
                x + slot / 2.0,
                base - h - 4.0,
                short(c)
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#222">{r}</text>"##,
                x + slot / 2.0,
                base + 14.0
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="#777" font-family="monospace">{}</text>"##,
                x + slot / 2.0,
                base + 27.0,
                xml(&start_key(l, r))
            );
        }
        // The mean: where every bar would be with an even load.
        let mean = l.load.mean().unwrap_or(0.0);
        let y = base - PLOT * mean / y_max;
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#000" stroke-dasharray="5,4"/>"##,
            W - RIGHT
        );
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#000">mean {}</text>"##,
            W - RIGHT + 6.0,
            y + 4.0,
            short(mean as u64)
        );
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{base:.1}" x2="{:.1}" y2="{base:.1}" stroke="#333"/>"##,
            W - RIGHT
        );
        for (label, dy) in [("region", 14.0), ("start key", 27.0)] {
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end" fill="#555">{label}</text>"##,
                LEFT - 8.0,
                base + dy
            );
        }
    }
    s.push_str("</svg>\n");
    s
}
