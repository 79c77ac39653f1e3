import Testing
import Wiring

/// Collects trace events.
final class EventLog: Sendable {
    private let events = Lock<[ResolutionEvent]>([])
    func record(_ event: ResolutionEvent) { events.withLock { $0.append(event) } }
    var all: [ResolutionEvent] { events.withLock { $0 } }
}

@Suite("Tracing")
struct TracingTests {
    @Test("a traced container reports builds dependencies-first with depth, and cache hits")
    func buildsAndHits() throws {
        let log = EventLog()
        let container = Container()
        container.autowire(VStore.self, lifetime: .singleton, VStore.init(clock:))
        container.autowire(VClock.self, VClock.init)
        container.autowire(VRepo.self, VRepo.init(store:))
        container.trace(log.record)
        _ = try container.resolve(VRepo.self)
        _ = try container.resolve(VStore.self)
        let events = log.all
        #expect(events.map(\.registration) == ["VClock", "VStore", "VRepo", "VStore"])
        #expect(events.map(\.depth) == [2, 1, 0, 0])
        #expect(events.map(\.cacheHit) == [false, false, false, true])
        #expect(events.map(\.lifetime) == [.transient, .singleton, .transient, .singleton])
        #expect(events[2].duration >= events[1].duration)
        #expect(events.allSatisfy { $0.containerID == ObjectIdentifier(container) && $0.failure == nil })
    }

    @Test("a failing factory is reported with its error, then tracing stops when asked")
    func failuresAndStop() {
        let log = EventLog()
        let container = Container()
        container.register(Config.self) { _ in throw SampleError(reason: "disk full") }
        container.trace(log.record)
        _ = try? container.resolve(Config.self)
        #expect(log.all.count == 1)
        #expect(log.all.first?.failure?.contains("disk full") == true)
        #expect(log.all.first?.failure?.contains("To fix:") == true)
        container.stopTracing()
        _ = try? container.resolve(Config.self)
        #expect(log.all.count == 1)
    }

    @Test("registrations made after tracing started are traced, and scoped hits name their scope")
    func laterRegistrationsAndScopes() throws {
        let log = EventLog()
        let container = Container()
        container.trace(log.record)
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        let scope = container.makeScope()
        _ = try scope.resolve(Tracked.self)
        _ = try scope.resolve(Tracked.self)
        #expect(log.all.map(\.cacheHit) == [false, true])
        #expect(log.all.allSatisfy { $0.scopeID == ObjectIdentifier(scope) })
    }

    @Test("why was it built twice: two build events from two containers")
    func builtTwice() throws {
        let log = EventLog()
        let parent = Container()
        parent.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
        let child = parent.makeChild()
        child.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }  // an accidental override
        parent.trace(log.record)
        child.trace(log.record)
        _ = try parent.resolve(Tracked.self)
        _ = try child.resolve(Tracked.self)
        let builds = log.all.filter { !$0.cacheHit }
        #expect(builds.count == 2)
        #expect(Set(builds.map(\.containerID)) == [ObjectIdentifier(parent), ObjectIdentifier(child)])
        #expect(Set(builds.map(\.registrationSite.line)).count == 2)
    }

    @Test("tracing one container leaves the cached reads of another untouched")
    func tracingIsPerContainer() throws {
        let log = EventLog()
        let traced = Container()
        let untraced = Container()
        for container in [traced, untraced] {
            container.register(Tracked.self, lifetime: .singleton) { _ in Tracked() }
        }
        traced.trace(log.record)
        let first = try untraced.resolve(Tracked.self)
        #expect(try untraced.resolve(Tracked.self) === first)
        #expect(log.all.isEmpty)
        // A singleton built before tracing started is reported as a hit, and stays the same.
        let built = try traced.resolve(Tracked.self)
        #expect(try traced.resolve(Tracked.self) === built)
        #expect(log.all.map(\.cacheHit) == [false, true])
    }

    @Test("the event description reads as one line per resolve")
    func eventDescription() throws {
        let log = EventLog()
        let container = Container()
        container.register(Tracked.self, tag: "x", lifetime: .singleton) { _ in Tracked() }
        container.trace(log.record)
        _ = try container.resolve(Tracked.self, tag: "x")
        _ = try container.resolve(Tracked.self, tag: "x")
        let hit = try #require(log.all.last)
        #expect(
            hit.description.hasPrefix(
                "Tracked tagged \"x\" (singleton) cache hit at depth 0, registered at WiringTests/TracingTests.swift:"))
        #expect(log.all[0].description.contains(" built in "))
    }
}
