#if Logging
    import LogCapture
    import Logging
    import Testing
    import Wiring
    import WiringLogging

    private final class Connection: Sendable {}
    private final class Repository: Sendable {
        init(_: Connection) {}
    }
    private struct DiskFull: Error {}

    @Suite("Resolves logged through swift-log")
    struct LoggingBridgeTests {
        @Test("builds log at debug and cache hits at trace, with the type, tag, lifetime, duration and path as metadata")
        func buildsAndHits() throws {
            let capture = LogCapture()
            let container = Container()
            container.register(Connection.self, tag: "primary", lifetime: .singleton) { _ in Connection() }
            container.register(Repository.self) { r in Repository(try r.resolve(Connection.self, tag: "primary")) }
            container.log(to: capture.logger())
            _ = try container.resolve(Repository.self)
            _ = try container.resolve(Repository.self)
            let entries = capture.all
            #expect(
                entries.map { "\($0.level) \($0.message)" } == [
                    "debug Built Connection tagged \"primary\"",
                    "debug Built Repository",
                    "trace Resolved Connection tagged \"primary\" from its cache",
                    "debug Built Repository",
                ])
            let connection = entries[0].metadata
            #expect(connection["wiring.type"] == "Connection")
            #expect(connection["wiring.tag"] == "\"primary\"")
            #expect(connection["wiring.lifetime"] == "singleton")
            #expect(connection["wiring.path"] == "Repository → Connection tagged \"primary\"")
            #expect(connection["wiring.duration"] != nil)
            #expect("\(connection["wiring.registered"]!)".contains("LoggingBridgeTests.swift"))
            #expect(entries[2].metadata["wiring.cache_hit"] == "true")
            #expect(entries[2].metadata["wiring.duration"] == nil)
        }

        @Test("a failed build logs at error with the full message: what failed, where it was registered, and the fix")
        func failures() {
            let capture = LogCapture()
            let container = Container()
            container.register(Connection.self, lifetime: .singleton) { _ in throw DiskFull() }
            container.log(to: capture.logger(level: .info))
            #expect(throws: WiringError.self) { try container.resolve(Connection.self) }
            let entries = capture.all
            #expect(entries.count == 1)
            #expect(entries.first?.level == .error)
            let message = entries.first?.message ?? ""
            #expect(message.contains("Connection"))
            #expect(message.contains("DiskFull"))
            #expect(message.contains("LoggingBridgeTests.swift"))
            #expect(message.contains("To fix:"))
        }

        @Test("a logger at info still gets a failure that happens after successes, and a logger at debug every build")
        func failuresAtInfoAfterSuccesses() throws {
            let quiet = LogCapture()
            let container = Container()
            container.register(Connection.self, lifetime: .singleton) { _ in Connection() }
            container.register(Repository.self) { _ in throw DiskFull() }
            container.log(to: quiet.logger(level: .info))
            _ = try container.resolve(Connection.self)
            #expect(throws: WiringError.self) { try container.resolve(Repository.self) }
            #expect(quiet.all.map(\.level) == [.error])
            let verbose = LogCapture()
            let other = Container()
            other.register(Connection.self) { _ in Connection() }
            other.log(to: verbose.logger(level: .debug))
            _ = try other.resolve(Connection.self)
            #expect(verbose.all.map(\.message) == ["Built Connection"])
        }

        @Test("a logger above debug gets no build messages")
        func levelsBelowTheLoggersAreSkipped() throws {
            let capture = LogCapture()
            let container = Container()
            container.register(Connection.self, lifetime: .singleton) { _ in Connection() }
            container.log(to: capture.logger(level: .info))
            _ = try container.resolve(Connection.self)
            _ = try container.resolve(Connection.self)
            #expect(capture.all.isEmpty)
        }
    }

    @Suite("A logger per request scope")
    struct RequestLoggerTests {
        @Test("each scope's Logger carries the request id the scope was given")
        func loggerCarriesRequestID() throws {
            let capture = LogCapture()
            let container = Container()
            container.registerRequestLogger(capture.logger())
            let first = container.makeScope()
            let second = container.makeScope()
            try first.provide(RequestIdentifier("r-1"))
            try second.provide(RequestIdentifier("r-2"))
            try first.resolve(Logger.self).info("one")
            try second.resolve(Logger.self).info("two")
            #expect(capture.all.map { "\($0.message) \($0.metadata["request.id"] ?? "none")" } == ["one r-1", "two r-2"])
        }

        @Test("a scope that was given no request id says how to give it one")
        func missingRequestID() {
            let container = Container()
            container.registerRequestLogger(Logger(label: "test"))
            let scope = container.makeScope()
            let error = #expect(throws: WiringError.self) { try scope.resolve(Logger.self) }
            #expect("\(error!)".contains("scope.provide(RequestIdentifier("))
        }
    }
#endif
