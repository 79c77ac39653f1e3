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
    // Registrations of the type, and registrations forwarded to it (`implements`).
    let sameType = available.filter { $0.value is ServiceEntry<Service> || $0.key.serviceType == Service.self }
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
    let name = key.name.map { ", name: \"\($0)\"" } ?? ""
    let register = "container.register(\(serviceType).self\(name)) { \(closureParameters(key.argumentsType)) in … }"
    if let near = sameType.first(where: { $0.name == key.name }) {
        return "the registration of \(serviceType) takes \(near.argumentsType), and the resolve passed "
            + "\(key.argumentsType): pass the arguments it takes, in order and with the same types, or add \(register)."
    }
    if let named = nearestByName(key.name, among: sameType) {
        let registered = named.name.map { "\"\($0)\"" } ?? "no name"
        let asked = key.name.map { "\"\($0)\"" } ?? "no name"
        return "\(serviceType) is registered with \(registered) and the resolve asked for \(asked): "
            + "resolve with the registered name, or add \(register)."
    }
    return "add \(register) to this container or one of its parents, before the resolve."
}

/// The registration whose name is nearest `name` by edit distance, ties broken by name (no name
/// first), so that the same failure always names the same registration.
private func nearestByName(_ name: String?, among keys: [ServiceKey]) -> ServiceKey? {
    func distance(_ candidate: String?) -> Int {
        guard let name, let candidate else { return name == nil && candidate == nil ? 0 : (name ?? candidate ?? "").count }
        return editDistance(Array(name), Array(candidate))
    }
    return keys.min { left, right in
        let (a, b) = (distance(left.name), distance(right.name))
        return a != b ? a < b : (left.name ?? "") < (right.name ?? "")
    }
}

/// The Levenshtein distance between `a` and `b`.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, cb) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// A factory closure's parameters for `arguments`, as Swift a user can paste: `r` for a resolver
/// alone, `(r: Resolver, arg1: Int)` for a resolver and arguments.
private func closureParameters(_ arguments: Any.Type) -> String {
    let text = "\(arguments)"
    guard text.hasPrefix("("), text.hasSuffix(")") else { return "r" }
    var types: [String] = []
    var depth = 0
    var current = ""
    for character in text.dropFirst().dropLast() {
        switch character {
        case "(", "<", "[": depth += 1
        case ")", ">", "]": depth -= 1
        case "," where depth == 0:
            types.append(current.trimmingSpaces())
            current = ""
            continue
        default: break
        }
        current.append(character)
    }
    types.append(current.trimmingSpaces())
    let parameters = types.enumerated().map { index, type in index == 0 ? "r: \(type)" : "arg\(index): \(type)" }
    return "(" + parameters.joined(separator: ", ") + ")"
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
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
