import Testing
import Wiring

struct LoggingModule: Module {
    var registrations: Registrations {
        singleton { ConsoleLogger() }
            .forwarding(to: (any Logging).self) { $0 }
    }
}

struct PersistenceModule: Module {
    let replicas: [String]
    let useReplica: Bool
    let seedName: String?

    var registrations: Registrations {
        LoggingModule()
        singleton((any Database).self) { SQLDatabase(name: "main") }
        for name in replicas {
            transient((any Database).self, tag: name) { SQLDatabase(name: name) }
        }
        if useReplica {
            singleton((any Database).self, tag: DatabaseRole.replica) { SQLDatabase(name: "replica") }
        } else {
            singleton((any Database).self, tag: DatabaseRole.replica) { r in try r.resolve((any Database).self) }
        }
        if let seedName {
            instance(Config(environment: seedName))
        }
    }
}

struct ServicesModule: Module {
    var registrations: Registrations {
        LoggingModule()
        autowire(lifetime: .singleton, UserService.init(database:logger:))
        transient { r in App(users: try r.resolve()) }
    }
}

@Suite("Modules")
struct ModuleTests {
    @Test("modules install in any order; registrations refer to each other by type")
    func installOrderDoesNotMatter() throws {
        for order in [[0, 1], [1, 0]] {
            let modules: [any Module] = [
                PersistenceModule(replicas: [], useReplica: false, seedName: nil), ServicesModule(),
            ]
            let container = Container()
            try container.install(order.map { modules[$0] })
            let app = try container.resolve(App.self)
            #expect(app.users.database.name == "main")
        }
    }

    @Test("if, if/else, if let and for in a module body declare what their conditions say")
    func controlFlow() throws {
        let container = Container()
        try container.install(PersistenceModule(replicas: ["eu", "us"], useReplica: true, seedName: "seeded"))
        #expect(try container.resolve((any Database).self, tag: "eu").name == "eu")
        #expect(try container.resolve((any Database).self, tag: "us").name == "us")
        #expect(try container.resolve((any Database).self, tag: DatabaseRole.replica).name == "replica")
        #expect(try container.resolve(Config.self).environment == "seeded")

        let plain = Container()
        try plain.install(PersistenceModule(replicas: [], useReplica: false, seedName: nil))
        #expect(try plain.resolve((any Database).self, tag: DatabaseRole.replica).name == "main")
        #expect(!plain.isRegistered((any Database).self, tag: "eu"))
        #expect(!plain.isRegistered(Config.self))
    }

    @Test("each declaration function gives its lifetime")
    func lifetimes() throws {
        let built = Counter()
        let container = Container()
        try container.install(
            Registrations {
                $0.transient(tag: "transient") {
                    built.increment()
                    return Tracked(id: 1)
                }
                $0.singleton(tag: "singleton") { Tracked(id: 2) }
                $0.eagerSingleton(tag: "eager") {
                    built.increment()
                    return Tracked(id: 3)
                }
                $0.weakSingleton(tag: "weak") { Tracked(id: 4) }
                $0.graph(tag: "graph") { Tracked(id: 5) }
                $0.scoped(tag: "scoped") { Tracked(id: 6) }
                $0.scoped(tag: "session", in: "session") { _ in Tracked(id: 7) }
            })
        try container.start()
        #expect(built.count == 1)
        // (Local names must not shadow the declaration functions used above in this scope.)
        let oneTransient = try container.resolve(Tracked.self, tag: "transient")
        #expect(try container.resolve(Tracked.self, tag: "transient") !== oneTransient)
        let theSingleton = try container.resolve(Tracked.self, tag: "singleton")
        #expect(try container.resolve(Tracked.self, tag: "singleton") === theSingleton)
        let theWeak = try container.resolve(Tracked.self, tag: "weak")
        #expect(try container.resolve(Tracked.self, tag: "weak") === theWeak)
        #expect(try container.resolve(Tracked.self, tag: "graph").id == 5)
        let session = container.makeScope("session")
        let request = session.makeScope()
        #expect(try request.resolve(Tracked.self, tag: "scoped") === request.resolve(Tracked.self, tag: "scoped"))
        #expect(try request.resolve(Tracked.self, tag: "session") === session.resolve(Tracked.self, tag: "session"))
    }

    @Test("onResolved and forwarding work on declarations")
    func modifiers() throws {
        let container = Container()
        try container.install(
            Registrations {
                $0.graph { Parent(child: Child()) }
                    .onResolved { _, parent in parent.child.parent = parent }
                LoggingModule()
            })
        let parent = try container.resolve(Parent.self)
        #expect(parent.child.parent === parent)
        #expect(try container.resolve((any Logging).self) === container.resolve(ConsoleLogger.self))
    }

    @Test("a module included twice (a diamond) and a module installed twice are installed once")
    func repeatedDeclarationsAreIdempotent() throws {
        let container = Container()
        // ServicesModule and PersistenceModule both include LoggingModule.
        try container.install(ServicesModule(), PersistenceModule(replicas: [], useReplica: false, seedName: nil))
        let logger = try container.resolve((any Logging).self)
        try container.install(LoggingModule())
        #expect(try container.resolve((any Logging).self) === logger)
    }

    @Test("two different declarations of one type and tag are reported with both sites, and nothing is installed")
    func duplicatesAreReported() throws {
        let container = Container()
        let first = Registrations { $0.singleton { Config(environment: "a") } }
        let second = Registrations {
            $0.transient { Tracked() }
            $0.singleton { Config(environment: "b") }
        }
        let error = #expect(throws: WiringError.self) { try container.install(first, second) }
        #expect(error?.code == .duplicateRegistration)
        let message = error?.description ?? ""
        #expect(message.hasPrefix("Wiring: Config is declared twice, by two different declarations."))
        #expect(message.contains("registered at: WiringTests/ModuleTests.swift:"))
        #expect(message.contains("also declared at: WiringTests/ModuleTests.swift:"))
        #expect(message.contains("install the overriding module into a child container"))
        #expect(!container.isRegistered(Tracked.self))
        #expect(!container.isRegistered(Config.self))
    }

    @Test("a module that clashes with an existing registration is reported; overriding: true replaces it")
    func clashWithExistingRegistration() throws {
        let container = Container()
        container.register(Config.self) { _ in Config(environment: "registered") }
        let module = Registrations { $0.singleton { Config(environment: "module") } }
        #expect(throws: WiringError.self) { try container.install(module) }
        #expect(try container.resolve(Config.self).environment == "registered")
        try container.install([module], overriding: true)
        #expect(try container.resolve(Config.self).environment == "module")
    }

    @Test("installing into a child overrides the parent's registration without a clash")
    func childOverrides() throws {
        let parent = Container()
        try parent.install(Registrations { $0.singleton { Config(environment: "parent") } })
        let child = parent.makeChild()
        try child.install(Registrations { $0.singleton { Config(environment: "child") } })
        #expect(try child.resolve(Config.self).environment == "child")
        #expect(try parent.resolve(Config.self).environment == "parent")
    }

    @Test("switch and runtime-argument declarations")
    func switchAndArguments() throws {
        for role in [DatabaseRole.primary, .replica] {
            let container = Container()
            try container.install(
                Registrations {
                    switch role {
                    case .primary: $0.singleton((any Database).self) { SQLDatabase(name: "primary") }
                    case .replica: $0.singleton((any Database).self) { SQLDatabase(name: "replica") }
                    }
                    $0.transient(Config.self) { (_: Resolver, environment: String) in Config(environment: environment) }
                })
            #expect(try container.resolve((any Database).self).name == "\(role)")
            #expect(try container.resolve(Config.self, arguments: "qa").environment == "qa")
        }
    }

    @Test("a factory without a resolver argument gets its dependencies from wired() defaults")
    func zeroArgumentFactoryUsesWired() throws {
        let container = Container()
        try container.install(
            Registrations {
                $0.singleton { Config(environment: "from module") }
                $0.transient { Greeter() }
            })
        #expect(try container.resolve(Greeter.self).config.environment == "from module")
    }
}
