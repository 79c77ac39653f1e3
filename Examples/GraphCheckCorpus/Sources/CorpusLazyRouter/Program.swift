/// Shape (app target, main-actor by default): a coordinator with `lazy var router: AppRouter =
/// wired()`, and a router whose factory resolves the coordinator. Both are singletons of a
/// `MainActorModule` installed into `Container.default` at launch.
///
/// Why it is correct: the coordinator reads its router on first use, after both are built, not
/// while it is being made; so building the router (which builds the coordinator) never comes back
/// to the router. The two objects point at each other, but their construction is no loop.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

final class AppCoordinator {
    lazy var router: AppRouter = wired()
    private(set) var shown: [String] = []

    init() {}

    func openSettings() -> String {
        shown.append("settings")
        return router.path(to: "settings")
    }
}

final class AppRouter {
    let coordinator: AppCoordinator

    init(coordinator: AppCoordinator) {
        self.coordinator = coordinator
    }

    func path(to screen: String) -> String { "/\(screen)?depth=\(coordinator.shown.count)" }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        singleton { AppCoordinator() }
        singleton { r in AppRouter(coordinator: try r.resolve()) }
    }
}

enum RouterApp {
    /// What the app's launch does: installs its wiring once.
    static func launch() throws {
        if !Container.default.isRegistered(AppCoordinator.self) {
            try Container.default.install(AppModule())
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try RouterApp.launch()

        let coordinator: AppCoordinator = try resolve()
        guard coordinator.openSettings() == "/settings?depth=1" else {
            throw CorpusFailure(message: "the router did not route")
        }
        let router: AppRouter = try resolve()
        guard router.coordinator === coordinator, coordinator.router === router else {
            throw CorpusFailure(message: "the coordinator and the router are not the two singletons")
        }

        let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
