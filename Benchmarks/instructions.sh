#!/usr/bin/env bash
# Instructions per operation with callgrind, as Benchmarks/README.md describes:
#   Benchmarks/instructions.sh LIBRARY SCENARIO      (e.g. wiring S1; S1–S5, S7, S7opt, S8)
# Runs the release binary (or $WIRING_BENCH_BINARY) twice under callgrind, with 100 and 1,100
# operations after the same warm-up, and prints (Ir(1,100) − Ir(100)) / 1,000. S5, whose
# operation is a fresh container with 1,000 registrations, runs 2 and 12 operations instead.
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
if [ "$scenario" = S5 ]; then few=2 many=12; else few=100 many=1100; fi
low=$(count $few)
high=$(count $many)
echo "$library $scenario $(( (high - low) / (many - few) ))"
