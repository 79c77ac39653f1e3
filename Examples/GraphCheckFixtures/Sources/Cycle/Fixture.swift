import Wiring

public final class Orders: Sendable {
    let users: Users
    init(users: Users) { self.users = users }
}

public final class Users: Sendable {
    let orders: Orders
    init(orders: Orders) { self.orders = orders }
}

/// Each needs the other to be built.
public struct CycleModule: Module {
    public init() {}
    public var registrations: Registrations {
        singleton { r in Orders(users: try r.resolve(Users.self)) }  // expect-error: circular dependency: Orders → Users → Orders.
        singleton { r in Users(orders: try r.resolve(Orders.self)) }
    }
}
