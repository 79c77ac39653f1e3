import Foundation
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
    static let live = AtomicCell<Int>(0)
    init() { Self.live.add(1, ordering: .relaxed) }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
}

/// In an exit test's own process: reports `message` on standard error unless `condition` holds.
/// The parent test fails on any such report and shows it (a failed exit test returns no output,
/// so the child exits normally and lets the parent judge).
func demand(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { FileHandle.standardError.write(Data("demand failed: \(message())\n".utf8)) }
}

/// Checks, in the parent, that an exit test ran to its end and that none of its demands failed.
func expectNoFailedDemand(_ result: ExitTest.Result?, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(result != nil, "the exit test did not end normally", sourceLocation: sourceLocation)
    #expect(!output.contains("demand failed"), "\(output)", sourceLocation: sourceLocation)
}

/// The thread count once it has stopped changing: threads that earlier dry runs let go exit
/// shortly after, and a count taken while they do would read low, which can hide a leak.
func settledThreadCount() -> Int {
    var last = threadCount() ?? -1
    var unchanged = 0
    let deadline = ContinuousClock.now + .seconds(5)
    while unchanged < 10 && ContinuousClock.now < deadline {
        usleep(5_000)
        let now = threadCount() ?? -1
        unchanged = now == last ? unchanged + 1 : 0
        last = now
    }
    return last
}

/// A container whose dry run fails in `wired()`, after building a payload singleton that a
/// parked attempt's copy keeps.
func failingContainer() -> Container {
    let container = Container()
    container.register(DryRunPayload.self, lifetime: .singleton) { _ in DryRunPayload() }
    container.register(InjectsUnregistered.self) { _ in InjectsUnregistered() }
    return container
}

/// A dry run whose call-site injection fails parks its thread, which can never be unwound:
/// repeated validation must not park one more each time, and must never trap.
///
/// The thread counts and live payloads are the whole process's: each measurement runs in an exit
/// test, a process of its own, where no other suite starts threads or makes payloads meanwhile.
@Suite("Dry runs never leak", .timeLimit(.minutes(10)))
struct DryRunLeakTests {
    @Test("500 failing dry runs of one container park no more threads and keep no more copies, and report the failure every time")
    func repeatedSyncDryRuns() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let container = failingContainer()
            let first = container.validate(ValidationOptions(dryRun: true))
            demand(first.errors.contains { $0.kind == .missingRegistration }, "\(first)")
            let threadsBefore = settledThreadCount()
            let liveBefore = DryRunPayload.live.load(ordering: .relaxed)
            for run in 0..<500 {
                let report = container.validate(ValidationOptions(dryRun: true))
                demand(report.errors.map(\.description) == first.errors.map(\.description), "run \(run): \(report)")
            }
            let threadsAfter = settledThreadCount()
            demand(threadsBefore > 0 && threadsAfter - threadsBefore < 3, "threads: \(threadsBefore) → \(threadsAfter)")
            // No abandoned copy holds one more payload per run. The last runs' workers release
            // their copies on their own threads, after `validate` returned: yield to them until
            // they have (a leak of one per run, 500, never settles; the deadline bounds a failure).
            var liveAfter = DryRunPayload.live.load(ordering: .relaxed)
            let deadline = ContinuousClock.now + .seconds(10)
            while liveAfter > liveBefore + 2 && ContinuousClock.now < deadline {
                sched_yield()
                liveAfter = DryRunPayload.live.load(ordering: .relaxed)
            }
            demand(liveAfter <= liveBefore + 2, "payloads alive: \(liveBefore) → \(liveAfter)")
        }
        expectNoFailedDemand(result)
    }

    @Test("500 failing async dry runs of one container leave the thread count flat")
    func repeatedAsyncDryRuns() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let container = failingContainer()
            _ = await container.validate(ValidationOptions(dryRun: true))
            let threadsBefore = settledThreadCount()
            for run in 0..<500 {
                let report = await container.validate(ValidationOptions(dryRun: true))
                demand(report.errors.contains { $0.kind == .missingRegistration }, "run \(run): \(report)")
            }
            let threadsAfter = settledThreadCount()
            // The cooperative pool may still grow to its width (the cores) during the runs.
            let margin = ProcessInfo.processInfo.activeProcessorCount + 2
            demand(threadsBefore > 0 && threadsAfter - threadsBefore < margin, "threads: \(threadsBefore) → \(threadsAfter)")
        }
        expectNoFailedDemand(result)
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
    func manyFailuresAreBounded() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let container = Container()
            for tag in 0..<12 {
                container.register(InjectsUnregistered.self, tag: tag) { _ in InjectsUnregistered() }
            }
            let threadsBefore = settledThreadCount()
            let report = container.validate(ValidationOptions(dryRun: true))
            let threadsAfter = settledThreadCount()
            // At most 8 parked, and the dry run's own worker.
            demand(threadsBefore > 0 && threadsAfter - threadsBefore <= 8 + 1, "threads: \(threadsBefore) → \(threadsAfter)")
            let stopped = report.errors.first { $0.kind == .dryRunIncomplete }
            demand(stopped?.headline.contains("stopped after 8 call-site injections") == true, "\(report)")
            demand(report.errors.filter { $0.kind == .missingRegistration }.count >= 1, "\(report)")
        }
        expectNoFailedDemand(result)
    }

    @Test("validating again after a dry run stopped at its bound goes on where it stopped, and keeps what it learned")
    func validatingAgainMakesProgress() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let container = Container()
            for tag in 0..<10 {
                container.register(InjectsUnregistered.self, tag: tag) { _ in InjectsUnregistered() }
            }
            let first = container.validate(ValidationOptions(dryRun: true))
            demand(first.errors.contains { $0.kind == .dryRunIncomplete }, "\(first)")
            demand(first.errors.filter { $0.kind == .missingRegistration }.count == 8, "\(first)")
            let second = container.validate(ValidationOptions(dryRun: true))
            demand(!second.errors.contains { $0.kind == .dryRunIncomplete }, "\(second)")
            demand(second.errors.filter { $0.kind == .missingRegistration }.count == 10, "\(second)")
            let threads = settledThreadCount()
            let third = container.validate(ValidationOptions(dryRun: true))
            demand(third.errors.map(\.description) == second.errors.map(\.description), "\(third)")
            let after = settledThreadCount()
            demand(threads > 0 && after - threads < 2, "the third validation parked threads again: \(threads) → \(after)")
        }
        expectNoFailedDemand(result)
    }
}

/// Another container's failing dry runs must not make a correct container's dry run fail.
@Suite("Dry runs of one container do not fail another's", .timeLimit(.minutes(10)))
struct DryRunIsolationTests {
    @Test("after 80 failing dry runs of other containers, a correct container's dry run is clean")
    func otherContainersFailuresDoNotSpill() async {
        // In a process of its own: it parks 80 threads for good.
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            var kept: [Container] = []
            for _ in 0..<80 {
                let failing = failingContainer()
                let report = failing.validate(ValidationOptions(dryRun: true))
                demand(report.errors.contains { $0.kind == .missingRegistration }, "\(report)")
                kept.append(failing)
            }
            let correct = Container()
            correct.register(NothingRegistersThis.self) { _ in NothingRegistersThis() }
            correct.register(InjectsUnregistered.self) { _ in InjectsUnregistered() }
            let report = correct.validate(ValidationOptions(dryRun: true))
            demand(report.isValid && !report.errors.contains { $0.kind == .dryRunIncomplete }, "\(report)")
            withExtendedLifetime(kept) {}
        }
        expectNoFailedDemand(result)
    }
}
