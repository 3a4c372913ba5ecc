#!/usr/bin/env bash
# Prints the ratio table of benches/keys.rs: derived code against the
# hand-written, format!, MD5-floor and storekey baselines.
#
#   bash scripts/bench-table.sh                   # 9 runs, 1000 samples per benchmark
#   RUNS=1 bash scripts/bench-table.sh            # one run
#   SAMPLES=200 bash scripts/bench-table.sh       # quicker, noisier
#   bash scripts/bench-table.sh --from a.txt b.txt  # tabulate saved `cargo bench -p rowkey-bench --bench keys` outputs
#
# Times are medians per key (divan's median of a 256-key sample, divided by
# 256). Each ratio is a ratio of medians within one run; with several runs the
# table shows the median of the per-run ratios and lists them, so the noise
# is visible. `allocs/key` is divan's AllocProfiler count for the derived
# code (the largest over the runs). Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-9}
samples=${SAMPLES:-1000}
from=""
if [ "${1:-}" = "--from" ]; then
    from=${2:?--from needs a file}
fi

tabulate() {
    python3 - "$@" <<'PY'
import re, statistics, sys

KEYS = 256  # inputs per benchmark iteration (benches/keys.rs: N)
UNITS = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def ns(cell):
    m = re.match(r"\s*([0-9.]+)\s*(ps|ns|µs|us|ms|s)\s*$", cell)
    return float(m.group(1)) * UNITS[m.group(2)] if m else None


def parse(path):
    """divan's tree output -> {(layout, op, impl): {"median": ns/key, "allocs": per key}}"""
    results, stack, leaf, pending = {}, [], None, None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if "│" not in line:
            continue
        m = re.match(r"^([│ ]*)([├╰])─ (\S+)\s*(.*)$", line)
        if m:
            depth = len(m.group(1)) // 3
            stack[depth:] = [m.group(3)]
            cols = [c.strip() for c in m.group(4).split("│")]
            med = ns(cols[2]) if len(cols) > 2 else None
            leaf = tuple(stack) if med is not None else None
            if leaf:
                results[leaf] = {"median": med / KEYS, "fastest": ns(cols[0]) / KEYS, "allocs": 0.0}
            pending = None
            continue
        if leaf is None:
            continue
        # Rows under a leaf: throughput, then "max alloc:", "alloc:", ... each
        # followed by a count row and a size row. A leaf without an "alloc:"
        # row allocated nothing.
        cols = [c.strip() for c in line.lstrip("│ ").split("│")]
        if cols[0] in ("alloc:", "dealloc:", "grow:", "shrink:", "max alloc:"):
            pending = cols[0]
        elif pending == "alloc:" and len(cols) > 2:
            results[leaf]["allocs"] = float(cols[2]) / KEYS
            pending = None
        else:
            pending = None
    if not results:
        sys.exit("no divan results found in " + path)
    return results


runs = [parse(p) for p in sys.argv[1:]]
LAYOUTS = [("user_order", True), ("metric", False), ("log_event", False), ("seller_order", False)]
OPS = ["encode", "decode", "decode_unverified", "scan"]


def ratio(r, a, b, stat="median"):
    x, y = r.get(a), r.get(b)
    return None if x is None or y is None else x[stat] / y[stat]


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def f(v, digits=2):
    return "-" if v is None else f"{v:.{digits}f}"


def fns(v):
    return "-" if v is None else (f"{v:.1f}" if v >= 10 else f"{v:.2f}")


hdr = ["layout", "operation", "derived ns", "hand ns", "derived/hand", "(per run)",
       "fastest d/h", "derived/md5", "format/derived", "storekey/derived", "allocs/key",
       "targets"]
rows, misses = [], []
for layout, salted in LAYOUTS:
    for op in OPS:
        k = lambda impl: (layout, op, impl)
        present = [r for r in runs if k("derived") in r]
        if not present:
            continue
        d = med([r[k("derived")]["median"] for r in present])
        h = med([r[k("hand")]["median"] for r in present if k("hand") in r])
        per_run = [ratio(r, k("derived"), k("hand")) for r in present]
        r_hand = med(per_run)
        r_fast = med([ratio(r, k("derived"), k("hand"), "fastest") for r in present])
        r_md5 = med([ratio(r, k("derived"), k("md5_floor")) for r in present])
        r_fmt = med([ratio(r, k("format"), k("derived")) for r in present])
        r_sk = med([ratio(r, k("storekey"), k("derived")) for r in present])
        allocs = max(r[k("derived")]["allocs"] for r in present)
        spread = "-" if None in per_run else " ".join(f"{x:.2f}" for x in per_run)
        checks = []
        if op != "scan" and r_hand is not None:
            checks.append(("derived/hand<=1.05", r_hand <= 1.05))
        if r_md5 is not None:
            checks.append(("derived/md5<=1.10", r_md5 <= 1.10))
        if r_fmt is not None:
            need = 3 if salted else 10
            checks.append((f"format>={need}x", r_fmt >= need))
        checks.append(("0 allocs", allocs == 0))
        failed = [n for n, ok in checks if not ok]
        verdict = "ok" if not failed else "MISS " + ", ".join(failed)
        if failed:
            misses.append(f"{layout} {op} ({', '.join(failed)})")
        rows.append([layout, op, fns(d), fns(h), f(r_hand, 3), spread, f(r_fast, 3), f(r_md5),
                     f(r_fmt), f(r_sk), f"{allocs:g}", verdict])

widths = [max(len(str(x)) for x in col) for col in zip(hdr, *rows)]
line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
print(f"{len(runs)} run(s). ns per key: median of a 256-key sample / 256. Ratios: of medians")
print("within one run; with several runs, the median of the per-run ratios, listed under (per run).")
print()
print(line(hdr))
print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
for row in rows:
    print(line(row))
print()
print("targets: derived/hand <= 1.05 for encode and decode; salted encode <= 1.10 x the MD5")
print("floor; format!/derived >= 3 (salted), >= 10 (unsalted); 0 allocations in derived code.")
print("scan rows have no target (hand = a hand-built range of the same shape).")
print("fastest d/h: the same ratio over divan's fastest samples, the least disturbed by other")
print("load; a cross-check on the medians, not the target.")
print("misses: " + ("none" if not misses else "; ".join(misses)))
PY
}

if [ -n "$from" ]; then
    shift
    tabulate "$@"
    exit 0
fi

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); nproc: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "rustc: $(rustc --version)"
cargo bench -p rowkey-bench --bench keys --no-run >/dev/null 2>&1 || cargo bench -p rowkey-bench --bench keys --no-run
outs=()
for i in $(seq 1 "$runs"); do
    out=$(mktemp)
    outs+=("$out")
    cargo bench -p rowkey-bench --bench keys -- --sample-count "$samples" >"$out" 2>&1
    echo "run $i of $runs done (cargo bench -p rowkey-bench --bench keys -- --sample-count $samples; load: $(cut -d' ' -f1-3 /proc/loadavg))"
done
echo
tabulate "${outs[@]}"
rm -f "${outs[@]}"
