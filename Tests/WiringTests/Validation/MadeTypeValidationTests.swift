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

private final class MadeClock: Sendable {}
private final class MadeDraft: Sendable {}
private final class MadeEditor: Sendable {
    init(draft: MadeDraft) {}
}

/// Opens once, for every task waiting on it: what runs after `validate` returns.
private actor LoadGate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiting { waiter.resume() }
        waiting = []
    }
}

/// Starts a task that loads, as view models do: it reads once `gate` opens.
@MainActor
private final class LoadingViewModel {
    let clock: MadeClock = wired()
    @LazyWired var later: MadeClock
    var load: Task<Void, any Error>?
    var lazyLoad: Task<Void, Never>?

    init(gate: LoadGate) {
        load = Task { @MainActor in
            await gate.wait()
            let _: MadeClock = try resolve()
        }
        lazyLoad = Task { @MainActor in
            await gate.wait()
            _ = self.later
        }
    }
}

/// The models validation made, kept for the test to wait on their tasks.
@MainActor
private final class MadeModels {
    var all: [LoadingViewModel] = []
}

/// Reads a scoped draft, as a screen's model made inside the screen's scope does.
@MainActor
private final class DraftViewModel {
    let draft: MadeDraft = wired()
}

/// Reads it through a transient editor.
@MainActor
private final class EditorViewModel {
    let editor: MadeEditor = wired()
}

private struct DraftModule: Module {
    var registrations: Registrations {
        scoped(in: "screen") { MadeDraft() }
        transient { r in MadeEditor(draft: try r.resolve()) }
    }
}

@Suite("Validation makes the app's own types")
struct MadeTypeValidationTests {
    @Test("a made type's synchronous read of an async singleton nothing builds first is an error with the path and the fix")
    func asyncReadByAMadeType() async throws {
        var options = ValidationOptions(dryRun: true)
        options.make { StoreViewModel() }
        let report = await Container.validate(modules: [LazyStoreModule()], options: options)
        // It stops the app: the assertion the articles recommend, isValid, must fail.
        #expect(!report.isValid)
        let finding = try #require(report.findings.first { $0.kind == .asyncReadSynchronously }, "\(report)")
        #expect(finding.severity == .error)
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
        options.make(in: "screen", Draft.self) { wired() }
        let report = await Container.validate(modules: [module], options: options)
        #expect(report.isClean, "\(report)")
        // Once by the dry run of the registration, once for the instance of the scope the made
        // type read from: the same scope, so one instance, disposed once.
        #expect(disposed.count == 1)
    }

    @Test("a task a made type starts reads, after validate returns, from the container current where validate ran, not the shut-down copy")
    func madeTypesTasksOutliveTheDryRun() async throws {
        let live = Container()
        live.register(MadeClock.self, lifetime: .singleton) { _ in MadeClock() }
        let gate = LoadGate()
        let made = MadeModels()
        var options = ValidationOptions(dryRun: true)
        options.make {
            let model = LoadingViewModel(gate: gate)
            made.all.append(model)
            return model
        }
        let module = Registrations { $0.singleton { MadeClock() } }
        let report = await withContainer(live) { await Container.validate(modules: [module], options: options) }
        #expect(report.isClean, "\(report)")
        await gate.open()
        let model = try #require(await made.all.first)
        // Before, the task inherited the copy and its resolve threw shutDown.
        try await withContainer(live) { try await model.load?.value }
        await withContainer(live) { await model.lazyLoad?.value }
    }

    @Test("a made type's read of a scoped registration is an error: made outside any scope, as a view makes it, it stops the program")
    func scopedReadByAMadeType() async throws {
        var options = ValidationOptions(dryRun: true)
        options.make { DraftViewModel() }
        options.make { EditorViewModel() }
        let report = await Container.validate(modules: [DraftModule()], options: options)
        let findings = report.findings.filter { $0.kind == .scopedReadOutsideScope }
        #expect(findings.count == 2, "\(report)")
        #expect(findings.allSatisfy { $0.severity == .error })
        #expect(findings.contains { $0.path == ["DraftViewModel", "MadeDraft"] })
        #expect(
            findings.contains { $0.path == ["EditorViewModel", "MadeEditor", "MadeDraft"] && $0.headline.contains("through MadeEditor") })
        #expect(findings.first?.fix.contains("options.make(in: \"screen\")") == true)
    }

    @Test("a made type said to live in the scope reads its scoped registrations as the app does: clean")
    func scopedReadInsideItsScopeIsClean() async {
        var options = ValidationOptions(dryRun: true)
        options.make(in: "screen") { DraftViewModel() }
        options.make(in: "screen") { EditorViewModel() }
        let report = await Container.validate(modules: [DraftModule()], options: options)
        #expect(report.isClean, "\(report)")
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
