import Dispatch
import Foundation
import Testing
import WiringSwinject

import struct Wiring.AtomicCell

/// A service to resolve.
protocol Service: AnyObject, Sendable {}

/// Counts the instances made, across threads.
final class Counted: Service, Sendable {
    static let made = AtomicCell<Int>(0)
    let number: Int

    init(spinning iterations: Int = 0) {
        number = Counted.made.add(1, ordering: .relaxed).newValue
        var total = 0
        for index in 0..<iterations { total &+= index }
        precondition(total >= 0)
    }
}

final class Plain: Service, Sendable {
    init() {}
}

/// Calls `onDeinit` when it is released.
final class Watched: Service, @unchecked Sendable {
    // @unchecked: `onDeinit` is set once, before the instance is shared.
    let onDeinit: () -> Void

    init(onDeinit: @escaping () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }
}

/// Runs `body` on `count` threads released together, and returns when all have finished, or
/// records an issue after `deadline` seconds: a test that hangs fails instead (a time limit cannot
/// stop threads blocked in synchronous code).
func onThreads(
    _ count: Int, deadline: Int = 60, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable (Int) -> Void
) {
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for index in 0..<count {
        DispatchQueue.global().async(group: group) {
            start.wait()
            body(index)
        }
    }
    for _ in 0..<count { start.signal() }
    if group.wait(timeout: .now() + .seconds(deadline)) == .timedOut {
        Issue.record("\(count) threads did not finish within \(deadline) s: a hang", sourceLocation: sourceLocation)
    }
}

/// Open once, then never waited for again.
final class Latch: Sendable {
    private let opened = AtomicCell<Bool>(false)

    func open() { opened.store(true, ordering: .releasing) }

    var isOpen: Bool { opened.load(ordering: .acquiring) }

    func wait() {
        while !isOpen { usleep(100) }
    }
}

/// A value behind an `NSLock`, which the thread sanitizer sees (it does not see `Mutex`'s futex).
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Collects what `Container.loggingFunction` is told while a test's body runs. The logging
/// function is one for the process, and suites run in parallel: every capture in flight receives
/// every message, and the function is set while any capture runs. Assert on the messages that
/// name the test's own types.
enum LogCapture {
    private static let captures = Locked<[ObjectIdentifier: Locked<[String]>]>([:])

    /// The messages logged while `body` ran.
    static func collecting(_ body: () -> Void) -> [String] {
        let collector = begin()
        defer { end(collector) }
        body()
        return collector.withLock { $0 }
    }

    /// The messages logged while `body` ran.
    static func collecting(_ body: () async -> Void) async -> [String] {
        let collector = begin()
        defer { end(collector) }
        await body()
        return collector.withLock { $0 }
    }

    /// Runs `body` while no capture runs and none can begin, with the logging function its own
    /// to set; it is unset afterwards. Waits without blocking a thread of the cooperative pool,
    /// which the captures in flight may need to finish.
    static func exclusively(_ body: () -> Void) async {
        while true {
            let ran = captures.withLock { captures -> Bool in
                guard captures.isEmpty else { return false }
                body()
                Container.loggingFunction = nil
                return true
            }
            if ran { return }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    private static func begin() -> Locked<[String]> {
        let collector = Locked<[String]>([])
        captures.withLock { captures in
            captures[ObjectIdentifier(collector)] = collector
            if captures.count == 1 {
                Container.loggingFunction = { message in
                    for collector in LogCapture.captures.withLock({ Array($0.values) }) {
                        collector.withLock { $0.append(message) }
                    }
                }
            }
        }
        return collector
    }

    private static func end(_ collector: Locked<[String]>) {
        captures.withLock { captures in
            captures[ObjectIdentifier(collector)] = nil
            if captures.isEmpty { Container.loggingFunction = nil }
        }
    }
}
