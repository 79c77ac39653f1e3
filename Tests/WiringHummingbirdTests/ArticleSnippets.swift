#if Hummingbird && ServiceLifecycle
    import Hummingbird
    import HummingbirdTesting
    import Logging
    import ServiceLifecycle
    import Testing
    import Wiring
    import WiringHummingbird
    import WiringLogging
    import WiringServiceLifecycle

    /// The code of the WiringHummingbird catalog ("Wiring in a Hummingbird server" and the module
    /// page), compiled here; the request-scope part runs.
    enum HummingbirdArticle {
        struct AppContext: WiringRequestContext {
            var coreContext: CoreRequestContextStorage
            var requestScope: RequestScope?
            init(source: Source) { coreContext = .init(source: source) }
        }

        final class TodoStore: Sendable {
            init() {}
            let titles = ["write the article"]
        }

        final class TodoService: Sendable {
            let store: TodoStore
            init(store: TodoStore) { self.store = store }
            func titles() -> [String] { store.titles }
        }

        struct Caller: Sendable {
            let agent: String
        }

        typealias AppServer = Application<RouterResponder<AppContext>>

        static func makeRouter() throws -> (Container, Router<AppContext>) {
            let container = Container()
            container.autowire(TodoStore.self, lifetime: .singleton, TodoStore.init)
            container.autowire(TodoService.self, lifetime: .scoped("request"), TodoService.init)

            let router = Router(context: AppContext.self)
            router.add(middleware: try RequestScopeMiddleware(container: container, roots: [TodoService.self]))
            router.get("/todos") { _, context in
                try context.resolve(TodoService.self).titles()
            }
            return (container, router)
        }

        static func requestValues(_ container: Container) {
            container.register(Caller.self, lifetime: .scoped("request")) { r in
                let request = try r.resolve(Request.self)
                return Caller(agent: request.headers[.userAgent] ?? "unknown")
            }
        }

        static func logging(_ container: Container, logger: Logger) {
            container.registerRequestLogger(logger, scope: "request")
            container.log(to: logger)
        }

        static func serve(_ container: Container, router: Router<AppContext>) async throws {
            let responder = router.buildResponder()
            container.register(AppServer.self, lifetime: .singleton) { r in
                _ = try r.resolve(TodoStore.self)
                return Application(responder: responder)
            }
            let group = try await container.serviceGroup(logger: Logger(label: "server"))
            try await group.run()
        }
    }

    @Suite("The WiringHummingbird article's code")
    struct HummingbirdArticleTests {
        @Test("the article's server: the Application itself, registered as a singleton, is a service the group runs")
        func applicationIsAService() async throws {
            let (container, router) = try HummingbirdArticle.makeRouter()
            let responder = router.buildResponder()
            container.register(HummingbirdArticle.AppServer.self, lifetime: .singleton) { r in
                _ = try r.resolve(HummingbirdArticle.TodoStore.self)
                return Application(responder: responder)
            }
            let services = try await container.services()
            #expect(services.count == 1)
            #expect(services.first is HummingbirdArticle.AppServer)
        }

        @Test("the article's router serves the scoped service, and its scoped factory reads the request")
        func routerServes() async throws {
            let (container, router) = try HummingbirdArticle.makeRouter()
            HummingbirdArticle.requestValues(container)
            router.get("/caller") { _, context in
                try context.resolve(HummingbirdArticle.Caller.self).agent
            }
            try await Application(router: router).test(.router) { client in
                let todos = try await client.execute(uri: "/todos", method: .get)
                #expect(String(buffer: todos.body) == #"["write the article"]"#)
                let caller = try await client.execute(uri: "/caller", method: .get, headers: [.userAgent: "curl"])
                #expect(String(buffer: caller.body) == "curl")
            }
        }
    }
#endif
