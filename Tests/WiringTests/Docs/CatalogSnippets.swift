import Testing
import Wiring

// The code of the DocC articles "Wiring" (the overview, Sources/Wiring/Documentation.docc/
// Wiring.md) and "How Wiring stores and publishes instances" (StoringAndPublishing.md), compiled
// and run. `DocSnippetTests` checks that every Swift block of both articles appears here verbatim.
//
// The overview's `Database` and `UserService` are not those of Support/Fixtures.swift, so its
// types are nested in the suite. Its start-up code installs into the process-wide
// `Container.default`, so only an exit test, in a process of its own, runs it.

@Suite("Catalog articles")
struct CatalogSnippets {
    protocol Database: AnyObject, Sendable {}

    final class PostgresDatabase: Database {}

    final class UserService: Sendable {
        let database: any Database
        init(database: any Database) { self.database = database }
    }

    struct ProfileScreen {
        @Wired var users: UserService
    }

    /// The overview's start-up: the app's module, installed into `Container.default`.
    static func startApp() throws {
        struct AppModule: Module {
            var registrations: Registrations {
                singleton((any Database).self) { PostgresDatabase() }
                autowire(lifetime: .singleton, UserService.init(database:))
            }
        }
        try Container.default.install(AppModule())
    }

    @Test("the overview registers a singleton, autowires a service from it and resolves it")
    func overview() throws {
        let container = Container()
        container.register((any Database).self, lifetime: .singleton) { _ in PostgresDatabase() }
        container.autowire(UserService.self, UserService.init(database:))
        let users = try container.resolve(UserService.self)

        #expect(users.database is PostgresDatabase)
        let again = try container.resolve(UserService.self)
        #expect(again !== users)  // autowire registers a transient by default
        #expect(again.database === users.database)  // the database is a singleton
        let screen = withContainer(container) { ProfileScreen() }
        #expect(screen.users.database === users.database)
    }

    @Test("the overview's start-up installs the module into Container.default, where @Wired finds it")
    func startUp() async {
        await #expect(processExitsWith: .success) {
            try CatalogSnippets.startApp()
            let screen = CatalogSnippets.ProfileScreen()
            precondition(screen.users.database is CatalogSnippets.PostgresDatabase, "the module registers the database")
            precondition(CatalogSnippets.ProfileScreen().users === screen.users, "UserService is a singleton")
        }
    }

    @Test("storing and publishing: one cached instance, which reset() lets go of")
    func storingAndPublishing() throws {
        weak var released: Session?
        func example() throws -> Container {
            let container = Container()
            container.register(Session.self, lifetime: .singleton) { _ in Session() }
            let first = try container.resolve(Session.self)  // built, cached, returned
            let again = try container.resolve(Session.self)  // cached read: no lock, no allocation
            container.reset()  // the container lets go of it now
            #expect(first === again)
            released = first
            return container
        }
        let container = try example()
        // The container is still alive, and `first` and `again` are gone: nothing holds the
        // instance any more.
        #expect(released == nil)
        #expect(try container.resolveIfRegistered(Session.self) != nil)  // the registration stays
    }
}
