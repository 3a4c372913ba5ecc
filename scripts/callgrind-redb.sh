#!/usr/bin/env bash
# Instructions rowkey-redb adds to raw redb's, counted by valgrind's
# callgrind (rowkey-redb/benches/overhead.rs): put_many of 1,000 rows in one
# write transaction, a 1,600-row window over 16 buckets in one read
# transaction put in time order, and 100 gets of a transaction each, each
# through the adapter and through raw redb with hand-built keys doing the
# same transactions, on in-memory databases.
#
#   bash scripts/callgrind-redb.sh            # 10 rounds
#   ROUNDS=20 bash scripts/callgrind-redb.sh
#
# Each operation runs once after the set-up and ROUNDS+1 times; the
# difference divided by ROUNDS is its instructions, set-up cancelled out.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-10}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
bin=$(cargo bench -p rowkey-redb --bench overhead --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
[ -x "$bin" ] || { cargo bench -p rowkey-redb --bench overhead --no-run; exit 1; }

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
echo "| operation | rowkey-redb instr | redb instr | added |"
echo "| --- | --- | --- | --- |"
for op in ${OPS:-put_many scan get}; do
    a=$(per_op "$op/adapter")
    r=$(per_op "$op/raw")
    awk -v o="$op" -v a="$a" -v r="$r" 'BEGIN { printf "| %s | %d | %d | %+.1f%% |\n", o, a, r, (a - r) * 100 / r }'
done
