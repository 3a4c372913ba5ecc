#!/usr/bin/env bash
# What an adapter adds to its raw client, in instructions counted by
# valgrind's callgrind: the shared body of callgrind-redb.sh and
# callgrind-bigtable.sh, which say what each operation does.
#
#   bash scripts/callgrind-adapter.sh PACKAGE ADAPTER_LABEL RAW_LABEL OPS...
#
# PACKAGE's `overhead` bench runs operation OP through the adapter
# (`ROWKEY_CG=OP/adapter*N`) or the raw client (`OP/raw*N`). Each operation
# runs once after the set-up and ROUNDS+1 times (ROUNDS defaults to 10);
# the difference divided by ROUNDS is its instructions, set-up cancelled out.
set -euo pipefail
cd "$(dirname "$0")/.."
package=$1 adapter=$2 raw=$3
shift 3
rounds=${ROUNDS:-10}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
bin=$(cargo bench -p "$package" --bench overhead --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
[ -x "$bin" ] || { cargo bench -p "$package" --bench overhead --no-run; exit 1; }

count() { # instructions of one run: $1 = OP/WAY, $2 = rounds
    ROWKEY_CG="$1*$2" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

per_op() {
    local one many
    one=$(count "$1" 1)
    many=$(count "$1" $((rounds + 1)))
    awk -v a="$one" -v b="$many" -v r="$rounds" 'BEGIN { printf "%.0f", (b - a) / r }'
}

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(rustc --version); $(valgrind --version); rounds: $rounds"
echo
echo "| operation | $adapter instr | $raw instr | added |"
echo "| --- | --- | --- | --- |"
for op in "$@"; do
    a=$(per_op "$op/adapter")
    r=$(per_op "$op/raw")
    awk -v o="$op" -v a="$a" -v r="$r" 'BEGIN { printf "| %s | %d | %d | %+.1f%% |\n", o, a, r, (a - r) * 100 / r }'
done
