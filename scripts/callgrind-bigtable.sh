#!/usr/bin/env bash
# Instructions rowkey-bigtable adds to the client's own, counted by
# valgrind's callgrind (rowkey-bigtable/benches/overhead.rs): put_many of
# 1,000 rows and a 1,600-row window over 16 buckets in one ReadRows, each
# through the adapter and through raw bigtable_rs with hand-built keys
# doing the same requests, against Google's emulator (another process, not
# counted).
#
#   bash scripts/callgrind-bigtable.sh            # 10 rounds
#   ROUNDS=20 bash scripts/callgrind-bigtable.sh
#
# The counting is scripts/callgrind-adapter.sh's.
set -euo pipefail
# shellcheck disable=SC2086 # OPS is a list of operations
exec bash "$(dirname "$0")/callgrind-adapter.sh" rowkey-bigtable rowkey-bigtable bigtable_rs ${OPS:-put_many scan}
