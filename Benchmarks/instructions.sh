#!/usr/bin/env bash
# Instructions per operation with callgrind, as Benchmarks/README.md describes:
#   Benchmarks/instructions.sh LIBRARY SCENARIO      (e.g. wiring S1; scenarios S1–S4, S7, S7opt)
# Runs the release binary (or $WIRING_BENCH_BINARY) twice under callgrind, with 100 and 1,100
# operations after the same warm-up, and prints (Ir(1,100) − Ir(100)) / 1,000.
# Valgrind 3.19 cannot read Swift 6.3's DWARF5, so it runs a copy stripped of debug info.
set -euo pipefail
library=${1:?library}
scenario=${2:?scenario}
here="$(cd "$(dirname "$0")" && pwd)"
binary=${WIRING_BENCH_BINARY:-$here/.build/release/wiring-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$binary" "$work/wiring-bench"
export SWIFT_DETERMINISTIC_HASHING=1
count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" "$work/wiring-bench" --ops "$1" "$library" "$scenario" \
        >/dev/null 2>&1
    grep -E '^(summary|totals):' "$work/out.$1" | head -1 | awk '{print $2}'
}
low=$(count 100)
high=$(count 1100)
echo "$library $scenario $(( (high - low) / 1000 ))"
