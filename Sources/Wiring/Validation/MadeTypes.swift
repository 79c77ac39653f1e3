/// One of the app's own types that the awaited dry run makes, as the app would, to see what its
/// call-site injection reads: see ``ValidationOptions/make(_:file:line:_:)``.
struct MadeType: Sendable {
    /// The type's name, as findings write it.
    let name: String
    /// Where the test asked for it.
    let site: SourceLocation
    /// The scope it lives in, if the test said (``ValidationOptions/make(in:_:file:line:_:)``):
    /// without one, it is made as an app's view makes it, outside any scope.
    let scope: ScopeName?
    /// Makes one and drops it.
    let make: @MainActor @Sendable () throws -> Void
}

extension ValidationOptions {
    /// Asks the dry run to make one of the app's own types that use call-site injection (a view
    /// model, a coordinator), after it has built the registrations, so that what the type reads
    /// with `wired()`, `@Wired` or `try resolve()` is checked too: the container never builds
    /// such a type, so without this validation cannot see its reads.
    ///
    /// ```swift
    /// var options = ValidationOptions(dryRun: true)
    /// options.make { RecipesViewModel() }
    /// let report = await Container.validate(modules: [AppModule()], options: options)
    /// #expect(report.isClean, "\(report)")
    /// ```
    ///
    /// The awaited `validate` makes it on the main actor, where view models live, with the dry
    /// run's throwaway copy current for what it reads as it is made; what it resolved is
    /// disposed with the copy. What it starts that runs later (a `Task` that loads, a
    /// `@LazyWired` read later) reads from the container current where `validate` was called,
    /// as in the app, never from the copy, which is shut down when `validate` returns. A
    /// synchronous `validate` does not make it (it builds no async registration, which the type
    /// might read) and reports that as a ``ValidationFinding/Kind/dryRunIncomplete`` error. Nor
    /// does a dry run whose findings already have an error: fix those first.
    ///
    /// What it reports:
    /// - a synchronous read, by the type or by a synchronous factory it makes, of a registration
    ///   whose factory is `async` and which no ``Container/startAsync()`` builds first (not an
    ///   eager singleton): ``ValidationFinding/Kind/asyncReadSynchronously``, an error. The dry
    ///   run built it before, so here the read succeeds; in the app it stops the program;
    /// - a read of a `scoped` registration, by the type or through what it makes, when the type
    ///   is made outside any scope, as a view is (``ValidationFinding/Kind/scopedReadOutsideScope``,
    ///   an error): say where it lives with ``make(in:_:file:line:_:)``;
    /// - an error thrown out of `maker` (a failing `try resolve()`):
    ///   ``ValidationFinding/Kind/buildFailed``.
    ///
    /// On the main actor a failed call-site injection cannot become a finding: a `wired()` the
    /// copy cannot serve (a key nothing registers, an async transient) stops the program, as it
    /// would in the app, with a message that names the type. The build-time check
    /// (<doc:CheckingTheGraphAtBuildTime>) reports such reads at their line without running them.
    ///
    /// - Parameters:
    ///   - type: The type made, to name it in findings (inferred from `maker`).
    ///   - file: Where the findings about it point; the caller's file by default.
    ///   - line: Where the findings about it point; the caller's line by default.
    ///   - maker: Makes the type as the app does: `{ RecipesViewModel() }`.
    public mutating func make<T>(
        _ type: T.Type = T.self,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ maker: @escaping @MainActor @Sendable () throws -> T
    ) {
        madeTypes.append(
            MadeType(name: typeDisplayName(T.self), site: SourceLocation(file, line), scope: nil) { _ = try maker() })
    }

    /// Asks the dry run to make one of the app's own types that lives inside a scope named
    /// `scope` (a screen's model made inside `withContainer(screenScope)`): its reads of scoped
    /// registrations are then what the app does, and not reported. Otherwise as
    /// ``make(_:file:line:_:)``.
    ///
    /// ```swift
    /// options.make(in: .checkout) { CheckoutViewModel() }
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The name of the scope the app makes it in.
    ///   - type: The type made, to name it in findings (inferred from `maker`).
    ///   - file: Where the findings about it point; the caller's file by default.
    ///   - line: Where the findings about it point; the caller's line by default.
    ///   - maker: Makes the type as the app does: `{ CheckoutViewModel() }`.
    public mutating func make<T>(
        in scope: ScopeName,
        _ type: T.Type = T.self,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ maker: @escaping @MainActor @Sendable () throws -> T
    ) {
        madeTypes.append(
            MadeType(name: typeDisplayName(T.self), site: SourceLocation(file, line), scope: scope) { _ = try maker() })
    }
}

extension DryRun {
    /// Makes `types` on the main actor in this dry run's copy, and reports what they read
    /// synchronously that the app could not serve, and what they threw.
    @MainActor
    func findings(making types: [MadeType]) -> [ValidationFinding] {
        // The copy is traced again while the types are made, as during the dry run, so that
        // their reads (builds and cache hits) are recorded.
        let recorder = EdgeRecorder()
        let lineage = copy.lineage
        for level in lineage { level.setTracer(Tracer(handler: nil, recorder: recorder)) }
        defer { for level in lineage { level.setTracer(nil) } }
        let context = ResolutionContext.current
        var thrown: [Int: ValidationFinding] = [:]
        for (index, type) in types.enumerated() {
            context.madeByValidation = type.name
            context.dryRunOnMainActor = true
            recorder.enter(Self.key(ofMade: index), phase: .constructor)
            do {
                // Inside the scopes of every name (so that a scoped read is seen, and reported
                // below, rather than stopping the program), with the copy current on this
                // thread only: a `Task` the type starts does not inherit it.
                try Self.current(copy, scope: scopes.first, in: context) { try type.make() }
            } catch {
                thrown[index] = ValidationFinding(
                    kind: .buildFailed,
                    severity: .error,
                    registration: type.name,
                    site: type.site,
                    path: [type.name],
                    headline: "making \(type.name), as the app does, threw: \(error)",
                    fix: "register what it resolves, or fix the factory the error names."
                )
            }
            recorder.exit()
            context.dryRunOnMainActor = false
            context.madeByValidation = nil
        }
        // What each registration and each made type read, from the dry run and from the making.
        let reads = Dictionary(grouping: edges.union(recorder.edges).filter { $0.phase == .constructor }, by: \.from)
        let entry = { (key: ServiceKey) in lineage.lazy.compactMap { $0.registry.entry(for: key) }.first }
        return types.enumerated().flatMap { index, type in
            let made = Self.key(ofMade: index)
            return (thrown[index].map { [$0] } ?? []) + Self.asyncReadFindings(of: type, key: made, reads: reads, entry: entry)
                + Self.scopedReadFindings(of: type, key: made, reads: reads, entry: entry)
        }
    }

    /// Runs `body` with `container` (and `scope`) current for call-site injection on this thread,
    /// as a factory's own code sees its resolver: not as the task-local value `withContainer`
    /// sets, which a `Task` that `body` starts would inherit, and use after the copy is shut down.
    @MainActor
    private static func current<R>(
        _ container: Container, scope: Scope?, in context: ResolutionContext, _ body: () throws -> R
    ) throws -> R {
        let frame = context.frame
        let outer = frame.pointee
        frame.pointee.container = Unmanaged.passUnretained(container)
        frame.pointee.scope = scope.map { Unmanaged.passUnretained($0) }
        defer { frame.pointee = outer }
        return try withExtendedLifetime((container, scope)) { try body() }
    }

    /// The `scoped` registrations that `made` reads as it is made, itself or through the
    /// transient and graph registrations it makes, when the test did not say which scope it lives
    /// in: made outside any scope, as a view makes it, each read stops the program.
    private static func scopedReadFindings(
        of type: MadeType, key made: ServiceKey, reads: [ServiceKey: [EdgeRecorder.Edge]], entry: (ServiceKey) -> AnyEntry?
    ) -> [ValidationFinding] {
        guard type.scope == nil else { return [] }
        var findings: [ValidationFinding] = []
        var seen: Set<ServiceKey> = [made]
        var queue: [[ServiceKey]] = [[made]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            for edge in reads[path[path.count - 1]] ?? [] where seen.insert(edge.to).inserted {
                guard let read = entry(edge.to) else { continue }
                switch read.lifetime.kind {
                case .scoped:
                    let names = [type.name] + path.dropFirst().map(\.description) + [edge.to.description]
                    let through = path.count > 1 ? ", through \(path.dropFirst().map(\.description).joined(separator: " → "))," : ""
                    let scope = read.lifetime.scopeName.map { "(\"\($0.rawValue)\")" } ?? "()"
                    findings.append(
                        ValidationFinding(
                            kind: .scopedReadOutsideScope,
                            severity: .error,
                            registration: edge.to.description,
                            site: type.site,
                            path: names,
                            headline:
                                "\(type.name) reads \(edge.to) (\(read.lifetime))\(through) when it is made: made outside any scope, as a view makes it, that read stops the program (scope not active)",
                            fix:
                                "make \(type.name) inside withContainer(scope) where the app opens the scope, and say so here: options.make(in: \(read.lifetime.scopeName.map { "\"\($0.rawValue)\"" } ?? "…")) { … }; or read \(edge.to) lazily (@LazyWired) where it is used, inside the scope (makeScope\(scope))."
                        ))
                case .transient, .graph:
                    queue.append(path + [edge.to])
                default:
                    continue
                }
            }
        }
        return findings
    }

    /// The recorder's key for the type made at `index` of the options: a key of its own (two
    /// types may share a name), so that the edges from it are that type's reads.
    private static func key(ofMade index: Int) -> ServiceKey {
        ServiceKey(type: MadeType.self, tag: ServiceTag(index), arguments: Void.self)
    }

    /// The registrations with an `async` factory that are not eager singletons and that `made`
    /// reads synchronously: itself, or through the synchronous factories it makes (each path
    /// once, the shortest).
    private static func asyncReadFindings(
        of type: MadeType, key made: ServiceKey, reads: [ServiceKey: [EdgeRecorder.Edge]], entry: (ServiceKey) -> AnyEntry?
    ) -> [ValidationFinding] {
        var findings: [ValidationFinding] = []
        var seen: Set<ServiceKey> = [made]
        var queue: [[ServiceKey]] = [[made]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            for edge in reads[path[path.count - 1]] ?? [] where !seen.contains(edge.to) {
                seen.insert(edge.to)
                guard let read = entry(edge.to) else { continue }
                guard read.asyncBuildObject != nil else {
                    queue.append(path + [edge.to])
                    continue
                }
                guard read.lifetime != .eagerSingleton else { continue }
                let names = [type.name] + path.dropFirst().map(\.description) + [edge.to.description]
                let through = path.count > 1 ? ", through \(path.dropFirst().map(\.description).joined(separator: " → "))," : ""
                findings.append(
                    ValidationFinding(
                        kind: .asyncReadSynchronously,
                        severity: .error,
                        registration: edge.to.description,
                        site: type.site,
                        path: names,
                        headline:
                            "\(edge.to) has an async factory, and \(type.name) reads it synchronously\(through) when it is made: the dry run had built it, but in the app that read stops the program unless something built \(edge.to) first",
                        fix:
                            "make it an eagerSingleton and run `try await container.startAsync()` at launch (and in tests), or read it where it is used with `try await resolveAsync(\(metatypeExpression(typeDisplayName(edge.to.type)))))`, from an async method."
                    ))
            }
        }
        return findings
    }
}
