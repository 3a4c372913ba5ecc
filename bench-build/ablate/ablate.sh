#!/usr/bin/env bash
# Where #[derive(RowKey)]'s build cost goes, item by item: the expansion of
# ../with-derive's 50 structs compiled as plain source (no proc-macro run),
# then again with one kind of generated item removed or its body emptied
# (ablate.py), each crate's own rustc run counted by callgrind after touching
# lib.rs, incrementally and from scratch, as ../callgrind.sh counts them.
# Prints each variant's instructions per struct above the plain structs, and
# what the ablation saved.
#
#   bash bench-build/ablate/ablate.sh     (about 10 minutes)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
python3 gen.py
work=$(mktemp -d /tmp/rowkey-ablate.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(rustc --version)"
RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$work/expand" cargo rustc -q --manifest-path with-derive/Cargo.toml \
    -- -Zunpretty=expanded >"$work/expanded.rs"
# The runtime's templates name it as `$crate`, printed `::rowkey_core`; the
# crate below reaches it through `rowkey`.
sed -i 's/::rowkey_core::/::rowkey::/g' "$work/expanded.rs"
RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$work/expand" cargo rustc -q --manifest-path with-serde-pair/Cargo.toml \
    -- -Zunpretty=expanded >"$work/serde-pair.rs"
echo "expansion: RowKey $(python3 "$here/ablate.py" --tokens <"$work/expanded.rs"), the serde pair $(python3 "$here/ablate.py" --tokens <"$work/serde-pair.rs")"
mkdir -p "$work/crate/src"
cat >"$work/crate/Cargo.toml" <<TOML
[package]
name = "bench_build_ablate"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
rowkey = { path = "$(cd .. && pwd)" }
[workspace]
TOML
cat >"$work/wrap.sh" <<'WRAP'
#!/usr/bin/env bash
if [ -n "${CG_OUT:-}" ] && [[ " $* " == *" --crate-name bench_build_ablate "* ]]; then
    exec valgrind --tool=callgrind --callgrind-out-file="$CG_OUT" "$@" 2>/dev/null
fi
exec "$@"
WRAP
chmod +x "$work/wrap.sh"
measure() { # variant incr -> instructions of the crate's own rustc run
    local t="$work/target-$2"
    CARGO_TARGET_DIR="$t" CARGO_INCREMENTAL=$2 RUSTC_WRAPPER="$work/wrap.sh" \
        cargo build -q --manifest-path "$work/crate/Cargo.toml"
    touch "$work/crate/src/lib.rs"
    CARGO_TARGET_DIR="$t" CARGO_INCREMENTAL=$2 RUSTC_WRAPPER="$work/wrap.sh" CG_OUT="$work/$1-$2.out" \
        cargo build -q --manifest-path "$work/crate/Cargo.toml"
    sed -n 's/^summary: *//p;s/^totals: *//p' "$work/$1-$2.out" | head -1
}
cp without-derive/src/lib.rs "$work/crate/src/lib.rs"
declare -A plain
for incr in 1 0; do plain[$incr]=$(measure plain $incr); done
declare -A base
for v in expanded no_scan_methods empty_decode_walk empty_encode no_layout_fields merge_inherent match_returns; do
    python3 "$here/ablate.py" "$v" <"$work/expanded.rs" >"$work/crate/src/lib.rs"
    for incr in 1 0; do
        n=$(measure "$v" $incr)
        [ "$v" = expanded ] && base[$incr]=$n
        awk -v v="$v" -v k="$([ $incr = 1 ] && echo incremental || echo 'from scratch')" -v n="$n" \
            -v p="${plain[$incr]}" -v b="${base[$incr]}" \
            'BEGIN { printf "%-18s %-13s %5.1f M per struct", v, k, (n - p) / 50e6;
                     if (v != "expanded") printf ", saves %.1f M", (b - n) / 50e6; print "" }'
    done
done
