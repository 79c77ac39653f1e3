/// What a container tells when a resolve finds nothing. Internal in Swinject 2.10.0; public here,
/// because its own tests pass a helper of their own to `Container.init(parent:debugHelper:defaultObjectScope:)`.
public protocol DebugHelper {
    /// A resolve of `serviceType` under `key` found nothing; `availableRegistrations` are the
    /// registrations of the container and its ancestors.
    func resolutionFailed<Service>(
        serviceType: Service.Type,
        key: ServiceKey,
        availableRegistrations: [ServiceKey: any ServiceEntryProtocol]
    )
}

/// The helper every container uses unless given another: it logs the failure through
/// `Container.loggingFunction`, in three parts: what was asked for and what is registered for that
/// type, the path of the builds that asked, and a fix.
public final class LoggingDebugHelper: DebugHelper, Sendable {
    /// A helper.
    public init() {}

    /// Logs the failure, if anything logs (the message is not built otherwise).
    public func resolutionFailed<Service>(
        serviceType: Service.Type,
        key: ServiceKey,
        availableRegistrations: [ServiceKey: any ServiceEntryProtocol]
    ) {
        guard let log = Container.activeLoggingFunction else { return }
        log(resolutionFailureMessage(serviceType: serviceType, key: key, available: availableRegistrations))
    }
}

/// Swinject's text for a failed resolve, then the path that led to it and a fix.
func resolutionFailureMessage<Service>(
    serviceType: Service.Type,
    key: ServiceKey,
    available: [ServiceKey: any ServiceEntryProtocol]
) -> String {
    let sameType = available.filter { $0.value is ServiceEntry<Service> }
    var lines = [
        "Swinject: Resolution failed. Expected registration:",
        "\t{ \(registrationDescription(serviceType: serviceType, key: key)) }",
        "Available registrations:",
    ]
    lines += sameType.compactMap { key, entry in
        (entry as? ServiceEntryBase).map { "\t{ " + $0.describe(with: key) + " }" }
    }.sorted()
    let path = ResolutionThread.current.path.map { "\($0)" } + ["\(serviceType)"]
    lines.append("Path: " + path.joined(separator: " → "))
    lines.append("Fix: " + resolutionFix(serviceType: serviceType, key: key, sameType: Array(sameType.keys)))
    return lines.joined(separator: "\n")
}

/// What to change so that `key` is found, judged from the registrations of the same type.
private func resolutionFix(serviceType: Any.Type, key: ServiceKey, sameType: [ServiceKey]) -> String {
    let arguments = key.argumentsType == (any Resolver).self ? "r" : "\(key.argumentsType)"
    let name = key.name.map { ", name: \"\($0)\"" } ?? ""
    let register = "container.register(\(serviceType).self\(name)) { \(arguments) in … }"
    if let near = sameType.first(where: { $0.name == key.name }) {
        return "the registration of \(serviceType) takes \(near.argumentsType), and the resolve passed "
            + "\(key.argumentsType): pass the arguments it takes, in order and with the same types, or add \(register)."
    }
    if let named = sameType.first {
        let registered = named.name.map { "\"\($0)\"" } ?? "no name"
        let asked = key.name.map { "\"\($0)\"" } ?? "no name"
        return "\(serviceType) is registered with \(registered) and the resolve asked for \(asked): "
            + "resolve with the registered name, or add \(register)."
    }
    return "add \(register) to this container or one of its parents, before the resolve."
}

/// Swinject's description of a registration: `Service: Dog, Name: "a", Factory: Resolver -> Dog, ObjectScope: graph`.
func registrationDescription(
    serviceType: Any.Type,
    key: ServiceKey,
    objectScope: (any ObjectScopeProtocol)? = nil,
    initCompletedCount: Int = 0
) -> String {
    let name = key.name.map { ", Name: \"\($0)\"" } ?? ""
    let option = key.option.map { ", \($0)" } ?? ""
    let scope = objectScope.map { ", ObjectScope: \($0)" } ?? ""
    let completed = initCompletedCount == 0 ? "" : ", InitCompleted: Specified \(initCompletedCount) closures"
    return "Service: \(serviceType)\(name)\(option), Factory: \(key.argumentsType) -> \(key.serviceType)\(scope)\(completed)"
}
