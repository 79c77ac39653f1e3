// swift-tools-version:6.1
import PackageDescription

// A server app that uses the Vapor and Hummingbird integrations, as `Scripts/check-consumers.sh`
// builds it: Wiring by URL with the `Vapor` and `Hummingbird` traits, and the two frameworks.
// WIRING_URL and WIRING_REVISION name the checkout under test (a file:// URL and a commit); a user
// writes the release's URL.
let wiring: Package.Dependency =
    if let url = Context.environment["WIRING_URL"], let revision = Context.environment["WIRING_REVISION"] {
        .package(url: url, revision: revision, traits: ["Vapor", "Hummingbird"])
    } else {
        .package(url: "https://github.com/wiring-swift/Wiring.git", from: "0.1.0", traits: ["Vapor", "Hummingbird"])
    }

let package = Package(
    name: "Servers",
    platforms: [.macOS(.v15)],
    dependencies: [
        wiring,
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "Servers",
            dependencies: [
                .product(name: "Wiring", package: "Wiring"),
                .product(name: "WiringVapor", package: "Wiring"),
                .product(name: "WiringHummingbird", package: "Wiring"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        )
    ]
)
