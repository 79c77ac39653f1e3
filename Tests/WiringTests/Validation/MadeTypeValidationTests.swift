import Testing

@testable import Wiring

// The app's own types made by validation's dry run (ValidationOptions.make): what their
// call-site injection reads, checked as the app would read it.

private actor MadeStore {
    static func load() async throws -> MadeStore { MadeStore() }
}

private final class MadeService: Sendable {
    let store: MadeStore
    init(store: MadeStore) { self.store = store }
}

/// Reads the async store itself, as the newcomer trial's view model did.
@MainActor
private final class StoreViewModel {
    let store: MadeStore = wired()
}

/// Reads it through a synchronous singleton's factory.
@MainActor
private final class ServiceViewModel {
    let service: MadeService = wired()
}

/// Two types named `Screen`: one reads the store, the other nothing.
private enum ReadingScreen {
    @MainActor final class Screen {
        let store: MadeStore = wired()
    }
}

private enum QuietScreen {
    @MainActor final class Screen {}
}

private struct LazyStoreModule: Module {
    var registrations: Registrations {
        singleton { try await MadeStore.load() }
        singleton { r in MadeService(store: try r.resolve()) }
    }
}

private struct EagerStoreModule: Module {
    var registrations: Registrations {
        eagerSingleton { try await MadeStore.load() }
        singleton { r in MadeService(store: try r.resolve()) }
    }
}

@Suite("Validation makes the app's own types")
struct MadeTypeValidationTests {
    @Test("a made type's synchronous read of an async singleton nothing builds first is a warning with the path and the fix")
    func asyncReadByAMadeType() async throws {
        var options = ValidationOptions(dryRun: true)
        options.make { StoreViewModel() }
        let report = await Container.validate(modules: [LazyStoreModule()], options: options)
        #expect(report.isValid)
        #expect(!report.isClean)
        let finding = try #require(report.findings.first { $0.kind == .asyncReadSynchronously }, "\(report)")
        #expect(finding.severity == .warning)
        #expect(finding.path == ["StoreViewModel", "MadeStore"])
        #expect(finding.headline.contains("MadeStore has an async factory, and StoreViewModel reads it synchronously"))
        #expect(finding.fix.contains("eagerSingleton"))
        #expect(finding.fix.contains("resolveAsync(MadeStore.self)"))
        #expect(finding.site?.description.contains("MadeTypeValidationTests.swift") == true)
    }

    @Test("a read through a synchronous factory the made type reads is reported with the whole path")
    func asyncReadThroughASynchronousFactory() async throws {
        var options = ValidationOptions(dryRun: true)
        options.make { ServiceViewModel() }
        let report = await Container.validate(modules: [LazyStoreModule()], options: options)
        let finding = try #require(report.findings.first { $0.kind == .asyncReadSynchronously }, "\(report)")
        #expect(finding.path == ["ServiceViewModel", "MadeService", "MadeStore"])
        #expect(finding.headline.contains("through MadeService"))
    }

    @Test("each made type's reads are its own, when two types have one name")
    func madeTypesAreKeptApart() async throws {
        var options = ValidationOptions(dryRun: true)
        options.make { ReadingScreen.Screen() }
        options.make { QuietScreen.Screen() }
        let report = await Container.validate(modules: [LazyStoreModule()], options: options)
        #expect(report.findings.filter { $0.kind == .asyncReadSynchronously }.count == 1, "\(report)")
    }

    @Test("an async eager singleton, which startAsync builds first, read by made types is clean")
    func eagerAsyncSingletonIsClean() async {
        var options = ValidationOptions(dryRun: true)
        options.make { StoreViewModel() }
        options.make { ServiceViewModel() }
        let report = await Container.validate(modules: [EagerStoreModule()], options: options)
        #expect(report.isClean, "\(report)")
    }

    @Test("a maker that throws is a build failure naming the type")
    func throwingMakerIsABuildFailure() async throws {
        var options = ValidationOptions(dryRun: true)
        options.make(String.self) { try resolve(Int.self) > 0 ? "positive" : "not" }
        let report = await Container.validate(modules: [EagerStoreModule()], options: options)
        let finding = try #require(report.errors.first, "\(report)")
        #expect(finding.kind == .buildFailed)
        #expect(finding.registration == "String")
        #expect(finding.headline.contains("making String, as the app does, threw"))
        #expect(finding.headline.contains("Int"))
    }

    @Test("the synchronous validate makes no type, and reports each as not checked")
    @MainActor
    func synchronousValidateMakesNothing() {
        let made = Counter()
        var options = ValidationOptions(dryRun: true)
        options.make { made.increment() }
        let report = Container.validate(modules: [EagerStoreModule()], options: options)
        #expect(made.count == 0)
        #expect(report.errors.map(\.kind) == [.dryRunIncomplete], "\(report)")
        #expect(report.errors.first?.fix.contains("await container.validate(options)") == true)
    }

    @Test("registrations with errors leave the types unmade, with a finding that says why")
    func errorsFirst() async {
        struct Broken: Module {
            var registrations: Registrations {
                singleton { r in MadeService(store: try r.resolve()) }
            }
        }
        let made = Counter()
        var options = ValidationOptions(dryRun: true)
        options.make { made.increment() }
        let report = await Container.validate(modules: [Broken()], options: options)
        #expect(made.count == 0)
        #expect(report.errors.contains { $0.kind == .dryRunIncomplete && $0.headline.contains("have errors") }, "\(report)")
    }

    @Test("what a made type resolved is disposed with the dry run's copy, scoped instances included")
    func madeTypesReadsAreDisposed() async {
        final class Draft: Sendable {}
        let disposed = Counter()
        let module = Registrations {
            $0.scoped(in: "screen") { Draft() }.onDispose { _ in disposed.increment() }
        }
        var options = ValidationOptions(dryRun: true)
        options.make(Draft.self) { wired() }
        let report = await Container.validate(modules: [module], options: options)
        #expect(report.isClean, "\(report)")
        // Once by the dry run of the registration, once for the instance of the scope the made
        // type read from: the same scope, so one instance, disposed once.
        #expect(disposed.count == 1)
    }

    @Test("a made type whose wired() reads what nothing registers stops the process, naming the type")
    func failingInjectionStopsTheProcessNamingTheType() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var options = ValidationOptions(dryRun: true)
            options.make { StoreViewModel() }
            _ = await Container.validate(modules: [], options: options)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("validation was making StoreViewModel on the main actor"), "\(output)")
    }
}
