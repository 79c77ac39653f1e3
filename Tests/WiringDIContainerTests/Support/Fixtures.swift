import Foundation
import WiringDIContainer

import struct Wiring.AtomicCell

/// A service protocol for the tests.
protocol Greeter: AnyObject {
    var greeting: String { get }
}

final class EnglishGreeter: Greeter {
    let greeting: String
    init(_ greeting: String = "Hello") { self.greeting = greeting }
}

final class FrenchGreeter: Greeter {
    let greeting = "Bonjour"
}

/// A service that depends on a `Greeter`.
final class Welcome {
    let greeter: any Greeter
    init(greeter: any Greeter) { self.greeter = greeter }
}

/// Two types with the same short name, `Svc`: the original keyed them both as "Svc".
enum Outer1 {
    struct Svc: Equatable { let id: Int }
}

enum Outer2 {
    struct Svc: Equatable { let id: Int }
}

/// A thread-safe call counter for factories.
final class Counter: Sendable {
    private let count = AtomicCell<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    @discardableResult
    func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}

/// Runs `body` on `count` new threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            body(index)
            finished.signal()
        }
        thread.start()
    }
    for _ in 0..<count { finished.wait() }
}

/// Two services whose factories resolve each other.
final class ChickenService {
    let egg: EggService
    init(egg: EggService) { self.egg = egg }
}

final class EggService {
    let chicken: ChickenService
    init(chicken: ChickenService) { self.chicken = chicken }
}
