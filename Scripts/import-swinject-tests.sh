#!/usr/bin/env bash
# Copies Swinject 2.10.0's own test suite into Tests/SwinjectUpstreamTests, changing only the import:
# `@testable import Swinject` and `import Swinject` become `import WiringSwinject`. Swinject's
# LinuxMain.swift and XCTestManifests.swift (stale manifests that hide tests from discovery), its
# Info.plist and its .swiftlint.yml are left out. Run it from the project root; it needs the bare
# git copy of Swinject that the machine notes name (SWINJECT_GIT overrides its path).
set -euo pipefail
repository="${SWINJECT_GIT:-/opt/swift-packages/Swinject/Swinject.git}"
target="Tests/SwinjectUpstreamTests"
rm -rf "$target"
mkdir -p "$target"
git -C "$repository" archive 2.10.0 Tests/SwinjectTests | tar -x -C "$target" --strip-components=2
rm -f "$target/XCTestManifests.swift" "$target/Info.plist" "$target/.swiftlint.yml"
for file in "$target"/*.swift; do
    sed -i -e 's/^@testable import Swinject$/import WiringSwinject/' -e 's/^import Swinject$/import WiringSwinject/' "$file"
done
