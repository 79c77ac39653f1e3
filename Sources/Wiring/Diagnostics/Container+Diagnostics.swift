extension Container {
    /// The argument signatures registered for `key`'s type and tag in this container or its
    /// parents, other than `key`'s own.
    @usableFromInline
    func registeredSignatures(for key: ServiceKey) -> [String] {
        var signatures: [String] = []
        for container in lineage {
            for entry in container.registry.entries(of: key.type)
            where entry.key.tag == key.tag && entry.key.arguments != key.arguments {
                signatures.append("\(argumentsDisplayName(entry.key.arguments)) at \(entry.site)")
            }
        }
        return signatures
    }

    /// The error for a resolve that found nothing for `key`.
    func missingRegistrationError(for key: ServiceKey, callSite: SourceLocation) -> WiringError {
        if self === Container.closedScope || self === Container.scopeOfShutDownContainer {
            let detail: WiringError.Detail = self === Container.closedScope ? .closedScope : .scopeOfShutDownContainer
            var error = WiringError(code: .shutDown, key: key, detail: detail)
            error.callSite = callSite
            return error
        }
        let signatures = registeredSignatures(for: key)
        var error = WiringError(
            code: signatures.isEmpty ? .notRegistered : .argumentMismatch,
            key: key,
            detail: signatures.isEmpty ? .none : .registeredSignatures(signatures)
        ) { [weak self] in
            self?.nearMisses(for: key) ?? []
        }
        error.callSite = callSite
        return error
    }

    /// Registrations a user who asked for `key` may have meant. Computed only when an error's
    /// description is read.
    func nearMisses(for key: ServiceKey) -> [String] {
        var hints: [String] = []
        let name = typeDisplayName(key.type)
        let containers = lineage
        // The same type under another tag.
        for container in containers {
            for entry in container.registry.entries(of: key.type)
            where entry.key.tag != key.tag && entry.key.arguments == key.arguments {
                if let tag = entry.key.tag {
                    hints.append("\(name) is registered with tag \(tag) (at \(entry.site)); resolve it with tag: \(tag.expression).")
                } else {
                    hints.append(
                        "\(name) is registered without a tag (at \(entry.site)); resolve it without a tag, or create the container with tagFallback: .untagged."
                    )
                }
            }
        }
        // A registration in a child container, which this container cannot see.
        var pending = liveChildren
        while let child = pending.popLast() {
            if let entry = child.registry.entry(for: key) {
                hints.append(
                    "\(key) is registered in a child container (at \(entry.site)); resolve it from that child, or register it in this container."
                )
            }
            pending.append(contentsOf: child.liveChildren)
        }
        // A concrete type registered where a protocol (or another name) was requested: only
        // where forwarding can work, a registration without runtime arguments (forwarding one
        // that takes them stops the program) whose type can be the one requested.
        for container in containers {
            for entry in container.registry.allEntries()
            where entry.key.type != key.type && entry.forwardsTo == nil && !entry.key.hasArguments {
                let other = typeDisplayName(entry.key.type)
                if isNearMiss(other, for: name), Self.mayConvert(entry.key.type, to: key.type) {
                    hints.append(
                        "\(other) is registered (at \(entry.site)); to serve it as \(name), add .forwarding(to: \(metatypeExpression(name))) { $0 } to its registration."
                    )
                }
            }
        }
        return hints
    }

    /// Whether an instance of `type` may be a `requested`: a class and its superclass, or any
    /// type and a protocol (which only the compiler can check, so forwarding's conversion
    /// closure is `{ $0 }`); never two distinct structs, enums or unrelated classes, such as a
    /// `RequestInfo` and a `Request`.
    private static func mayConvert(_ type: Any.Type, to requested: Any.Type) -> Bool {
        if typeDisplayName(requested).hasPrefix("any ") { return true }
        guard let subclass = type as? AnyClass, let superclass = requested as? AnyClass else { return false }
        var current: AnyClass? = subclass
        while let candidate = current {
            if candidate == superclass { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }
}
