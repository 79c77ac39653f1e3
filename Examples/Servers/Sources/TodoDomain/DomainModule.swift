public import Wiring

/// What both example servers share: the service over the stores, per request. A server installs
/// it beside a module of its own that registers the stores (`any UserStore`, `any TodoStore`),
/// scoped to the request, over its storage.
public struct DomainModule: Module {
    /// The module.
    public init() {}

    /// `UserService`, auto-wired over the stores, one per request.
    public var registrations: Registrations {
        autowire(lifetime: .scoped("request"), UserService.init(users:todos:))
    }
}
