#!/usr/bin/env bash
# Instructions per operation with callgrind, as Benchmarks/README.md describes:
#   Benchmarks/instructions.sh LIBRARY SCENARIO      (e.g. wiring S1; S1–S5, S7, S7opt, S8–S10)
# Runs the release binary (or $WIRING_BENCH_BINARY) twice under callgrind, with 100 and 1,100
# operations after the same warm-up, and prints (Ir(1,100) − Ir(100)) / 1,000. S5, whose
# operation is a fresh container with 1,000 registrations, S9, a scope of 1,000 instances, and
# S10, a scope of 2,000 disposed by its close, run 2 and 12 operations instead.
# It runs a copy stripped of debug info (callgrind-binary.sh).
set -euo pipefail
library=${1:?library}
scenario=${2:?scenario}
source "$(dirname "$0")/callgrind-binary.sh"
# A failed valgrind run, or a profile with no total, stops the script with a message and a
# non-zero status: the benchmark check counts that as a failed measurement, never as a skip.
count() {
    if ! valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" "$work/wiring-bench" --ops "$1" "$library" \
        "$scenario" >"$work/log.$1" 2>&1; then
        echo "instructions.sh: valgrind failed for $library $scenario with $1 operations:" >&2
        tail -5 "$work/log.$1" >&2
        exit 1
    fi
    local total
    total=$(grep -E '^(summary|totals):' "$work/out.$1" | head -1 | awk '{print $2}')
    if ! [[ "$total" =~ ^[0-9]+$ ]]; then
        echo "instructions.sh: callgrind's profile for $library $scenario has no total" >&2
        exit 1
    fi
    echo "$total"
}
if [ "$scenario" = S5 ] || [ "$scenario" = S9 ] || [ "$scenario" = S10 ]; then few=2 many=12; else few=100 many=1100; fi
low=$(count $few)
high=$(count $many)
per_op=$(( (high - low) / (many - few) ))
if [ "$per_op" -le 0 ]; then
    echo "instructions.sh: $many operations cost no more than $few ($high against $low instructions): nothing was measured" >&2
    exit 1
fi
echo "$library $scenario $per_op"
