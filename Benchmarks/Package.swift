// swift-tools-version:6.1
import PackageDescription

// The benchmark package is separate so that users of Wiring never build it.
// `wiring-bench` runs the scenarios of SCENARIOS.md (see README.md here) for hand-written code,
// Wiring, its four facades, Swinject and swift-dependencies: one module per library, all on the
// object graph of `BenchModel`. `wiring-quick-bench` is the older design-time harness, on the
// same object graph.
//
// The peers (Swinject and swift-dependencies, which brings swift-syntax, slow to build in release)
// come with the `Peers` trait, on by default so that `wiring-bench` compares every library. CI's
// threshold check reads Wiring's own figures only, so it builds with `--disable-default-traits`
// and never fetches or compiles a peer.
let package = Package(
    name: "WiringBenchmarks",
    platforms: [.macOS(.v15)],
    traits: [
        .default(enabledTraits: ["Peers"]),
        .trait(name: "Peers", description: "Swinject 2.10.0 and swift-dependencies 1.17.1, benchmarked beside Wiring."),
    ],
    dependencies: [
        // With the Tracing trait, for WiringTracing (the `wiring-traced` subject): it brings
        // swift-distributed-tracing alone, no other integration's dependencies.
        .package(name: "Wiring", path: "..", traits: ["Tracing"]),
        // The check and the child processes' runner, with its own tests (Harness/Package.swift).
        .package(name: "BenchHarness", path: "Harness"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "wiring-quick-bench",
            dependencies: ["BenchModel", .product(name: "Wiring", package: "Wiring")],
            path: "Sources/QuickBench"
        ),
        // Counts calls to malloc and its relatives, for allocations per operation.
        .target(name: "MallocCounter"),
        .target(name: "BenchModel"),
        .target(name: "ManualBench", dependencies: ["BenchModel"]),
        .target(name: "WiringBench", dependencies: ["BenchModel", .product(name: "Wiring", package: "Wiring")]),
        .target(
            name: "WiringTracedBench",
            dependencies: [
                "BenchModel", "WiringBench",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringTracing", package: "Wiring"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "ImposeBench",
            dependencies: ["BenchModel", .product(name: "WiringImpose", package: "Wiring")]
        ),
        .target(
            name: "DIContainerBench",
            dependencies: ["BenchModel", .product(name: "WiringDIContainer", package: "Wiring")]
        ),
        .target(name: "DipBench", dependencies: ["BenchModel", .product(name: "WiringDip", package: "Wiring")]),
        .target(name: "DIKitBench", dependencies: ["BenchModel", .product(name: "WiringDIKit", package: "Wiring")]),
        // Empty without the Peers trait (its code is behind `#if Peers`).
        .target(
            name: "SwinjectBench",
            dependencies: ["BenchModel", .product(name: "Swinject", package: "Swinject", condition: .when(traits: ["Peers"]))]
        ),
        .target(
            name: "WiringSwinjectBench",
            dependencies: ["BenchModel", .product(name: "WiringSwinject", package: "Wiring")]
        ),
        .target(
            name: "DependenciesBench",
            dependencies: [
                "BenchModel",
                .product(name: "Dependencies", package: "swift-dependencies", condition: .when(traits: ["Peers"])),
            ]
        ),
        .executableTarget(
            name: "wiring-bench",
            dependencies: [
                .product(name: "BenchHarness", package: "BenchHarness"), "BenchModel", "MallocCounter", "ManualBench", "WiringBench",
                "WiringTracedBench", "ImposeBench",
                "DIContainerBench",
                "DipBench", "DIKitBench", "WiringSwinjectBench",
                .target(name: "SwinjectBench", condition: .when(traits: ["Peers"])),
                .target(name: "DependenciesBench", condition: .when(traits: ["Peers"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Runner"
        ),
    ],
    swiftLanguageModes: [.v6]
)
