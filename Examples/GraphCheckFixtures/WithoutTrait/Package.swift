// swift-tools-version:6.3
// The plugin applied without Wiring's GraphCheck trait: the build must fail with one line that
// names the trait (GraphCheckFixtures/check).
import PackageDescription

let package = Package(
    name: "GraphCheckWithoutTrait",
    dependencies: [.package(name: "Wiring", path: "../../..")],
    targets: [.target(name: "Plain", plugins: [.plugin(name: "WiringGraphCheck", package: "Wiring")])],
    swiftLanguageModes: [.v6]
)
