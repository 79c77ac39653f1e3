import Wiring

/// The messages the facade stops with: a headline, an indented context, and "To fix:".
enum Diagnostics {
    /// `any BackendProtocol tagged .systemdata`, for a component.
    static func name(of component: any ComponentProtocol) -> String {
        if let identifier = component.identifier.base as? ComponentIdentifier {
            return keyDisplayName(identifier.type, tag: identifier.tag)
        }
        return "\(typeDisplayName(component.type)) (identifier \(component.identifier))"
    }

    static func message(_ headline: String, context: [String], fixes: [String]) -> String {
        var lines = ["WiringDIKit: \(headline)"]
        lines.append(contentsOf: context.map { "  \($0)" })
        lines.append("To fix:")
        lines.append(contentsOf: fixes.map { "  - \($0)" })
        return lines.joined(separator: "\n")
    }

    static func notRegistered(_ type: Any.Type, tag: AnyHashable?, in container: DependencyContainer, path: [String]) -> String {
        let requested = keyDisplayName(type, tag: tag)
        let components = container.components
        var fixes: [String] = []
        let name = typeDisplayName(type)
        let bareName = name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
        for component in components {
            guard let identifier = component.identifier.base as? ComponentIdentifier else { continue }
            if identifier.type == type {
                if let other = identifier.tag {
                    fixes.append(
                        "\(name) is registered with tag \(tagDisplayName(other)); resolve it with tag: \(tagDisplayName(other)) (tags never fall back)."
                    )
                } else {
                    fixes.append("\(name) is registered without a tag; resolve it without one (tags never fall back).")
                }
            } else {
                let other = typeDisplayName(identifier.type)
                if isNearMiss(other, for: name) {
                    fixes.append(
                        "\(other) is registered, and types must match exactly: register it as single { \(other)(…) as \(bareName) }."
                    )
                }
            }
        }
        let tagPart = tag.map { "tag: \(tagDisplayName($0)), " } ?? ""
        let body = name.hasPrefix("any ") ? "… as \(bareName)" : "\(name)(…)"
        fixes.append("register it in a module: single(\(tagPart)factory: { \(body) }) or factory(\(tagPart)factory: { \(body) }).")
        return message(
            "nothing is registered for \(requested).",
            context: [
                "requested: \(requested)",
                "container: \(components.count) component(s): \(summary(of: components))",
            ] + pathContextLines(path),
            fixes: fixes
        )
    }

    static func summary(of components: [any ComponentProtocol]) -> String {
        guard !components.isEmpty else { return "none" }
        let names = components.prefix(8).map(name(of:))
        return names.joined(separator: ", ") + (components.count > 8 ? ", …" : "")
    }

    static func registeredAfterBootstrap(_ component: any ComponentProtocol) -> String {
        message(
            "cannot register \(name(of: component)): the container is already bootstrapped.",
            context: [
                "component: \(name(of: component)), lifetime \(component.lifetime)",
                "a container is bootstrapped when DependencyContainer { … }, module { } or derive returns",
            ],
            fixes: [
                "register it inside the bootstrap block: DependencyContainer { c in c.register { … } }, or in module { }.",
                "to add components to an existing container, make a new one: modules { .existing; module { … } }.",
            ]
        )
    }

    static func duplicate(_ component: any ComponentProtocol, existing count: Int, context: String?) -> String {
        var lines = ["component: \(name(of: component)), lifetime \(component.lifetime)"]
        lines.append("while: \(context ?? "bootstrapping a container")")
        lines.append("already registered components: \(count)")
        return message(
            "\(name(of: component)) is registered twice.",
            context: lines,
            fixes: [
                "remove one of the two registrations, or give each its own tag: single(tag: …) { … }.",
                "when merging modules, keep each type and tag in one module only.",
            ]
        )
    }

    static func wrongType(_ value: Any, expected: Any.Type, tag: AnyHashable?) -> String {
        message(
            "the component for \(keyDisplayName(expected, tag: tag)) built a \(typeDisplayName(Swift.type(of: value))).",
            context: ["expected: \(typeDisplayName(expected))"],
            fixes: ["make the component's type and its factory's result agree."]
        )
    }

    static func engineFailure(_ error: WiringError, type: Any.Type, tag: AnyHashable?, path: [String]) -> String {
        let requested = keyDisplayName(type, tag: tag)
        // The engine's headline and context; its fixes speak of the native API.
        // Its sites point into the facade, and it repeats the requested type: leave those out.
        let report = error.description.split(separator: "\n").prefix { $0 != "To fix:" }.filter { line in
            !["registered at:", "resolved at:", "requested:"].contains { line.contains($0) }
        }
        let context = ["requested: \(requested)"] + pathContextLines(path) + report.map { "engine: \($0)" }
        if error.code == .cycle {
            return message(
                "circular dependency while resolving \(requested).",
                context: context,
                fixes: [
                    "break the loop: let one side read the other lazily with @LazyInject instead of resolving it in its initializer."
                ]
            )
        }
        return message("could not resolve \(requested).", context: context, fixes: ["see the engine's report above."])
    }

    static var sharedNotDefined: String {
        message(
            "the root DependencyContainer is not yet set.",
            context: [
                "DependencyContainer.shared (used by resolve(), resolveOptional() and @Inject, @LazyInject, @OptionalInject) was read before DependencyContainer.defined(by:)"
            ],
            fixes: [
                "call DependencyContainer.defined(by: modules { … }) at start-up, before anything resolves.",
                "in tests, run the code inside DependencyContainer.withShared(container) { … }.",
            ]
        )
    }

    static var alreadyDefined: String {
        message(
            "the root DependencyContainer is already set.",
            context: ["DependencyContainer.defined(by:) was called a second time for the same root"],
            fixes: [
                "define the root once, at start-up.",
                "in tests, give each test its own root with DependencyContainer.withShared(container) { … }, or call DependencyContainer.resetShared() first.",
            ]
        )
    }
}
