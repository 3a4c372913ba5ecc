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
#   here. The same three programs with the first 10 structs only (one of
#   each shape) split that figure: the slope from 10 structs to 50 is what
#   each struct adds, the rest the code the structs share.
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

# The same programs with only the first FEW structs (one of each of
# gen.py's 10 shapes), rowkey by absolute path, the committed lock files.
few=10
python3 gen_bins.py "$out/few" "$few"
for crate in bin-derive bin-serde-pair bin-plain; do
    cp "$crate/Cargo.lock" "$out/few/$crate/"
done
declare -A size
for n in 50 "$few"; do
    for crate in bin-derive bin-serde-pair bin-plain; do
        dir=$crate
        [ "$n" = 50 ] || dir="$out/few/$crate"
        for strip in default true; do
            # The default profile strips debug info only (strip = "debuginfo",
            # as cargo does when debug is off); setting strip = false instead
            # would keep std's debug info and weigh megabytes.
            if [ "$strip" = true ]; then export CARGO_PROFILE_RELEASE_STRIP=true; else unset CARGO_PROFILE_RELEASE_STRIP; fi
            CARGO_TARGET_DIR="$out/release-$crate-$n" cargo build -q --release --manifest-path "$dir/Cargo.toml"
            bin="$out/release-$crate-$n/release/bench-build-$crate"
            # The program asserts its round trips; a failure stops the script.
            "$bin" >/dev/null
            size[$crate-$n-$strip]=$(stat -c %s "$bin")
            echo "release $crate, $n structs, $([ "$strip" = true ] && echo 'strip = true' || echo 'default profile'): ${size[$crate-$n-$strip]} bytes"
        done
        rm -rf "$out/release-$crate-$n"
    done
done
for strip in default true; do
    for crate in bin-derive bin-serde-pair; do
        note=""
        [ "$crate" = bin-serde-pair ] && note=" (serde_json included)"
        all=$((size[$crate-50-$strip] - size[bin-plain-50-$strip]))
        part=$((size[$crate-$few-$strip] - size[bin-plain-$few-$strip]))
        # From 10 structs to 50, only the code each struct adds grows: that
        # slope, and what is left of the 10 structs' figure once it is
        # taken off, the runtime code the structs share.
        awk -v c="$crate" -v k="$([ "$strip" = true ] && echo 'strip = true' || echo 'default profile')" \
            -v a="$all" -v p="$part" -v f="$few" -v note="$note" 'BEGIN {
                slope = (a - p) / (50 - f)
                printf "release per struct, %s, %s: %.1f bytes%s; each struct adds %.1f, the %d share %.0f\n", c, k, a / 50, note, slope, 50, p - f * slope
            }'
    done
done
