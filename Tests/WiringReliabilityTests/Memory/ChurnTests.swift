import Foundation
import Testing
import Wiring

/// The resident set size of this process, from `/proc/self/status` (Linux), in bytes.
func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { $0 * 1024 }
    }
    return nil
}

/// The sanitizer this test process runs under, if any. AddressSanitizer keeps freed memory in
/// quarantine, so RSS grows under it whatever the code frees: the churn still runs there (to
/// catch use-after-free), but RSS is checked only without it.
let runningSanitizer: String? = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
    defer { dlclose(handle) }
    if dlsym(handle, "__asan_init") != nil { return "address" }
    if dlsym(handle, "__tsan_init") != nil { return "thread" }
    return nil
}()

/// How many times each churn test changes its key: a million in release builds (CI's release
/// step), 20,000 in debug builds to keep `swift test` (and its thread-sanitizer run) short.
/// `WIRING_CHURN` overrides both.
enum ChurnBudget {
    static var operations: Int {
        if let text = ProcessInfo.processInfo.environment["WIRING_CHURN"], let value = Int(text), value > 0 {
            return value
        }
        #if DEBUG
            return 20_000
        #else
            return 1_000_000
        #endif
    }
}

final class ChurnService: Sendable {
    let payload = [UInt8](repeating: 1, count: 64)
}

final class OtherService: Sendable {}

extension ProcessWide {
    /// A long-lived container that keeps changing one key stays flat in memory, with two threads
    /// resolving the whole time: what each change replaces is freed, not kept until the container dies.
    @Suite("Memory under churn", .serialized, .timeLimit(.minutes(10)))
    struct ChurnTests {
        /// Runs `change` `ChurnBudget.operations` times while two threads resolve `ChurnService`, and
        /// checks that RSS grows by less than 16 MB after the first 10,000 changes.
        func expectFlat(_ name: String, container: Container, _ change: (Int) -> Void) {
            expectFlat(name, reading: { (try? container.resolve(ChurnService.self)) != nil }, change)
        }

        /// Runs `change` `ChurnBudget.operations` times while two threads call `read` (which says
        /// whether it resolved), and checks that RSS grows by less than 16 MB after the first 10,000
        /// changes.
        func expectFlat(_ name: String, reading read: @escaping @Sendable () -> Bool, _ change: (Int) -> Void) {
            let stop = AtomicCell<Bool>(false)
            let reads = AtomicCell<Int>(0)
            let group = DispatchGroup()
            for _ in 0..<2 {
                let thread = Thread {
                    while !stop.load(ordering: .relaxed) {
                        if read() { reads.add(1, ordering: .relaxed) }
                    }
                    group.leave()
                }
                group.enter()
                thread.start()
            }
            let total = max(ChurnBudget.operations, 20_000)
            var progress = Progress("churn, \(name)", total: total, unit: "changes")
            for index in 0..<10_000 { change(index) }
            let baseline = residentBytes() ?? 0
            for index in 10_000..<total {
                progress.update(index)
                change(index)
            }
            let after = residentBytes() ?? 0
            stop.store(true, ordering: .relaxed)
            group.wait()
            let growth = after - baseline
            if runningSanitizer != "address" {
                #expect(growth < 16 << 20, "\(name): RSS grew by \(growth >> 10) KB over \(total - 10_000) changes")
            }
            #expect(reads.load(ordering: .relaxed) > 0, "\(name): the readers never resolved")
        }

        @Test("overriding one key over and over, resolving it each time, stays flat")
        func overrides() throws {
            let container = Container()
            container.register(ChurnService.self, lifetime: .singleton) { _ in ChurnService() }
            expectFlat("override", container: container) { _ in
                container.register(ChurnService.self, lifetime: .singleton) { _ in ChurnService() }
                _ = try? container.resolve(ChurnService.self)
            }
        }

        @Test("registering and removing a key over and over stays flat")
        func registerRemove() throws {
            let container = Container()
            container.register(ChurnService.self, lifetime: .singleton) { _ in ChurnService() }
            expectFlat("register/remove", container: container) { index in
                container.register(OtherService.self, tag: index % 3 == 0 ? nil : "tagged", lifetime: .singleton) { _ in
                    OtherService()
                }
                _ = try? container.resolve(OtherService.self, tag: index % 3 == 0 ? nil : "tagged")
                container.remove(OtherService.self, tag: index % 3 == 0 ? nil : "tagged")
            }
        }

        @Test("resetting a singleton over and over stays flat")
        func resets() throws {
            let container = Container()
            container.register(ChurnService.self, lifetime: .singleton) { _ in ChurnService() }
            expectFlat("reset", container: container) { _ in
                _ = try? container.resolve(ChurnService.self)
                container.reset()
            }
        }

        @Test("every replaced instance is released while readers run")
        func replacedInstancesAreReleased() throws {
            final class Weak: @unchecked Sendable {
                // @unchecked: written before the readers start, read after they stop.
                weak var object: ChurnService?
            }
            let container = Container()
            container.register(ChurnService.self, lifetime: .singleton) { _ in ChurnService() }
            let stop = AtomicCell<Bool>(false)
            let group = DispatchGroup()
            for _ in 0..<2 {
                let thread = Thread {
                    while !stop.load(ordering: .relaxed) { _ = try? container.resolve(ChurnService.self) }
                    group.leave()
                }
                group.enter()
                thread.start()
            }
            var watches: [Weak] = []
            for round in 0..<2_000 {
                let watch = Weak()
                watch.object = try container.resolve(ChurnService.self)
                watches.append(watch)
                switch round % 3 {
                case 0: container.reset()
                case 1: container.register(ChurnService.self, lifetime: .singleton) { _ in ChurnService() }
                default:
                    container.remove(ChurnService.self)
                    container.register(ChurnService.self, lifetime: .singleton) { _ in ChurnService() }
                }
            }
            stop.store(true, ordering: .relaxed)
            group.wait()
            // Every reader has returned and dropped what it resolved: nothing replaced may be alive.
            let alive = watches.filter { $0.object != nil }.count
            #expect(alive == 0, "\(alive) of 2,000 replaced instances are still alive")
        }
    }
}
