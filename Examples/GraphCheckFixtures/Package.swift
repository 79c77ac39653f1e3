// swift-tools-version:6.3
// The build-time graph check's fixtures: one small target per mistake the check reports, each
// marking the line it must be reported at with `// expect-error: <words>`, and targets it must
// build without a word (`Clean`, and `CannotDecide`: what it cannot read for certain). `check`
// builds each with the plugin and compares; AgreementTests runs validation on the same modules,
// built without the plugin (WIRING_GRAPH_CHECK=off), and checks it finds the same mistakes.
import Foundation
import PackageDescription

let fixtures = [
    "Duplicate", "DuplicateAcrossInstall", "Captive", "CaptiveThroughWired", "CaptiveThroughTransient", "CaptiveThroughDefault",
    "Cycle", "AsyncReadSynchronously", "AsyncReadByViewModel", "AsyncReadByComputed", "AsyncReadInAsyncFactory",
    "AsyncReadByAutowire", "MainActorReadOffMain", "Missing", "MissingInferred", "MissingInApp", "MissingInLocalContainer",
    "Clean", "CleanHostile", "CannotDecide", "CannotDecideOutsideModules", "CannotDecideOtherPackage", "CannotDecideFacade",
    "Expected",
]
/// Made by `check` from the shop app (Examples/ShopApp) with its Database registration deleted,
/// for as long as it runs: a target while its folder exists.
let generated = ["ShopAppWithoutDatabase"].filter {
    FileManager.default.fileExists(atPath: Context.packageDirectory + "/Sources/" + $0)
}
/// The fixtures written as an Xcode 26 app target is: main-actor by default.
let appTargets: Set<String> = ["MissingInApp", "ShopAppWithoutDatabase"]
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
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
    targets: (fixtures + generated).map { name in
        .target(
            name: name,
            dependencies: [.product(name: "Wiring", package: "Wiring")] + (extraDependencies[name] ?? []),
            swiftSettings: appTargets.contains(name) ? appSettings : [],
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
