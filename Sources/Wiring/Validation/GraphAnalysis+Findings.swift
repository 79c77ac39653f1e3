/// The findings of a ``GraphAnalysis``: what `validate` reports, read off the graph.
extension GraphAnalysis {
    /// Every finding, in the order a report lists them.
    func findings(reportUnreachable: Bool) -> [ValidationFinding] {
        var findings: [ValidationFinding] = []
        findings += missingRootFindings()
        findings += missingFindings()
        findings += cycleFindings()
        findings += captiveFindings()
        findings += ambiguityFindings()
        findings += failureFindings()
        findings += uncheckedFindings()
        if reportUnreachable { findings += unreachableFindings() }
        return findings
    }

    private func missingRootFindings() -> [ValidationFinding] {
        missingRoots.map { key in
            let hint = chain[0].nearMisses(for: key).first.map { " Or: \($0)" } ?? ""
            return ValidationFinding(
                kind: .missingRegistration,
                severity: .error,
                registration: key.description,
                site: nil,
                path: [key.description],
                headline: "the root \(key) is not registered, so nothing was validated from it.",
                fix:
                    "register it (container.register(\(metatypeExpression(typeDisplayName(key.type)))) { r in … }), or remove it from ValidationOptions.roots.\(hint)"
            )
        }
    }

    private func missingFindings() -> [ValidationFinding] {
        missing.map { item in
            let consumer = nodes[item.consumer]
            let perspective = consumer.entry.map { $0.lifetime.isContainerOwned ? $0.owner : chain[0] } ?? chain[0]
            let signatures = perspective.registeredSignatures(for: item.key)
            let path = path(to: item.consumer) + [missingNodes[item.key].map { nodes[$0].id } ?? item.key.description]
            let type = metatypeExpression(typeDisplayName(item.key.type))
            let (kind, headline, fix): (ValidationFinding.Kind, String, String)
            if !signatures.isEmpty {
                kind = .argumentMismatch
                headline = "\(consumer.id) resolves \(item.key) without runtime arguments, and it is registered only with arguments."
                fix =
                    "registered signatures: \(signatures.joined(separator: ", ")); pass those arguments (r.resolve(\(type), arguments: …)) or register a variant without arguments."
            } else {
                let hint = perspective.nearMisses(for: item.key).first.map { " Or: \($0)" } ?? ""
                kind = .missingRegistration
                headline = "\(consumer.id) depends on \(item.key), and nothing is registered for it."
                fix = "register it: container.register(\(type)\(item.key.tag.map { ", tag: \($0.expression)" } ?? "")) { r in … }.\(hint)"
            }
            return ValidationFinding(
                kind: kind, severity: .error, registration: consumer.id, site: consumer.entry?.site, path: path, headline: headline,
                fix: fix)
        }
    }

    private func cycleFindings() -> [ValidationFinding] {
        var findings: [ValidationFinding] = []
        var reported = Set<Set<Int>>()
        let constructorKinds: Set<DependencyGraph.EdgeKind> = [.constructor, .forward]
        var constructorLoops = loops(through: constructorKinds).map { cycle(in: $0, through: constructorKinds) }
        // A loop the dry run hit is a constructor loop unless one of its steps was a hook.
        constructorLoops += dryRunCycles.filter { loop in
            loop.count > 1
                && !zip(loop, loop.dropFirst()).contains { from, to in
                    edges.contains(Edge(from: from, to: to, kind: .hook))
                        && !edges.contains(Edge(from: from, to: to, kind: .constructor))
                }
        }
        for loop in constructorLoops where reported.insert(Set(loop)).inserted {
            let names = loop.map { nodes[$0].id }
            findings.append(
                ValidationFinding(
                    kind: .cycle,
                    severity: .error,
                    registration: names[0],
                    site: nodes[loop[0]].entry?.site,
                    path: names,
                    headline: "circular dependency: \(names.joined(separator: " → ")).",
                    fix:
                        "break the loop: inject one side after construction with .onResolved { r, instance in … } and a .graph or singleton lifetime, or read one side lazily with @LazyWired."
                ))
        }
        // A lazy read happens after construction, on demand: it closes no loop of builds.
        let allKinds: Set<DependencyGraph.EdgeKind> = [.constructor, .forward, .hook]
        for component in loops(through: allKinds) where !reported.contains(where: { $0.isSubset(of: Set(component)) }) {
            let loop = cycle(in: component, through: allKinds)
            let names = loop.map { nodes[$0].id }
            let transient = loop.first { effectiveLifetime(of: $0)?.kind == .transient }
            findings.append(
                ValidationFinding(
                    kind: .hookCycle,
                    severity: transient == nil ? .info : .error,
                    registration: names[0],
                    site: nodes[loop[0]].entry?.site,
                    path: names,
                    headline: transient.map {
                        "a post-construction hook closes the loop \(names.joined(separator: " → ")), and \(nodes[$0].id) is transient, so each hook would build a new one without end."
                    }
                        ?? "a post-construction hook closes the loop \(names.joined(separator: " → ")); every registration on it caches its instance, so it resolves.",
                    fix: transient == nil
                        ? "nothing to do: this is how a hook closes a cycle on purpose."
                        : "give \(transient.map { nodes[$0].id } ?? "it") a caching lifetime (.graph or .singleton)."
                ))
        }
        return findings
    }

    /// Whether `node` is a collection built from contributions: its lifetime is its elements'.
    private func isCollection(_ node: Int) -> Bool {
        nodes[node].entry?.currentDependencies != nil
    }

    private func captiveFindings() -> [ValidationFinding] {
        var findings: [ValidationFinding] = []
        // A lazy property is read when its owner chooses, and is the documented way out of a
        // captive dependency: only what a build or hook resolves is held.
        let candidates = edges.filter { $0.kind != .forward && $0.kind != .lazy }.union(dryRunCaptives)
        // A collection holds nothing of its own: what a holder of it keeps are its elements.
        var pairs: [(from: Int, to: Int, via: Int?)] = []
        for edge in candidates {
            if isCollection(edge.to) {
                for element in edges where element.from == edge.to && element.kind != .hook && element.kind != .lazy {
                    pairs.append((edge.from, element.to, edge.to))
                }
            } else {
                pairs.append((edge.from, edge.to, nil))
            }
        }
        pairs += scopedThroughBuilds(from: candidates)
        var reported = Set<[Int]>()
        for pair in pairs {
            guard let holder = effectiveLifetime(of: pair.from), holder.isContainerOwned,
                let held = effectiveLifetime(of: pair.to), let heldEntry = nodes[pair.to].entry
            else { continue }
            let severity: ValidationFinding.Severity
            switch held.kind {
            case .scoped: severity = .error
            case .graph: severity = .warning
            case .transient where !heldEntry.key.hasArguments && heldEntry.forwardsTo == nil: severity = .warning
            default: continue
            }
            guard reported.insert([pair.from, pair.to]).inserted else { continue }
            let from = nodes[pair.from].id
            let to = nodes[pair.to].id
            let through = pair.via.map { " through \(nodes[$0].id)" } ?? ""
            findings.append(
                ValidationFinding(
                    kind: .captiveDependency,
                    severity: severity,
                    registration: from,
                    site: nodes[pair.from].entry?.site,
                    path: path(to: pair.from) + (pair.via.map { [nodes[$0].id] } ?? []) + [to],
                    headline: held.kind == .scoped
                        ? "\(from) (\(holder)) depends on \(to) (\(held))\(through), which exists only inside a scope: resolving \(from) throws."
                        : "\(from) (\(holder)) holds \(to) (\(held))\(through) for ever: it is built once, for the first resolve, and never again.",
                    fix: held.kind == .scoped
                        ? "make \(from) scoped too, or resolve \(to) where it is used, through the scope."
                        : "make \(to) a singleton if one instance is right, or give \(from) a shorter lifetime, or resolve \(to) when it is needed (a factory or @LazyWired in a shorter-lived owner)."
                ))
        }
        return findings
    }

    /// A transient or graph instance that a container-owned holder's build makes is built outside
    /// any scope too: a scoped registration it reads, directly or through more of them, is read
    /// by the holder's build, which throws (`Dashboard → SessionHeader → Session`). Each pair
    /// names the first one between them.
    private func scopedThroughBuilds(from candidates: Set<Edge>) -> [(from: Int, to: Int, via: Int?)] {
        let builds = Dictionary(grouping: edges.filter { $0.kind == .constructor || $0.kind == .forward }, by: \.from)
        var pairs: [(from: Int, to: Int, via: Int?)] = []
        for edge in candidates where !isCollection(edge.to) {
            guard let holder = effectiveLifetime(of: edge.from), holder.isContainerOwned,
                let middle = effectiveLifetime(of: edge.to), middle.kind == .transient || middle.kind == .graph
            else { continue }
            var seen: Set<Int> = [edge.from, edge.to]
            var pending = [edge.to]
            while let current = pending.popLast() {
                for next in builds[current] ?? [] where seen.insert(next.to).inserted {
                    guard let lifetime = effectiveLifetime(of: next.to) else { continue }
                    if lifetime.kind == .scoped {
                        pairs.append((edge.from, next.to, edge.to))
                    } else if lifetime.kind == .transient || lifetime.kind == .graph {
                        pending.append(next.to)
                    }
                }
            }
        }
        return pairs
    }

    private func ambiguityFindings() -> [ValidationFinding] {
        originalChain.flatMap { container in
            container.replacements.withLock { $0.list }.map { replacement in
                ValidationFinding(
                    kind: .ambiguousRegistration,
                    severity: .warning,
                    registration: replacement.key.description,
                    site: replacement.by,
                    path: [replacement.key.description],
                    headline:
                        "\(replacement.key) is registered twice in one container, at \(replacement.replaced) and at \(replacement.by); only the later one counts.",
                    fix: "remove one of them, give them different tags, or make the override in a child container (makeChild())."
                )
            }
        }
    }

    private func failureFindings() -> [ValidationFinding] {
        dryRunFailures.map { failure in
            let node = nodes[failure.node]
            return ValidationFinding(
                kind: .buildFailed,
                severity: .error,
                registration: node.id,
                site: node.entry?.site,
                path: path(to: failure.node),
                headline: "building \(node.id) failed during the dry run (\(failure.error.code))"
                    + (failure.error.underlyingError.map { ": \($0)." } ?? "."),
                fix: "see the error: \(failure.error.description.split(separator: "\n").first ?? "")"
            )
        }
    }

    private func uncheckedFindings() -> [ValidationFinding] {
        var seen = Set<Int>()
        return uncheckedPastProvided.compactMap { item in
            guard seen.insert(item.node).inserted else { return nil }
            let node = nodes[item.node]
            let provided = nodes[item.provided]
            let type = typeDisplayName(provided.key.type)
            let tag = provided.key.tag.map { ", tag: \($0.expression)" } ?? ""
            return ValidationFinding(
                kind: .dryRunIncomplete,
                severity: .error,
                registration: node.id,
                site: node.entry?.site,
                path: item.path.map(\.description),
                headline:
                    "the dry run could not check \(node.id) past its resolve of \(provided.id), a value scopes are given (providedToScopes()) that the dry run has no sample of: nothing after that resolve was run.",
                fix: provided.entry?.sampleHint.map {
                    "give the dry run a sample of each value the middleware gives request scopes: var options = ValidationOptions(dryRun: true); \($0); container.validate(options)"
                }
                    ?? "give the dry run a sample value: var options = ValidationOptions(dryRun: true); options.provide(<a \(type)>, as: \(metatypeExpression(type))\(tag)); container.validate(options)"
            )
        }
    }

    private func unreachableFindings() -> [ValidationFinding] {
        // Without a dry run, a closure factory's dependencies are unknown: a registration no
        // known edge reaches may still be resolved by one of them.
        if !dryRan {
            let unknown = reachedFrom.keys.filter { index in
                guard let entry = nodes[index].entry else { return false }
                return entry.forwardsTo == nil && entry.dependencies == nil
            }
            if !unknown.isEmpty {
                return [
                    ValidationFinding(
                        kind: .unreachable,
                        severity: .info,
                        registration: roots.map { nodes[$0].id }.joined(separator: ", "),
                        site: nil,
                        path: [],
                        headline:
                            "unreachable registrations are not reported: \(unknown.count) registration\(unknown.count == 1 ? "" : "s") the roots reach \(unknown.count == 1 ? "has a closure factory" : "have closure factories") whose dependencies are known only to a dry run.",
                        fix:
                            "validate with ValidationOptions(roots: …, dryRun: true) to learn them, or register with autowire(…) so that they are declared."
                    )
                ]
            }
        }
        return nodes.indices.compactMap { index in
            let node = nodes[index]
            guard node.level == 0, let entry = node.entry, reachedFrom[index] == nil else { return nil }
            return ValidationFinding(
                kind: .unreachable,
                severity: .warning,
                registration: node.id,
                site: entry.site,
                path: [node.id],
                headline:
                    "\(node.id) is registered, and no root (\(roots.map { nodes[$0].id }.joined(separator: ", "))) depends on it, as far as \(dryRan ? "the dry run saw" : "the declared dependencies say").",
                fix:
                    "if code outside the container uses it (a resolve() in the app, or a @Wired, @LazyWired or @OptionalWired property of a type the container does not build), add it to ValidationOptions.roots, as the app's entry points are; if nothing uses it, remove the registration."
            )
        }
    }
}

extension DependencyGraph.EdgeKind {
    /// The order of kinds between the same two nodes: constructor, forward, hook, lazy.
    var order: Int {
        switch self {
        case .constructor: 0
        case .forward: 1
        case .hook: 2
        case .lazy: 3
        }
    }
}
