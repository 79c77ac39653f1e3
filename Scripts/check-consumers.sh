#!/usr/bin/env bash
# Builds two packages as a user of Wiring writes them, against this checkout's HEAD by file URL
# (Scripts/Consumers): CoreOnly depends on Wiring with no trait, and its Package.resolved must
# list Wiring alone; Servers turns on the Vapor and Hummingbird traits and builds a Vapor route on
# req.wiring and a Hummingbird router with a request scope. Prints what each one fetched.
#   Scripts/check-consumers.sh [CoreOnly|Servers ...]     (both by default)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export WIRING_URL="file://$root"
WIRING_REVISION=$(git -C "$root" rev-parse HEAD)
export WIRING_REVISION
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
consumers=("$@")
if [ ${#consumers[@]} = 0 ]; then consumers=(CoreOnly Servers); fi
for name in "${consumers[@]}"; do
    cp -R "$root/Scripts/Consumers/$name" "$work/$name"
    start=$SECONDS
    swift build --package-path "$work/$name" 2>&1 | tail -n 3
    echo "$name: built in $((SECONDS - start)) s; Package.resolved pins:"
    pins=$(grep -o '"identity" : "[^"]*"' "$work/$name/Package.resolved" | sed 's/.*: "\(.*\)"/\1/' | sort)
    sed 's/^/  /' <<<"$pins"
    "$work/$name/.build/debug/$name"
    if [ "$name" = CoreOnly ] && [ "$pins" != wiring ]; then
        echo "CoreOnly should fetch Wiring alone, but its Package.resolved lists more (above)"
        exit 1
    fi
done
