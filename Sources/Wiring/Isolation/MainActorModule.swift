/// A module whose synchronous factories run on the main actor without saying so: what an app
/// target (default main-actor isolation) declares its view models, stores and clients with,
/// with no `@MainActor in` on each factory.
///
/// ```swift
/// struct ShopModule: MainActorModule {
///     var registrations: Registrations {
///         singleton { APIConfig(baseURL: "https://shop.example.com") }
///         singleton((any APIClient).self) { r in LiveAPIClient(config: try r.resolve()) }
///         singleton { SessionStore() }
///         autowire(lifetime: .singleton, OrderService.init(api:database:))
///         scoped(in: .checkout) { CheckoutDraft() }
///         singleton { try await RecipeStore.load() }       // async: runs where it is awaited
///         nonisolated.singleton { Database() }              // built on the resolving thread
///     }
/// }
/// ```
///
/// Its synchronous declarations are ``MainActorDeclaring``'s only, so an unmarked closure is a
/// main-actor closure, and calls main-actor initializers as the app's own code does. (A
/// ``Module`` has the nonisolated forms as well, and Swift prefers them for an unmarked closure,
/// which is why a factory there says `@MainActor in`.) Its `async` declarations and `instance`
/// are ``CommonDeclaring``'s, as in a ``Module``.
///
/// The module itself is nonisolated, as a ``Module`` is (``Installable`` is `SendableMetatype`):
/// it is installed, validated and used in tests from any context, test targets without the app's
/// settings included. What runs on the main actor is its factories, with what that means for a
/// resolve: on the main actor it builds in place, ``Resolving/resolveAsync(_:tag:file:line:)``
/// hops there from anywhere, and a synchronous resolve elsewhere throws
/// ``WiringError/Code/isolationMismatch``. A type that code off the main actor resolves
/// synchronously (an actor such as a database, a client a background task uses) is declared
/// through ``nonisolated``, where the declarations are a ``Module``'s.
///
/// `instance(APIConfig(…))` is a main-actor declaration too: the value is made once, on the main
/// actor, when first resolved, so its initializer may be main-actor as the app's own types are.
/// `nonisolated.instance(…)` keeps a value made at once, for any thread.
///
/// What this module cannot spell: a factory whose closure Swift infers from somewhere else (a
/// function value rather than a closure literal) keeps that function's isolation; an unmarked one
/// only fits if it is main-actor or nonisolated and `Sendable`.
public protocol MainActorModule: Installable, MainActorDeclaring, CommonDeclaring {}

extension MainActorModule {
    /// The declarations of a ``Module``, for the factories of this module that must run on
    /// whichever thread resolves them: `nonisolated.singleton { Database() }`. There, as in a
    /// ``Module``, an unmarked closure is nonisolated and `{ @MainActor in … }` is main-actor.
    public var nonisolated: Registrations.Declarations { Registrations.Declarations() }

    /// Declares a value as a singleton, made once on the main actor when it is first resolved:
    /// `instance(APIConfig(baseURL: baseURL))`, where `APIConfig`'s initializer is main-actor as
    /// an app target's types are, and the nonisolated `registrations` body could not call it.
    ///
    /// As every unmarked synchronous declaration of this module, it is a main-actor
    /// registration: on the main actor it is made in place, ``Resolving/resolveAsync(_:tag:file:line:)``
    /// hops there from anywhere, and a synchronous resolve elsewhere before it is made throws
    /// ``WiringError/Code/isolationMismatch``. A value that code off the main actor reads first
    /// is declared `nonisolated.instance(…)`, made at once, as in a ``Module``.
    ///
    /// - Parameters:
    ///   - value: The value, made on the main actor the first time it is resolved.
    ///   - type: The type to register it as; the value's own by default.
    ///   - tag: The tag to register it under.
    ///   - file: Where the registration is declared, for messages.
    ///   - line: Where the registration is declared, for messages.
    public func instance<T: Sendable>(
        _ value: @autoclosure @escaping @MainActor @Sendable () -> T,
        as type: T.Type = T.self,
        tag: (any Hashable & Sendable)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Declaration<T> {
        singleton(type, tag: tag, file: file, line: line) { () -> T in value() }
    }
}
