import Testing
import WiringImpose

// The code of the DocC article "WiringImpose" (the overview, Sources/WiringImpose/
// Documentation.docc/WiringImpose.md), compiled and run. `DocSnippetTests` checks that every Swift
// block of the article appears here verbatim. `Dependency` and `SomeDependency` are those of
// Fixtures.swift; the article's `Screen` is not (Fixtures' has a `greeting`), so it is nested in
// the suite. The test registers into an injector of its own with `Injector.withShared`, which
// leaves the process-wide `Injector.shared` untouched.

@Suite("The WiringImpose overview article")
struct CatalogSnippets {
    protocol Analytics: AnyObject {}

    final class ConsoleAnalytics: Analytics {}

    final class Screen {
        @Injected var dependency: Dependency
        @SafelyInjected var analytics: Analytics?
    }

    @Test("a singleton registered on the shared injector reaches @Injected; @SafelyInjected is nil until provided")
    func overview() {
        Injector.withShared(Injector()) {
            Injector.shared.addSingleton(for: Dependency.self, SomeDependency())

            let screen = Screen()
            #expect(screen.dependency is SomeDependency)
            #expect(Screen().dependency === screen.dependency)  // one instance
            #expect(screen.analytics == nil)
            Injector.shared.addSingleton(for: Analytics.self, ConsoleAnalytics())
            #expect(screen.analytics is ConsoleAnalytics)  // retried on the next read
        }
    }
}
