import Foundation
import Synchronization
import Testing
import Wiring

/// How many threads this process has, from `/proc/self/status` (Linux).
func threadCount() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
        return line.split(separator: "\t").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.first
    }
    return nil
}

/// Registered nowhere: the call-site injection of ``InjectsUnregistered`` always fails.
final class NothingRegistersThis: Sendable {}
final class InjectsUnregistered: Sendable {
    let value: NothingRegistersThis
    init(value: NothingRegistersThis = wired()) { self.value = value }
}

/// A payload that counts its live instances: what an abandoned copy keeps alive shows here.
final class DryRunPayload: Sendable {
    static let live = Atomic<Int>(0)
    init() { Self.live.add(1, ordering: .relaxed) }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
}

/// A dry run whose call-site injection fails parks its thread, which can never be unwound:
/// repeated validation must not park one more each time, and must never trap.
@Suite("Dry runs never leak", .serialized, .timeLimit(.minutes(10)))
struct DryRunLeakTests {
    /// A container whose dry run fails in `wired()`, after building a payload singleton that a
    /// parked attempt's copy keeps.
    func failingContainer() -> Container {
        let container = Container()
        container.register(DryRunPayload.self, lifetime: .singleton) { _ in DryRunPayload() }
        container.register(InjectsUnregistered.self) { _ in InjectsUnregistered() }
        return container
    }

    @Test("500 failing dry runs of one container park no more threads and keep no more copies, and report the failure every time")
    func repeatedSyncDryRuns() throws {
        let container = failingContainer()
        let first = container.validate(ValidationOptions(dryRun: true))
        #expect(first.errors.contains { $0.kind == .missingRegistration }, "\(first)")
        let threadsBefore = try #require(threadCount())
        let liveBefore = DryRunPayload.live.load(ordering: .relaxed)
        for _ in 0..<500 {
            let report = container.validate(ValidationOptions(dryRun: true))
            #expect(report.errors.map(\.description) == first.errors.map(\.description))
        }
        let threadsAfter = try #require(threadCount())
        // Other suites run meanwhile and start threads of their own: a margin, far below 500.
        #expect(threadsAfter - threadsBefore < 20, "threads: \(threadsBefore) → \(threadsAfter)")
        // No abandoned copy holds one more payload per run (the suite is serialized, so no other
        // test makes payloads meanwhile). The last runs' workers release their copies on their
        // own threads, after `validate` returned: on a loaded machine, yield to them until they
        // have (a leak of one per run, 500, never settles; the deadline only bounds a failure).
        var liveAfter = DryRunPayload.live.load(ordering: .relaxed)
        let deadline = ContinuousClock.now + .seconds(10)
        while liveAfter > liveBefore + 2 && ContinuousClock.now < deadline {
            sched_yield()
            liveAfter = DryRunPayload.live.load(ordering: .relaxed)
        }
        #expect(liveAfter <= liveBefore + 2, "payloads alive: \(liveBefore) → \(liveAfter)")
    }

    @Test("500 failing async dry runs of one container leave the thread count flat")
    func repeatedAsyncDryRuns() async throws {
        let container = failingContainer()
        _ = await container.validate(ValidationOptions(dryRun: true))
        let threadsBefore = try #require(threadCount())
        for _ in 0..<500 {
            let report = await container.validate(ValidationOptions(dryRun: true))
            #expect(report.errors.contains { $0.kind == .missingRegistration })
        }
        let threadsAfter = try #require(threadCount())
        #expect(threadsAfter - threadsBefore < 20, "threads: \(threadsBefore) → \(threadsAfter)")
    }

    @Test("a changed container is dry-run again: a registration added since makes the failure go away")
    func changedContainerIsDryRunAgain() {
        let container = failingContainer()
        #expect(!container.validate(ValidationOptions(dryRun: true)).isValid)
        container.register(NothingRegistersThis.self) { _ in NothingRegistersThis() }
        let report = container.validate(ValidationOptions(dryRun: true))
        #expect(report.isValid, "\(report)")
    }

    @Test("one dry run with many failing registrations parks a bounded number of threads and says it stopped")
    func manyFailuresAreBounded() throws {
        let container = Container()
        for tag in 0..<12 {
            container.register(InjectsUnregistered.self, tag: tag) { _ in InjectsUnregistered() }
        }
        let threadsBefore = try #require(threadCount())
        let report = container.validate(ValidationOptions(dryRun: true))
        let threadsAfter = try #require(threadCount())
        #expect(threadsAfter - threadsBefore <= 8 + 10, "threads: \(threadsBefore) → \(threadsAfter)")
        let stopped = try #require(report.errors.first { $0.kind == .dryRunIncomplete }, "\(report)")
        #expect(stopped.headline.contains("stopped after 8 call-site injections"), "\(stopped)")
        #expect(report.errors.filter { $0.kind == .missingRegistration }.count >= 1)
    }

    @Test("validating again after a dry run stopped at its bound goes on where it stopped, and keeps what it learned")
    func validatingAgainMakesProgress() throws {
        let container = Container()
        for tag in 0..<10 {
            container.register(InjectsUnregistered.self, tag: tag) { _ in InjectsUnregistered() }
        }
        let first = container.validate(ValidationOptions(dryRun: true))
        #expect(first.errors.contains { $0.kind == .dryRunIncomplete }, "\(first)")
        #expect(first.errors.filter { $0.kind == .missingRegistration }.count == 8, "\(first)")
        let second = container.validate(ValidationOptions(dryRun: true))
        #expect(!second.errors.contains { $0.kind == .dryRunIncomplete }, "\(second)")
        #expect(second.errors.filter { $0.kind == .missingRegistration }.count == 10, "\(second)")
        let threads = try #require(threadCount())
        let third = container.validate(ValidationOptions(dryRun: true))
        #expect(third.errors.map(\.description) == second.errors.map(\.description))
        #expect(try #require(threadCount()) - threads < 5, "the third validation parked threads again")
    }
}
