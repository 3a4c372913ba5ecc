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
# Each operation runs twice under callgrind, once over the 256 inputs and once
# over them ROUNDS+1 times; the difference divided by ROUNDS*256 is its
# instructions per key, set-up and input generation cancelled out.
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

per_key() { # instructions per key of one operation, as "123.4"
    local one many
    one=$(count "$1" 1)
    many=$(count "$1" $((rounds + 1)))
    awk -v a="$one" -v b="$many" -v r="$rounds" 'BEGIN { printf "%.1f", (b - a) / (r * 256) }'
}

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(rustc --version); $(valgrind --version); rounds: $rounds"
echo
echo "| layout | operation | derived instr/key | hand instr/key | derived/hand |"
echo "| --- | --- | --- | --- | --- |"
worst=0
for op in $(ROWKEY_CALLGRIND=list "$bin" | sed -n 's|/derived$||p' | grep -E -- "${ONLY:-.}"); do
    d=$(per_key "$op/derived")
    h=$(per_key "$op/hand")
    ratio=$(awk -v d="$d" -v h="$h" 'BEGIN { printf "%.3f", d / h }')
    worst=$(awk -v w="$worst" -v r="$ratio" 'BEGIN { print (r > w ? r : w) }')
    echo "| ${op%%/*} | ${op#*/} | $d | $h | $ratio |"
done
echo
echo "highest derived/hand: $worst"
