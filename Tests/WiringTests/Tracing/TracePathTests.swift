import Testing
import Wiring

private final class PathDatabase: Sendable {}
private final class PathRepository: Sendable {
    init(_: PathDatabase) {}
}
private final class PathService: Sendable {
    init(_: PathRepository) {}
}

@Suite("Trace event paths")
struct TracePathTests {
    @Test("a build reports the chain of registrations that led to it, outermost first and ending with itself")
    func buildPath() throws {
        let log = EventLog()
        let container = Container()
        container.register(PathDatabase.self, tag: "main", lifetime: .singleton) { _ in PathDatabase() }
        container.register(PathRepository.self) { r in PathRepository(try r.resolve(PathDatabase.self, tag: "main")) }
        container.register(PathService.self) { r in PathService(try r.resolve()) }
        container.trace(log.record)
        _ = try container.resolve(PathService.self)
        let paths = log.all.map(\.path)
        #expect(
            paths == [
                ["PathService", "PathRepository", "PathDatabase tagged \"main\""],
                ["PathService", "PathRepository"],
                ["PathService"],
            ])
        _ = try container.resolve(PathRepository.self)
        let hits = log.all.filter(\.cacheHit)
        let hit = try #require(hits.first)
        #expect(hit.path == ["PathRepository", "PathDatabase tagged \"main\""])
    }

    @Test("an async build reports its path too")
    func asyncBuildPath() async throws {
        let log = EventLog()
        let container = Container()
        container.register(PathDatabase.self, lifetime: .singleton) { _ async in PathDatabase() }
        container.register(PathRepository.self, lifetime: .singleton) { r async throws in
            PathRepository(try await r.resolveAsync(PathDatabase.self))
        }
        container.trace(log.record)
        _ = try await container.resolveAsync(PathRepository.self)
        #expect(log.all.map(\.path) == [["PathRepository", "PathDatabase"], ["PathRepository"]])
    }
}
