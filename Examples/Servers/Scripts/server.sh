# The one way the scripts start an example server, for `.ci/run` and `readme-session.sh` (sourced
# by both, not run):
#
#   with_server NAME PORT CHECK [SERVER OPTION...]
#
# starts the example server NAME (todo-server or todo-vapor) from the build the scripts share, on
# 127.0.0.1:PORT with a new database (unless the options name one), waits up to 15 s for it to
# answer GET /health, runs `CHECK PORT`, then stops it with SIGTERM and requires it to exit 0 with
# "NAME: stopped." in its log. Any failure, CHECK's included (it runs under the caller's `set -e`),
# prints the server's log. SERVERS_SCRATCH, when set before this file is sourced, names the build
# folder (default: the package's own .build); the server is never built here (`--skip-build`).
servers_package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
running_server_pid=""
running_server_log=""
# `swift run` of an example's executable from the shared build; the executable and its options follow.
example_run=(swift run --package-path "$servers_package" ${SERVERS_SCRATCH:+--scratch-path "$SERVERS_SCRATCH"} --skip-build)

# Runs an example server's executable from the shared build, in the foreground.
run_example() { "${example_run[@]}" "$@"; }

with_server() {
    local name=$1 port=$2 check=$3
    shift 3
    local server_work
    server_work=$(mktemp -d)
    local options=("$@")
    if [[ " ${options[*]-} " != *" --database "* ]]; then options+=(--database "$server_work/todos.sqlite"); fi
    # A simple command, not run_example: then $! is `swift run` itself, which execs the server, so
    # the SIGTERM below reaches the server (a function in the background would be a subshell).
    "${example_run[@]}" "$name" --port "$port" "${options[@]}" >"$server_work/log" 2>&1 &
    running_server_pid=$!
    running_server_log="$server_work/log"
    local up=0
    for _ in $(seq 1 150); do
        if curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
            up=1
            break
        fi
        if ! kill -0 "$running_server_pid" 2>/dev/null; then break; fi
        sleep 0.1
    done
    if [ "$up" != 1 ]; then
        echo "$name did not answer GET /health on port $port"
        stop_leftover_server
        return 1
    fi
    # A failing check ends the caller's run here; its EXIT trap calls stop_leftover_server.
    "$check" "$port"
    kill -TERM "$running_server_pid"
    local status=0
    wait "$running_server_pid" || status=$?
    running_server_pid=""
    if [ "$status" != 0 ] || ! grep -q "^$name: stopped\.$" "$server_work/log"; then
        echo "$name did not stop cleanly on SIGTERM (exit status $status); its log:"
        cat "$server_work/log"
        return 1
    fi
    rm -rf "$server_work"
}

# For the callers' EXIT traps: stops a server that a failed check left running and prints its log.
stop_leftover_server() {
    if [ -n "$running_server_pid" ]; then
        kill "$running_server_pid" 2>/dev/null || true
        wait "$running_server_pid" 2>/dev/null || true
        running_server_pid=""
        echo "the server's log:"
        cat "$running_server_log"
    fi
}
