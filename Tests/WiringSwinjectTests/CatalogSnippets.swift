import Dispatch
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

// The code of the DocC catalog's articles (Sources/WiringSwinject/Documentation.docc: the
// overview and "Moving from Swinject"), compiled and run. `DocSnippetTests` checks that every
// Swift block of the articles appears here verbatim (the logging function's is in DiagnosticsTests,
// whose suite is the one that sets it).

@Suite("The WiringSwinject articles", .serialized)
struct CatalogSnippets {
    protocol Animal { var name: String { get } }

    final class Cat: Animal {
        let name: String
        init(name: String) { self.name = name }
    }

    final class PetOwner {
        let pet: Animal
        init(pet: Animal) { self.pet = pet }
    }

    final class Parent {
        var child: Child?
    }

    final class Child {
        weak var parent: Parent?
        init(parent: Parent) { self.parent = parent }
    }

    protocol TimeSource: AnyObject {}

    final class SystemTime: TimeSource {
        static let made = AtomicCell<Int>(0)
        init() { SystemTime.made.add(1, ordering: .relaxed) }
    }

    @Test("the overview: a registration, a singleton that depends on it, and a circle closed by initCompleted")
    func overview() {
        let container = Container()
        container.register(Animal.self) { _ in Cat(name: "Mimi") }
        container.register(PetOwner.self) { r in PetOwner(pet: r.resolve(Animal.self)!) }
            .inObjectScope(.container)

        let owner = container.resolve(PetOwner.self)!

        #expect(owner.pet.name == "Mimi")
        #expect(container.resolve(PetOwner.self) === owner)

        container.register(Parent.self) { _ in Parent() }
            .initCompleted { r, parent in parent.child = r.resolve(Child.self) }
        container.register(Child.self) { r in Child(parent: r.resolve(Parent.self)!) }

        let parent = container.resolve(Parent.self)!

        #expect(parent.child?.parent === parent)
    }

    @Test("moving: a plain container shared by threads builds one instance")
    func sharedContainer() {
        let before = SystemTime.made.load(ordering: .relaxed)
        let shared = Container()
        shared.register(TimeSource.self) { _ in SystemTime() }.inObjectScope(.container)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            _ = shared.resolve(TimeSource.self)  // no synchronize() needed; one SystemTime is built
        }
        #expect(SystemTime.made.load(ordering: .relaxed) - before == 1)
    }

    /// What the disposal and async-factory snippets record.
    static let closed = Locked<[String]>([])

    final class Database: Sendable {
        let path: String
        init(path: String) { self.path = path }
        func close() { CatalogSnippets.closed.withLock { $0.append("database") } }
    }

    final class ConnectionPool: AsyncDisposable {
        let database: Database
        init(_ database: Database) { self.database = database }
        func dispose() async throws { CatalogSnippets.closed.withLock { $0.append("pool") } }
    }

    final class Session: Sendable {
        let database: Database
        private init(_ database: Database) { self.database = database }
        static func open(_ database: Database) async throws -> Session {
            await Task.yield()
            return Session(database)
        }
    }

    @Test("moving: shutdown disposes the pool, then the database it was built from")
    func disposal() async throws {
        CatalogSnippets.closed.withLock { $0 = [] }
        let container = Container()
        container.register(Database.self) { _ in Database(path: "app.sqlite") }
            .inObjectScope(.container)
            .onDispose { database in database.close() }
        container.register(ConnectionPool.self) { r in ConnectionPool(r.resolve(Database.self)!) }  // AsyncDisposable
            .inObjectScope(.container)

        _ = container.resolve(ConnectionPool.self)
        try await container.shutdown()  // the pool, then the database it was built from

        #expect(CatalogSnippets.closed.withLock { $0 } == ["pool", "database"])
    }

    @Test("moving: an async factory, awaited by resolveAsync")
    func asyncFactory() async {
        let container = Container()
        container.register(Database.self) { _ in Database(path: "app.sqlite") }.inObjectScope(.container)
        container.registerAsync(Session.self) { r in
            try await Session.open(r.resolve(Database.self)!)
        }
        .inObjectScope(.container)

        let session = await container.resolveAsync(Session.self)

        #expect(session?.database === container.resolve(Database.self))
        #expect(container.resolve(Session.self) === session)
    }
}
