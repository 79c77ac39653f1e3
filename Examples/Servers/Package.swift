// swift-tools-version:6.1
import PackageDescription

// The server integrations live in a package of their own so that a user of the Wiring core never
// fetches or builds swift-service-lifecycle, Hummingbird or SQLite. It depends on the core by path,
// as `Benchmarks/` does.
/// The core's settings for the libraries built on it (see the root manifest): `any` spelled out,
/// nonisolated async functions on the caller's actor, each file importing what it uses, and
/// dependencies reaching clients only through `public import`.
let layeredSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "WiringIntegrations",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WiringServiceLifecycle", targets: ["WiringServiceLifecycle"]),
        .library(name: "WiringHummingbird", targets: ["WiringHummingbird"]),
        .library(name: "WiringLogging", targets: ["WiringLogging"]),
        .library(name: "WiringVapor", targets: ["WiringVapor"]),
        .library(name: "WiringTracing", targets: ["WiringTracing"]),
        .library(name: "WiringMetrics", targets: ["WiringMetrics"]),
        .executable(name: "todo-server", targets: ["todo-server"]),
        .executable(name: "todo-load", targets: ["todo-load"]),
        .executable(name: "todo-vapor", targets: ["todo-vapor"]),
    ],
    dependencies: [
        .package(name: "Wiring", path: ".."),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // For the examples' --telemetry: OTLP over HTTP only (its gRPC exporter is not built).
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .target(
            name: "WiringServiceLifecycle",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "WiringLogging",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Builds and scopes as swift-distributed-tracing spans.
        .target(
            name: "WiringTracing",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // The container's vital signs as swift-metrics counters, timers and meters.
        .target(
            name: "WiringMetrics",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "WiringHummingbird",
            dependencies: [
                "WiringLogging",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .target(
            name: "WiringVapor",
            dependencies: [
                "WiringLogging",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ]
        ),
        // The examples' domain: users and todos, their rules, the stores' protocols and the
        // service over them, with no HTTP framework and no database in it.
        .target(
            name: "TodoDomain",
            dependencies: [.product(name: "Wiring", package: "Wiring")],
            path: "Examples/TodoDomain"
        ),
        // The examples' --telemetry: swift-otel or swift-prometheus, and the container observed.
        .target(
            name: "TodoTelemetry",
            dependencies: [
                "WiringTracing", "WiringMetrics",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/TodoTelemetry"
        ),
        // The same API on Vapor and Fluent, over the same domain.
        .target(
            name: "TodoVapor",
            dependencies: [
                "TodoDomain", "WiringVapor", "TodoTelemetry",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
            ],
            path: "Examples/TodoVapor"
        ),
        // The example server: a JSON API of users and todos on a SQLite file.
        .target(
            name: "TodoServer",
            dependencies: [
                "TodoDomain", "WiringHummingbird", "WiringLogging", "WiringServiceLifecycle", "TodoTelemetry",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Examples/TodoServer"
        ),
        .executableTarget(
            name: "todo-server",
            dependencies: [
                "TodoServer", "TodoTelemetry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/todo-server"
        ),
        .executableTarget(
            name: "todo-vapor",
            dependencies: [
                "TodoVapor", "TodoTelemetry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Vapor", package: "vapor"),
            ],
            path: "Examples/todo-vapor"
        ),
        // The load test: starts the server on loopback, drives it, checks the scopes, stops it.
        .executableTarget(
            name: "todo-load",
            dependencies: [
                "TodoServer", "WiringHummingbird", "WiringLogging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // A swift-log handler that keeps messages, for the tests.
        .target(
            name: "LogCapture",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Tests/LogCapture"
        ),
        .testTarget(name: "WiringServiceLifecycleTests", dependencies: ["WiringServiceLifecycle", "LogCapture"]),
        .testTarget(name: "WiringLoggingTests", dependencies: ["WiringLogging", "LogCapture"]),
        .testTarget(
            name: "WiringTracingTests",
            dependencies: [
                "WiringTracing", "WiringHummingbird", "WiringMetrics",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "WiringMetricsTests",
            dependencies: [
                "WiringMetrics",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "WiringHummingbirdTests",
            dependencies: [
                "WiringHummingbird", "WiringLogging", "WiringServiceLifecycle", "LogCapture",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "WiringVaporTests",
            dependencies: [
                "WiringVapor", "WiringLogging", "WiringTracing",
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TodoVaporTests",
            dependencies: [
                "TodoVapor", "WiringVapor", "WiringLogging",
                .product(name: "VaporTesting", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "TodoServerTests",
            dependencies: [
                "TodoServer", "WiringHummingbird", "WiringLogging",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + layeredSettings
}
