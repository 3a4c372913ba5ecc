#!/usr/bin/env bash
# The smallest thread stack (KiB, to 8 KiB) that runs scans of a 32767-byte
# layout: examples/scan_stack.rs, in debug and release builds.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --example scan_stack
cargo build -q --release --example scan_stack
for profile in debug release; do
    for what in none one three; do
        lo=8 hi=8192
        while [ $((hi - lo)) -gt 8 ]; do
            mid=$(((lo + hi) / 2))
            if "target/$profile/examples/scan_stack" "$mid" "$what" >/dev/null 2>&1; then
                hi=$mid
            else
                lo=$mid
            fi
        done
        echo "$profile $what: $hi KiB"
    done
done
