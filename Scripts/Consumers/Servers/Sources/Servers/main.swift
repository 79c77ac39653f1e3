import Wiring

/// A service each request gets its own instance of.
final class Greeting: Sendable {
    let text = "hello"
}

// Built, not served: the check is that both integrations compile and link for a user.
try await configureVapor()
try configureHummingbird()
print("Vapor and Hummingbird routes built")
