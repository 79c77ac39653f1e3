/// One contribution to a collection or map, as its container records it.
struct ContributionRecord: Sendable {
    /// The key of the collection (`[Element]`) or map (`[Key: Element]`) it contributes to.
    let collection: ServiceKey
    /// The key of the element's own registration.
    let element: ServiceKey
    /// For a map: the element's key in the map, and how to show it.
    let mapKey: ServiceTag?
    let site: SourceLocation
}

/// The tag of a contribution's own registration: unique per contribution in the process, so
/// that a child's contribution never shadows its parent's.
struct ContributionTag: Hashable, Sendable, CustomStringConvertible {
    let sequence: Int
    var description: String { "contribution #\(sequence)" }

    private static let counter = AtomicCell<Int>(0)

    static func next() -> ContributionTag {
        ContributionTag(sequence: counter.add(1, ordering: .relaxed).newValue)
    }
}

extension Container {
    /// Adds an element to the collection `[Element]`: resolving `[Element]` gives every
    /// contribution, each built with its own lifetime.
    ///
    /// ```swift
    /// container.contribute(to: [any Plugin].self) { _ in AuthPlugin() }
    /// container.contribute(to: [any Plugin].self, lifetime: .singleton) { r in MetricsPlugin(r) }
    /// let plugins = try container.resolve([any Plugin].self)   // [AuthPlugin, MetricsPlugin]
    /// ```
    ///
    /// Order: the contributions of the root container first, then of each child down to the one
    /// resolving; within a container, in the order they were made. Contributions may come from
    /// different modules. The returned handle refines this contribution alone.
    @discardableResult
    public func contribute<Element>(
        to collection: [Element].Type,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> Registration<Element> {
        let collectionKey = ServiceKey(type: [Element].self, tag: ServiceTag(tag), arguments: Void.self)
        let (element, firstSite) = record(collectionKey, Element.self, mapKey: nil, site: SourceLocation(file, line))
        // Not checked for Sendable yet (see the Concurrency article).
        let registration = registerUncheckedSendable(
            Element.self, tag: element, lifetime: lifetime, file: file, line: line, factory: factory)
        publishCollection(collectionKey, site: firstSite) { resolver, records in
            try records.map { try resolver.resolve(Element.self, tag: $0.element.tag?.base as? ContributionTag) }
        }
        return registration
    }

    /// Adds an element under `key` to the map `[Key: Element]`: resolving the map gives every
    /// contribution by its key. Two contributions with one key make resolving the map throw
    /// ``WiringError/Code/duplicateRegistration`` naming both sites (and validation reports it).
    ///
    /// ```swift
    /// container.contribute(to: [String: any Handler].self, key: "GET /users") { _ in ListUsers() }
    /// ```
    @discardableResult
    public func contribute<Key: Hashable & Sendable, Element>(
        to map: [Key: Element].Type,
        key: Key,
        tag: (any Hashable & Sendable)? = nil,
        lifetime: Lifetime = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> Registration<Element> {
        let mapKey = ServiceKey(type: [Key: Element].self, tag: ServiceTag(tag), arguments: Void.self)
        Self.refuseIrreflexiveTag(
            of: ServiceKey(type: [Key: Element].self, tag: ServiceTag(key), arguments: Void.self),
            at: SourceLocation(file, line),
            role: "map key"
        )
        let (element, firstSite) = record(mapKey, Element.self, mapKey: ServiceTag(key), site: SourceLocation(file, line))
        // Not checked for Sendable yet (see the Concurrency article).
        let registration = registerUncheckedSendable(
            Element.self, tag: element, lifetime: lifetime, file: file, line: line, factory: factory)
        publishCollection(mapKey, site: firstSite) { resolver, records in
            var result: [Key: Element] = [:]
            var sites: [Key: SourceLocation] = [:]
            for record in records {
                guard let key = record.mapKey?.base.base as? Key else { continue }
                if let other = sites[key] {
                    throw WiringError(
                        code: .duplicateRegistration,
                        key: mapKey,
                        registrationSite: record.site,
                        detail: .duplicateKey(record.mapKey?.description ?? "\(key)", other, record.site)
                    )
                }
                sites[key] = record.site
                result[key] = try resolver.resolve(Element.self, tag: record.element.tag?.base as? ContributionTag)
            }
            return result
        }
        return registration
    }

    /// Records a contribution; returns its element's tag and the site of the collection's first
    /// contribution in this container.
    private func record(
        _ collection: ServiceKey,
        _ elementType: Any.Type,
        mapKey: ServiceTag?,
        site: SourceLocation
    ) -> (ContributionTag, SourceLocation) {
        let tag = ContributionTag.next()
        let element = ServiceKey(type: elementType, tag: ServiceTag(tag), arguments: Void.self)
        let record = ContributionRecord(collection: collection, element: element, mapKey: mapKey, site: site)
        if let batch = pendingPublication {
            // Inside an install: recorded when the batch publishes, with the element's registration.
            let first = contributions.withLock { $0[collection]?.first?.site } ?? batch.firstContribution(to: collection)
            batch.contributions.append((collection, record))
            return (tag, first ?? site)
        }
        return contributions.withLock { records in
            records[collection, default: []].append(record)
            return (tag, records[collection]?.first?.site ?? site)
        }
    }

    /// Publishes the transient registration of `collection`, whose factory gathers the
    /// contributions of this container and its ancestors, root first, unless this container
    /// already has it: later contributions only add their record, so the n-th costs O(1).
    private func publishCollection<C>(
        _ collection: ServiceKey,
        site: SourceLocation,
        _ assemble: @escaping @Sendable (Resolver, [ContributionRecord]) throws -> C
    ) {
        if let existing = registry.entry(for: collection), existing.currentDependencies != nil { return }
        publish { tracer in
            Entry<C>(
                key: collection,
                lifetime: .transient,
                owner: self,
                site: site,
                sequence: registry.nextSequence(),
                dependencies: nil,
                tracer: tracer,
                currentDependencies: { owner in owner.contributions.withLock { ($0[collection] ?? []).map(\.element) } }
            ) { resolver, _ in
                // The root's contributions first, then each child's down to the resolving one.
                let records = resolver.container.lineage.reversed().flatMap { container in
                    container.contributions.withLock { $0[collection] ?? [] }
                }
                return try assemble(resolver, records)
            }
        }
    }
}
