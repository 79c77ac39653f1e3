// swift-tools-version:6.1
import PackageDescription

// The example servers, their load test and their tests: a package of its own, depending on Wiring
// (two directories up) with the traits it needs. Only this package depends on Fluent, swift-otel,
// swift-prometheus and AsyncHTTPClient, so no user of the integrations fetches them.

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
    name: "WiringExampleServers",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "todo-server", targets: ["todo-server"]),
        .executable(name: "todo-load", targets: ["todo-load"]),
        .executable(name: "todo-vapor", targets: ["todo-vapor"]),
    ],
    dependencies: [
        .package(
            name: "Wiring",
            path: "../..",
            traits: ["ServiceLifecycle", "Logging", "Hummingbird", "Vapor", "Tracing", "Metrics"]
        ),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
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
        // The examples' domain: users and todos, their rules, the stores' protocols and the
        // service over them, with no HTTP framework and no database in it.
        .target(
            name: "TodoDomain",
            dependencies: [.product(name: "Wiring", package: "Wiring"), .product(name: "WiringLogging", package: "Wiring")]
        ),
        // The examples' --telemetry: swift-otel or swift-prometheus, and the container observed.
        .target(
            name: "TodoTelemetry",
            dependencies: [
                .product(name: "WiringTracing", package: "Wiring"), .product(name: "WiringMetrics", package: "Wiring"),
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What both servers keep of their connections, for their connection limits.
        .target(
            name: "TodoConnections",
            dependencies: [.product(name: "NIOCore", package: "swift-nio")]
        ),
        // The same API on Vapor and Fluent, over the same domain.
        .target(
            name: "TodoVapor",
            dependencies: [
                "TodoDomain", "TodoConnections", .product(name: "WiringVapor", package: "Wiring"), "TodoTelemetry",
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
            ]
        ),
        // The example server: a JSON API of users and todos on a SQLite file.
        .target(
            name: "TodoServer",
            dependencies: [
                "TodoDomain", "TodoConnections", .product(name: "WiringHummingbird", package: "Wiring"),
                .product(name: "WiringLogging", package: "Wiring"),
                .product(name: "WiringServiceLifecycle", package: "Wiring"), "TodoTelemetry",
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
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(
            name: "todo-server",
            dependencies: [
                "TodoServer", "TodoDomain", "TodoTelemetry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "todo-vapor",
            dependencies: [
                "TodoVapor", "TodoDomain", "TodoTelemetry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // The load test: starts either server on loopback, drives it, checks the scopes, stops it.
        .executableTarget(
            name: "todo-load",
            dependencies: [
                "TodoServer", "TodoVapor", "TodoDomain",
                .product(name: "WiringHummingbird", package: "Wiring"), .product(name: "WiringLogging", package: "Wiring"),
                .product(name: "WiringVapor", package: "Wiring"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // A TCP client that sends exactly the bytes a test gives it, for the servers' tests.
        .target(name: "ServerTestSupport", path: "Tests/ServerTestSupport"),
        // The example API's one behaviour, run against both servers.
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "TodoServer", "TodoVapor", "ServerTestSupport",
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "TodoVaporTests",
            dependencies: [
                "TodoVapor", "ServerTestSupport", .product(name: "WiringVapor", package: "Wiring"),
                .product(name: "WiringLogging", package: "Wiring"),
                .product(name: "VaporTesting", package: "vapor"),
            ]
        ),
        // The "Tracing and metrics" article's exporter snippets (the root package has no exporter).
        .testTarget(
            name: "TelemetrySnippetTests",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringHummingbird", package: "Wiring"),
                .product(name: "WiringMetrics", package: "Wiring"),
                .product(name: "WiringTracing", package: "Wiring"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TodoServerTests",
            dependencies: [
                "TodoServer", "TodoDomain", "ServerTestSupport", .product(name: "WiringHummingbird", package: "Wiring"),
                .product(name: "WiringLogging", package: "Wiring"),
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + layeredSettings
}
