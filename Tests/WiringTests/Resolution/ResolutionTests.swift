import Testing
import Wiring

@Suite("Resolution")
struct ResolutionTests {
    @Test("factories resolve their dependencies through the resolver")
    func dependencies() throws {
        let container = Container()
        container.register((any Database).self, lifetime: .singleton) { _ in SQLDatabase() }
        container.register((any Logging).self, lifetime: .singleton) { _ in ConsoleLogger() }
        container.register(UserService.self) { r in UserService(database: try r.resolve(), logger: try r.resolve()) }
        let service = try container.resolve(UserService.self)
        #expect(service.database === (try container.resolve((any Database).self)))
    }

    @Test("a tag selects among registrations of one type")
    func tags() throws {
        let container = Container()
        container.register((any Database).self, tag: DatabaseRole.primary) { _ in SQLDatabase(name: "primary") }
        container.register((any Database).self, tag: DatabaseRole.replica) { _ in SQLDatabase(name: "replica") }
        container.register((any Database).self, tag: "reports") { _ in SQLDatabase(name: "reports") }
        #expect(try container.resolve((any Database).self, tag: DatabaseRole.primary).name == "primary")
        #expect(try container.resolve((any Database).self, tag: DatabaseRole.replica).name == "replica")
        #expect(try container.resolve((any Database).self, tag: "reports").name == "reports")
    }

    @Test("a tagged resolve does not fall back to the untagged registration by default")
    func strictTags() {
        let container = Container()
        container.register((any Database).self) { _ in SQLDatabase(name: "untagged") }
        #expect(throws: WiringError.self) {
            try container.resolve((any Database).self, tag: DatabaseRole.replica)
        }
    }

    @Test("with untagged fallback, a missing tag resolves the untagged registration")
    func untaggedFallback() throws {
        let container = Container(tagFallback: .untagged)
        container.register((any Database).self) { _ in SQLDatabase(name: "untagged") }
        container.register((any Database).self, tag: DatabaseRole.primary) { _ in SQLDatabase(name: "primary") }
        #expect(try container.resolve((any Database).self, tag: DatabaseRole.replica).name == "untagged")
        #expect(try container.resolve((any Database).self, tag: DatabaseRole.primary).name == "primary")
        #expect(container.makeChild().tagFallback == .untagged)
    }

    @Test("optional resolve returns nil only when nothing is registered")
    func optionalResolve() throws {
        let container = Container()
        #expect(try container.resolveIfRegistered(Tracked.self) == nil)
        container.register(Tracked.self) { _ in Tracked(id: 7) }
        #expect(try container.resolveIfRegistered(Tracked.self)?.id == 7)
        container.register(Config.self) { _ in throw SampleError(reason: "broken") }
        #expect(throws: WiringError.self) { try container.resolveIfRegistered(Config.self) }
    }

    @Test("runtime arguments reach the factory, with any arity")
    func runtimeArguments() throws {
        let container = Container()
        container.register(String.self) { (_: Resolver, name: String) in "hello \(name)" }
        container.register(String.self) { (_: Resolver, name: String, count: Int, loud: Bool) in
            let text = String(repeating: name, count: count)
            return loud ? text.uppercased() : text
        }
        #expect(try container.resolve(String.self, arguments: "world") == "hello world")
        #expect(try container.resolve(String.self, arguments: "ab", 3, true) == "ABABAB")
    }

    @Test("arguments of the wrong types fail with the registered signatures")
    func argumentMismatch() {
        let container = Container()
        container.register(String.self) { (_: Resolver, name: String, count: Int) in "\(name)\(count)" }
        do {
            _ = try container.resolve(String.self, arguments: 3, "x")
            Issue.record("expected an argument mismatch")
        } catch {
            #expect(error.code == .argumentMismatch)
            #expect(error.description.contains("(String, Int)"))
            #expect(error.description.contains("(Int, String)"))
        }
    }

    @Test("Int and Int? arguments are different signatures")
    func optionalArgumentsDiffer() {
        let container = Container()
        container.register(String.self) { (_: Resolver, value: Int) in "\(value)" }
        #expect(throws: WiringError.self) { try container.resolve(String.self, arguments: Int?.some(1)) }
    }

    @Test("a forwarded type shares the instance of the registration")
    func forwarding() throws {
        let container = Container()
        container.register(ConsoleLogger.self, lifetime: .singleton) { _ in ConsoleLogger() }
            .forwarding(to: (any Logging).self) { $0 }
        let concrete = try container.resolve(ConsoleLogger.self)
        let forwarded = try container.resolve((any Logging).self)
        #expect(concrete === forwarded)
    }

    @Test("forwarding by dynamic cast works and reports a wrong type")
    func dynamicForwarding() throws {
        let container = Container()
        container.register(SQLDatabase.self, lifetime: .singleton) { _ in SQLDatabase() }
            .forwarding(to: (any Database).self)
            .forwarding(to: (any Logging).self)
        #expect(try container.resolve((any Database).self) === container.resolve(SQLDatabase.self))
        do {
            _ = try container.resolve((any Logging).self)
            Issue.record("expected a type mismatch")
        } catch {
            #expect(error.code == .typeMismatch)
        }
    }

    @Test("an Optional request is served by the registration of the wrapped type")
    func optionalForwarding() throws {
        let container = Container()
        container.register(Tracked.self, lifetime: .singleton) { _ in Tracked(id: 3) }
        let optional = try container.resolve(Tracked?.self)
        #expect(optional?.id == 3)
        #expect(try container.resolve(Config?.self) == nil)
    }

    @Test("auto-wiring resolves initializer parameters by type")
    func autowiring() throws {
        let container = Container()
        container.register((any Database).self, lifetime: .singleton) { _ in SQLDatabase() }
        container.register((any Logging).self, lifetime: .singleton) { _ in ConsoleLogger() }
        container.autowire(UserService.self, UserService.init(database:logger:))
        container.autowire(App.self, lifetime: .singleton, App.init(users:))
        let app = try container.resolve(App.self)
        #expect(app.users.database === (try container.resolve((any Database).self)))
        #expect(try container.resolve(App.self) === app)
    }

    @Test("auto-wiring reports a missing parameter with its path")
    func autowiringMissing() {
        let container = Container()
        container.register((any Logging).self) { _ in ConsoleLogger() }
        container.autowire(UserService.self, UserService.init(database:logger:))
        container.autowire(App.self, App.init(users:))
        do {
            _ = try container.resolve(App.self)
            Issue.record("expected a missing registration")
        } catch {
            #expect(error.code == .notRegistered)
            #expect(error.path == ["App", "UserService", "any Database"])
        }
    }

    @Test("post-construction hooks run after the factory, in order")
    func hooks() throws {
        let container = Container()
        let order = Counter()
        container.register(ConsoleLogger.self) { _ in ConsoleLogger() }
            .onResolved { _, logger in logger.log("first") }
            .onResolved { _, logger in
                logger.log("second")
                order.increment()
            }
        let logger = try container.resolve(ConsoleLogger.self)
        #expect(logger.messages.withLock { $0 } == ["first", "second"])
        #expect(order.count == 1)
    }

    @Test("a hook closes a cycle on a graph registration")
    func hookClosesCycle() throws {
        let container = Container()
        container.register(Parent.self, lifetime: .graph) { r in Parent(child: try r.resolve()) }
        container.register(Child.self, lifetime: .graph) { _ in Child() }
            .onResolved { r, child in child.parent = try r.resolve(Parent.self) }
        container.register(Family.self) { r in Family(child: try r.resolve(), parent: try r.resolve()) }
        let family = try container.resolve(Family.self)
        #expect(family.child.parent === family.parent)
        #expect(family.parent.child === family.child)
        let next = try container.resolve(Family.self)
        #expect(next.parent !== family.parent)
    }

    @Test("a hook closes a cycle on singletons")
    func hookClosesSingletonCycle() throws {
        let container = Container()
        container.register(Parent.self, lifetime: .singleton) { r in Parent(child: try r.resolve()) }
        container.register(Child.self, lifetime: .singleton) { _ in Child() }
            .onResolved { r, child in child.parent = try r.resolve(Parent.self) }
        let child = try container.resolve(Child.self)
        #expect(child.parent?.child === child)
    }

    @Test("a child container sees its parent's registrations and overrides them")
    func childContainers() throws {
        let parent = Container()
        parent.register(Config.self) { _ in Config(environment: "parent") }
        parent.register(Tracked.self) { _ in Tracked(id: 1) }
        let child = parent.makeChild()
        child.register(Config.self) { _ in Config(environment: "child") }
        #expect(try child.resolve(Config.self).environment == "child")
        #expect(try parent.resolve(Config.self).environment == "parent")
        #expect(try child.resolve(Tracked.self).id == 1)
        #expect(child.parent === parent)
    }

    @Test("singletons live in the container that registered them")
    func singletonsLiveWhereRegistered() throws {
        let parent = Container()
        parent.register(Config.self) { _ in Config(environment: "parent") }
        parent.register(Holder2.self, lifetime: .singleton) { r in Holder2(config: try r.resolve()) }
        let child = parent.makeChild()
        child.register(Config.self) { _ in Config(environment: "child") }
        let fromChild = try child.resolve(Holder2.self)
        #expect(fromChild.config.environment == "parent", "a parent singleton does not capture a child override")
        #expect(try parent.resolve(Holder2.self) === fromChild)
    }

    @Test("transients inherited from a parent see the child's overrides")
    func transientsSeeOverrides() throws {
        let parent = Container()
        parent.register(Config.self) { _ in Config(environment: "parent") }
        parent.register(Holder2.self) { r in Holder2(config: try r.resolve()) }
        let child = parent.makeChild()
        child.register(Config.self) { _ in Config(environment: "child") }
        #expect(try child.resolve(Holder2.self).config.environment == "child")
    }

    @Test("isRegistered reports registrations without building them")
    func isRegistered() {
        let container = Container()
        let built = Counter()
        container.register(Tracked.self, tag: "x") { _ in
            built.increment()
            return Tracked()
        }
        #expect(container.isRegistered(Tracked.self, tag: "x"))
        #expect(!container.isRegistered(Tracked.self))
        #expect(built.count == 0)
    }
}

final class Holder2: Sendable {
    let config: Config
    init(config: Config) { self.config = config }
}

final class Family: Sendable {
    let child: Child
    let parent: Parent
    init(child: Child, parent: Parent) {
        self.child = child
        self.parent = parent
    }
}

@Suite("Resolution regressions")
struct ResolutionRegressionTests {
    @Test("resolveIfRegistered with a tag returns the tagged registration (it crashed with an invalid downcast)")
    func taggedResolveIfRegistered() throws {
        let container = Container()
        container.register(String.self, tag: "a", instance: "x")
        #expect(try container.resolveIfRegistered(String.self, tag: "a") == "x")
        #expect(try container.resolveIfRegistered(String.self, tag: "b") == nil)
    }
}

@Suite("resolveIfRegistered fast miss")
struct ResolveIfRegisteredTests {
    @Test("a miss answers nil; registrations in a parent, with tags or removed ones are still seen correctly")
    func misses() throws {
        let parent = Container()
        parent.register(Config.self, tag: "p") { _ in Config(environment: "parent") }
        let child = parent.makeChild()
        #expect(try child.resolveIfRegistered(Tracked.self) == nil)
        #expect(try child.resolveIfRegistered(Config.self, tag: "p")?.environment == "parent")
        #expect(try child.resolveIfRegistered(Config.self) == nil)
        child.register(Tracked.self) { _ in Tracked(id: 3) }
        #expect(try child.resolveIfRegistered(Tracked.self)?.id == 3)
        child.remove(Tracked.self)
        #expect(try child.resolveIfRegistered(Tracked.self) == nil)
    }
}
