import Testing
import WiringDIKit

// The example code of DIKit's README, as an app would write it after changing `import DIKit`
// to `import WiringDIKit`. Changes, all required by Swift 6 or by this test target, not by the
// facade: `static let` instead of `static var` for the modules (a mutable static is an error in
// Swift 6), `any` before protocol types (this target enables ExistentialAny), a plain class for
// the UIKit app delegate and view controller, the README's `DependenyContainer` typo corrected,
// the second `Backend` and `app` renamed so both examples fit in one file, and the `backend` and
// `app` modules named `seedBackend` and `seedApp`, since the WiringDIKit overview (CatalogSnippets)
// declares its own.

protocol BackendProtocol { func fetch() -> String }
protocol NetworkProtocol { var name: String { get } }
protocol AppStateProtocol { var backendResult: String { get } }
protocol StopWatchProtocol: AnyObject {}
protocol LocalStorageProtocol { var context: StorageContext { get } }

final class Network: NetworkProtocol { let name = "network" }
final class StopWatch: StopWatchProtocol {}
struct LocalStorage: LocalStorageProtocol { let context: StorageContext }

public extension DependencyContainer {
    static let seedBackend = module {
        single { Backend() as any BackendProtocol }
    }
}

public extension DependencyContainer {
    static let network = module {
        single { Network() as any NetworkProtocol }
    }
}

public extension DependencyContainer {
    static let seedApp = module {
        single { AppState() as any AppStateProtocol }
        factory { StopWatch() as any StopWatchProtocol }
    }
}

final class AppDelegate {
    init() {
        DependencyContainer.defined(
            by: modules {
                .seedBackend; .network; .seedApp
            })
    }
}

final class ShorthandAppDelegate {
    init() {
        DependencyContainer.defined(
            by: module {
                single { AppState() as any AppStateProtocol }
                factory { StopWatch() as any StopWatchProtocol }
            })
    }
}

class Backend: BackendProtocol {
    @Inject var network: any NetworkProtocol

    func fetch() -> String { "fetched over \(network.name)" }
}

class FirstViewController {
    // MARK: - Dependencies
    @LazyInject var backend: any BackendProtocol
    @OptionalInject var stopwatch: (any StopWatchProtocol)?

    // MARK: - View lifecycle
    func viewWillAppear(_ animated: Bool) -> String {
        let result = backend.fetch()
        return result
    }
}

struct AppState: AppStateProtocol {
    private let backend: any BackendProtocol

    init(backend: any BackendProtocol = resolve()) {
        self.backend = backend
    }

    var backendResult: String { backend.fetch() }
}

enum StorageContext: String {
    case userdata
    case systemdata
}

public extension DependencyContainer {
    static let storage = module {
        factory(tag: StorageContext.systemdata) { LocalStorage(context: .systemdata) as any LocalStorageProtocol }
        factory(tag: StorageContext.userdata) { LocalStorage(context: .userdata) as any LocalStorageProtocol }
    }
}

class TaggedBackend: BackendProtocol {
    @Inject(tag: StorageContext.systemdata) var injectedStorage: any LocalStorageProtocol
    @LazyInject(tag: StorageContext.systemdata) var lazyInjectedStorage: any LocalStorageProtocol
    @OptionalInject(tag: StorageContext.systemdata) var optionalInjectedStorage: (any LocalStorageProtocol)?
    private let constructorInjectedStorage: any LocalStorageProtocol

    init(storage: any LocalStorageProtocol = resolve(tag: StorageContext.systemdata)) {
        self.constructorInjectedStorage = storage
    }

    func fetch() -> String { "\(constructorInjectedStorage.context)" }
}

@Suite("The README's example")
struct SeedExampleTests {
    @Test("the app delegate defines the root from three modules, and injection works")
    func appDelegate() {
        DependencyContainer.withShared(nil) {
            _ = AppDelegate()
            let controller = FirstViewController()
            #expect(controller.viewWillAppear(true) == "fetched over network")
            #expect(controller.stopwatch != nil)
            let state: any AppStateProtocol = resolve()
            #expect(state.backendResult == "fetched over network")
            let first: any StopWatchProtocol = resolve()
            let second: any StopWatchProtocol = resolve()
            #expect(first !== second)
        }
    }

    @Test("the shorthand module defines a root without sub-containers")
    func shorthand() {
        DependencyContainer.withShared(nil) {
            _ = ShorthandAppDelegate()
            let watch: (any StopWatchProtocol)? = resolveOptional()
            #expect(watch != nil)
        }
    }

    @Test("tags select the storage with every injection method")
    func taggedStorage() {
        DependencyContainer.withShared(modules { .storage }) {
            let backend = TaggedBackend()
            #expect(backend.fetch() == "systemdata")
            #expect(backend.injectedStorage.context == .systemdata)
            #expect(backend.lazyInjectedStorage.context == .systemdata)
            #expect(backend.optionalInjectedStorage?.context == .systemdata)
            let user: any LocalStorageProtocol = resolve(tag: StorageContext.userdata)
            #expect(user.context == .userdata)
        }
    }
}
