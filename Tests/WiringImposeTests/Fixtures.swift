import Foundation
import WiringImpose

import struct Wiring.AtomicCell

protocol Dependency: AnyObject {}
class SomeDependency: Dependency {}
final class ChildDependency: SomeDependency {}
final class GrandChildDependency: SomeDependency {}
protocol Greeting { var text: String { get } }
final class EnglishGreeting: Greeting, Dependency {
    let text = "hello"
}

/// Counts how many times a factory ran.
final class Counter: Sendable {
    private let value = AtomicCell<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

/// Two objects that need each other through lazy wrappers.
final class Chicken {
    @Injected var egg: Egg
}

final class Egg {
    @Injected var chicken: Chicken
}

/// Objects whose initializers inject each other: a loop Impose overflowed the stack on.
final class LoopA {
    let b: LoopB
    init(b: LoopB = inject(LoopB.self)) { self.b = b }
}

final class LoopB {
    let a: LoopA
    init(a: LoopA = inject(LoopA.self)) { self.a = a }
}

final class Screen {
    @Injected var dependency: Dependency
    @SafelyInjected var greeting: Greeting?
}

/// Runs `body` on `count` threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}
