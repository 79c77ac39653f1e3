import Testing
import WiringDip

@Suite("Bootstrap, eager singletons, reset and remove")
struct BootstrapTests {
    @Test("bootstrap builds eager singletons, which later resolves reuse")
    func eager() throws {
        let built = Counter()
        let container = DependencyContainer()
        container.register(.eagerSingleton) { () -> Service in
            built.increment()
            return ServiceImp()
        }
        #expect(built.count == 0)
        try container.bootstrap()
        #expect(built.count == 1)
        _ = try container.resolve() as Service
        try container.bootstrap()
        #expect(built.count == 1)
    }

    @Test("bootstrap rethrows an eager singleton's error")
    func eagerFailure() {
        struct Broken: Error, Equatable {}
        let container = DependencyContainer()
        container.register(.eagerSingleton) { () throws -> Service in throw Broken() }
        #expect(throws: Broken()) { try container.bootstrap() }
    }

    @Test("reset forgets eager singletons waiting for bootstrap (Dip still built them)")
    func resetClearsQueue() throws {
        let built = Counter()
        let container = DependencyContainer()
        container.register(.eagerSingleton) { () -> Service in
            built.increment()
            return ServiceImp()
        }
        container.reset()
        try container.bootstrap()
        #expect(built.count == 0)
    }

    @Test("reset removes definitions and singletons and allows registering again")
    func reset() throws {
        let container = DependencyContainer()
        container.register(.singleton) { ServiceImp() as Service }
        let first = try container.resolve() as Service
        try container.bootstrap()
        container.reset()
        #expect(throws: DipError.self) { try container.resolve() as Service }
        container.register(.singleton) { ServiceImp() as Service }
        #expect(try container.resolve() as Service !== first)
    }

    @Test("remove drops a definition and its singleton; other tags stay")
    func remove() throws {
        let container = DependencyContainer()
        let definition = container.register(.singleton) { ServiceImp() as Service }
        container.register(.singleton, tag: "kept") { OtherService() as Service }
        container.remove(definition)
        #expect(throws: DipError.self) { try container.resolve() as Service }
        #expect(try container.resolve(tag: "kept") as Service is OtherService)
        container.remove(definition, tag: "kept")
        #expect(throws: DipError.self) { try container.resolve(tag: "kept") as Service }
    }
}
