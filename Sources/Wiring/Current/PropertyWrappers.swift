/// A property resolved when its owner is initialized, from the current container (see
/// ``Resolver/current``).
///
/// ```swift
/// struct CheckoutView {
///     @Wired var cart: Cart
///     @Wired(tag: Payments.live) var payments: any PaymentProcessor
/// }
/// ```
///
/// - When: during the owner's initializer, before its body runs.
/// - From where: the container current at that moment; inside a factory, the factory's own
///   resolver, so child-container overrides and scopes apply.
/// - On failure: stops the program with the full ``WiringError`` message (see
///   ``wired(_:tag:file:line:)``).
///
/// `Wired<T>` is `Sendable` when `T` is, so it keeps a `Sendable` struct, actor or
/// `@MainActor` class `Sendable`. A `final class` that conforms to `Sendable` cannot hold any
/// property wrapper (Swift stores wrapped properties as `var`s); use a constant with
/// ``wired(_:tag:file:line:)`` instead: `let cart: Cart = wired()`.
@propertyWrapper
public struct Wired<T> {
    /// The resolved instance.
    public let wrappedValue: T

    /// Resolves the property's type, with `tag` if given, from the current container.
    public init(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        wrappedValue = wired(T.self, tag: tag, file: file, line: line)
    }
}

extension Wired: Sendable where T: Sendable {}

/// A property resolved on its first read, not at initialization. Reading it lazily is how two
/// services that need each other avoid a construction cycle.
///
/// ```swift
/// final class Coordinator {
///     @LazyWired var router: Router   // Router also needs the Coordinator
/// }
/// ```
///
/// - When: on the first read of the property; later reads return the same instance. If two
///   threads read it first at the same moment, both may resolve, and both get the instance that
///   was stored first (for a singleton that is the same object anyway).
/// - From where: the container that was current when the owner was *initialized* (captured
///   then, so a read from another task or thread resolves from the same place). The wrapper
///   keeps that container, or scope, alive until it is read or released — except when it is
///   made while its container builds an instance it caches (a singleton, a scoped instance, or
///   anything they are built from): then it refers to the container weakly, so that an unread
///   `LazyWired` in a singleton does not keep the container alive through a retain cycle.
///   Reading it after that container or scope was released stops the program with a message
///   that says so.
/// - On failure: stops the program with the full ``WiringError`` message.
///
/// `LazyWired<T>` is `Sendable` when `T` is. In a `final class` that conforms to `Sendable`,
/// declare it as a constant and read it by calling it: `let router = LazyWired<Router>()`,
/// then `router()`.
@propertyWrapper
public struct LazyWired<T> {
    private let storage: LazyStorage<T>

    /// Prepares a lazy property of the property's type, with `tag` if given, capturing the
    /// current container.
    public init(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        storage = LazyStorage(resolver: Resolver.current, tag: tag, file: file, line: line)
    }

    /// The instance, resolved on first read. If that read fails, the message names the
    /// property's declaration and the line that read it, which it finds in the call stack (a
    /// getter cannot take `#line`). In an optimised build, a read the compiler inlined into its
    /// caller is reported at the caller's line; a build without debug information says the line
    /// is not known.
    public var wrappedValue: T { storage.value(readAt: nil) }

    /// The instance, resolved on first call: the spelling for a `let` outside a wrapper.
    ///
    /// - Parameters:
    ///   - file: The file of the call; a failure names it as where the property was read.
    ///   - line: The line of the call.
    public func callAsFunction(file: StaticString = #fileID, line: UInt = #line) -> T {
        storage.value(readAt: SourceLocation(file, line).description)
    }
}

extension LazyWired: Sendable where T: Sendable {}

/// The shared, once-set storage of a ``LazyWired`` property.
final class LazyStorage<T>: @unchecked Sendable {
    // @unchecked: `container` and `scope` are weak references, which the Swift runtime loads
    // safely from any thread, and with `owner` are written only in `init`; `resolved` is read and
    // written only while `lock` is held. Instances of `T` leave this storage only through a
    // `LazyWired<T>`, which is Sendable only when `T` is.
    private let lock = PlatformLock()
    private var resolved: T?
    /// Weak, so that an instance its container caches does not keep that container alive.
    private weak var container: Container?
    private weak var scope: Scope?
    /// The captured resolver, held strongly, when nothing the container caches holds this.
    private let owner: Resolver?
    private let hadScope: Bool
    /// Made by a type that validation makes (``ValidationOptions/make(_:file:line:_:)``), outside
    /// any build: it keeps no resolver, since the dry run's copy it would capture is shut down
    /// when `validate` returns; its first read resolves from the container current then, as in
    /// the app.
    private let followsCurrent: Bool
    private let tag: (any Hashable & Sendable)?
    private let file: StaticString
    private let line: UInt

    init(resolver: Resolver, tag: (any Hashable & Sendable)?, file: StaticString, line: UInt) {
        let context = ResolutionContext.existing
        followsCurrent = context?.madeByValidation != nil && context?.frame.pointee.depth == 0
        container = followsCurrent ? nil : resolver.container
        scope = followsCurrent ? nil : resolver.scope
        hadScope = !followsCurrent && resolver.scope != nil
        let insideCachedBuild = context?.isInsideCachedBuild ?? false
        owner = insideCachedBuild || followsCurrent ? nil : resolver
        // A dry run learns the property as a dependency of the instance being built, so that
        // validation neither calls its type unreachable nor misses that it is not registered.
        let inDryRun = context?.dryRunWorker != nil || context?.dryRunOnMainActor == true
        if inDryRun, let recorder = resolver.container.tracing.withLock({ $0?.recorder }) {
            recorder.declareLazy(ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self))
        }
        self.tag = tag
        self.file = file
        self.line = line
    }

    /// The resolver captured at initialization, while its container (and scope) are alive.
    private var resolver: Resolver? {
        if followsCurrent { return Resolver.current }
        if let owner { return owner }
        guard let container else { return nil }
        let scope = self.scope
        if hadScope && scope == nil { return nil }
        return Resolver(container: container, scope: scope)
    }

    /// The instance, resolved on first call. `read` is the reading line, when the caller knows
    /// it; otherwise a failure looks for it in the call stack.
    func value(readAt read: String?) -> T {
        lock.lock()
        if let resolved {
            lock.unlock()
            return resolved
        }
        lock.unlock()
        // Resolve without the lock, so that a factory that reads this same property re-enters
        // as a cycle error rather than a deadlock.
        guard let resolver else {
            let owner = hadScope ? "scope" : "container"
            fatalError(
                """
                Wiring: a LazyWired<\(typeDisplayName(T.self))> property was read after the \(owner) it resolves from was released.
                  declared at: \(SourceLocation(file, line))
                  read at: \(read ?? CallerLocation.outsideWiring() ?? CallerLocation.unknownReadSite)
                To fix: read it while that \(owner) is alive, or keep a reference to the \(owner) for as long as its instances are used.
                """,
                file: file,
                line: line
            )
        }
        let value: T
        do {
            value = try resolver.resolve(T.self, tag: tag, file: file, line: line)
        } catch {
            // A dry run turns the failure into a finding and needs no reading line.
            let read = read ?? (DryRunWorker.current == nil ? CallerLocation.outsideWiring() : nil)
            injectionFailed(error.readLazily(declaredAt: SourceLocation(file, line), readAt: read), file: file, line: line)
        }
        lock.lock()
        defer { lock.unlock() }
        if let resolved { return resolved }
        resolved = value
        return value
    }
}

/// A property resolved when its owner is initialized, or `nil` when its type (with its tag) is
/// not registered in the current container.
///
/// ```swift
/// struct Checkout {
///     @OptionalWired var analytics: (any Analytics)?
/// }
/// ```
///
/// - When and from where: as ``Wired``.
/// - `nil` only for "not registered": a registered factory that throws, or a cycle, stops the
///   program with the full ``WiringError`` message.
///
/// `OptionalWired<T>` is `Sendable` when `T` is; see ``Wired`` about `Sendable` classes.
@propertyWrapper
public struct OptionalWired<T> {
    /// The resolved instance, or `nil` if nothing is registered.
    public let wrappedValue: T?

    /// Resolves the property's type, with `tag` if given, if it is registered.
    public init(
        _ type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        wrappedValue = wiredIfRegistered(T.self, tag: tag, file: file, line: line)
    }
}

extension OptionalWired: Sendable where T: Sendable {}
