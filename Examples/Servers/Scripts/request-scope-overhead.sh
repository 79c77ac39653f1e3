#!/usr/bin/env bash
# What a Wiring request scope costs per request, measured from another process with wrk: each
# example server's /bench/manual (a small object graph built by hand) against /bench/wired (the
# same graph resolved from the request scope that the server's middleware opens and closes:
# RequestScopeMiddleware in todo-server, WiringMiddleware in todo-vapor).
#
#   Examples/Servers/Scripts/request-scope-overhead.sh [seconds per run, default 10] [SERVER...]
#
# SERVER is todo-server, todo-vapor or both (the default). Builds each in release, starts it on a
# loopback port with a throwaway database, runs each endpoint twice (the first run warms up and
# is not reported), prints p50, p99 and requests per second and the ratio of the two routes'
# requests per second, and stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
shift || true
servers=("$@")
if [ ${#servers[@]} -eq 0 ]; then servers=(todo-server todo-vapor); fi
if ! command -v wrk >/dev/null; then
    apt-get update && apt-get install -y wrk
fi
port=18090
for server in "${servers[@]}"; do
    swift build -c release --product "$server"
    work=$(mktemp -d)
    .build/release/"$server" --port "$port" --database "$work/todos.sqlite" >"$work/log" 2>&1 &
    pid=$!
    trap 'kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
    for _ in $(seq 1 100); do
        if curl -sf "http://127.0.0.1:$port/health" >/dev/null; then break; fi
        sleep 0.1
    done
    echo "$server:"
    echo "| handler | p50 | p99 | requests/s |"
    echo "|---|---|---|---|"
    declare -A rates=()
    for round in warm-up measured; do
        for endpoint in manual wired; do
            result=$(wrk -t1 -c64 -d"${duration}s" --latency "http://127.0.0.1:$port/bench/$endpoint")
            if [ "$round" = measured ]; then
                p50=$(awk '$1 == "50%" { print $2 }' <<<"$result")
                p99=$(awk '$1 == "99%" { print $2 }' <<<"$result")
                rps=$(awk '$1 == "Requests/sec:" { print $2 }' <<<"$result")
                rates[$endpoint]=$rps
                echo "| /bench/$endpoint | $p50 | $p99 | $rps |"
            fi
        done
    done
    awk -v w="${rates[wired]}" -v m="${rates[manual]}" 'BEGIN { printf "wired / manual: %.1f%%\n\n", 100 * w / m }'
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -rf "$work"
    trap - EXIT
    port=$((port + 1))
done
