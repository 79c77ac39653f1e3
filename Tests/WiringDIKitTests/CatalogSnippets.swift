import Testing
import WiringDIKit

// The migration guide's one-line change, as an app writes it. Swift accepts a repeated import.
// swift-format-ignore: OrderedImports
import WiringDIKit  // was: import DIKit

// The code of the DocC articles "WiringDIKit" (the overview, Sources/WiringDIKit/
// Documentation.docc/WiringDIKit.md) and "Migrating from DIKit" (MigratingFromDIKit.md), compiled
// and run. `DocSnippetTests` checks that every Swift block of both articles appears here verbatim.
//
// The app's types (`Backend`, `BackendProtocol`, `AppState`, `AppDelegate`, `LocalStorage`,
// `StorageContext`, …) are those of SeedExampleTests.swift,
// `ClockProtocol` that of Support/Fixtures.swift. The overview's `FirstViewController` differs
// from the seed's, so it is nested in the suite. Every test runs with a root of its own
// (`withShared`), so none leaves a root behind.

final class FakeBackend: BackendProtocol {
    func fetch() -> String { "fake" }
}

final class MockClock: ClockProtocol {}
final class SystemClock: ClockProtocol {}
final class DebugTools {}

extension DependencyContainer {
    static let debugTools = module { single { DebugTools() } }
}

extension LocalStorage {
    /// The overview's storage, for system data.
    init() { self.init(context: .systemdata) }
}

// The overview's modules.
extension DependencyContainer {
    static let backend = module {
        single { Backend() as BackendProtocol }
        factory(tag: StorageContext.systemdata) { LocalStorage() as LocalStorageProtocol }
    }
    static let app = module {
        single { AppState() as AppStateProtocol }
    }
}

extension AppStateProtocol {
    /// Whether the state's backend answers.
    var isReady: Bool { !backendResult.isEmpty }
}

@Suite("The WiringDIKit articles")
struct CatalogSnippets {
    final class FirstViewController {
        @LazyInject var backend: BackendProtocol
        @OptionalInject var stopwatch: StopWatchProtocol?
    }

    @Test("the overview's start-up defines the root; the controller resolves nothing until read")
    func definesTheRoot() {
        DependencyContainer.withShared(nil) {
            // The article's line, which DocSnippetTests matches as it is.
            // swift-format-ignore
            DependencyContainer.defined(by: modules { .backend; .app })
            let controller = FirstViewController()
            #expect(!controller.backendIsResolved)
            #expect(controller.stopwatch == nil)
            let storage: LocalStorageProtocol = resolve(tag: StorageContext.systemdata)
            #expect(storage.context == .systemdata)
        }
    }

    @Test("@LazyInject resolves on first read and keeps it; @OptionalInject gives nil for a missing component")
    func lazyAndOptional() {
        DependencyContainer.withShared(module { single { FakeBackend() as BackendProtocol } }) {
            let controller = FirstViewController()
            #expect(controller.title == "fake")
            #expect(controller.backendIsResolved)
            #expect(controller.stopwatch == nil)
        }
    }

    /// The migration guide's `for`, `if` and `if`/`else` in module bodies.
    static func storageAndRoot(useMockClock: Bool, isDebug: Bool) -> (storage: DependencyContainer, root: DependencyContainer) {
        let storage = module {
            for context in [StorageContext.userdata, .systemdata] {
                factory(tag: context) { LocalStorage(context: context) as LocalStorageProtocol }
            }
            if useMockClock {
                single { MockClock() as ClockProtocol }
            } else {
                single { SystemClock() as ClockProtocol }
            }
        }
        let root = modules {
            .backend
            if isDebug { .debugTools }
        }
        return (storage, root)
    }

    @Test("for registers a component per element; if and if/else choose components", arguments: [true, false])
    func controlFlow(flag: Bool) {
        let (storage, root) = Self.storageAndRoot(useMockClock: flag, isDebug: flag)
        DependencyContainer.withShared(storage) {
            let user: LocalStorageProtocol = resolve(tag: StorageContext.userdata)
            let system: LocalStorageProtocol = resolve(tag: StorageContext.systemdata)
            #expect(user.context == .userdata)
            #expect(system.context == .systemdata)
            let clock: ClockProtocol = resolve()
            #expect((clock is MockClock) == flag)
            #expect((clock is SystemClock) == !flag)
        }
        DependencyContainer.withShared(root) {
            let tools: DebugTools? = resolveOptional()
            #expect((tools != nil) == flag)
        }
    }

    @Test func showsTheFetchedResult() {
        DependencyContainer.withShared(module { single { FakeBackend() as BackendProtocol } }) {
            #expect(FirstViewController().title == "fake")
        }
    }

    @Test func startUpDefinesTheRoot() {
        DependencyContainer.withShared(nil) {
            _ = AppDelegate()  // calls DependencyContainer.defined(by:)
            let state: AppStateProtocol = resolve()
            #expect(state.isReady)
        }
    }
}

extension CatalogSnippets.FirstViewController {
    /// What the migration guide's test reads: the backend's result.
    var title: String { backend.fetch() }

    /// Whether `backend` has been resolved: `@LazyInject` resolves on the first read.
    var backendIsResolved: Bool {
        if case .resolved = _backend { return true }
        return false
    }
}
