#!/usr/bin/env bash
# Replays a curl session of Examples/Servers/README.md against a fresh example server and checks that
# every command prints what the README shows, byte for byte (less curl -i's carriage returns).
#
#   Examples/Servers/Scripts/readme-session.sh [server] [README's port] [port]
#
# The server is todo-server (the default; its session uses localhost:8080) or todo-vapor (8081).
# Uses the debug build that `swift build --package-path Examples/Servers` made (SERVERS_SCRATCH
# names another build folder); starts the server with a throwaway database on the port (default
# 18091; it replaces the README's) through Scripts/server.sh, and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/server.sh
server_name=${1:-todo-server}
readme_port=${2:-8080}
port=${3:-18091}
work=$(mktemp -d)
finish() {
    stop_leftover_server
    rm -rf "$work"
}
trap finish EXIT

# The session: the sh blocks whose first line is a `$ curl` command to the README's port. Each
# `$ ` line is a command; the lines up to the next one are what it prints.
awk -v address="localhost:$readme_port/" '/^```sh$/ { block = 1; first = 1; next }
     /^```$/  { block = 0; session = 0; next }
     block && first { first = 0; if ($0 ~ /^\$ curl / && index($0, address) > 0) session = 1 }
     block && session { print }' README.md >"$work/session"
[ -s "$work/session" ] || { echo "no curl session to localhost:$readme_port in Examples/Servers/README.md"; exit 1; }

failed=0
commands=0
# Runs one command of the session against the server on port $3 and compares what it prints.
compare() {
    local command=$1 expected=$2 port=$3 actual
    commands=$((commands + 1))
    # A command that fails (curl cannot connect, grep finds nothing) is a mismatch to report,
    # not a reason to stop here.
    actual=$(bash -c "${command//localhost:$readme_port/127.0.0.1:$port}" 2>&1 | tr -d '\r') || true
    if [ "$actual" != "$expected" ]; then
        echo "README: \$ $command"
        echo "  shows:  $expected"
        echo "  prints: $actual"
        failed=1
    fi
}

# The check with_server runs: every command of the session, then the verdict.
replay_session() {
    local port=$1 command="" expected="" line
    while IFS= read -r line; do
        if [[ $line == '$ '* ]]; then
            if [ -n "$command" ]; then compare "$command" "$expected" "$port"; fi
            command=${line#\$ }
            expected=""
        else
            expected+="${expected:+$'\n'}$line"
        fi
    done <"$work/session"
    if [ -n "$command" ]; then compare "$command" "$expected" "$port"; fi
    if [ "$failed" != 0 ]; then return 1; fi
    echo "the README's curl session with $server_name: $commands commands, each printed what the README shows"
}

with_server "$server_name" "$port" replay_session
