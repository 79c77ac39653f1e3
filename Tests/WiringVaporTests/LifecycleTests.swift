#if Vapor && Tracing
    import Foundation
    import Testing
    import VaporTesting
    import Wiring
    import WiringVapor

    /// A singleton that records its construction and disposal.
    final class Pool: Sendable, Disposable {
        let journal: Journal
        init(journal: Journal) {
            self.journal = journal
            journal.record("pool opened")
        }

        func dispose() { journal.record("pool closed") }
    }

    /// Records its shutdown: stands for Fluent's handler, registered while the app is configured.
    struct RecordingHandler: LifecycleHandler {
        let journal: Journal
        func shutdownAsync(_ application: Application) async { journal.record("databases closed") }
        func shutdown(_ application: Application) { journal.record("databases closed") }
    }

    final class NeedsMissing: Sendable {
        init(missing: Pool) {}
    }

    @Suite("WiringVapor: the container in the application's lifecycle")
    struct LifecycleTests {
        @Test("eager singletons start at boot; the container shuts down before handlers registered while configuring")
        func bootAndShutdownOrder() async throws {
            let journal = Journal()
            let app = try await Application.make(.testing)
            app.wiring.register(Pool.self, lifetime: .eagerSingleton) { _ in Pool(journal: journal) }
            // Registered after Wiring's boot handler, as Fluent's is when `app.wiring` comes first.
            app.lifecycle.use(RecordingHandler(journal: journal))
            #expect(journal.all.isEmpty)
            try await app.asyncBoot()
            #expect(journal.all == ["pool opened"])
            try await app.asyncShutdown()
            #expect(journal.all == ["pool opened", "pool closed", "databases closed"])
            #expect(throws: WiringError.self) { try app.wiring.resolve(Pool.self) }
        }

        @Test("a root that cannot be built stops the boot with the three-part message, before anything serves")
        func brokenGraphStopsBoot() async throws {
            let app = try await Application.make(.testing)
            app.wiring.autowire(NeedsMissing.self, NeedsMissing.init(missing:))
            app.middleware.use(WiringMiddleware(app, roots: [NeedsMissing.self]))
            do {
                try await app.asyncBoot()
                Issue.record("the boot should have thrown")
            } catch let error as WiringBootError {
                let message = "\(error)"
                #expect(message.contains("NeedsMissing depends on Pool, and nothing is registered for it."), "\(message)")
                #expect(message.contains("To fix:"), "\(message)")
            }
            try await app.asyncShutdown()
        }

        @Test("a request value registered another way stops the boot, saying where and how to fix it: no request traps")
        func clashingRequestValueStopsBoot() async throws {
            let app = try await Application.make(.testing)
            app.wiring.register(Logger.self, lifetime: .singleton) { _ in Logger(label: "app") }
            app.middleware.use(WiringMiddleware(app))
            do {
                try await app.asyncBoot()
                Issue.record("the boot should have thrown")
            } catch let error as WiringBootError {
                let message = "\(error)"
                #expect(error.clashes.count == 1)
                #expect(message.contains("Logger is registered as singleton"), "\(message)")
                #expect(message.contains(#"WiringMiddleware gives every scope named "request" its own Logger"#), "\(message)")
                #expect(message.contains("registered at: WiringVaporTests/LifecycleTests.swift"), "\(message)")
                #expect(message.contains("remove this registration: WiringMiddleware registers Logger itself"), "\(message)")
            }
            try await app.asyncShutdown()
        }

        @Test("the synchronous boot that VaporTesting uses starts the container too")
        func synchronousBoot() async throws {
            let journal = Journal()
            try await withApp { app in
                app.wiring.register(Pool.self, lifetime: .eagerSingleton) { _ in Pool(journal: journal) }
                app.get("up") { _ in "up" }
                try await app.testing().test(.GET, "up") { response in #expect(response.body.string == "up") }
                #expect(journal.all == ["pool opened"])
            }
            #expect(journal.all == ["pool opened", "pool closed"])
        }

        @Test("req.wiring without WiringMiddleware stops the program, saying what to add")
        func withoutMiddleware() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let app = try await Application.make(.testing)
                app.get("scope") { req -> String in
                    _ = req.wiring
                    return "unreachable"
                }
                _ = try await app.testing().sendRequest(.GET, "scope")
            }
            let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(stderr.contains("req.wiring was used on a request that WiringMiddleware did not see"), "\(stderr)")
            #expect(stderr.contains("app.middleware.use(WiringMiddleware(app))"), "\(stderr)")
        }
    }
#endif
