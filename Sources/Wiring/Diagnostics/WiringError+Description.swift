extension WiringError {
    /// The three-part message: headline, context, "To fix:".
    public var description: String {
        var lines = ["Wiring: \(headline)"]
        lines.append("  requested: \(key)")
        if let lifetime { lines.append("  lifetime: \(lifetime)") }
        if pathKeys.count > 1 { lines.append("  path: \(pathText)") }
        if let cycle = cycle, code == .cycle {
            lines.append("  cycle: \(cycle.map(\.description).joined(separator: " → "))")
        }
        if let registrationSite { lines.append("  registered at: \(registrationSite)") }
        if let lazyRead {
            lines.append("  declared at: \(lazyRead.declaration) (the @LazyWired property)")
            lines.append("  read at: \(lazyRead.read ?? CallerLocation.unknownReadSite)")
        } else if let callSite {
            lines.append("  \(isProvide ? "provided" : "resolved") at: \(callSite)")
        }
        if let underlyingError { lines.append("  underlying error: \(underlyingError)") }
        if case .duplicateKey(_, let first, let second) = detail {
            lines.append("  contributed at: \(first) and \(second)")
        }
        if case .duplicate(let existing, let others) = detail {
            lines.append("  also declared at: \(existing)")
            lines.append(contentsOf: others.map { "  also duplicated: \($0)" })
        }
        let fixes = fixLines
        if !fixes.isEmpty {
            lines.append("To fix:")
            lines.append(contentsOf: fixes.map { "  - \($0)" })
        }
        return lines.joined(separator: "\n")
    }

    /// The path, shortened in the middle when a runaway recursion made it long.
    private var pathText: String { pathDisplayName(pathKeys.map(\.description)) }

    private var headline: String {
        switch code.base {
        case .notRegistered:
            return "nothing is registered for \(key)."
        case .cycle:
            if let cycle {
                return "circular dependency: \(cycle.map { typeDisplayName($0.type) }.joined(separator: " → "))."
            }
            return "circular dependency while resolving \(key)."
        case .depthExceeded:
            if case .depthLimit(let limit) = detail {
                return "resolution of \(typeDisplayName(key.type)) nested deeper than the container's maximumDepth of \(limit) levels."
            }
            if case .stackLimit(let depth) = detail {
                return "resolution of \(typeDisplayName(key.type)) stopped at depth \(depth): the thread's stack is nearly used up."
            }
            return "resolution of \(typeDisplayName(key.type)) nested too deeply."
        case .argumentMismatch:
            return "\(typeDisplayName(key.type)) is registered, but not for arguments \(argumentsDisplayName(key.arguments))."
        case .factoryFailed:
            return "the factory of \(key) threw an error."
        case .typeMismatch:
            if case .expectedType(let expected, let actual) = detail {
                return "the registration forwarded as \(typeDisplayName(expected)) built a \(typeDisplayName(actual)), which is not one."
            }
            return "a forwarded registration built a value of the wrong type for \(key)."
        case .scopeNotActive:
            if case .heldByContainerOwned(_, let holder, let lifetime) = detail {
                return
                    "\(key) is scoped, and \(holder) (\(lifetime)) depends on it: \(holder) is built once, outside any scope, so it cannot hold a scoped service (a captive dependency), whatever the resolve went through."
            }
            if case .scope(let name?) = detail {
                return "\(key) lives in a scope named \"\(name)\", and none is active."
            }
            return "\(key) is scoped, and it was resolved outside any scope."
        case .invalidLifetime where providedBy != nil:
            let (provider, scope) = providedBy.unsafelyUnwrapped
            return
                "\(key) is registered as \(lifetime.map(\.description) ?? "not scoped"), but \(provider) gives every scope \(scopeText(scope)) its own \(typeDisplayName(key.type)) with provide(_:), which that registration cannot take: every request would fail."
        case .invalidLifetime where isProvideNeedsScoped:
            return
                "\(key) is registered as \(lifetime.map(\.description) ?? "not scoped"), so a scope cannot be given its instance."
        case .invalidLifetime:
            return "\(key) cannot have the lifetime \(lifetime.map(\.description) ?? "it was given")."
        case .duplicateRegistration where isAlreadyInScope:
            return "the scope already holds an instance of \(key); a scope's instance is given once."
        case .duplicateRegistration:
            if case .duplicateKey(let mapKey, _, _) = detail {
                return "two contributions to \(key) use the key \(mapKey)."
            }
            return "\(key) is declared twice, by two different declarations."
        case .isolationMismatch:
            return "\(key) must be built on the main actor, and it was resolved synchronously from outside the main actor."
        case .asyncRequired:
            return "\(key) has an async factory, and it was resolved synchronously before it was built."
        case .shutDown:
            if case .closedScope = detail { return "\(key) was resolved through a scope that has been closed." }
            if case .scopeOfShutDownContainer = detail {
                return "\(key) was resolved through a scope made after its container had shut down: the scope was closed from the start."
            }
            if case .providedToClosedScope = detail { return "\(key) was provided to a scope that has been closed." }
            return "\(key) was resolved from a container that has been shut down."
        }
    }

    private var fixLines: [String] {
        var fixes = nearMisses()
        let name = typeDisplayName(key.type)
        switch code.base {
        case .notRegistered:
            if let tag = key.tag, tag.base != tag.base {
                // A tag not equal to itself (NaN) matches nothing, and registering with it stops
                // the program: no registration can serve it.
                fixes.append(
                    "resolve with a tag that is equal to itself: \(tag) is not (NaN never equals anything), so no registration can match it."
                )
            } else {
                let tagPart = key.tag.map { ", tag: \($0.expression)" } ?? ""
                fixes.append("register it: container.register(\(metatypeExpression(name))\(tagPart)) { r in … }")
            }
        case .cycle:
            if cycle != nil {
                fixes.append(
                    "break the loop: inject one side after construction with .onResolved { r, instance in … } and a .graph or singleton lifetime, or read one side lazily with @LazyWired."
                )
            } else {
                fixes.append("look for the registration that is needed again while it is being built.")
            }
        case .depthExceeded:
            if case .depthLimit = detail {
                fixes.append(
                    "if the chain is meant to be this deep, raise the limit: Container(maximumDepth: …); otherwise look for a recursion through runtime arguments in the path."
                )
            } else {
                fixes.append(
                    "resolve on a thread with a larger stack (Thread.stackSize, or a Task), or shorten the chain: build part of it eagerly (start()) or read a dependency lazily with @LazyWired."
                )
            }
        case .argumentMismatch:
            if case .registeredSignatures(let signatures) = detail {
                fixes.append("registered signatures: \(signatures.joined(separator: ", "))")
            }
            fixes.append("pass arguments of exactly those types, in that order (Int and Int? differ).")
        case .factoryFailed:
            fixes.append("see the underlying error; the factory was registered at \(registrationSite?.description ?? "an unknown site").")
        case .typeMismatch:
            fixes.append(
                "forward only to a type the built instance conforms to, or use .forwarding(to:) with a conversion closure so the compiler checks it."
            )
        case .scopeNotActive:
            if case .heldByContainerOwned(_, let holder, _) = detail {
                fixes.append("make \(holder) scoped too, so that it is built inside the scope.")
                fixes.append(
                    "or resolve \(name) where it is used, through the scope (a factory of a scoped or transient service, or @LazyWired in a scoped owner)."
                )
                fixes.append("or, if one instance for the whole app is right, register \(name) as .singleton.")
                break
            }
            if case .scope(let scopeName?) = detail {
                // Through a scope of another name, or none: only a scope of this name serves it.
                fixes.append(
                    "resolve it through a scope named \(String(reflecting: scopeName.rawValue)), or one nested in it: let scope = container.makeScope(\(String(reflecting: scopeName.rawValue))); try scope.resolve(\(metatypeExpression(name)))"
                )
            } else {
                fixes.append(
                    "resolve it through a scope: let scope = container.makeScope(); try scope.resolve(\(metatypeExpression(name)))")
            }
            fixes.append("or, if it must outlive scopes, register it as .singleton; a singleton cannot depend on a scoped service.")
        case .invalidLifetime where providedBy != nil:
            let (provider, scope) = providedBy.unsafelyUnwrapped
            let lifetime = scope.map { ".scoped(\(String(reflecting: $0.rawValue)))" } ?? ".scoped"
            fixes.append("remove this registration: \(provider) registers \(typeDisplayName(key.type)) itself, as \(lifetime).")
            fixes.append(
                "or register it as \(lifetime); \(provider)'s value then replaces what its factory would build in the scopes it opens."
            )
            fixes.append(
                "or, for a \(typeDisplayName(key.type)) of your own beside it, register yours with a tag: container.register(\(metatypeExpression(name)), tag: \"app\", lifetime: .singleton) { … }"
            )
        case .invalidLifetime where isProvideNeedsScoped:
            fixes.append(
                "register it with lifetime: .scoped (or .scoped(\"name\")), and a factory that throws for a scope that was not given one."
            )
        case .invalidLifetime:
            fixes.append("use .singleton for value types; .weakSingleton needs a class instance.")
        case .duplicateRegistration where isAlreadyInScope:
            fixes.append("provide the value once, right after makeScope(), before anything resolves it.")
        case .duplicateRegistration where isDuplicateKey:
            fixes.append("give each contribution its own key, or contribute to a collection instead of a map.")
        case .duplicateRegistration:
            fixes.append("keep one of the two declarations, or give them different tags.")
            fixes.append(
                "to override on purpose, install the overriding module into a child container (container.makeChild()), use container.install(_:overriding: true), or use container.register, which replaces."
            )
        case .asyncRequired where pathKeys.count >= 2:
            // Resolved synchronously from another registration's factory, whatever the caller used.
            let consumer = pathKeys[pathKeys.count - 2]
            fixes.append(
                "\(consumer) resolves it from a synchronous factory: make that factory async (register(\(metatypeExpression(typeDisplayName(consumer.type)))) { r async throws in … try await r.resolveAsync(\(metatypeExpression(name))) … }) and resolve \(consumer) with resolveAsync."
            )
            fixes.append(
                "or build \(name) first, with `try await container.startAsync()` (eager singleton) or one `resolveAsync`, after which synchronous resolves read it."
            )
        case .asyncRequired:
            fixes.append(
                "resolve it with `try await container.resolveAsync(\(metatypeExpression(name)))`; a factory that needs it must be async too."
            )
            fixes.append("for an async eager singleton, call `try await container.startAsync()` instead of `start()`.")
        case .shutDown:
            if case .scopeOfShutDownContainer = detail {
                fixes.append("make scopes from a live container: a container that has shut down stays shut down; make a new container.")
            } else if case .providedToClosedScope = detail {
                fixes.append("provide values when the scope is made, before anything closes it (a scope is closed once, for good).")
            } else {
                fixes.append("resolve from a live container or scope: shutdown() and close() are final; make a new one instead.")
            }
        case .isolationMismatch:
            fixes.append(
                "resolve it with `await container.resolveAsync(\(metatypeExpression(name)))`, which hops to the main actor to build it.")
            fixes.append("or resolve it from code that runs on the main actor; once built, a singleton can be read from any thread.")
        }
        return fixes
    }

    /// Whether the failure is a ``Scope/provide(_:as:tag:file:line:)``'s.
    private var isProvide: Bool {
        switch detail {
        case .alreadyInScope, .providedToClosedScope, .provideNeedsScoped: true
        default: false
        }
    }

    private var isDuplicateKey: Bool {
        if case .duplicateKey = detail { return true }
        return false
    }

    /// The provider and scope name of a ``Detail/providedByOthers(provider:scope:)`` clash.
    private var providedBy: (provider: String, scope: ScopeName?)? {
        if case .providedByOthers(let provider, let scope) = detail { return (provider, scope) }
        return nil
    }

    /// "named \"request\"", or "it opens" for unnamed scopes.
    private func scopeText(_ scope: ScopeName?) -> String {
        scope.map { "named \(String(reflecting: $0.rawValue))" } ?? "it opens"
    }

    private var isProvideNeedsScoped: Bool {
        if case .provideNeedsScoped = detail { return true }
        return false
    }

    private var isAlreadyInScope: Bool {
        if case .alreadyInScope = detail { return true }
        return false
    }
}
