#if ServiceLifecycle && Logging
    import Logging
    import ServiceLifecycle
    import Testing
    import Wiring
    import WiringServiceLifecycle

    /// The code of the WiringServiceLifecycle catalog ("Services and graceful shutdown" and the
    /// module page), compiled here; the parts that can run in a test do.
    enum ServicesArticle {
        final class Database: Service, CustomStringConvertible {
            func run() async throws { try? await gracefulShutdown() }
            var description: String { "Database" }
        }

        final class Exporter: Service, CustomStringConvertible {
            init(database _: Database) {}
            func run() async throws { try? await gracefulShutdown() }
            var description: String { "Exporter" }
        }

        final class HTTPServer: Service, CustomStringConvertible {
            init(database _: Database, exporter _: Exporter) {}
            func run() async throws { try? await gracefulShutdown() }
            var description: String { "HTTPServer" }
        }

        final class MailQueue: Sendable {
            func drain() async { try? await gracefulShutdown() }
        }

        final class ConnectionPool: Sendable {
            static func connect() async throws -> ConnectionPool { ConnectionPool() }
            func close() async {}
        }

        static func declare() -> Container {
            let container = Container()
            container.autowire(Database.self, lifetime: .singleton, Database.init)
            container.autowire(Exporter.self, lifetime: .singleton, Exporter.init)
            container.autowire(HTTPServer.self, lifetime: .singleton, HTTPServer.init)

            container.register(MailQueue.self, lifetime: .singleton) { _ in MailQueue() }
                .runsAsService { queue in await queue.drain() }

            container.register(ConnectionPool.self, lifetime: .eagerSingleton) { _ async throws in
                try await ConnectionPool.connect()
            }
            .onDispose { pool in await pool.close() }
            return container
        }

        static func run(container: Container) async throws {
            let group = try await container.serviceGroup(logger: Logger(label: "server"))
            try await group.run()
        }

        static func runWith(container: Container, logger: Logger) async throws {
            let group = try await container.serviceGroup(logger: logger)
            try await group.run()
        }

        static func order(container: Container) async throws -> [any Service] {
            let services = try await container.services()
            print(services)  // [Database, Exporter, HTTPServer, MailQueue]
            return services
        }
    }

    @Suite("The WiringServiceLifecycle article's code")
    struct ServicesArticleTests {
        @Test("the services are found and ordered as the article says")
        func order() async throws {
            let container = ServicesArticle.declare()
            let services = try await ServicesArticle.order(container: container)
            #expect(services.map { "\($0)" } == ["Database", "Exporter", "HTTPServer", "MailQueue"])
        }
    }
#endif
