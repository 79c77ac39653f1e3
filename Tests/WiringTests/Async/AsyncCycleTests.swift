import Testing
@_spi(Testing) import Wiring

final class TaskGroupA: Sendable {}
final class TaskGroupB: Sendable {}
final class TaskGroupC: Sendable {}

@Suite("Async cycles", .timeLimit(.minutes(10)))
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
        container.register(TaskGroupB.self, lifetime: .singleton) { [unowned container] r async throws in
            bStarted.release()
            // Wait until A's child task has joined B's construction and C is built: A then
            // waits for B alone, its wait for C removed again.
            await joined(2, TaskGroupB.self, in: container)
            while (try? container.resolve(TaskGroupC.self)) == nil { await Task.yield() }
            _ = try await r.resolveAsync(TaskGroupA.self)
            return TaskGroupB()
        }
        container.register(TaskGroupC.self, lifetime: .singleton) { _ async throws in
            await Task.yield()  // some work
            return TaskGroupC()
        }
        // A's construction starts first and waits until B's has started too.
        let a = Task { try await container.resolveAsync(TaskGroupA.self) }
        await joined(1, TaskGroupA.self, in: container)
        let b = Task { try await container.resolveAsync(TaskGroupB.self) }
        var codes: [WiringError.Code?] = []
        do { _ = try await b.value } catch { codes.append((error as? WiringError)?.code) }
        do { _ = try await a.value } catch { codes.append((error as? WiringError)?.code) }
        #expect(codes.contains(.cycle), "\(codes)")
    }

    @Test(
        "a hook or decorator that resolves its own key while its async registration builds reports the cycle, not asyncRequired",
        arguments: [false, true]
    )
    func hookResolvingOwnAsyncKeyIsACycle(decorator: Bool) async {
        let container = Container()
        let registration = container.register(TaskGroupA.self, lifetime: .singleton) { _ async in TaskGroupA() }
        if decorator {
            registration.decorated { r, a in
                _ = try r.resolve(TaskGroupA.self)
                return a
            }
        } else {
            registration.onResolved { r, _ in _ = try r.resolve(TaskGroupA.self) }
        }
        let error = await #expect(throws: WiringError.self) { try await container.resolveAsync(TaskGroupA.self) }
        #expect(error?.code == .cycle, "\(String(describing: error))")
        #expect(error?.description.contains("TaskGroupA → TaskGroupA") == true, "\(String(describing: error))")
    }
}
