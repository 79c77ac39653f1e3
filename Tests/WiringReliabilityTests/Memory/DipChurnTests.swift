import Testing
import WiringDip

/// The Dip facade under the same churn: its definitions are registrations in one engine
/// container per `DependencyContainer`, and what a change replaces must be freed there too.
extension ProcessWide.ChurnTests {
    @Test("WiringDip: re-registering a singleton over and over, resolving it each time, stays flat")
    func dipOverrides() {
        let container = DependencyContainer()
        container.register(.singleton) { ChurnService() }
        expectFlat("Dip override", reading: { (try? container.resolve() as ChurnService) != nil }) { _ in
            container.register(.singleton) { ChurnService() }
            _ = try? container.resolve() as ChurnService
        }
    }

    @Test("WiringDip: singletons resolved under tags that fall back to the untagged definition are freed when it is replaced")
    func dipFallbackTags() {
        let container = DependencyContainer()
        container.register(.singleton) { ChurnService() }
        expectFlat("Dip fallback tags", reading: { (try? container.resolve() as ChurnService) != nil }) { index in
            // Each tag gets a registration of its own in the engine; replacing the definition
            // must remove them with it.
            let definition = container.register(.singleton) { OtherService() }
            _ = try? container.resolve(tag: index % 7) as OtherService
            if index % 2 == 0 { container.remove(definition) }
        }
    }

    @Test("WiringDip: registering, resolving and resetting over and over stays flat")
    func dipResets() {
        let container = DependencyContainer()
        // The readers take the container's lock rather than resolve: a resolve between a reset
        // and the next registration fails, and Dip logs every failure.
        expectFlat("Dip reset", reading: { !container.description.isEmpty }) { index in
            container.register(.singleton) { ChurnService() }
            container.register(.shared, tag: index % 5) { OtherService() }
            _ = try? container.resolve() as ChurnService
            _ = try? container.resolve(tag: index % 5) as OtherService
            container.reset()
        }
    }
}
