import Foundation
import Testing
import Wiring

/// What the dry-run disposal tests' resources did, in order.
final class ResourceLog: Sendable {
    private let lines = Lock<[String]>([])
    func write(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
    func count(_ prefix: String) -> Int { all.filter { $0.hasPrefix(prefix) }.count }
}

/// A pool that connects when built and closes when disposed.
final class DryRunPool: Disposable, Sendable {
    let log: ResourceLog
    init(log: ResourceLog) {
        self.log = log
        log.write("connect pool")
    }
    func dispose() { log.write("close pool") }
}

/// A per-request session over the pool.
final class RequestSession: Disposable, Sendable {
    let log: ResourceLog
    init(pool: DryRunPool, log: ResourceLog) {
        self.log = log
        log.write("open session")
    }
    func dispose() { log.write("close session") }
}

/// A file closed by its registration's `onDispose`.
final class AuditFile: Sendable {
    init(log: ResourceLog) { log.write("open file") }
}

/// A socket whose teardown must be awaited.
final class AsyncSocket: AsyncDisposable, Sendable {
    let log: ResourceLog
    init(log: ResourceLog) {
        self.log = log
        log.write("open socket")
    }
    func dispose() async { log.write("close socket") }
}

struct FlushFailed: Error {}

/// A writer whose teardown fails.
final class FailingWriter: Disposable, Sendable {
    init() {}
    func dispose() throws { throw FlushFailed() }
}

func resourceContainer(_ log: ResourceLog) -> Container {
    let container = Container()
    container.register(DryRunPool.self, lifetime: .singleton) { _ in DryRunPool(log: log) }
    container.register(RequestSession.self, lifetime: .scoped("request")) { r in
        RequestSession(pool: try r.resolve(), log: log)
    }
    container.register(AuditFile.self, lifetime: .singleton) { _ in AuditFile(log: log) }
        .onDispose { _ in log.write("close file") }
    return container
}

/// The synchronous `validate`, which an `async` test would otherwise not choose.
func validateSynchronously(_ container: Container) -> ValidationReport {
    container.validate(ValidationOptions(dryRun: true))
}

@Suite("Dry runs dispose what they build")
struct DryRunDisposalTests {
    @Test("a dry run disposes what it built, as a shutdown would, before validate returns")
    func syncDryRunDisposes() {
        let log = ResourceLog()
        let container = resourceContainer(log)
        let report = container.validate(ValidationOptions(dryRun: true))
        #expect(report.isValid, "\(report)")
        let lines = log.all
        #expect(lines.count == 6, "\(lines)")
        // Each instance is disposed after everything built after it (a scope's before the
        // container's): the reverse of the order the dry run built them in.
        for (opened, closed) in [("connect pool", "close pool"), ("open session", "close session"), ("open file", "close file")] {
            let open = lines.firstIndex(of: opened)
            let close = lines.firstIndex(of: closed)
            #expect(open != nil && close != nil && open! < close!, "\(lines)")
        }
        #expect(lines.firstIndex(of: "close session")! < lines.firstIndex(of: "close pool")!, "\(lines)")
        // As a shutdown disposes: the scope's instances first, then the container's, newest first.
        #expect(lines.filter { $0.hasPrefix("close") } == ["close session", "close file", "close pool"], "\(lines)")
    }

    @Test("a hundred dry runs connect a hundred pools and close a hundred, and leave the container's own alone")
    func repeatedDryRunsBalance() throws {
        let log = ResourceLog()
        let container = resourceContainer(log)
        let own = try container.resolve(DryRunPool.self)
        for _ in 0..<100 { _ = container.validate(ValidationOptions(dryRun: true)) }
        #expect(log.count("connect pool") == 101)
        #expect(log.count("close pool") == 100)
        #expect(log.count("open session") == log.count("close session"))
        #expect(try container.resolve(DryRunPool.self) === own)
    }

    @Test("an async dry run awaits asynchronous teardowns before it returns")
    func asyncDryRunAwaitsTeardowns() async {
        let log = ResourceLog()
        let container = resourceContainer(log)
        container.register(AsyncSocket.self, lifetime: .singleton) { _ async in AsyncSocket(log: log) }
        let report = await container.validate(ValidationOptions(dryRun: true))
        #expect(report.isValid, "\(report)")
        #expect(log.count("open socket") == 1 && log.count("close socket") == 1, "\(log.all)")
        #expect(log.count("connect pool") == log.count("close pool"), "\(log.all)")
    }

    @Test("a synchronous dry run that built an asynchronous teardown says it could not await it, and disposes everything")
    func syncDryRunWithAsyncTeardown() async throws {
        let log = ResourceLog()
        let container = resourceContainer(log)
        container.register(AsyncSocket.self, lifetime: .singleton) { _ in AsyncSocket(log: log) }
        let report = validateSynchronously(container)
        let finding = try #require(report.findings.first { $0.kind == .teardownNotAwaited }, "\(report)")
        #expect(finding.severity == .warning)
        #expect(finding.registration == "AsyncSocket")
        #expect(finding.fix.contains("await container.validate"), "\(finding)")
        #expect(report.isValid, "a warning, not an error: \(report)")
        // The deadline stops a hang only: with every suite beside this one under a sanitizer, the
        // task's turn can come over ten seconds later on a 2-core machine (as OwnedScopeTests saw).
        let deadline = ContinuousClock.now + .seconds(120)
        while log.count("close") < 4, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(log.count("close socket") == 1 && log.count("close pool") == 1 && log.count("close file") == 1, "\(log.all)")
    }

    @Test(
        "a synchronous dry run reports a failing synchronous teardown beside an asynchronous one",
        arguments: [false, true])
    func failingTeardownBesideAnAsynchronousOne(asyncFirst: Bool) throws {
        let log = ResourceLog()
        let container = Container()
        if asyncFirst { container.register(AsyncSocket.self, lifetime: .singleton) { _ in AsyncSocket(log: log) } }
        container.register(FailingWriter.self, lifetime: .singleton) { _ in FailingWriter() }
        if !asyncFirst { container.register(AsyncSocket.self, lifetime: .singleton) { _ in AsyncSocket(log: log) } }
        let report = validateSynchronously(container)
        #expect(report.findings.contains { $0.kind == .teardownFailed && $0.registration == "FailingWriter" }, "\(report)")
        #expect(report.findings.contains { $0.kind == .teardownNotAwaited && $0.registration == "AsyncSocket" }, "\(report)")
    }

    @Test("a teardown that fails in a dry run is a warning naming the registration")
    func failingTeardownIsAWarning() throws {
        let container = Container()
        container.register(FailingWriter.self, lifetime: .singleton) { _ in FailingWriter() }
        let report = container.validate(ValidationOptions(dryRun: true))
        let finding = try #require(report.findings.first { $0.kind == .teardownFailed }, "\(report)")
        #expect(finding.severity == .warning)
        #expect(finding.registration == "FailingWriter")
        #expect(finding.headline.contains("FlushFailed"), "\(finding)")
    }
}
