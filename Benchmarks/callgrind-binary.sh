# Sourced by instructions.sh and profile.sh: a debug-stripped copy of the release binary (or of
# $WIRING_BENCH_BINARY) in a temporary folder, "$work/wiring-bench", removed on exit. Valgrind 3.19
# cannot read Swift 6.3's DWARF5, hence the stripping.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary=${WIRING_BENCH_BINARY:-$here/.build/release/wiring-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$binary" "$work/wiring-bench"
export SWIFT_DETERMINISTIC_HASHING=1
