import Testing
import Wiring
import WiringDip

/// Changes the global log settings, so its tests run one at a time; other suites may log into
/// the capture meanwhile, hence `contains` checks.
@Suite("Logging", .serialized)
struct LoggingTests {
    final class Capture: Sendable {
        let lines = Lock<[(LogLevel, String)]>([])
    }

    func capturing(_ level: LogLevel, _ body: () throws -> Void) rethrows -> [(LogLevel, String)] {
        let capture = Capture()
        let (oldLevel, oldLogger) = (logLevel, logger)
        logLevel = level
        logger = { level, message in capture.lines.withLock { $0.append((level, "\(message)")) } }
        defer {
            logLevel = oldLevel
            logger = oldLogger
        }
        try body()
        return capture.lines.withLock { $0 }
    }

    @Test("errors are logged at .Errors by default")
    func errors() {
        #expect(logLevel == .Errors)
        let container = DependencyContainer()
        let lines = capturing(.Errors) {
            _ = try? container.resolve(tag: "logged-error") as Service
        }
        #expect(lines.contains { $0.0 == .Errors && $0.1.contains("tag: \"logged-error\"") })
    }

    @Test(".Verbose traces every resolve; .None logs nothing")
    func verboseAndNone() throws {
        let container = DependencyContainer()
        container.register(tag: "verbose") { ServiceImp() as Service }
        let verbose = try capturing(.Verbose) { _ = try container.resolve(tag: "verbose") as Service }
        #expect(verbose.contains { $0.0 == .Verbose && $0.1.contains("Resolving type Service with arguments () tagged with \"verbose\"") })
        let none = capturing(.None) { _ = try? container.resolve(tag: "silent") as Int }
        #expect(!none.contains { $0.1.contains("silent") })
    }

    @Test("an optional injected property that fails is logged and stays nil")
    func optionalInjection() throws {
        final class Holder {
            @Injected(required: false) var missing: DataStore?
        }
        let container = DependencyContainer()
        container.register { Holder() }
        var holder: Holder?
        let lines = try capturing(.Errors) { holder = try container.resolve() as Holder }
        #expect(holder?.missing == nil)
        #expect(lines.contains { $0.1.contains("the optional Injected<DataStore> stays nil") })
    }

    @Test("LogLevel keeps Dip's raw values")
    func rawValues() {
        #expect(LogLevel.None.rawValue == 0)
        #expect(LogLevel.Errors.rawValue == 1)
        #expect(LogLevel.Verbose.rawValue == 2)
    }
}
