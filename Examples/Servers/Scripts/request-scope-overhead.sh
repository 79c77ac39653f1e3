#!/usr/bin/env bash
# What a Wiring request scope costs per request, measured from another process with wrk: the
# example server's /bench/manual (a small object graph built by hand) against /bench/wired (the
# same graph resolved from the request scope that RequestScopeMiddleware opens and closes).
#
#   Examples/Servers/Scripts/request-scope-overhead.sh [seconds per run, default 10]
#
# Builds todo-server in release, starts it on a loopback port with a throwaway database, runs
# each endpoint twice (the first run warms up and is not reported), prints p50, p99 and
# requests per second, and stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
if ! command -v wrk >/dev/null; then
    apt-get update && apt-get install -y wrk
fi
swift build -c release --product todo-server
work=$(mktemp -d)
.build/release/todo-server --port 18090 --database "$work/todos.sqlite" >"$work/log" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
    if curl -sf http://127.0.0.1:18090/health >/dev/null; then break; fi
    sleep 0.1
done
echo "| handler | p50 | p99 | requests/s |"
echo "|---|---|---|---|"
for round in warm-up measured; do
    for endpoint in manual wired; do
        result=$(wrk -t1 -c64 -d"${duration}s" --latency "http://127.0.0.1:18090/bench/$endpoint")
        if [ "$round" = measured ]; then
            p50=$(awk '$1 == "50%" { print $2 }' <<<"$result")
            p99=$(awk '$1 == "99%" { print $2 }' <<<"$result")
            rps=$(awk '$1 == "Requests/sec:" { print $2 }' <<<"$result")
            echo "| /bench/$endpoint | $p50 | $p99 | $rps |"
        fi
    done
done
