// expect-error: stored property '_users' of 'Sendable'-conforming class 'ProfileService' is mutable
// A property wrapper's storage is a `var`, which a Sendable class cannot hold; the fix, in
// Compiles.swift and the README, is `let users: UserService = wired()`.
import Wiring

final class UserService: Sendable {}

final class ProfileService: Sendable {
    @Wired var users: UserService
    init() {}
}
