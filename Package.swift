// swift-tools-version:6.3
// 6.3: below macOS 15 and iOS 18 the Swift runtime predates the compiler, and a function type under
// `NonisolatedNonsendingByDefault` (which every target here turns on) crashed there when built with
// an earlier compiler (swiftlang/swift PRs 86829 and 86852, in Swift 6.3). Asking for 6.3 keeps an
// app on iOS 16 or 17 from being built with a compiler that would make that crash.
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
/// The core keeps public imports: its inlined fast paths call the C atomics of `CWiringAtomics`,
/// which needs a public import there anyway.
let layeredSettings: [SwiftSetting] =
    strictSettings + [
        .enableUpcomingFeature("InternalImportsByDefault")
    ]

/// An app target as Xcode 26's templates make it: every declaration main-actor unless it says
/// otherwise, nonisolated async functions on the caller's actor, conformances of main-actor types
/// isolated to it.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

/// For the facades' tests, which compile code written the way the original libraries' users
/// wrote it (`Dependency` rather than `any Dependency`), to prove that it still compiles.
let legacySettings: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault")
]

/// The integrations' traits, none on by default: a user of `Wiring` alone fetches nothing else. Each
/// trait brings one integration product and its third-party dependencies; a trait's integration
/// that needs another's turns that one on too.
let traits: Set<Trait> = [
    .trait(
        name: "ServiceLifecycle",
        description: "WiringServiceLifecycle: runs a container's services in a swift-service-lifecycle ServiceGroup."
    ),
    .trait(
        name: "Logging",
        description: "WiringLogging: a container's builds and failures logged to swift-log, and a Logger per request scope."
    ),
    .trait(
        name: "Hummingbird",
        description: "WiringHummingbird: a scope per Hummingbird 2 request, with validation before the server binds.",
        enabledTraits: ["Logging"]
    ),
    .trait(
        name: "Vapor",
        description: "WiringVapor: the container in a Vapor 4 application, and a scope per request.",
        enabledTraits: ["Logging"]
    ),
    .trait(
        name: "Tracing",
        description: "WiringTracing: builds and scopes as swift-distributed-tracing spans."
    ),
    .trait(
        name: "Metrics",
        description: "WiringMetrics: a container's builds, scopes and disposals as swift-metrics counters, timers and meters."
    ),
    .trait(
        name: "GraphCheck",
        description:
            "WiringGraphCheck: a build-tool plugin that reads a target's modules with swift-syntax and fails the build at a missing, circular or captive dependency."
    ),
]

/// A product of a third-party package that a target needs only when `trait` is on.
func product(_ name: String, _ package: String, when trait: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: [trait]))
}

/// Swinject's speed tests use XCTest's `measure(options:)`, which swift-corelibs-xctest lacks.
#if os(Linux)
    let swinjectUpstreamExclusions = ["ContainerTests.Speed.swift"]
#else
    let swinjectUpstreamExclusions: [String] = []
#endif

/// CI's narrowed builds: `WIRING_TEST_TARGETS=WiringTests,WiringReliabilityTests swift test -c release`
/// builds and runs those test targets alone, so that a release or sanitizer build compiles only
/// the suites it runs (`.ci/run` says why each one is narrowed). Unset, as for every user and for
/// the README's `swift test`, the package has all its test targets.
let selectedTestTargets: Set<String>? = Context.environment["WIRING_TEST_TARGETS"].map {
    Set($0.split(separator: ",").map(String.init))
}

let package = Package(
    name: "Wiring",
    // The floor apps can use. What Wiring uses above it is behind `#available` (README,
    // "Platforms"), and `Scripts/check-platform-floor.sh`, in CI, keeps it so.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Wiring", targets: ["Wiring"]),
        .library(name: "WiringTesting", targets: ["WiringTesting"]),
        // Migration facades: the public API of four older libraries on the Wiring engine.
        .library(name: "WiringImpose", targets: ["WiringImpose"]),
        .library(name: "WiringDIContainer", targets: ["WiringDIContainer"]),
        .library(name: "WiringDip", targets: ["WiringDip"]),
        .library(name: "WiringSwinject", targets: ["WiringSwinject"]),
        .library(name: "WiringDIKit", targets: ["WiringDIKit"]),
        // Server integrations, each behind the trait of the same name without the prefix.
        .library(name: "WiringServiceLifecycle", targets: ["WiringServiceLifecycle"]),
        .library(name: "WiringLogging", targets: ["WiringLogging"]),
        .library(name: "WiringHummingbird", targets: ["WiringHummingbird"]),
        .library(name: "WiringVapor", targets: ["WiringVapor"]),
        .library(name: "WiringTracing", targets: ["WiringTracing"]),
        .library(name: "WiringMetrics", targets: ["WiringMetrics"]),
        // The graph checked at build time: apply it to a target, with the GraphCheck trait on.
        .plugin(name: "WiringGraphCheck", targets: ["WiringGraphCheck"]),
    ],
    traits: traits,
    // Fetched only when a trait that uses them is on (SwiftPM prunes the rest).
    dependencies: [
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // 603: the parser of Swift 6.3, the language this package's tools version asks for.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // C11 atomics for Support/Atomics.swift: Synchronization.Atomic needs macOS 15 / iOS 18.
        .target(name: "CWiringAtomics"),
        .target(name: "Wiring", dependencies: ["CWiringAtomics"], exclude: ["Scopes/DESIGN.md"], swiftSettings: strictSettings),
        // Helpers for users' test targets: per-test containers for Swift Testing and XCTest.
        .target(name: "WiringTesting", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringImpose", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringDIContainer", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringDip", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        .target(name: "WiringSwinject", dependencies: ["Wiring"], exclude: ["DESIGN.md"], swiftSettings: layeredSettings),
        .target(name: "WiringDIKit", dependencies: ["Wiring"], swiftSettings: layeredSettings),
        // The integrations: each file's code is behind `#if <trait>`, so that with its trait off a
        // target is empty and needs nothing.
        .target(
            name: "WiringServiceLifecycle",
            dependencies: [
                "Wiring",
                product("ServiceLifecycle", "swift-service-lifecycle", when: "ServiceLifecycle"),
                product("Logging", "swift-log", when: "ServiceLifecycle"),
            ],
            swiftSettings: layeredSettings
        ),
        .target(
            name: "WiringLogging",
            dependencies: ["Wiring", product("Logging", "swift-log", when: "Logging")],
            swiftSettings: layeredSettings
        ),
        .target(
            name: "WiringHummingbird",
            dependencies: ["Wiring", "WiringLogging", product("Hummingbird", "hummingbird", when: "Hummingbird")],
            swiftSettings: layeredSettings
        ),
        .target(
            name: "WiringVapor",
            dependencies: [
                "Wiring", "WiringLogging",
                product("Vapor", "vapor", when: "Vapor"),
                product("NIOConcurrencyHelpers", "swift-nio", when: "Vapor"),
                product("Instrumentation", "swift-distributed-tracing", when: "Vapor"),
            ],
            swiftSettings: layeredSettings
        ),
        // Builds and scopes as swift-distributed-tracing spans.
        .target(
            name: "WiringTracing",
            dependencies: ["Wiring", product("Tracing", "swift-distributed-tracing", when: "Tracing")],
            swiftSettings: layeredSettings
        ),
        // The container's vital signs as swift-metrics counters, timers and meters.
        .target(
            name: "WiringMetrics",
            dependencies: ["Wiring", product("CoreMetrics", "swift-metrics", when: "Metrics")],
            swiftSettings: layeredSettings
        ),
        .executableTarget(
            name: "wiring-demo",
            dependencies: ["Wiring"],
            path: "Examples/WiringDemo",
            swiftSettings: strictSettings
        ),
        // The build-time graph check: the tool reads a target's modules with swift-syntax (only
        // with the GraphCheck trait: without it, it says so in one line and fails), and the
        // build-tool plugin runs it on the target's sources.
        .executableTarget(
            name: "WiringGraphCheckTool",
            dependencies: [
                product("SwiftSyntax", "swift-syntax", when: "GraphCheck"),
                product("SwiftParser", "swift-syntax", when: "GraphCheck"),
            ],
            swiftSettings: strictSettings
        ),
        .plugin(name: "WiringGraphCheck", capability: .buildTool(), dependencies: ["WiringGraphCheckTool"]),
        .testTarget(
            name: "WiringTests",
            dependencies: ["Wiring", "wiring-demo"],
            swiftSettings: strictSettings
        ),
        // Stress, fault-injection, bad-input, model and leak tests of the engine (see .ci/run). The
        // facades that keep atomic words inline are linked for the layout check that covers them.
        .testTarget(
            name: "WiringReliabilityTests", dependencies: ["Wiring", "WiringDip", "WiringSwinject", "WiringDIContainer"],
            swiftSettings: strictSettings),
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
        // A small app, compiled as an Xcode 26 app target is: main-actor by default, with the two
        // features its templates turn on. It proves that Wiring's modules, property wrappers,
        // scopes and validation work there as the Apps article writes them.
        .target(
            name: "ShopApp",
            dependencies: ["Wiring"],
            path: "Examples/ShopApp/Sources/ShopApp",
            swiftSettings: appSettings
        ),
        // The app's tests, with the app's settings: the Apps article's test snippets are here.
        .testTarget(
            name: "ShopAppTests",
            dependencies: ["ShopApp", "WiringTesting"],
            path: "Examples/ShopApp/Tests/ShopAppTests",
            swiftSettings: appSettings
        ),
        // The app's modules from a test target without those settings (nonisolated by default),
        // as an Xcode test target often is: the trait, validation and the XCTest base class.
        .testTarget(
            name: "ShopAppNonisolatedTests",
            dependencies: ["ShopApp", "WiringTesting"],
            path: "Examples/ShopApp/Tests/ShopAppNonisolatedTests"
        ),
        // Code written as a user's package writes it: no upcoming features, so that a hook whose
        // meaning depends on them (an async closure parameter) shows up as not called.
        .testTarget(name: "WiringDefaultSettingsTests", dependencies: ["Wiring"]),
        .testTarget(name: "WiringImposeTests", dependencies: ["WiringImpose"], swiftSettings: legacySettings),
        .testTarget(name: "WiringDIContainerTests", dependencies: ["WiringDIContainer"], swiftSettings: legacySettings),
        .testTarget(name: "WiringDipTests", dependencies: ["WiringDip"], swiftSettings: legacySettings),
        .testTarget(name: "WiringSwinjectTests", dependencies: ["WiringSwinject"], swiftSettings: legacySettings),
        // Swinject 2.10.0's own suite, with only its import changed (Scripts/import-swinject-tests.sh).
        // Swift 5 mode, as Swinject built it: its thread tests share state with closures run on
        // other threads. Its speed tests need XCTest's `measure(options:)`, which Linux lacks.
        .testTarget(
            name: "SwinjectUpstreamTests",
            dependencies: ["WiringSwinject"],
            exclude: swinjectUpstreamExclusions,
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "WiringDIKitTests", dependencies: ["WiringDIKit"], swiftSettings: legacySettings),
        // The integrations' tests: empty unless their traits are on. All of them:
        // swift test --traits ServiceLifecycle,Logging,Hummingbird,Vapor,Tracing,Metrics
        // A swift-log handler that keeps messages, for the tests.
        .target(
            name: "LogCapture",
            dependencies: ["Wiring", product("Logging", "swift-log", when: "Logging")],
            path: "Tests/LogCapture",
            swiftSettings: layeredSettings
        ),
        .testTarget(
            name: "WiringServiceLifecycleTests",
            dependencies: ["WiringServiceLifecycle", "LogCapture"],
            swiftSettings: layeredSettings
        ),
        .testTarget(name: "WiringLoggingTests", dependencies: ["WiringLogging", "LogCapture"], swiftSettings: layeredSettings),
        .testTarget(
            name: "WiringTracingTests",
            dependencies: [
                "Wiring", "WiringTracing", "WiringHummingbird", "WiringMetrics",
                product("Tracing", "swift-distributed-tracing", when: "Tracing"),
                product("InMemoryTracing", "swift-distributed-tracing", when: "Tracing"),
                product("Hummingbird", "hummingbird", when: "Hummingbird"),
                product("HummingbirdTesting", "hummingbird", when: "Hummingbird"),
            ],
            swiftSettings: layeredSettings
        ),
        .testTarget(
            name: "WiringMetricsTests",
            dependencies: [
                "Wiring", "WiringMetrics",
                product("CoreMetrics", "swift-metrics", when: "Metrics"),
                product("MetricsTestKit", "swift-metrics", when: "Metrics"),
            ],
            swiftSettings: layeredSettings
        ),
        .testTarget(
            name: "WiringHummingbirdTests",
            dependencies: [
                "WiringHummingbird", "WiringLogging", "WiringServiceLifecycle", "LogCapture",
                "WiringTesting", "WiringTracing", "WiringMetrics",
                product("HummingbirdTesting", "hummingbird", when: "Hummingbird"),
                product("InMemoryTracing", "swift-distributed-tracing", when: "Tracing"),
                product("MetricsTestKit", "swift-metrics", when: "Metrics"),
                product("HTTPTypes", "swift-http-types", when: "Hummingbird"),
                product("NIOCore", "swift-nio", when: "Hummingbird"),
            ],
            swiftSettings: layeredSettings
        ),
        .testTarget(
            name: "WiringVaporTests",
            dependencies: [
                "Wiring", "WiringVapor", "WiringLogging", "WiringTracing", "WiringMetrics",
                product("InMemoryTracing", "swift-distributed-tracing", when: "Vapor"),
                product("MetricsTestKit", "swift-metrics", when: "Metrics"),
                product("Tracing", "swift-distributed-tracing", when: "Vapor"),
                product("VaporTesting", "vapor", when: "Vapor"),
                product("NIOConcurrencyHelpers", "swift-nio", when: "Vapor"),
            ],
            swiftSettings: layeredSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// CI's graph-check section builds Wiring's app examples as an app applies the build-time check:
/// `WIRING_GRAPH_CHECK_EXAMPLES=1 swift build --traits GraphCheck --build-tests`. Unset, as for every
/// user, no target of this package applies the plugin.
if Context.environment["WIRING_GRAPH_CHECK_EXAMPLES"] != nil {
    let examples: Set<String> = ["ShopApp", "ShopAppTests", "ShopAppNonisolatedTests", "wiring-demo"]
    for target in package.targets where examples.contains(target.name) {
        target.plugins = (target.plugins ?? []) + [.plugin(name: "WiringGraphCheck")]
    }
}

/// CI's integration builds (`WIRING_WITHOUT_GRAPH_CHECK=1`) leave the build-time check out: it is
/// checked in a build folder of its own, and `swift package dump-symbol-graph` there built its tool
/// with swift-syntax (over two minutes) for documentation that does not document it.
if Context.environment["WIRING_WITHOUT_GRAPH_CHECK"] != nil {
    package.targets.removeAll { ["WiringGraphCheckTool", "WiringGraphCheck"].contains($0.name) }
    package.products.removeAll { $0.name == "WiringGraphCheck" }
    package.dependencies.removeAll {
        guard case .sourceControl(_, let location, _) = $0.kind else { return false }
        return location.hasSuffix("/swift-syntax")
    }
}

if let selectedTestTargets {
    // A misspelt name would silently leave a suite out of the run it was meant for.
    let unknown = selectedTestTargets.subtracting(package.targets.filter { $0.type == .test }.map(\.name))
    precondition(unknown.isEmpty, "WIRING_TEST_TARGETS names no test target called \(unknown.sorted().joined(separator: ", "))")
    package.targets.removeAll { $0.type == .test && !selectedTestTargets.contains($0.name) }
}
