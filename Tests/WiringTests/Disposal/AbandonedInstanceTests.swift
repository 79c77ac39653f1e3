import Testing
import Wiring

/// A connection that counts its disposals.
final class CountedConnection: Disposable, Sendable {
    let disposals: AtomicCell<Int>
    init() { disposals = AtomicCell(0) }
    func dispose() { disposals.add(1, ordering: .relaxed) }
}

/// An async-disposable stream that counts its disposals.
final class CountedStream: AsyncDisposable, Sendable {
    let disposals = AtomicCell<Int>(0)
    init() {}
    func dispose() async { disposals.add(1, ordering: .relaxed) }
}

struct DecoratorRefused: Error {}

/// The connections a test's factories made.
final class Made<T: AnyObject & Sendable>: Sendable {
    private let list = Lock<[T]>([])
    func add(_ value: T) -> T {
        list.withLock { $0.append(value) }
        return value
    }
    var all: [T] { list.withLock { $0 } }
}

/// An instrument whose async build wrapper fails after the build succeeded.
struct FailsAfterBuild: ContainerInstrument {
    func buildAsync(_ build: BuildInfo, _ body: AsyncBuildBody) async throws {
        try await body()
        throw DecoratorRefused()
    }
}

@Suite("Instances abandoned after they were built")
struct AbandonedInstanceTests {
    @Test("a decorator that throws disposes the instance its factory built, once", arguments: [Lifetime.singleton, .scoped])
    func throwingDecoratorDisposes(lifetime: Lifetime) throws {
        let made = Made<CountedConnection>()
        let container = Container()
        container.register(CountedConnection.self, lifetime: lifetime) { _ in made.add(CountedConnection()) }
            .decorated { _, _ in throw DecoratorRefused() }
        let scope = container.makeScope()
        let error = #expect(throws: WiringError.self) { try scope.resolve(CountedConnection.self) }
        #expect(error?.code == .factoryFailed)
        #expect(made.all.count == 1)
        #expect(made.all.map { $0.disposals.load(ordering: .relaxed) } == [1])
        // Disposed once: the scope's close and the shutdown do not dispose it again.
        try scope.syncClose()
        try container.syncShutdown()
        #expect(made.all.map { $0.disposals.load(ordering: .relaxed) } == [1])
    }

    @Test("a decorator that throws hands the undecorated instance to the registration's onDispose")
    func throwingDecoratorRunsOnDispose() throws {
        let closed = AtomicCell<Int>(0)
        let container = Container()
        container.register(CountedConnection.self, lifetime: .singleton) { _ in CountedConnection() }
            .onDispose { _ in closed.add(1, ordering: .relaxed) }
            .decorated { _, _ in throw DecoratorRefused() }
        #expect(throws: WiringError.self) { try container.resolve(CountedConnection.self) }
        #expect(closed.load(ordering: .relaxed) == 1)
    }

    @Test("a transient, which a successful build does not dispose either, is not disposed")
    func transientIsNotDisposed() {
        let made = Made<CountedConnection>()
        let container = Container()
        container.register(CountedConnection.self) { _ in made.add(CountedConnection()) }
            .decorated { _, _ in throw DecoratorRefused() }
        #expect(throws: WiringError.self) { try container.resolve(CountedConnection.self) }
        #expect(made.all.map { $0.disposals.load(ordering: .relaxed) } == [0])
    }

    @Test("an async build whose decorator throws disposes its instance, awaited by the next shutdown")
    func asyncDecoratorDisposes() async throws {
        let made = Made<CountedStream>()
        let container = Container()
        container.register(CountedStream.self, lifetime: .singleton) { _ async in made.add(CountedStream()) }
            .decorated { _, _ in throw DecoratorRefused() }
        await #expect(throws: WiringError.self) { try await container.resolveAsync(CountedStream.self) }
        try await container.shutdown()
        #expect(made.all.map { $0.disposals.load(ordering: .relaxed) } == [1])
    }

    @Test("an instrument that fails an async build after it succeeded disposes the instance")
    func failingInstrumentDisposes() async throws {
        let made = Made<CountedStream>()
        let container = Container()
        container.register(CountedStream.self, lifetime: .singleton) { _ async in made.add(CountedStream()) }
        container.addInstrument(FailsAfterBuild())
        await #expect(throws: WiringError.self) { try await container.resolveAsync(CountedStream.self) }
        try await container.shutdown()
        #expect(made.all.count == 1)
        #expect(made.all.map { $0.disposals.load(ordering: .relaxed) } == [1])
    }
}
