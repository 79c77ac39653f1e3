import Wiring

/// A service and its dependency, registered and resolved as the README's first example does.
protocol Greeter: Sendable { func greet(_ name: String) -> String }
struct PoliteGreeter: Greeter {
    func greet(_ name: String) -> String { "Hello, \(name)." }
}
final class Welcome: Sendable {
    let greeter: any Greeter
    init(greeter: any Greeter) { self.greeter = greeter }
}

let container = Container()
container.register((any Greeter).self, lifetime: .singleton) { _ in PoliteGreeter() }
container.register(Welcome.self) { r in Welcome(greeter: try r.resolve()) }
print(try container.resolve(Welcome.self).greeter.greet("Ada"))
