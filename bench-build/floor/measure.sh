#!/usr/bin/env bash
# The floor of a derive's cost per struct with rowkey's API: the crate-only
# rebuild (lib.rs touched, as ../measure.sh: incremental, then from scratch
# with CARGO_INCREMENTAL=0) of keys/ (the 50 structs with a hand-written
# minimal expansion, no proc-macro run at all) against ../with-derive (the
# derive as it is), ../with-serde (serde's derive, its proc-macro run
# included) and ../without-derive, TOUCHES times each (default 7), median
# CPU seconds (getrusage, to the microsecond).
#
#   bash bench-build/floor/measure.sh
set -euo pipefail
cd "$(dirname "$0")"
touches=${TOUCHES:-7}
python3 ../gen.py
python3 gen.py
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); nproc: $(nproc); $(rustc --version); load: $(cut -d' ' -f1-3 /proc/loadavg)"
cpu() { # runs "$@", prints its CPU seconds (user + system, to the microsecond)
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.3f" % (r.ru_utime + r.ru_stime))' "$@"
}
crate_only() { # manifest dir, incremental (1 or 0) -> median CPU seconds of its crate-only rebuilds
    local dir all=()
    dir=$(mktemp -d "/tmp/rowkey-floor-$(basename "$1").XXXXXX")
    CARGO_TARGET_DIR="$dir" CARGO_INCREMENTAL=$2 cargo build -q --manifest-path "$1/Cargo.toml" >/dev/null 2>&1
    for _ in $(seq 1 "$touches"); do
        touch "$1/src/lib.rs"
        all+=("$(CARGO_TARGET_DIR="$dir" CARGO_INCREMENTAL=$2 cpu cargo build -q --manifest-path "$1/Cargo.toml")")
    done
    rm -rf "$dir"
    echo "$(basename "$1") (CARGO_INCREMENTAL=$2): ${all[*]}" >&2
    printf '%s\n' "${all[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
for incr in 1 0; do
    plain=$(crate_only ../without-derive $incr)
    for crate in keys ../with-derive ../with-serde; do
        m=$(crate_only "$crate" $incr)
        awk -v c="$(basename "$crate")" -v i="$incr" -v m="$m" -v p="$plain" \
            'BEGIN { printf "%s, %s: crate only %.3f s CPU, plain %.3f s: %.1f ms CPU per struct\n", c, (i ? "incremental" : "from scratch"), m, p, (m - p) * 1000 / 50 }'
    done
done
