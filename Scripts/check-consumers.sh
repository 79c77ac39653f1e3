#!/usr/bin/env bash
# Builds two packages as a user of Wiring writes them, against this checkout's HEAD by file URL
# (Scripts/Consumers): CoreOnly depends on Wiring with no trait, and its Package.resolved must
# list Wiring alone; Servers turns on the Vapor and Hummingbird traits and builds a Vapor route on
# req.wiring and a Hummingbird router with a request scope. Prints what each one fetched.
#   Scripts/check-consumers.sh [CoreOnly|Servers ...]     (both by default)
# SERVERS_SCRATCH=<build folder> builds Servers there instead of in a new folder: CI passes the
# example servers' one, whose Vapor, Hummingbird and SwiftNIO modules SwiftPM then finds already
# compiled with the same commands, so that CI compiles them once. The resolution, the
# Package.resolved and every module whose inputs or flags differ are the consumer's own.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A bare clone named as the real repository is, so that SwiftPM calls the package `Wiring` (a
# package's identity is the last component of its URL) whatever the checkout's folder is called.
git clone --quiet --bare "$root" "$work/Wiring.git"
export WIRING_URL="file://$work/Wiring.git"
WIRING_REVISION=$(git -C "$root" rev-parse HEAD)
export WIRING_REVISION
consumers=("$@")
if [ ${#consumers[@]} = 0 ]; then consumers=(CoreOnly Servers); fi
for name in "${consumers[@]}"; do
    cp -R "$root/Scripts/Consumers/$name" "$work/$name"
    scratch="$work/$name/.build"
    if [ "$name" = Servers ] && [ -n "${SERVERS_SCRATCH:-}" ]; then scratch=$(cd "$SERVERS_SCRATCH" && pwd); fi
    start=$SECONDS
    swift build --package-path "$work/$name" --scratch-path "$scratch" 2>&1 | tail -n 3
    echo "$name: built in $((SECONDS - start)) s; Package.resolved pins:"
    pins=$(grep -o '"identity" : "[^"]*"' "$work/$name/Package.resolved" | sed 's/.*: "\(.*\)"/\1/' | sort)
    sed 's/^/  /' <<<"$pins"
    "$scratch/debug/$name"
    if [ "$name" = CoreOnly ] && [ "$pins" != wiring ]; then
        echo "CoreOnly should fetch Wiring alone, but its Package.resolved lists more (above)"
        exit 1
    fi
done
