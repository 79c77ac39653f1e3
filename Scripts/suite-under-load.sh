#!/usr/bin/env bash
# Runs the whole suite in release RUNS times in a row (3 by default) while one busy loop per core
# keeps the machine loaded: the suite must not depend on timing. Uses CI's churn count.
# FILTER=<regex> runs only the tests it selects (swift test --filter), such as those a change touched.
# Build first: swift build -c release --build-tests
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
busy=()
for _ in $(seq 1 "$(nproc)"); do
    python3 -c 'while True: pass' &
    busy+=($!)
done
trap 'kill "${busy[@]}"' EXIT
for run in $(seq 1 "$runs"); do
    start=$(date +%s)
    log=$(mktemp)
    if ! WIRING_CHURN=200000 swift test -c release --skip-build ${FILTER:+--filter "$FILTER"} >"$log" 2>&1; then
        tail -50 "$log"
        echo "run $run: FAILED after $(($(date +%s) - start)) s (log: $log)"
        exit 1
    fi
    echo "run $run: passed in $(($(date +%s) - start)) s: $(grep -E 'Test run with' "$log" | tail -1)"
done
