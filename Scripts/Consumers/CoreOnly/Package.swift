// swift-tools-version:6.1
import PackageDescription

// A user of the Wiring core alone, as `Scripts/check-consumers.sh` builds it: Wiring by URL with
// no trait. Its Package.resolved must list Wiring and nothing else. WIRING_URL and WIRING_REVISION
// name the checkout under test (a file:// URL and a commit); a user writes the release's URL.
let wiring: Package.Dependency =
    if let url = Context.environment["WIRING_URL"], let revision = Context.environment["WIRING_REVISION"] {
        .package(url: url, revision: revision)
    } else {
        .package(url: "https://github.com/wiring-swift/Wiring.git", from: "0.1.0")
    }

let package = Package(
    name: "CoreOnly",
    platforms: [.macOS(.v15)],
    dependencies: [wiring],
    targets: [
        .executableTarget(name: "CoreOnly", dependencies: [.product(name: "Wiring", package: "Wiring")])
    ]
)
