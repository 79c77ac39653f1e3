import Testing
import Wiring

struct Endpoint: Sendable, Equatable {
    let url: String
}

/// A module configured by a value, and not `Equatable`.
struct CoreModule: Module {
    let endpoint: Endpoint
    var registrations: Registrations {
        singleton { endpoint }
    }
}

/// The same, `Equatable`.
struct EquatableCoreModule: Module, Equatable {
    let endpoint: Endpoint
    var registrations: Registrations {
        singleton(tag: "equatable") { endpoint }
    }
}

/// Includes `CoreModule` with the same value as another including module: a diamond.
struct FeatureA: Module {
    var registrations: Registrations {
        CoreModule(endpoint: Endpoint(url: "https://prod"))
        transient(tag: "a") { Config() }
    }
}

struct FeatureB: Module {
    var registrations: Registrations {
        CoreModule(endpoint: Endpoint(url: "https://prod"))
        transient(tag: "b") { Config() }
    }
}

/// A stateless module included twice.
struct Stateless: Module {
    var registrations: Registrations {
        transient(tag: "stateless") { Config() }
    }
}

final class AsyncDatabase: Sendable {
    let log: TeardownLog
    init(log: TeardownLog) { self.log = log }
}

struct DecoratedAsync: Sendable {
    let inner: AsyncDatabase
    let label: String
}

@Suite("Module values")
struct ModuleValueTests {
    @Test("two different values of one module type clash instead of silently keeping the first")
    func differentValuesClash() {
        let container = Container()
        let error = #expect(throws: WiringError.self) {
            try container.install(
                CoreModule(endpoint: Endpoint(url: "https://prod.example.com/api/v1")),
                CoreModule(endpoint: Endpoint(url: "https://staging.example.com/api/v1"))
            )
        }
        #expect(error?.code == .duplicateRegistration)
        #expect(error?.description.contains("two different CoreModule values") == true, "\(String(describing: error))")
        #expect(error?.description.contains("install(_:overriding: true)") == true)
        #expect((try? container.resolve(Endpoint.self)) == nil, "nothing is installed")
    }

    @Test("installing a different value of a module already installed clashes too; overriding replaces")
    func differentValueLater() throws {
        let container = Container()
        try container.install(CoreModule(endpoint: Endpoint(url: "https://prod.example.com/api/v1")))
        #expect(throws: WiringError.self) {
            try container.install(CoreModule(endpoint: Endpoint(url: "https://staging.example.com/api/v1")))
        }
        try container.install([CoreModule(endpoint: Endpoint(url: "https://staging.example.com/api/v1"))], overriding: true)
        #expect(try container.resolve(Endpoint.self).url == "https://staging.example.com/api/v1")
    }

    @Test("the same module value twice, a diamond, a stateless module and equal Equatable values install once")
    func sameValuesInstallOnce() throws {
        let container = Container()
        let core = CoreModule(endpoint: Endpoint(url: "https://prod.example.com/api/v1"))
        try container.install(core, core)
        try container.install(core)
        // Each includes CoreModule with an equal small value: a diamond, installed once.
        try Container().install(FeatureA(), FeatureB())
        try container.install(Stateless(), Stateless())
        try container.install(
            EquatableCoreModule(endpoint: Endpoint(url: "https://prod.example.com/api/v1")),
            EquatableCoreModule(endpoint: Endpoint(url: "https://prod.example.com/api/v1"))
        )
        #expect(try container.resolve(Endpoint.self, tag: "equatable").url == "https://prod.example.com/api/v1")
    }

    @Test("Container.validate(modules:) reports two different module values as a duplicate declaration")
    func validationNamesBothValues() {
        let report = Container.validate(modules: [
            CoreModule(endpoint: Endpoint(url: "https://prod.example.com/api/v1")),
            CoreModule(endpoint: Endpoint(url: "https://staging.example.com/api/v1")),
        ])
        #expect(report.errors.contains { $0.kind == .duplicateDeclaration && $0.headline.contains("two different CoreModule values") })
    }

    @Test("module declarations take async factories, decorators, teardowns and transient tracking")
    func declarationsHaveEveryModifier() async throws {
        let log = TeardownLog()
        let container = Container()
        try container.install(
            Registrations {
                $0.singleton { _ async throws in AsyncDatabase(log: log) }
                    .onDispose { database in database.log.note("database closed") }
                $0.transient { r async throws in DecoratedAsync(inner: try await r.resolveAsync(), label: "plain") }
                    .decorated { _, value in DecoratedAsync(inner: value.inner, label: "decorated") }
                $0.transient { Resource("tracked", log) }
                    .trackingTransients()
            })
        let decorated = try await container.resolveAsync(DecoratedAsync.self)
        #expect(decorated.label == "decorated")
        #expect(decorated.inner === (try await container.resolveAsync(AsyncDatabase.self)))
        _ = try container.resolve(Resource.self)
        try await container.shutdown()
        #expect(log.all == ["tracked", "database closed"])
    }
}

/// A module with properties named like declarations: the declarations are members of the
/// module, so the names do not clash.
struct NamesLikeDeclarations: Module {
    let graph: String
    let instance: Int
    var registrations: Registrations {
        singleton(tag: "graph name") { graph }
        graph(Config.self) { Config(environment: graph) }
        instance(instance, tag: "instance value")
    }
}

@Suite("Module declarations are module members")
struct DeclarationScopeTests {
    @Test("a module with properties named graph and instance still declares with graph and instance")
    func propertiesNamedLikeDeclarations() throws {
        let container = Container()
        try container.install(NamesLikeDeclarations(graph: "g", instance: 7))
        #expect(try container.resolve(String.self, tag: "graph name") == "g")
        #expect(try container.resolve(Config.self).environment == "g")
        #expect(try container.resolve(Int.self, tag: "instance value") == 7)
    }

    @Test("an inline list declares through its parameter")
    func inlineList() throws {
        let container = Container()
        try container.install(Registrations { $0.singleton { Config(environment: "inline") } })
        #expect(try container.resolve(Config.self).environment == "inline")
    }
}
