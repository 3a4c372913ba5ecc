#!/usr/bin/env bash
# Instructions per key of the derived code against the hand-written code,
# counted by valgrind's callgrind (benches/callgrind.rs): encode and decode of
# each layout in benches/keys.rs. Unlike wall time, the count does not move
# with code placement (alignment, which function shares a cache line), so the
# ratio is the same on any x86-64 machine with the same compiler.
#
#   bash scripts/callgrind-table.sh            # the table
#   ROUNDS=20 bash scripts/callgrind-table.sh  # more rounds (default 10)
#   ONLY=scan bash scripts/callgrind-table.sh  # the rows whose name matches (grep -E)
#
# Each operation runs twice under callgrind, once over its inputs (256, or a
# few for a scan of 65,536 ranges) and once over them ROUNDS+1 times; the
# difference divided by ROUNDS*inputs is its instructions per key (per query
# for a scan), set-up and input generation cancelled out. A scan that fans
# out also gets its instructions per range.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-10}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

bin=$(cargo bench -p rowkey-bench --bench keys --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
[ -x "$bin" ] || { cargo bench -p rowkey-bench --bench keys --no-run; exit 1; }

count() { # instructions of one run: $1 = operation, $2 = rounds
    ROWKEY_CALLGRIND="$1*$2" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

per_key() { # instructions per key of one operation, as "123.4": $1 = operation, $2 = inputs
    local one many
    one=$(count "$1" 1)
    many=$(count "$1" $((rounds + 1)))
    awk -v a="$one" -v b="$many" -v r="$rounds" -v n="$2" 'BEGIN { printf "%.1f", (b - a) / (r * n) }'
}

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(rustc --version); $(valgrind --version); rounds: $rounds"
echo
echo "| layout | operation | derived instr/key | hand instr/key | derived/hand | per range (derived / hand) |"
echo "| --- | --- | --- | --- | --- | --- |"
worst=0
# `list` prints each operation with its inputs per round and ranges per query.
while read -r op inputs ranges; do
    d=$(per_key "$op/derived" "$inputs")
    h=$(per_key "$op/hand" "$inputs")
    ratio=$(awk -v d="$d" -v h="$h" 'BEGIN { printf "%.3f", d / h }')
    worst=$(awk -v w="$worst" -v r="$ratio" 'BEGIN { print (r > w ? r : w) }')
    name=${op#*/} per_range=
    if [ "$ranges" -gt 1 ]; then
        name="$name ($ranges ranges)"
        per_range=$(awk -v d="$d" -v h="$h" -v n="$ranges" 'BEGIN { printf "%.1f / %.1f", d / n, h / n }')
    fi
    echo "| ${op%%/*} | $name | $d | $h | $ratio | $per_range |"
done < <(ROWKEY_CALLGRIND=list "$bin" | sed -n 's|/derived | |p' | grep -E -- "${ONLY:-.}")
echo
echo "highest derived/hand: $worst"
