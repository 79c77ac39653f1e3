// swift-tools-version:6.3
// A module from another package, for the CannotDecideOtherPackage fixture: the build-time check
// reads only the applying package's sources, so what this module provides is unknown to it.
import PackageDescription

let package = Package(
    name: "OtherModules",
    products: [.library(name: "OtherModules", targets: ["OtherModules"])],
    dependencies: [.package(name: "Wiring", path: "../../..")],
    targets: [.target(name: "OtherModules", dependencies: [.product(name: "Wiring", package: "Wiring")])],
    swiftLanguageModes: [.v6]
)
