#!/usr/bin/env bash
# Build cost of #[derive(RowKey)]: cold `cargo build` (debug) of a crate
# deriving 50 structs against the same structs without the derive (rowkey
# without its `derive` feature, so no syn/quote/proc-macro2 either). Each
# build gets a fresh CARGO_TARGET_DIR; each crate is built ROUNDS times
# (default 2), then rebuilt after touching only its lib.rs (the crate's own
# cost, dependencies already built).
#
#   bash bench-build/measure.sh
set -euo pipefail
cd "$(dirname "$0")"
rounds=${ROUNDS:-2}
python3 gen.py

secs() { # runs "$@", prints wall seconds
    local t0 t1 ms
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    printf '%d.%02d' $((ms / 1000)) $((ms % 1000 / 10))
}

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); nproc: $(nproc); $(rustc --version)"
for r in $(seq 1 "$rounds"); do
    for crate in with-derive without-derive; do
        dir=/tmp/rowkey-bench-build-$crate-$r
        rm -rf "$dir"
        cold=$(secs env CARGO_TARGET_DIR="$dir" cargo build --manifest-path "$crate/Cargo.toml")
        touch "$crate/src/lib.rs"
        warm=$(secs env CARGO_TARGET_DIR="$dir" cargo build --manifest-path "$crate/Cargo.toml")
        echo "round $r  $crate  cold build: ${cold}s  crate only (touch lib.rs): ${warm}s  load: $(cut -d' ' -f1-3 /proc/loadavg)"
        rm -rf "$dir"
    done
done
