// swift-tools-version:6.1
import PackageDescription

// The benchmark package is separate so that users of Wiring never build it.
// `QuickBench` is the design-time harness: S1–S4 of ../../shared/bench/SCENARIOS.md against
// hand-written code, in one release-mode process. The side-by-side comparison with other
// libraries belongs to the benchmark issue.
let package = Package(
    name: "WiringBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Wiring", path: "..")],
    targets: [
        .executableTarget(
            name: "wiring-quick-bench",
            dependencies: [.product(name: "Wiring", package: "Wiring")],
            path: "Sources/QuickBench"
        )
    ],
    swiftLanguageModes: [.v6]
)
