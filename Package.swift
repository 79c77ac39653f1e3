// swift-tools-version:6.1
import PackageDescription

/// Settings shared by every target. Each flag carries the reason it is on.
let strictSettings: [SwiftSetting] = [
    // Surface `any` spelling issues now rather than at the next language mode.
    .enableUpcomingFeature("ExistentialAny"),
    // Keep nonisolated async functions on the caller's actor (Swift 6.2 semantics).
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    // A file sees members only of the modules it imports itself, not of those another file of
    // the target imports: each file's imports say what it uses.
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// For the libraries built on the core: also internal imports by default, so that a module's
/// dependencies reach its clients only where its public API names their types (`public import`).
/// The core keeps public imports: its inlined fast paths use `Synchronization.Atomic`, which
/// needs a public import there anyway.
let layeredSettings: [SwiftSetting] =
    strictSettings + [
        .enableUpcomingFeature("InternalImportsByDefault")
    ]

/// For the facades' tests, which compile code written the way the original libraries' users
/// wrote it (`Dependency` rather than `any Dependency`), to prove that it still compiles.
let legacySettings: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault")
]

let package = Package(
    name: "Wiring",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Wiring", targets: ["Wiring"]),
        .library(name: "WiringTesting", targets: ["WiringTesting"]),
        // Migration facades: the public API of four older libraries on the Wiring engine.
        .library(name: "WiringImpose", targets: ["WiringImpose"]),
        .library(name: "WiringDIContainer", targets: ["WiringDIContainer"]),
        .library(name: "WiringDip", targets: ["WiringDip"]),
        .library(name: "WiringDIKit", targets: ["WiringDIKit"]),
    ],
    targets: [
        .target(name: "Wiring", swiftSettings: strictSettings),
        // Helpers for users' test targets: per-test containers for Swift Testing and XCTest.
        .target(name: "WiringTesting", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringImpose", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringDIContainer", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringDip", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringDIKit", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .executableTarget(
            name: "wiring-demo",
            dependencies: ["Wiring"],
            path: "Examples/WiringDemo",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WiringTests",
            dependencies: ["Wiring", "wiring-demo"],
            swiftSettings: strictSettings
        ),
        // Stress, fault-injection, bad-input, model and leak tests of the engine (see .ci/run).
        .testTarget(name: "WiringReliabilityTests", dependencies: ["Wiring", "WiringDip"], swiftSettings: strictSettings),
        .testTarget(
            name: "WiringTestingTests",
            dependencies: ["Wiring", "WiringTesting"],
            swiftSettings: strictSettings
        ),
        // The README's code, verbatim (DocSnippetTests checks it), in a module of its own so that
        // its type names are the README's.
        .testTarget(
            name: "WiringReadmeTests",
            dependencies: ["Wiring", "WiringTesting"],
            swiftSettings: strictSettings
        ),
        // Code written as a user's package writes it: no upcoming features, so that a hook whose
        // meaning depends on them (an async closure parameter) shows up as not called.
        .testTarget(name: "WiringDefaultSettingsTests", dependencies: ["Wiring"]),
        .testTarget(name: "WiringImposeTests", dependencies: ["WiringImpose"], swiftSettings: legacySettings),
        .testTarget(name: "WiringDIContainerTests", dependencies: ["WiringDIContainer"], swiftSettings: legacySettings),
        .testTarget(name: "WiringDipTests", dependencies: ["WiringDip"], swiftSettings: legacySettings),
        .testTarget(name: "WiringDIKitTests", dependencies: ["WiringDIKit"], swiftSettings: legacySettings),
    ],
    swiftLanguageModes: [.v6]
)
