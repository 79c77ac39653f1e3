#!/usr/bin/env bash
# What the build-time check costs an app target of a given size (the figures in "Checking the
# graph at build time"):
#
#   Scripts/graph-check-cost.sh [--rounds N] [--scratch DIR] LINES...
#
# For each size it generates an app package (a target of that many lines: features, each with a
# MainActorModule, services, a view model reading with wired(), and plain code around them), then:
#   1. times the check's tool on the whole target with no summaries kept (a first run) and again
#      after one file changed (the plugin's case: the other files' summaries are kept);
#   2. builds the package with the plugin and without it, then times N incremental builds of
#      each after one file changed (an edit, not a touch: its contents change), and prints the
#      medians and the ratio.
# The package depends on this checkout of Wiring by path, with the GraphCheck trait; its build
# folders are under SCRATCH (default: .build-graphcheck-cost), kept between runs.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=3
scratch="$here/.build-graphcheck-cost"
sizes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift ;;
        --scratch) scratch=$2; shift ;;
        *) sizes+=("$1") ;;
    esac
    shift
done
if [ ${#sizes[@]} -eq 0 ]; then
    echo "usage: Scripts/graph-check-cost.sh [--rounds N] [--scratch DIR] LINES..." >&2
    exit 64
fi

# Writes feature $2 of the app at $1: five files of about 100 lines each.
write_feature() {
    local dir=$1/Sources/App/Feature$2 k=$2 i
    mkdir -p "$dir"
    cat >"$dir/Feature${k}Module.swift" <<EOF
import Wiring

/// Feature $k's wiring.
struct Feature${k}Module: MainActorModule {
    var registrations: Registrations {
        singleton { Feature${k}Store() }
        singleton((any Feature${k}Client).self) { r in LiveFeature${k}Client(config: try r.resolve()) }
        autowire(lifetime: .singleton, Feature${k}Service.init(store:client:))
        transient { r in Feature${k}Formatter(service: try r.resolve()) }
    }
}
EOF
    {
        echo "import Foundation"
        echo
        echo "protocol Feature${k}Client: Sendable { func fetch(_ id: Int) -> String }"
        echo
        echo "final class LiveFeature${k}Client: Feature${k}Client {"
        echo "    let config: AppConfig"
        echo "    init(config: AppConfig) { self.config = config }"
        echo "    func fetch(_ id: Int) -> String { \"\\(config.baseURL)/feature$k/\\(id)\" }"
        echo "}"
        echo
        echo "final class Feature${k}Store {"
        echo "    var items: [Feature${k}Item] = []"
        echo "    init() {}"
        for i in $(seq 1 12); do
            echo "    func operation$i(_ value: Int) -> Int {"
            echo "        let scaled = value * $i + items.count"
            echo "        return scaled > 100 ? scaled - 100 : scaled + $i"
            echo "    }"
        done
        echo "}"
    } >"$dir/Feature${k}Store.swift"
    {
        echo "struct Feature${k}Item: Hashable, Sendable {"
        echo "    let id: Int"
        echo "    let title: String"
        for i in $(seq 1 20); do
            echo "    var field$i: Int = $i"
        done
        echo "}"
        echo
        echo "extension Feature${k}Item {"
        for i in $(seq 1 15); do
            echo "    func describe$i() -> String { \"\\(title) \\(field$i) \\(id + $i)\" }"
        done
        echo "}"
        for i in $(seq 1 12); do
            echo
            echo "struct Feature${k}Row$i {"
            echo "    let item: Feature${k}Item"
            echo "    var label: String { item.describe$(( (i % 15) + 1 ))() }"
            echo "}"
        done
    } >"$dir/Feature${k}Items.swift"
    {
        echo "final class Feature${k}Service {"
        echo "    let store: Feature${k}Store"
        echo "    let client: any Feature${k}Client"
        echo "    init(store: Feature${k}Store, client: any Feature${k}Client) {"
        echo "        self.store = store"
        echo "        self.client = client"
        echo "    }"
        for i in $(seq 1 14); do
            echo "    func step$i(_ id: Int) -> String {"
            echo "        let value = store.operation$(( (i % 12) + 1 ))(id)"
            echo "        return client.fetch(value)"
            echo "    }"
        done
        echo "}"
        echo
        echo "final class Feature${k}Formatter {"
        echo "    let service: Feature${k}Service"
        echo "    init(service: Feature${k}Service) { self.service = service }"
        for i in $(seq 1 8); do
            echo "    func format$i(_ id: Int) -> String { service.step$i(id).uppercased() }"
        done
        echo "}"
    } >"$dir/Feature${k}Service.swift"
    {
        echo "import Wiring"
        echo
        echo "/// Feature $k's screen model, made by its view."
        echo "final class Feature${k}ViewModel {"
        echo "    private let service: Feature${k}Service = wired()"
        echo "    private let formatter: Feature${k}Formatter = wired()"
        echo "    var titles: [String] = []"
        echo "    init() {}"
        for i in $(seq 1 14); do
            echo "    func load$i() {"
            echo "        titles.append(service.step$i($i))"
            echo "        titles.append(formatter.format$(( (i % 8) + 1 ))($i))"
            echo "    }"
        done
        echo "}"
    } >"$dir/Feature${k}ViewModel.swift"
}

# Generates an app of about $2 lines at $1.
generate() {
    local dir=$1 lines=$2 features=0 k
    rm -rf "$dir"
    mkdir -p "$dir/Sources/App"
    cat >"$dir/Package.swift" <<EOF
// swift-tools-version:6.3
import PackageDescription

let checking = Context.environment["WIRING_GRAPH_CHECK"] != "off"
let package = Package(
    name: "GeneratedApp",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Wiring", path: "$here", traits: ["GraphCheck"])],
    targets: [
        .target(
            name: "App",
            dependencies: [.product(name: "Wiring", package: "Wiring")],
            swiftSettings: [
                .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ],
            plugins: checking ? [.plugin(name: "WiringGraphCheck", package: "Wiring")] : []
        )
    ]
)
EOF
    # Features until the target has the lines asked for (each is about 320).
    while [ "$(find "$dir/Sources" -name '*.swift' -exec cat {} + 2>/dev/null | wc -l)" -lt "$lines" ]; do
        features=$((features + 1))
        write_feature "$dir" "$features"
    done
    {
        echo "import Wiring"
        echo
        echo "struct AppConfig { let baseURL: String }"
        echo
        echo "struct AppModule: MainActorModule {"
        echo "    var registrations: Registrations {"
        echo "        instance(AppConfig(baseURL: \"https://example.com\"))"
        for k in $(seq 1 "$features"); do echo "        Feature${k}Module()"; done
        echo "    }"
        echo "}"
        echo
        echo "enum GeneratedApp {"
        echo "    static func launch() throws { try Container.default.install(AppModule()) }"
        echo "}"
    } >"$dir/Sources/App/AppModule.swift"
    find "$dir/Sources" -name '*.swift' -exec cat {} + | wc -l
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Seconds (with 2 decimals) that command "$@" takes.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$start $end" | awk '{ printf "%.2f\n", $2 - $1 }'
}

# One app folder and one build folder each, with the plugin and without, for every size: swift-syntax
# and Wiring are built once, and only the generated target is compiled again for the next size.
app="$scratch/app"
for size in "${sizes[@]}"; do
    mkdir -p "$scratch"
    written=$(generate "$app" "$size")
    echo "== $size lines requested: $written lines in $(find "$app/Sources" -name '*.swift' | wc -l) files"
    edited="$app/Sources/App/Feature1/Feature1Service.swift"
    # Builds with the plugin first: that builds the tool too.
    (cd "$app" && swift build --scratch-path "$scratch/with" >/dev/null 2>&1) || {
        echo "the generated app does not build with the plugin:"
        (cd "$app" && swift build --scratch-path "$scratch/with" 2>&1 | tail -20)
        exit 1
    }
    (cd "$app" && env WIRING_GRAPH_CHECK=off swift build --scratch-path "$scratch/without" >/dev/null 2>&1)
    tool=$(find "$scratch/with" -path "*/debug/WiringGraphCheckTool-tool" -type f -perm -u+x | head -1)
    mapfile -t files < <(find "$app/Sources/App" -name '*.swift' | sort)
    cache=$(mktemp -u)
    first=$(seconds "$tool" --output "$(mktemp)" --top --module App "${files[@]}")
    "$tool" --output "$(mktemp)" --cache "$cache" --top --module App "${files[@]}" >/dev/null 2>&1
    echo "// edited" >>"$edited"
    again=$(seconds "$tool" --output "$(mktemp)" --cache "$cache" --top --module App "${files[@]}")
    echo "the tool: a first run (every file parsed) $first s; after one file changed $again s"
    with=()
    without=()
    # A first edit and build of each, not timed: the first incremental build after a full one
    # plans again.
    echo "// warming up" >>"$edited"
    (cd "$app" && swift build --scratch-path "$scratch/with" >/dev/null 2>&1)
    (cd "$app" && env WIRING_GRAPH_CHECK=off swift build --scratch-path "$scratch/without" >/dev/null 2>&1)
    for round in $(seq 1 "$rounds"); do
        echo "// edited $round" >>"$edited"
        with+=("$(cd "$app" && seconds swift build --scratch-path "$scratch/with")")
        echo "// edited again $round" >>"$edited"
        without+=("$(cd "$app" && seconds env WIRING_GRAPH_CHECK=off swift build --scratch-path "$scratch/without")")
    done
    w=$(printf '%s\n' "${with[@]}" | median)
    wo=$(printf '%s\n' "${without[@]}" | median)
    echo "an incremental build after one file changed: with the plugin ${with[*]} s (median $w), without ${without[*]} s (median $wo)"
    echo "$w $wo" | awk '{ printf "the plugin costs %+.1f%% of the median incremental build\n", ($1 / $2 - 1) * 100 }'
done
