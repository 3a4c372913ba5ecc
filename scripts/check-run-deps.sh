#!/usr/bin/env bash
# The README's run command, `cargo run --example quickstart`, must build the
# library's own dependencies and nothing else: no test or bench dependency
# (those live in tests/suite and benches, members of their own). Lists the
# packages cargo builds for the example (its compiler-artifact messages,
# fresh units included) and fails if any is not a normal or build dependency
# of `rowkey`.
#
#   bash scripts/check-run-deps.sh
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$(mktemp)
run=$(mktemp)
meta=$(mktemp)
trap 'rm -f "$lib" "$run" "$meta"' EXIT
cargo tree -e normal,build -p rowkey --prefix none --format '{p}' | awk '{print $1, $2}' | sort -u >"$lib"
cargo metadata --format-version 1 >"$meta"
cargo build --example quickstart --message-format=json | python3 -c '
import json, sys
names = {p["id"]: "%s v%s" % (p["name"], p["version"]) for p in json.load(open(sys.argv[1]))["packages"]}
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("reason") == "compiler-artifact":
        print(names[msg["package_id"]])
' "$meta" | sort -u >"$run"
extra=$(comm -13 "$lib" "$run")
echo "cargo run --example quickstart builds $(wc -l <"$run") packages; the library needs $(wc -l <"$lib")"
if [ -n "$extra" ]; then
    echo "error: the run command builds packages the library does not depend on:" >&2
    echo "$extra" >&2
    echo "move what needs them into tests/suite or benches (see Cargo.toml)" >&2
    exit 1
fi
