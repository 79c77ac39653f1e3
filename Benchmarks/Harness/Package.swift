// swift-tools-version:6.1
import PackageDescription

// The parent's side of wiring-bench: runs the children and the profiler, collects their results
// and checks them against thresholds.json. A package of its own, with no dependencies, so that
// its tests build in seconds instead of with every library the benchmarks measure.
let package = Package(
    name: "BenchHarness",
    platforms: [.macOS(.v15)],
    products: [.library(name: "BenchHarness", targets: ["BenchHarness"])],
    targets: [
        .target(name: "BenchHarness"),
        .testTarget(name: "BenchHarnessTests", dependencies: ["BenchHarness"]),
    ],
    swiftLanguageModes: [.v6]
)
