#!/usr/bin/env bash
# Build cost in instructions: the crates of gen.py (50 structs with
# #[derive(RowKey)], with serde's #[derive(Serialize)], with serde's pair
# #[derive(Serialize, Deserialize)], with none) and floor/keys (the least a derive with rowkey's API could
# emit, written by hand: floor/README.md), each crate's own rustc run after touching lib.rs counted by
# valgrind --tool=callgrind (the proc-macro runs inside rustc, so its work
# is counted too), incrementally and from scratch (CARGO_INCREMENTAL=0).
# Instruction counts do not move with the machine's load, as CPU seconds
# do. The per-struct figure is the crate's count minus the plain crate's,
# divided by 50. The dependencies are built first, outside valgrind.
#
#   bash bench-build/callgrind.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
python3 gen.py
python3 floor/gen.py
out=$(mktemp -d /tmp/rowkey-build-callgrind.XXXXXX)
trap 'rm -rf "$out"' EXIT
# The wrapper cargo runs instead of rustc: valgrind for the measured crate
# only (ROWKEY_CG_OUT set), rustc itself for everything else.
cat >"$out/wrap.sh" <<'WRAP'
#!/usr/bin/env bash
if [ -n "${ROWKEY_CG_OUT:-}" ] && [[ " $* " == *" --crate-name bench_build_"* ]] && [[ " $* " != *" --crate-name bench_build_floor_rt "* ]]; then
    exec valgrind --tool=callgrind --callgrind-out-file="$ROWKEY_CG_OUT" "$@" 2>/dev/null
fi
exec "$@"
WRAP
chmod +x "$out/wrap.sh"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(rustc --version); $(valgrind --version)"
count() { # callgrind output file -> instructions
    sed -n 's/^summary: *//p;s/^totals: *//p' "$1" | head -1
}
declare -A ir macro
crates=${CRATES:-with-derive with-serde with-serde-pair without-derive floor/keys}
for crate in $crates; do
    for incr in 1 0; do
        dir="$out/target-${crate//\//-}"
        CARGO_TARGET_DIR="$dir" CARGO_INCREMENTAL=$incr RUSTC_WRAPPER="$out/wrap.sh" \
            cargo build -q --manifest-path "$crate/Cargo.toml" >/dev/null
        touch "$crate/src/lib.rs"
        CARGO_TARGET_DIR="$dir" CARGO_INCREMENTAL=$incr RUSTC_WRAPPER="$out/wrap.sh" \
            ROWKEY_CG_OUT="$out/${crate//\//-}-$incr.out" \
            cargo build -q --manifest-path "$crate/Cargo.toml" >/dev/null
        ir[$crate-$incr]=$(count "$out/${crate//\//-}-$incr.out")
        # The derives' own run: the instructions spent inside the proc-macro
        # entry points (callgrind_annotate's inclusive cost of the functions
        # named by the derive attributes), token conversions included.
        macro[$crate-$incr]=$(callgrind_annotate --inclusive=yes "$out/${crate//\//-}-$incr.out" 2>/dev/null |
            awk '/(rowkey_derive|serde_derive)::derive_[a-z_]+ *(\[|$)/ { gsub(",", "", $1); s += $1 } END { print s + 0 }')
        echo "$crate, $([ "$incr" = 1 ] && echo incremental || echo 'from scratch'): ${ir[$crate-$incr]} instructions"
    done
    rm -rf "$out/target-${crate//\//-}"
done
for incr in 1 0; do
    for crate in $crates; do
        [ "$crate" = without-derive ] && continue
        awk -v c="$crate" -v k="$([ "$incr" = 1 ] && echo incremental || echo 'from scratch')" \
            -v m="${ir[$crate-$incr]}" -v p="${ir[without-derive-$incr]}" -v d="${macro[$crate-$incr]}" \
            'BEGIN { printf "%s, %s: %.1f M instructions per struct, of which the derive itself %.1f M\n", c, k, (m - p) / 50 / 1e6, d / 50 / 1e6 }'
    done
done
