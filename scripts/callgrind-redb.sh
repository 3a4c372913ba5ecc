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
# The counting is scripts/callgrind-adapter.sh's.
set -euo pipefail
# shellcheck disable=SC2086 # OPS is a list of operations
exec bash "$(dirname "$0")/callgrind-adapter.sh" rowkey-redb rowkey-redb redb ${OPS:-put_many scan get}
