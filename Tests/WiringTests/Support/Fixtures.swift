import Wiring

// Services shared by the test suites. Classes are final and Sendable so that they can cross
// threads in the concurrency tests.

protocol Logging: AnyObject, Sendable {
    func log(_ message: String)
}

final class ConsoleLogger: Logging {
    let messages = Lock<[String]>([])
    func log(_ message: String) { messages.withLock { $0.append(message) } }
}

protocol Database: AnyObject, Sendable {
    var name: String { get }
}

final class SQLDatabase: Database {
    let name: String
    init(name: String = "main") { self.name = name }
}

final class UserService: Sendable {
    let database: any Database
    let logger: any Logging
    init(database: any Database, logger: any Logging) {
        self.database = database
        self.logger = logger
    }
}

final class App: Sendable {
    let users: UserService
    init(users: UserService) { self.users = users }
}

struct Config: Sendable, Equatable {
    var environment = "test"
}

/// Counts how many times something was built.
final class Counter: Sendable {
    private let value = AtomicCell<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

/// A class whose instances can be counted and tracked weakly.
final class Tracked: Sendable {
    let id: Int
    init(id: Int = 0) { self.id = id }
}

/// A type for cycles closed by hooks: parent holds child strongly, child points back weakly.
final class Parent: Sendable {
    let child: Child
    init(child: Child) { self.child = child }
}

final class Child: Sendable {
    private let parentBox = Lock<WeakParent>(WeakParent())
    var parent: Parent? {
        get { parentBox.withLock { $0.value } }
        set { parentBox.withLock { $0.value = newValue } }
    }
}

struct WeakParent: Sendable {
    weak var value: Parent?
}

/// Services for constructor cycles.
final class CycleA: Sendable {
    let b: CycleB
    init(b: CycleB) { self.b = b }
}

final class CycleB: Sendable {
    let a: CycleA
    init(a: CycleA) { self.a = a }
}

struct SampleError: Error, Equatable {
    let reason: String
}

enum DatabaseRole: Hashable, Sendable {
    case primary, replica
}
