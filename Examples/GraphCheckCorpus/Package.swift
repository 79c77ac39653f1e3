// swift-tools-version:6.3
// A corpus of small, correct programs shaped the way real apps and servers are written, each one a
// temptation for a reader of source code to report a wiring mistake that is not there. Every
// target gets the build-time check (`WiringGraphCheck`), which must build all of them without a
// word; `CorpusTests` runs each program, which installs, resolves and validates its own wiring.
// `WIRING_GRAPH_CHECK=off` builds them without the plugin (and without swift-syntax).
import PackageDescription

/// The programs compiled as an Xcode 26 app target is: main-actor by default.
let appPrograms = [
    "CorpusLazyRouter", "CorpusAsyncForwarded", "CorpusOverridesInApp", "CorpusObservableViewModels",
    "CorpusNonisolatedInMainActorModule", "CorpusChildContainer", "CorpusPreviewContainer",
    "CorpusEagerAsyncStart", "CorpusModuleInAppTarget", "CorpusInheritedInit", "CorpusDependencyClient",
    "CorpusScreenScope", "CorpusCustomWrapper",
]

/// The programs compiled as a server target is: no special settings.
let serverPrograms = [
    "CorpusNestedConfig", "CorpusSameNameAcrossTargets", "CorpusBareProtocol", "CorpusExistentialTypealias",
    "CorpusActorMainActorMethod", "CorpusSharedCaseTags", "CorpusDebugBranchReads", "CorpusDebugMockOrLive",
    "CorpusSplitModule", "CorpusDiamondModules", "CorpusRuntimeArguments", "CorpusContributions",
    "CorpusDecoratorsAndHooks", "CorpusGenericModule", "CorpusActorSingletons", "CorpusRequestScope",
    "CorpusLocalTypes", "CorpusDirectRegistration", "CorpusMemberwiseDefault", "CorpusDefaultArgumentNotUsed",
    "CorpusNamespacedTypes", "CorpusShadowing", "CorpusWeakAndGraph", "CorpusBackendTags",
    "CorpusOptionalServices", "CorpusNestedScopes", "CorpusLazyWiredCycle", "CorpusForwardingMany",
    "CorpusConditionalModule", "CorpusEquatableModule", "CorpusAsyncChain",
]

/// The same-package dependency targets (`Corpus<Shape>Core`) of the programs that have one.
let coreTargets = ["CorpusSameNameAcrossTargetsCore"]

let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let checking = Context.environment["WIRING_GRAPH_CHECK"] != "off"
let plugins: [Target.PluginUsage] = checking ? [.plugin(name: "WiringGraphCheck", package: "Wiring")] : []
let wiring: Target.Dependency = .product(name: "Wiring", package: "Wiring")
let wiringTesting: Target.Dependency = .product(name: "WiringTesting", package: "Wiring")

@MainActor func program(_ name: String, app: Bool) -> Target {
    let core = name + "Core"
    return .target(
        name: name,
        dependencies: [wiring] + (coreTargets.contains(core) ? [.target(name: core)] : []),
        swiftSettings: app ? appSettings : [],
        plugins: plugins
    )
}

let package = Package(
    name: "GraphCheckCorpus",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Wiring", path: "../..", traits: ["GraphCheck"])
    ],
    targets: appPrograms.map { program($0, app: true) }
        + serverPrograms.map { program($0, app: false) }
        + coreTargets.map { .target(name: $0, dependencies: [wiring], plugins: plugins) }
        + [
            .testTarget(
                name: "CorpusTests",
                dependencies: (appPrograms + serverPrograms).map { .target(name: $0) },
                plugins: plugins
            ),
            .testTarget(
                name: "CorpusTestOverrides",
                dependencies: [.target(name: "CorpusObservableViewModels"), wiringTesting],
                swiftSettings: appSettings,
                plugins: plugins
            ),
        ],
    swiftLanguageModes: [.v6]
)
