#!/usr/bin/env bash
# A callgrind profile of one library and scenario, as Benchmarks/README.md describes:
#   Benchmarks/profile.sh LIBRARY SCENARIO      (e.g. wiring S8)
# Prints the 10 symbols with the most instructions of their own over a run of many operations
# (2,000; 20 for S5), and the calls per operation to the Swift runtime's generic-metadata
# lookups (swift_getGenericMetadata, swift_getFunctionTypeMetadata*), taken as the difference
# between that run and one with half as many operations, so that start-up does not count.
set -euo pipefail
library=${1:?library}
scenario=${2:?scenario}
source "$(dirname "$0")/callgrind-binary.sh"
if [ "$scenario" = S5 ]; then many=20; else many=2000; fi
few=$((many / 2))
run() {
    valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" "$work/wiring-bench" --ops "$1" "$library" "$scenario" \
        >/dev/null 2>&1
}
# Calls to the metadata lookups: the "(N x)" counts on the lines naming their callers.
lookups() {
    callgrind_annotate --tree=caller "$work/out.$1" 2>/dev/null | awk '
        /^ *[0-9,]+ .*< / { line = line "\n" $0; next }
        /\*  \?\?\?:(swift_getGenericMetadata|swift_getFunctionTypeMetadata[0-9]*) / {
            n = split(line, parts, "\n")
            for (i = 1; i <= n; i++) if (match(parts[i], /\(([0-9,]+)x\)/)) {
                count = substr(parts[i], RSTART + 1, RLENGTH - 3); gsub(",", "", count); total += count
            }
        }
        { line = "" }
        END { print total + 0 }'
}
run $few
run $many
# Own instructions per symbol, "cost<TAB>symbol".
costs() {
    callgrind_annotate "$work/out.$1" 2>/dev/null | awk '/^ *[0-9,]+ \(/ && !/PROGRAM TOTALS/ {
        cost = $1; gsub(",", "", cost); line = $0; sub(/^[^%]*%\) +/, "", line); sub(/ \[[^]]*\]$/, "", line)
        print cost "\t" line }'
}
costs $few >"$work/few.txt"
costs $many >"$work/many.txt"
echo "$library $scenario: the 10 symbols with the most instructions of their own, per operation"
awk -F'\t' -v n=$((many - few)) 'NR == FNR { before[$2] = $1; next } { d = ($1 - before[$2]) / n; if (d > 0) printf "%10.0f  %s\n", d, $2 }' \
    "$work/few.txt" "$work/many.txt" | sort -rn | head -10 | swift demangle --simplified | cut -c1-150 || true
low=$(lookups $few)
high=$(lookups $many)
echo "generic-metadata lookups per operation: $(awk -v a="$low" -v b="$high" -v n=$((many - few)) 'BEGIN { printf "%.1f", (b - a) / n }')"
