import Testing
import Wiring

#if os(Linux)
    import Synchronization
#endif

// The snippets of "Declaring and installing modules": contributions to a collection, transient
// unless they say otherwise, and a decorator. `DocSnippetTests` checks that the article's Swift
// blocks appear here verbatim; the tests below run what they say.

protocol AnalyticsTracker: Sendable {
    func track(_ event: String)
}

struct ConsoleTracker: AnalyticsTracker {
    func track(_ event: String) { print("analytics:", event) }
}

final class HistoryTracker: AnalyticsTracker {
    private let events = Mutex<[String]>([])
    func track(_ event: String) { events.withLock { $0.append(event) } }
    var history: [String] { events.withLock { $0 } }
}

protocol PaymentProcessor: Sendable {
    func charge(_ cents: Int) throws -> String
}

struct CardProcessor: PaymentProcessor {
    func charge(_ cents: Int) throws -> String { "charged \(cents)" }
}

struct AuditedProcessor: PaymentProcessor {
    let wrapped: any PaymentProcessor
    let history: HistoryTracker
    func charge(_ cents: Int) throws -> String {
        history.track("charge \(cents)")
        return try wrapped.charge(cents)
    }
}

struct AnalyticsModule: Module {
    var registrations: Registrations {
        // A new ConsoleTracker each time the collection is resolved: transient, as a
        // declaration without a lifetime is.
        contribution(to: [any AnalyticsTracker].self) { ConsoleTracker() }
        // One HistoryTracker, kept: its history is the same for every reader.
        singleton { HistoryTracker() }
        contribution(to: [any AnalyticsTracker].self, lifetime: .singleton) { r in try r.resolve(HistoryTracker.self) }
        singleton((any PaymentProcessor).self) { CardProcessor() }
            .decorated(with: { r, processor in AuditedProcessor(wrapped: processor, history: try r.resolve()) })
    }
}

@Suite("The modules article's contributions and decorator")
struct ModulesSnippetTests {
    @Test("a contribution without a lifetime is made anew with each resolve of the collection; a singleton one is kept")
    func contributionsAreTransientUnlessTold() throws {
        let container = Container()
        try container.install(AnalyticsModule())
        let first = try container.resolve([any AnalyticsTracker].self)
        let second = try container.resolve([any AnalyticsTracker].self)
        #expect(first.count == 2 && second.count == 2)
        for tracker in first { tracker.track("opened") }
        let history = try #require(second.compactMap { $0 as? HistoryTracker }.first)
        #expect(history.history == ["opened"])
        #expect(history === (try container.resolve(HistoryTracker.self)))
    }

    @Test("a decorator wraps the registration's instance and reads what it needs from the resolver")
    func decoratorWraps() throws {
        let container = Container()
        try container.install(AnalyticsModule())
        let processor = try container.resolve((any PaymentProcessor).self)
        #expect(processor is AuditedProcessor)
        #expect(try processor.charge(5) == "charged 5")
        #expect(try container.resolve(HistoryTracker.self).history == ["charge 5"])
    }
}
