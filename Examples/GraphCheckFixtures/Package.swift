// swift-tools-version:6.3
// The build-time graph check's fixtures: one small target per mistake the check reports, each
// marking the line it must be reported at with `// expect-error: <words>`, and targets it must
// build without a word (`Clean`, and `CannotDecide`: what it cannot read for certain). `check`
// builds each with the plugin and compares; AgreementTests runs validation on the same modules,
// built without the plugin (WIRING_GRAPH_CHECK=off), and checks it finds the same mistakes.
import PackageDescription

let fixtures = [
    "Duplicate", "DuplicateAcrossInstall", "Captive", "CaptiveThroughWired", "Cycle", "AsyncReadSynchronously",
    "AsyncReadByViewModel", "MainActorReadOffMain", "Missing", "MissingInferred", "Clean", "CleanHostile", "CannotDecide",
    "CannotDecideOutsideModules",
    "CannotDecideOtherPackage", "CannotDecideFacade", "Expected",
]
let checking = Context.environment["WIRING_GRAPH_CHECK"] != "off"
/// What two "cannot decide" fixtures use beyond the core: another package's module, and a facade.
let extraDependencies: [String: [Target.Dependency]] = [
    "CannotDecideOtherPackage": [.product(name: "OtherModules", package: "OtherPackage")],
    "CannotDecideFacade": [.product(name: "WiringSwinject", package: "Wiring")],
]

let package = Package(
    name: "GraphCheckFixtures",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Wiring", path: "../..", traits: ["GraphCheck"]),
        .package(path: "OtherPackage"),
    ],
    targets: fixtures.map { name in
        .target(
            name: name,
            dependencies: [.product(name: "Wiring", package: "Wiring")] + (extraDependencies[name] ?? []),
            plugins: checking ? [.plugin(name: "WiringGraphCheck", package: "Wiring")] : []
        )
    } + [
        .testTarget(
            name: "AgreementTests",
            dependencies: [.product(name: "Wiring", package: "Wiring")] + fixtures.map { .target(name: $0) }
        )
    ],
    swiftLanguageModes: [.v6]
)
