/// A scope that ends with the object that owns it: a screen's model, a coordinator, a playback
/// session keeps one in a property, and when that owner is released the scope is closed — its
/// instances disposed in reverse order of creation, asynchronous and main-actor teardowns
/// included — with no ``Scope/close()`` to remember.
///
/// ```swift
/// @Observable
/// final class PlayerViewModel {
///     @ObservationIgnored private let playback = OwnedScope(.playback)
///     @ObservationIgnored let player: EpisodePlayer
///
///     init(episode: Episode) throws {
///         try playback.provide(episode)                  // the scope's own value
///         player = try playback.resolve()                // built in the scope, reading the episode
///     }
/// }
/// ```
///
/// - The owner holds the only reference to its `OwnedScope`; anything else that needs the scope
///   takes ``scope`` (or resolves through this value while the owner lives). Releasing the owner
///   releases this value, which closes the scope even if others still hold it: their resolves
///   through it then throw ``WiringError/Code/shutDown``.
/// - A quiet scope (no build in flight, synchronous teardowns only) is closed before the owner's
///   release returns, on that thread. Otherwise the close runs in a task: asynchronous teardowns
///   are awaited there, main-actor ones on the main actor. Teardown failures reach the
///   container's instruments (``ContainerInstrument/disposed(_:)``), as every disposal does;
///   nothing else can catch them once the owner is gone.
/// - ``close()`` and the container's ``Container/shutdown()`` still work, and the scope closes
///   exactly once, whichever comes first: a scope already closed when the owner goes is left as
///   it is.
public final class OwnedScope: Resolving, Sendable {
    /// The scope this value owns.
    public let scope: Scope

    /// Makes a scope named `name` (or unnamed) inside `parent`: a new scope of a container, or a
    /// scope nested in a scope, owned by this value.
    ///
    /// - Parameters:
    ///   - name: The scope's name, which ``Lifetime/scoped(_:)`` registrations look for.
    ///   - parent: A container, a scope, or anything that resolves (its scope, if it has one).
    public init(_ name: ScopeName? = nil, in parent: any Resolving) {
        let resolver = parent.resolver
        scope = resolver.scope?.makeScope(name) ?? resolver.container.makeScope(name)
    }

    /// Makes a scope named `name` (or unnamed) inside the current container (``Resolver/current``:
    /// the innermost `withContainer(_:operation:)`, else ``Container/default``), nested in its scope
    /// if it is one.
    ///
    /// - Parameter name: The scope's name, which ``Lifetime/scoped(_:)`` registrations look for.
    public convenience init(_ name: ScopeName? = nil) {
        self.init(name, in: Resolver.current)
    }

    deinit {
        let scope = scope
        if scope.hasClosed { return }
        // Quiet: closed here, before the owner's release returns. Its failures, if any, went to
        // the instruments; the scope is closed either way.
        do {
            if try scope.closeIfQuiet() { return }
        } catch {
            return
        }
        // Builds in flight or asynchronous teardowns: awaited in a task, which holds the scope.
        Task { try? await scope.close() }
    }

    /// The resolver of the scope: resolving through this value resolves through ``scope``.
    public var resolver: Resolver { scope.resolver }

    /// The scope's registry, unretained (see ``Resolving/_registry``). Not API.
    public var _registry: _RegistryReference { scope._registry }

    /// Gives the scope its instance of a `.scoped` registration, as ``Scope/provide(_:as:tag:file:line:)``
    /// does: the episode a playback scope plays, the user a session belongs to.
    ///
    /// - Parameters:
    ///   - instance: The value; the scope releases it when it closes, and does not dispose it.
    ///   - type: The registered type; the value's own by default.
    ///   - tag: The registration's tag.
    ///   - file: The calling file, for messages.
    ///   - line: The calling line, for messages.
    /// - Throws: ``WiringError`` as ``Scope/provide(_:as:tag:file:line:)`` does.
    public func provide<T: Sendable>(
        _ instance: T,
        as type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) throws(WiringError) {
        try scope.provide(instance, as: type, tag: tag, file: file, line: line)
    }

    /// Closes the scope now, as ``Scope/close()`` does; its owner's release then has nothing left
    /// to close.
    ///
    /// - Throws: ``DisposalError`` listing the teardowns that failed; the others still ran.
    public func close() async throws(DisposalError) {
        try await scope.close()
    }
}
