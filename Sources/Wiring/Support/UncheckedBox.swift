/// Carries a value the compiler cannot prove `Sendable` into a `@Sendable` closure. Shared with
/// the facades through `package` access.
///
/// `@unchecked Sendable`: the box never mutates its value, and every use states why the value may
/// cross threads. In the core: an instance registered with
/// ``Container/registerUncheckedSendable(_:tag:instance:file:line:)`` (its caller vouches for it);
/// a tracked instance and its teardown, which the owner's lifespan runs once, after the container has
/// served the instance to any thread that resolved it. In the facades: the closures and values of
/// an original library's API, which that library already called from whichever thread resolved,
/// as each migration article states.
package struct UncheckedBox<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
