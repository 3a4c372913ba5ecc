#!/usr/bin/env bash
# Code size of #[derive(RowKey)] against serde's #[derive(Serialize,
# Deserialize)], per struct, two ways:
#
# - Expanded source: `cargo rustc --lib -- -Zunpretty=expanded` (through
#   RUSTC_BOOTSTRAP=1, as cargo-expand does) of gen.py's with-derive,
#   with-serde-pair and without-derive crates, in lines and bytes; per
#   struct, the crate's figure minus without-derive's, divided by 50.
# - Release binary: gen_bins.py's bin-derive (every key encoded into a
#   buffer and with to_vec, decoded, and a scan's ranges built on its first
#   field), bin-serde-pair (every struct written and read with serde_json)
#   and bin-plain (the same values built, a field printed, as the other two
#   also do), `cargo build --release` with the default profile and again
#   with strip = true (symbols too); per struct, the binary's size minus
#   bin-plain's, divided by 50. Both figures include the runtime code the
#   derive's functions call, once for the 50 structs: rowkey's for RowKey,
#   serde's and serde_json's for the pair. A serde derive alone drives no
#   format, so a program that uses it links one; serde_json is that format
#   here.
#
# Each crate builds in a fresh CARGO_TARGET_DIR under /tmp.
#
#   bash bench-build/size.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
python3 gen.py
python3 gen_bins.py
out=$(mktemp -d /tmp/size-rowkey.XXXXXX)
trap 'rm -rf "$out"' EXIT
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(rustc --version)"
per_struct() { # crate's figure, baseline's figure -> per struct, one decimal
    awk -v m="$1" -v p="$2" 'BEGIN { printf "%.1f", (m - p) / 50 }'
}

declare -A lines bytes
for crate in with-derive with-serde-pair without-derive; do
    RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$out/expand-$crate" \
        cargo rustc -q --lib --manifest-path "$crate/Cargo.toml" -- -Zunpretty=expanded >"$out/$crate.rs"
    lines[$crate]=$(wc -l <"$out/$crate.rs")
    bytes[$crate]=$(wc -c <"$out/$crate.rs")
    echo "expanded $crate: ${lines[$crate]} lines, ${bytes[$crate]} bytes"
    rm -rf "$out/expand-$crate"
done
for crate in with-derive with-serde-pair; do
    echo "expanded per struct, $crate: $(per_struct "${lines[$crate]}" "${lines[without-derive]}") lines," \
        "$(per_struct "${bytes[$crate]}" "${bytes[without-derive]}") bytes"
done

declare -A size
for crate in bin-derive bin-serde-pair bin-plain; do
    for strip in default true; do
        # The default profile strips debug info only (strip = "debuginfo",
        # as cargo does when debug is off); setting strip = false instead
        # would keep std's debug info and weigh megabytes.
        if [ "$strip" = true ]; then export CARGO_PROFILE_RELEASE_STRIP=true; else unset CARGO_PROFILE_RELEASE_STRIP; fi
        CARGO_TARGET_DIR="$out/release-$crate" cargo build -q --release --manifest-path "$crate/Cargo.toml"
        bin="$out/release-$crate/release/bench-build-$crate"
        # The program asserts its round trips; a failure stops the script.
        "$bin" >/dev/null
        size[$crate-$strip]=$(stat -c %s "$bin")
        echo "release $crate, $([ "$strip" = true ] && echo 'strip = true' || echo 'default profile'): ${size[$crate-$strip]} bytes"
    done
    rm -rf "$out/release-$crate"
done
for strip in default true; do
    for crate in bin-derive bin-serde-pair; do
        note=""
        [ "$crate" = bin-serde-pair ] && note=" (serde_json included)"
        echo "release per struct, $crate, $([ "$strip" = true ] && echo 'strip = true' || echo 'default profile'):" \
            "$(per_struct "${size[$crate-$strip]}" "${size[bin-plain-$strip]}") bytes$note"
    done
done
