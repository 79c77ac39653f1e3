/// The one error Wiring throws: what was requested, why it failed, the resolution path that led
/// there, and how to fix it.
///
/// Read ``code`` to branch on the kind of failure; print the error (its ``description``) to show
/// a person. The description has three parts: a one-line headline, an indented context block
/// (type, tag, lifetime, path `App → UserService → Database`, sites) and a "To fix:" list that
/// names near misses, such as the same type registered under another tag. Near misses are
/// computed only when the description is read, so a failed resolve stays cheap.
public struct WiringError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added; switch with a `default` case.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Sendable {
            case notRegistered = "not registered"
            case cycle = "cycle"
            case argumentMismatch = "argument mismatch"
            case factoryFailed = "factory failed"
            case typeMismatch = "type mismatch"
            case scopeNotActive = "scope not active"
            case invalidLifetime = "invalid lifetime"
            case duplicateRegistration = "duplicate registration"
            case isolationMismatch = "isolation mismatch"
            case asyncRequired = "async required"
            case shutDown = "shut down"
            case depthExceeded = "depth exceeded"
        }

        let base: Base

        /// Nothing is registered for the requested type and tag.
        public static let notRegistered = Code(base: .notRegistered)
        /// The registrations depend on each other in a loop: a registration was needed again
        /// while it was being built. ``WiringError/path`` shows the loop (`A → B → A`).
        public static let cycle = Code(base: .cycle)
        /// Builds nested deeper than the container's ``Container/maximumDepth``, or so deep that
        /// the thread's stack was nearly used up (less than 64 KB left). Nothing overflowed:
        /// the resolve stopped and threw. ``WiringError/path`` shows the chain.
        public static let depthExceeded = Code(base: .depthExceeded)
        /// The type and tag are registered, but not for the runtime arguments that were passed.
        public static let argumentMismatch = Code(base: .argumentMismatch)
        /// A factory or post-construction hook threw; see ``underlyingError``.
        public static let factoryFailed = Code(base: .factoryFailed)
        /// A forwarded registration built a value that is not of the forwarded type.
        public static let typeMismatch = Code(base: .typeMismatch)
        /// A `.scoped` registration was resolved outside a ``Scope`` (or outside a scope with
        /// the required name).
        public static let scopeNotActive = Code(base: .scopeNotActive)
        /// The lifetime cannot hold what the factory built, such as a value type registered as
        /// a weak singleton.
        public static let invalidLifetime = Code(base: .invalidLifetime)
        /// Two different declarations of the same type and tag were installed into one
        /// container (see ``Container/install(_:)``).
        public static let duplicateRegistration = Code(base: .duplicateRegistration)
        /// A registration whose factory must run on the main actor was resolved synchronously
        /// from another thread.
        public static let isolationMismatch = Code(base: .isolationMismatch)
        /// A registration with an async factory was resolved synchronously, before it was built.
        public static let asyncRequired = Code(base: .asyncRequired)
        /// A resolve from a container after ``Container/shutdown()``, or through a scope after
        /// ``Scope/close()``.
        public static let shutDown = Code(base: .shutDown)

        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The type whose resolution failed (the innermost one when dependencies are involved).
    public let requestedType: Any.Type
    /// Where the failing registration was made, when there is one.
    public let registrationSite: SourceLocation?
    /// Where the outermost `resolve` was called: the line in your code that started the
    /// resolution that failed.
    public internal(set) var callSite: SourceLocation?
    /// The error a factory or hook threw, for ``Code/factoryFailed``.
    public let underlyingError: (any Error)?
    /// For a failed read of a ``LazyWired`` property: where the property was declared, and the
    /// line that read it (when the call stack could tell). Printed instead of `resolved at:`.
    var lazyRead: (declaration: SourceLocation, read: String?)?

    @usableFromInline let key: ServiceKey
    @usableFromInline var pathKeys: [ServiceKey]
    let lifetime: Lifetime?
    let detail: Detail
    let nearMisses: @Sendable () -> [String]

    enum Detail: Sendable {
        case none
        /// The argument signatures that are registered for the type and tag.
        case registeredSignatures([String])
        case expectedType(Any.Type, actual: Any.Type)
        case scope(ScopeName?)
        /// A scoped registration resolved from the build of `holder`, which its container caches
        /// (a singleton): built outside any scope, whatever the caller resolved through.
        case heldByContainerOwned(ScopeName?, holder: ServiceKey, lifetime: Lifetime)
        /// The container's ``Container/maximumDepth`` that was reached.
        case depthLimit(Int)
        /// The depth at which the thread's stack was nearly used up.
        case stackLimit(depth: Int)
        /// Where the other declaration of a duplicate was made, and any further duplicates.
        case duplicate(existing: SourceLocation, others: [String])
        /// The resolve went through a closed scope.
        case closedScope
        /// The resolve went through a scope made after its container had shut down.
        case scopeOfShutDownContainer
        /// ``Scope/provide(_:as:tag:file:line:)`` into a closed scope.
        case providedToClosedScope
        /// Two contributions to one map use the same key.
        case duplicateKey(String, SourceLocation, SourceLocation)
        /// ``Scope/provide(_:as:tag:file:line:)`` for a registration that is not scoped.
        case provideNeedsScoped
        /// ``Scope/provide(_:as:tag:file:line:)`` into a scope that already holds an instance.
        case alreadyInScope
        /// A registration that cannot take the instance `provider` gives every scope named
        /// `scope` (a request middleware): not scoped, or scoped in scopes of another name.
        case providedByOthers(provider: String, scope: ScopeName?)
    }

    init(
        code: Code,
        key: ServiceKey,
        lifetime: Lifetime? = nil,
        registrationSite: SourceLocation? = nil,
        underlyingError: (any Error)? = nil,
        detail: Detail = .none,
        nearMisses: @escaping @Sendable () -> [String] = { [] }
    ) {
        self.code = code
        self.key = key
        self.requestedType = key.type
        self.pathKeys = [key]
        self.lifetime = lifetime
        self.registrationSite = registrationSite
        self.underlyingError = underlyingError
        self.detail = detail
        self.nearMisses = nearMisses
    }

    /// An error about building `entry`, naming its key, lifetime and registration site.
    init(code: Code, entry: AnyEntry, underlyingError: (any Error)? = nil, detail: Detail = .none) {
        self.init(
            code: code,
            key: entry.key,
            lifetime: entry.lifetime,
            registrationSite: entry.site,
            underlyingError: underlyingError,
            detail: detail
        )
    }

    /// The tag that was requested, if any.
    public var tag: AnyHashable? { key.tag?.base }

    /// The chain of resolves from the outermost request to the failing one, such as
    /// `["App", "UserService", "Database"]`. For a cycle it ends where the loop closes.
    public var path: [String] { pathKeys.map(\.description) }

    /// The same error, recorded as the failed first read of a ``LazyWired`` property declared
    /// at `declaration` and read at `read`.
    func readLazily(declaredAt declaration: SourceLocation, readAt read: String?) -> WiringError {
        var copy = self
        copy.lazyRead = (declaration, read)
        return copy
    }

    /// The same error, recorded as having passed through a `resolve` called at `site`; the
    /// outermost call is the last to record itself, so it is the one that stays.
    @usableFromInline
    func calledFrom(_ site: SourceLocation) -> WiringError {
        var copy = self
        copy.callSite = site
        return copy
    }

    /// Records that the failure happened while building `key`.
    @usableFromInline
    mutating func prepend(_ key: ServiceKey) {
        pathKeys.insert(key, at: 0)
    }

    /// The error as it leaves the build of `key`: with `key` as the first step of its path. A
    /// duplicate-key error that a collection's factory reports about its own registration
    /// already names it; anything else, a self-dependency included (whose path must read
    /// `A → A`), gains it.
    func passing(through key: ServiceKey) -> WiringError {
        var passed = self
        if !(code == .duplicateRegistration && pathKeys == [key]) { passed.prepend(key) }
        return passed
    }

    /// The loop in the path (`A → B → C → A`), if the same key occurs twice.
    var cycle: [ServiceKey]? {
        guard let last = pathKeys.last else { return nil }
        guard let start = pathKeys.dropLast().lastIndex(of: last) else { return nil }
        return Array(pathKeys[start...])
    }
}

extension WiringError: CustomDebugStringConvertible {
    public var debugDescription: String { description }
}
