/// A declaration: which form was chosen.
public struct Declaration<T>: Sendable {
    public let form: String
}

public protocol MainActorDeclaring {}
public protocol RegistrationDeclaring: MainActorDeclaring {}

extension MainActorDeclaring {
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self, tag: String? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> { Declaration(form: "main actor") }
}

/// What `install` takes: a body of declarations.
public protocol ModuleBase: SendableMetatype {
    var registrations: [String] { get }
}

/// As Wiring's: the module refines SendableMetatype, so an app target does not make it main-actor.
public protocol Module: ModuleBase, RegistrationDeclaring {}

extension RegistrationDeclaring {
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self, tag: String? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> { Declaration(form: "nonisolated") }

    public func instance<T: Sendable>(_ value: T) -> Declaration<T> { Declaration(form: "instance") }
}

/// E2b: an app module's declarations come from their own protocol, which has the main-actor forms
/// only (and a labelled nonisolated one), not from RegistrationDeclaring.
public protocol AppRegistrationDeclaring {}
public protocol AppModule: ModuleBase, AppRegistrationDeclaring {}

extension AppRegistrationDeclaring {
    public func singleton<T: Sendable>(
        _ type: T.Type = T.self, tag: String? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> T
    ) -> Declaration<T> { Declaration(form: "main actor (app module)") }

    public func nonisolatedSingleton<T: Sendable>(
        _ type: T.Type = T.self, tag: String? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> T
    ) -> Declaration<T> { Declaration(form: "nonisolated (app module)") }

    public func instance<T: Sendable>(_ value: T) -> Declaration<T> { Declaration(form: "instance") }
}

public func install(_ modules: any ModuleBase...) -> [String] { modules.flatMap(\.registrations) }
public func install(_ modules: [any Module]) -> [String] { modules.flatMap(\.registrations) }
