// swift-tools-version:6.3
import PackageDescription
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let package = Package(
    name: "Exp",
    targets: [
        .target(name: "Mini"),
        .target(name: "App", dependencies: ["Mini"], swiftSettings: appSettings),
        .target(name: "Plain", dependencies: ["Mini", "App"]),
    ],
    swiftLanguageModes: [.v6]
)
