import Testing
import Wiring

final class TaskGroupA: Sendable {}
final class TaskGroupB: Sendable {}
final class TaskGroupC: Sendable {}

@Suite("Async cycles", .timeLimit(.minutes(1)))
struct AsyncCycleTests {
    @Test("a cycle that passes through one of several sibling child tasks throws cycle instead of hanging")
    func cycleThroughTaskGroup() async throws {
        let container = Container()
        let bStarted = Gate()
        container.register(TaskGroupA.self, lifetime: .singleton) { r async throws in
            await bStarted.wait()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await r.resolveAsync(TaskGroupB.self) }
                group.addTask { _ = try await r.resolveAsync(TaskGroupC.self) }
                try await group.waitForAll()
            }
            return TaskGroupA()
        }
        container.register(TaskGroupB.self, lifetime: .singleton) { r async throws in
            bStarted.release()
            // By now A's child tasks wait for B and for C.
            try await Task.sleep(for: .milliseconds(50))
            _ = try await r.resolveAsync(TaskGroupA.self)
            return TaskGroupB()
        }
        container.register(TaskGroupC.self, lifetime: .singleton) { _ async throws in
            try await Task.sleep(for: .milliseconds(20))
            return TaskGroupC()
        }
        // A's construction starts first and waits until B's has started too.
        let a = Task { try await container.resolveAsync(TaskGroupA.self) }
        try await Task.sleep(for: .milliseconds(20))
        let b = Task { try await container.resolveAsync(TaskGroupB.self) }
        var codes: [WiringError.Code?] = []
        do { _ = try await b.value } catch { codes.append((error as? WiringError)?.code) }
        do { _ = try await a.value } catch { codes.append((error as? WiringError)?.code) }
        #expect(codes.contains(.cycle), "\(codes)")
    }
}
