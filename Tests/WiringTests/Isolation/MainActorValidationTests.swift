import Testing
import Wiring

/// Nothing registers it: a factory that resolves it is broken.
final class Unregistered: Sendable {}

/// A nonisolated service that holds a main-actor one.
final class StoreHolder: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
}

/// A main-actor factory that resolves what nothing registers, and a nonisolated service that
/// depends on it.
func brokenMainActorContainer(disposed: Counter = Counter()) -> Container {
    let container = Container()
    container.register(
        Store.self, lifetime: .singleton,
        mainActor: { r in
            _ = try r.resolve(Unregistered.self)
            return Store()
        })
    container.register(StoreReader.self, lifetime: .singleton, mainActor: { _ in StoreReader(store: Store()) })
        .onDispose { _ in disposed.increment() }
    container.register(StoreHolder.self) { r in StoreHolder(store: try r.resolve()) }
    return container
}

@Suite("Validation of main-actor factories")
struct MainActorValidationTests {
    static let dryRun = ValidationOptions(dryRun: true)

    @Test("the awaited validate runs main-actor factories on the main actor and reports what they miss")
    func awaitedValidate() async {
        let disposed = Counter()
        let container = brokenMainActorContainer(disposed: disposed)
        let report = await Task.detached { await container.validate(Self.dryRun) }.value
        let missing = report.errors.filter { $0.kind == .missingRegistration }
        #expect(missing.map(\.registration) == ["Store"], "\(report)")
        #expect(missing.first?.headline.contains("Unregistered") == true)
        #expect(missing.first?.path.suffix(2) == ["Store", "Unregistered"])
        #expect(!report.errors.contains { $0.kind == .dryRunIncomplete })
        // What the dry run built on the main actor was disposed, in its copy only.
        #expect(disposed.count == 1)
    }

    @Test("a synchronous validate on the main actor runs them in place")
    @MainActor
    func syncValidateOnTheMainActor() {
        let report = brokenMainActorContainer().validate(Self.dryRun)
        #expect(report.errors.map(\.kind) == [.missingRegistration], "\(report)")
    }

    @Test("a synchronous validate elsewhere names each registration it could not run, and is not valid")
    func syncValidateElsewhere() async {
        let container = brokenMainActorContainer()
        let report = await Task.detached { container.validate(Self.dryRun) }.value
        let unchecked = report.errors.filter { $0.kind == .dryRunIncomplete }
        #expect(Set(unchecked.map(\.registration)) == ["Store", "StoreReader", "StoreHolder"], "\(report)")
        #expect(unchecked.allSatisfy { $0.fix.contains("await container.validate(options)") })
        #expect(unchecked.first { $0.registration == "Store" }?.site != nil)
        #expect(!report.isValid)
        #expect(!report.isClean)
    }

    @Test("validate(modules:) sees main-actor declarations, sync on the main actor and awaited elsewhere")
    func modulesValidation() async {
        @Sendable func module() -> Registrations {
            Registrations { $0.singleton { @MainActor r in StoreReader(store: try r.resolve()) } }
        }
        let awaited = await Task.detached {
            await Container.validate(modules: [module()], options: Self.dryRun)
        }.value
        #expect(awaited.errors.map(\.registration) == ["StoreReader"], "\(awaited)")
        let onMain = await MainActor.run { Container.validate(modules: [module()], options: Self.dryRun) }
        #expect(onMain.errors.map(\.kind) == [.missingRegistration], "\(onMain)")
    }
}

/// A nonisolated service whose property is injected at the call site with a main-actor service.
final class InjectsStore: Sendable {
    let store: Store = wired()
    let missing: LazyWired<Unregistered> = LazyWired()
}

/// Depends on `InjectsStore`.
final class NeedsInjected: Sendable {
    let injected: InjectsStore
    init(injected: InjectsStore) { self.injected = injected }
}

@Suite("Validation of call-site injection of main-actor services")
struct MainActorInjectionValidationTests {
    static func container() -> Container {
        let container = Container()
        container.register(Store.self, lifetime: .singleton, mainActor: { _ in Store() })
        container.register(InjectsStore.self) { _ in InjectsStore() }
        container.register(NeedsInjected.self) { r in NeedsInjected(injected: try r.resolve()) }
        return container
    }

    @Test("a wired() of a main-actor service in a nonisolated factory is dry-run on the main actor, lazy dependencies included")
    func awaited() async {
        let container = Self.container()
        let report = await Task.detached { await container.validate(ValidationOptions(dryRun: true)) }.value
        let edges = Set(report.graph.edges.map { "\($0.from) → \($0.to)" })
        #expect(edges.contains("InjectsStore → Store"), "\(report.graph.edges)")
        #expect(edges.contains("NeedsInjected → InjectsStore"), "\(report.graph.edges)")
        // The LazyWired declared while building on the main actor is learned: it is not registered.
        #expect(report.errors.map(\.kind) == [.missingRegistration], "\(report)")
        #expect(report.errors.first?.headline.contains("Unregistered") == true)
    }

    @Test("off the main actor, the synchronous validate names them as not dry-run")
    func synchronousElsewhere() async {
        let container = Self.container()
        let report = await Task.detached { container.validate(ValidationOptions(dryRun: true)) }.value
        let unchecked = Set(report.errors.filter { $0.kind == .dryRunIncomplete }.map(\.registration))
        #expect(unchecked.isSuperset(of: ["InjectsStore", "NeedsInjected", "Store"]), "\(report)")
    }
}
