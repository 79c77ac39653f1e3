#!/usr/bin/env bash
# Instructions per operation with callgrind, as Benchmarks/README.md describes:
#   Benchmarks/instructions.sh LIBRARY SCENARIO      (e.g. wiring S1; S1–S5, S7, S7opt, S8)
# Runs the release binary (or $WIRING_BENCH_BINARY) twice under callgrind, with 100 and 1,100
# operations after the same warm-up, and prints (Ir(1,100) − Ir(100)) / 1,000. S5, whose
# operation is a fresh container with 1,000 registrations, runs 2 and 12 operations instead.
# It runs a copy stripped of debug info (callgrind-binary.sh).
set -euo pipefail
library=${1:?library}
scenario=${2:?scenario}
source "$(dirname "$0")/callgrind-binary.sh"
count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" "$work/wiring-bench" --ops "$1" "$library" "$scenario" \
        >/dev/null 2>&1
    grep -E '^(summary|totals):' "$work/out.$1" | head -1 | awk '{print $2}'
}
if [ "$scenario" = S5 ]; then few=2 many=12; else few=100 many=1100; fi
low=$(count $few)
high=$(count $many)
echo "$library $scenario $(( (high - low) / (many - few) ))"
