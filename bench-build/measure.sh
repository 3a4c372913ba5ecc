#!/usr/bin/env bash
# Build cost of #[derive(RowKey)]: cold `cargo build` (debug) of a crate
# deriving 50 structs, against the same structs with serde's
# #[derive(Serialize)] instead (a peer derive every user already pays for)
# and without any derive (rowkey without its `derive` feature, so no
# syn/quote/proc-macro2 either). Each build gets a fresh CARGO_TARGET_DIR;
# each crate is built ROUNDS times (default 2), then rebuilt after touching
# only its lib.rs, TOUCHES times (default 3: the crate's own cost,
# dependencies already built), once incrementally (cargo's default for a
# debug build: the unchanged items' type checks come from the cache) and
# once from scratch (CARGO_INCREMENTAL=0: every item type- and
# borrow-checked again, as after an edit that touches them all). The
# last lines give each derive's cost per struct, both ways: its crate-only
# rebuild minus the plain crate's, divided by 50 (medians over the rounds). Times
# are printed as wall/CPU seconds; the per-struct cost uses CPU time, which
# other work on the machine disturbs less than wall time.
#
#   bash bench-build/measure.sh
set -euo pipefail
cd "$(dirname "$0")"
rounds=${ROUNDS:-2}
touches=${TOUCHES:-3}
python3 gen.py

secs() { # runs "$@", prints wall seconds and, after a slash, CPU seconds (user + system)
    local t
    t=$(mktemp)
    /usr/bin/time -f '%e %U %S' -o "$t" "$@" >/dev/null 2>&1
    awk '{ printf "%.2f/%.2f", $1, $2 + $3 }' "$t"
    rm -f "$t"
}

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); nproc: $(nproc); $(rustc --version)"
warm_of() { # crate, kind (incr or full) -> its crate-only rebuild seconds, one per line
    sed -n "s/^$1 $2 [0-9.]*\///p" "$log"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT

for r in $(seq 1 "$rounds"); do
    for crate in with-derive with-serde without-derive; do
        # A fresh directory of this run's own: a fixed name would be shared
        # with a run from another checkout at the same time.
        dir=$(mktemp -d "/tmp/rowkey-bench-build-$crate-$r.XXXXXX")
        cold=$(secs env CARGO_TARGET_DIR="$dir" cargo build --manifest-path "$crate/Cargo.toml")
        warms=() fulls=()
        for _ in $(seq 1 "$touches"); do
            touch "$crate/src/lib.rs"
            warm=$(secs env CARGO_TARGET_DIR="$dir" cargo build --manifest-path "$crate/Cargo.toml")
            warms+=("$warm")
            echo "$crate incr $warm" >>"$log"
        done
        # Switching CARGO_INCREMENTAL rebuilds the local path dependencies
        # (rowkey is built incrementally too): once, untimed.
        env CARGO_TARGET_DIR="$dir" CARGO_INCREMENTAL=0 cargo build -q --manifest-path "$crate/Cargo.toml" >/dev/null 2>&1
        for _ in $(seq 1 "$touches"); do
            touch "$crate/src/lib.rs"
            full=$(secs env CARGO_TARGET_DIR="$dir" CARGO_INCREMENTAL=0 cargo build --manifest-path "$crate/Cargo.toml")
            fulls+=("$full")
            echo "$crate full $full" >>"$log"
        done
        echo "round $r  $crate  cold build: ${cold} s  crate only (touch lib.rs), incremental: ${warms[*]} s, from scratch: ${fulls[*]} s  load: $(cut -d' ' -f1-3 /proc/loadavg)"
        rm -rf "$dir"
    done
done
for kind in incr full; do
    plain=$(warm_of without-derive $kind | median)
    for crate in with-derive with-serde; do
        warm=$(warm_of $crate $kind | median)
        awk -v c="$crate" -v k="$kind" -v w="$warm" -v p="$plain" \
            'BEGIN { printf "%s, %s: crate only %.2f s CPU, plain %.2f s: %.1f ms CPU per struct\n", c, (k == "incr" ? "incremental" : "from scratch"), w, p, (w - p) * 1000 / 50 }'
    done
done
