/// What ``Container/validate(_:)-11zjp`` checks beyond the defaults.
public struct ValidationOptions: Sendable {
    /// The types the application resolves at its top (`App.self`). With roots, registrations
    /// that no root can reach are reported as ``ValidationFinding/Kind/unreachable`` warnings
    /// (when the edges into them are known: with a dry run, or when every registration the roots
    /// reach declares its dependencies), and paths start at a root. A root that is not
    /// registered is an error. Without roots, every registration that nothing depends on counts
    /// as a root, and nothing is reported as unreachable.
    public var roots: [Any.Type]
    /// Whether to resolve every registration once, in a throwaway copy of the container (and of
    /// its parents) with a scope of every name, to learn the dependencies of closure factories
    /// and hooks. It runs your factories, so they must be safe to run; the real container's
    /// caches are not touched. Registrations that take runtime arguments, and values given to
    /// scopes (``Registration/providedToScopes()``), are not dry-run. Main-actor factories (and
    /// whatever resolves them) run on the main actor: the `async` `validate` goes there, a
    /// synchronous `validate` called there runs them in place, and one called elsewhere reports
    /// each of them as a ``ValidationFinding/Kind/dryRunIncomplete`` error, since it could not
    /// check them. The `async` `validate` waits for the main actor, which must be running.
    ///
    /// What the dry run builds is disposed before `validate` returns, as a shutdown of the copy
    /// would; a teardown that fails is a ``ValidationFinding/Kind/teardownFailed`` warning. The
    /// synchronous `validate` cannot await an asynchronous teardown: it starts each in a task it
    /// does not wait for, and says so with a ``ValidationFinding/Kind/teardownNotAwaited``
    /// warning naming the registration (the synchronous teardowns still run, and their failures
    /// are reported); the `async` `validate` awaits them.
    ///
    /// A call-site injection (`wired()`, `@Wired`) that fails in the dry run becomes a finding;
    /// the thread it ran on stays parked for good, so a dry run parks at most 8 threads and
    /// then stops with a ``ValidationFinding/Kind/dryRunIncomplete`` finding, and validating an
    /// unchanged container again parks none. On the main actor no thread can be parked: there a
    /// failing call-site injection stops the program, as it would in the app, with a message
    /// that says so. A main-actor factory that resolves with `try r.resolve()` is reported.
    public var dryRun: Bool
    /// The sample values the dry run gives its scopes, from ``provide(_:as:tag:)``.
    var samples: [ScopeSample] = []
    /// The app's own types the awaited dry run makes, from ``make(_:file:line:_:)``.
    var madeTypes: [MadeType] = []

    /// Options for a validation.
    public init(roots: [Any.Type] = [], dryRun: Bool = false) {
        self.roots = roots
        self.dryRun = dryRun
    }

    /// Gives the dry run's scopes `sample` as their instance of a registration declared
    /// ``Registration/providedToScopes()`` (a request, a request id, a signed-in user), so that
    /// the dry run can check the factories that resolve it past that resolve. Without a sample,
    /// each such factory is reported (``ValidationFinding/Kind/dryRunIncomplete``), since nothing
    /// it does after resolving the value was checked.
    ///
    /// ```swift
    /// var options = ValidationOptions(roots: [Greeting.self], dryRun: true)
    /// options.provide(CurrentUser(name: "sample"))
    /// let report = container.validate(options)
    /// ```
    ///
    /// The value is given with ``Scope/provide(_:as:tag:file:line:)``, to the dry run's scopes
    /// only; a sample that no scope of the dry run can take is reported as an error.
    ///
    /// - Parameters:
    ///   - sample: A value like those your scopes are given; the dry run's factories run with it.
    ///   - type: The registered type, when it is not the sample's own (a protocol).
    ///   - tag: The registration's tag, if it has one.
    public mutating func provide<T: Sendable>(_ sample: T, as type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil) {
        let key = ServiceKey(type: T.self, tag: ServiceTag(tag), arguments: Void.self)
        samples.append(
            ScopeSample(key: key) { (scope: Scope) in
                do throws(WiringError) {
                    try scope.provide(sample, as: type, tag: tag)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            })
    }
}

/// A sample value for the dry run's scopes: see ``ValidationOptions/provide(_:as:tag:)``.
struct ScopeSample: Sendable {
    let key: ServiceKey
    /// Gives the sample to a scope. A `Result` rather than `throws(WiringError)`: a stored
    /// typed-throws function type needs runtime support that Apple systems below macOS 15 and
    /// iOS 18 lack (`Scripts/check-platform-floor.sh`).
    let give: @Sendable (Scope) -> Result<Void, WiringError>
}

/// One problem (or, at ``Severity/info``, one remark) that validation found.
public struct ValidationFinding: Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// A dependency that nothing is registered for.
        public static let missingRegistration = Kind(name: "missing registration")
        /// Registrations whose factories depend on each other in a loop: resolving any of them
        /// throws.
        public static let cycle = Kind(name: "cycle")
        /// A loop closed by a post-construction hook. Allowed (``Severity/info``) when every
        /// registration on it caches its instance; an error when one is transient, because the
        /// hook would then build without end.
        public static let hookCycle = Kind(name: "cycle closed by a hook")
        /// A longer-lived registration holding a shorter-lived one: a singleton that depends on
        /// a scoped (error), graph or transient (warning) registration keeps one instance of it
        /// for ever.
        public static let captiveDependency = Kind(name: "captive dependency")
        /// A registration replaced, in the same container, by another one made elsewhere in the
        /// code: only the last one counts, which may not be the one you meant.
        public static let ambiguousRegistration = Kind(name: "ambiguous registration")
        /// A dependency on a type and tag that is registered only with runtime arguments.
        public static let argumentMismatch = Kind(name: "argument mismatch")
        /// A registration that no root reaches (only with ``ValidationOptions/roots``).
        public static let unreachable = Kind(name: "unreachable registration")
        /// Two modules declare one type and tag differently.
        public static let duplicateDeclaration = Kind(name: "duplicate declaration")
        /// A factory failed during the dry run.
        public static let buildFailed = Kind(name: "build failed")
        /// A teardown failed when the dry run disposed what it built.
        public static let teardownFailed = Kind(name: "teardown failed")
        /// The synchronous `validate` could not await an asynchronous teardown of what the dry
        /// run built: it was started in a task that may finish after `validate` returns. A
        /// warning: use the `async` `validate` to have it disposed before the report comes back.
        public static let teardownNotAwaited = Kind(name: "teardown not awaited")
        /// The dry run stopped before it had resolved every registration: what comes after the
        /// finding's registration was not checked by running it. An error, so that a report is
        /// never valid by what it did not check.
        public static let dryRunIncomplete = Kind(name: "dry run incomplete")
        /// An async registration that the `async` dry run did not build: the system has no task
        /// executors (before macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2), which the dry run
        /// needs to keep a factory's failing call-site injection on its own thread. A
        /// ``Severity/warning``: validation did not check it.
        public static let asyncNotBuilt = Kind(name: "async registration not built")
        /// A type the dry run made (``ValidationOptions/make(_:file:line:_:)``) reads a
        /// registration with an `async` factory synchronously, itself or through synchronous
        /// factories, and nothing builds that registration first (it is not an eager singleton
        /// built by ``Container/startAsync()``). An ``Severity/error``: in an app that does not
        /// await the registration before making the type, the read stops the program; make it an
        /// eager singleton started at launch, which also clears the finding.
        public static let asyncReadSynchronously = Kind(name: "async registration read synchronously")
        /// A type the dry run made outside any scope, as a view makes it, reads a `scoped`
        /// registration, itself or through transient and graph registrations it makes: in the app
        /// that read stops the program. ``ValidationOptions/make(in:_:file:line:_:)`` says the
        /// type lives in a scope.
        public static let scopedReadOutsideScope = Kind(name: "scoped registration read outside a scope")

        public var description: String { name }
    }

    /// How serious a finding is.
    public enum Severity: Int, Sendable, Comparable, CustomStringConvertible {
        /// A remark: allowed, shown for understanding.
        case info
        /// Works, but is probably not what you meant.
        case warning
        /// Fails when resolved.
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// How serious it is.
    public let severity: Severity
    /// The registration the finding is about, as messages name it.
    public let registration: String
    /// Where that registration was made, when there is one.
    public let site: SourceLocation?
    /// The resolution path from a root to the problem (`App → UserService → any Database`);
    /// for a cycle, the loop itself (`A → B → A`).
    public let path: [String]
    /// One line: what is wrong.
    public let headline: String
    /// How to fix it.
    public let fix: String

    /// The three-part message: headline, context, "To fix:".
    public var description: String {
        var lines = ["\(severity): \(headline)"]
        lines.append("  registration: \(registration)")
        if path.count > 1 { lines.append("  path: \(path.joined(separator: " → "))") }
        if let site { lines.append("  registered at: \(site)") }
        lines.append("To fix: \(fix)")
        return lines.joined(separator: "\n")
    }
}

/// Everything ``Container/validate(_:)-11zjp`` found, and the graph it analysed.
public struct ValidationReport: Sendable, CustomStringConvertible {
    /// The findings, errors first, then warnings, then remarks; each group in a stable order.
    public let findings: [ValidationFinding]
    /// The registration graph that was analysed.
    public let graph: DependencyGraph

    init(findings: [ValidationFinding], graph: DependencyGraph) {
        var seen = Set<String>()
        self.findings = findings.filter { seen.insert($0.description).inserted }.sorted {
            ($1.severity.rawValue, $0.kind.name, $0.registration, $0.path.joined(separator: "→"))
                < ($0.severity.rawValue, $1.kind.name, $1.registration, $1.path.joined(separator: "→"))
        }
        self.graph = graph
    }

    /// This report with `findings` added.
    func adding(_ more: [ValidationFinding]) -> ValidationReport {
        more.isEmpty ? self : ValidationReport(findings: findings + more, graph: graph)
    }

    /// The findings of severity ``ValidationFinding/Severity/error``.
    public var errors: [ValidationFinding] { findings.filter { $0.severity == .error } }
    /// The findings of severity ``ValidationFinding/Severity/warning``.
    public var warnings: [ValidationFinding] { findings.filter { $0.severity == .warning } }
    /// Whether there is no error: every registration validation could check resolves.
    public var isValid: Bool { errors.isEmpty }
    /// Whether there is neither an error nor a warning.
    public var isClean: Bool { findings.allSatisfy { $0.severity == .info } }

    /// A summary line, then every finding.
    public var description: String {
        let summary =
            "Wiring validation: \(graph.nodes.filter { !$0.isMissing }.count) registrations, "
            + "\(errors.count) error\(errors.count == 1 ? "" : "s"), "
            + "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")."
        return ([summary] + findings.map(\.description)).joined(separator: "\n\n")
    }
}

extension Container {
    /// Checks the whole registration graph, as seen from this container (its own and its
    /// parents' registrations), and reports every problem at once: missing registrations with
    /// the path that needs them, cycles (`A → B → C → A`), captive dependencies, ambiguous
    /// registrations, argument mismatches and, with roots, unreachable registrations.
    ///
    /// ```swift
    /// @Test func wiringIsValid() throws {
    ///     let container = Container()
    ///     try container.install(AppModule())   // in a test, the app's main has not run
    ///     let report = container.validate(ValidationOptions(roots: [App.self], dryRun: true))
    ///     #expect(report.isValid, "\(report)")
    /// }
    /// ```
    ///
    /// Without a dry run nothing is built: dependencies are known for auto-wired registrations
    /// and forwarded types only. Closure factories hide theirs until they run; for them, turn on
    /// ``ValidationOptions/dryRun`` (in a test, or at start-up in debug builds).
    ///
    /// The dry run runs on a thread of its own. A factory whose call-site injection (`wired()`,
    /// `@Wired`) fails there does not stop the program: the failure becomes a finding, and that
    /// thread is left parked with the unfinished build (a few kilobytes of its stack), since
    /// a non-throwing call cannot be unwound. Async factories are not awaited: a dependency on
    /// one is recorded as an edge; use the `async` form of `validate(_:)` to build them too.
    public func validate(_ options: ValidationOptions = ValidationOptions()) -> ValidationReport {
        guard options.dryRun else { return report(nil, options: options, awaitedAsync: false) }
        let run = DryRun(of: self, samples: options.samples)
        let report = report(run, options: options, awaitedAsync: false)
        let notMade = Self.notMadeFindings(
            options.madeTypes, why: "this synchronous validate builds no async registration, which it might read",
            fix: "validate with `await container.validate(options)`, which makes these types on the main actor.")
        let (failures, notAwaited) = run.disposeSynchronously()
        return report.adding(notMade + Self.teardownFindings(failures) + Self.notAwaitedFindings(notAwaited))
    }

    /// ``validate(_:)-11zjp``, with a dry run that also awaits async factories, in a throwaway copy of
    /// the container: async registrations first, so that a synchronous registration that needs
    /// an async singleton finds it built, as it would after ``startAsync()``.
    ///
    /// ```swift
    /// let report = await container.validate(ValidationOptions(roots: [App.self], dryRun: true))
    /// ```
    ///
    /// The dry run's async work runs on the dry run's own thread, so a failing call-site
    /// injection becomes a finding there too, except inside a factory isolated to an actor
    /// (such as the main actor), which runs on that actor and stops the program as outside a
    /// dry run. Synchronous main-actor factories, and what resolves them, run on the main actor
    /// after the rest, with the same exception.
    ///
    /// On a system without task executors (before macOS 15, iOS 18, tvOS 18, watchOS 11,
    /// visionOS 2) the dry run cannot keep async work on its own thread, so it builds only the
    /// synchronous registrations, as the synchronous `validate` does, and reports each async
    /// registration as a ``ValidationFinding/Kind/asyncNotBuilt`` warning.
    public func validate(_ options: ValidationOptions = ValidationOptions()) async -> ValidationReport {
        await validate(options, awaitingAsync: DryRun.hasTaskExecutors)
    }

    /// The `async` ``validate(_:)-11zjp``, told whether its dry run awaits async factories:
    /// `false` is what it does on a system without task executors, which a test on any system
    /// can check this way.
    package func validate(_ options: ValidationOptions, awaitingAsync: Bool) async -> ValidationReport {
        guard options.dryRun else { return report(nil, options: options, awaitedAsync: true) }
        let run = await DryRun(of: self, samples: options.samples, awaitingAsync: awaitingAsync)
        let report = report(run, options: options, awaitedAsync: run.awaitedAsync)
        let made = await Self.madeTypeFindings(options.madeTypes, in: run, after: report)
        return report.adding(Self.asyncNotBuiltFindings(run) + made + Self.teardownFindings(await run.dispose()))
    }

    /// What making `types` on the main actor in `run`'s copy found; or, when making them could
    /// stop the program on a problem the report already names, or read what the dry run did not
    /// build, why they were not made.
    private static func madeTypeFindings(
        _ types: [MadeType], in run: DryRun, after report: ValidationReport
    ) async -> [ValidationFinding] {
        guard !types.isEmpty else { return [] }
        if !report.errors.isEmpty {
            return notMadeFindings(
                types, why: "the registrations have errors, which the type's reads could meet",
                fix: "fix the errors reported here, then validate again.")
        }
        if !run.awaitedAsync {
            return notMadeFindings(
                types, why: "the dry run built no async registration, which it might read",
                fix: "run the validating test on macOS 15, iOS 18 or later, or on Linux, where the dry run builds async registrations.")
        }
        return await MainActor.run { run.findings(making: types) }
    }

    /// A ``ValidationFinding/Kind/dryRunIncomplete`` error for each type of `types`, not made for
    /// the reason given.
    private static func notMadeFindings(_ types: [MadeType], why: String, fix: String) -> [ValidationFinding] {
        types.map { type in
            ValidationFinding(
                kind: .dryRunIncomplete,
                severity: .error,
                registration: type.name,
                site: type.site,
                path: [type.name],
                headline: "\(type.name) was not made, so what it reads was not checked: \(why).",
                fix: fix
            )
        }
    }

    /// The findings for the async registrations an `async` dry run did not build: on a system
    /// without task executors, every one.
    private static func asyncNotBuiltFindings(_ run: DryRun) -> [ValidationFinding] {
        run.asyncNotBuilt.map { key in
            ValidationFinding(
                kind: .asyncNotBuilt,
                severity: .warning,
                registration: key.description,
                site: run.copy.registry.entry(for: key)?.site,
                path: [key.description],
                headline:
                    "the dry run did not build \(key), an async registration: this system has no task executors (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2), which the dry run needs to run async factories on its own thread; what it resolves is known only as far as the analysis sees without running it",
                fix:
                    "run the validating test on macOS 15, iOS 18 or later, or on Linux, where the dry run builds async registrations too."
            )
        }
    }

    /// The findings for asynchronous teardowns that a synchronous `validate` could only start.
    private static func notAwaitedFindings(_ registrations: [String]) -> [ValidationFinding] {
        registrations.map { registration in
            ValidationFinding(
                kind: .teardownNotAwaited,
                severity: .warning,
                registration: registration,
                site: nil,
                path: [registration],
                headline:
                    "the dry run built \(registration), whose teardown is asynchronous: this synchronous validate could not await it, so it was started in a task that may finish after validate returns, and a failure there is not reported",
                fix: "validate with `await container.validate(options)`, which awaits every teardown before it returns."
            )
        }
    }

    /// The findings for teardowns that failed when the dry run disposed what it built.
    private static func teardownFindings(_ failures: [DisposalError.Failure]) -> [ValidationFinding] {
        failures.map { failure in
            ValidationFinding(
                kind: .teardownFailed,
                severity: .warning,
                registration: failure.registration,
                site: nil,
                path: [failure.registration],
                headline: "disposing \(failure.registration), which the dry run built, failed: \(failure.error)",
                fix: "make its teardown (dispose(), an onDispose closure) succeed for an instance that was built and not used."
            )
        }
    }

    private func report(_ run: DryRun?, options: ValidationOptions, awaitedAsync: Bool) -> ValidationReport {
        let analysis = GraphAnalysis(
            container: run?.copy ?? self,
            original: self,
            recorded: run?.edges ?? [],
            dryRunErrors: run?.errors ?? [],
            roots: options.roots,
            dryRan: run != nil,
            awaitedAsync: awaitedAsync
        )
        var findings = analysis.findings(reportUnreachable: !options.roots.isEmpty)
        for (key, error) in run?.rejectedSamples ?? [] {
            findings.append(
                ValidationFinding(
                    kind: .dryRunIncomplete,
                    severity: .error,
                    registration: key.description,
                    site: nil,
                    path: [key.description],
                    headline:
                        "the sample value for \(key) could not be given to the dry run's scopes: \(error.description.split(separator: "\n").first ?? "").",
                    fix:
                        "give samples only for scoped registrations declared providedToScopes(), under their registered type and tag (options.provide(value, as: Type.self, tag: …))."
                )
            )
        }
        for (key, site) in run?.notRunOnMainActor ?? [] {
            findings.append(
                ValidationFinding(
                    kind: .dryRunIncomplete,
                    severity: .error,
                    registration: key.description,
                    site: site,
                    path: [key.description],
                    headline:
                        "\(key) must be built on the main actor (its factory or a hook, or those of a registration it resolves, run there), and \(run?.mainActorStoppedEarly == true ? "the dry run stopped before it could go there" : "this validate ran off it"): it was not dry-run.",
                    fix: run?.mainActorStoppedEarly == true
                        ? "fix the call-site injection failures reported here, then validate again."
                        : "validate with `await container.validate(options)`, which runs main-actor factories on the main actor, or call validate on the main actor (a @MainActor test)."
                )
            )
        }
        if let (reason, next) = run?.incomplete {
            findings.append(
                ValidationFinding(
                    kind: .dryRunIncomplete,
                    severity: .error,
                    registration: next?.description ?? "(none)",
                    site: next.flatMap { registry.entry(for: $0)?.site },
                    path: [],
                    headline: "\(reason); \(next.map { "\($0) and the registrations after it were" } ?? "nothing more was") not dry-run.",
                    fix:
                        "fix the call-site injection failures reported here (or resolve those dependencies with `try r.resolve()` in the factory, which a dry run reports without parking a thread), then validate again."
                )
            )
        }
        return ValidationReport(findings: findings, graph: analysis.graph)
    }

    /// The registration graph as seen from this container; see ``DependencyGraph``.
    ///
    /// - Parameter options: With ``ValidationOptions/dryRun``, the graph includes the
    ///   dependencies of closure factories and hooks.
    public func dependencyGraph(_ options: ValidationOptions = ValidationOptions()) -> DependencyGraph {
        validate(options).graph
    }

    /// Validates `modules` as an application would install them: in a new container, reporting
    /// clashing declarations as ``ValidationFinding/Kind/duplicateDeclaration`` (keeping the
    /// first), then everything ``validate(_:)-11zjp`` reports.
    ///
    /// A dry run of modules that declare main-actor factories needs the main actor: call this on
    /// it, or use the `async` form, which goes there.
    public static func validate(
        modules: [any Installable],
        options: ValidationOptions = ValidationOptions()
    ) -> ValidationReport {
        let (container, duplicates) = installedForValidation(modules)
        return container.validate(options).adding(duplicates)
    }

    /// ``validate(modules:options:)-8vznf``, with the dry run of the `async` ``validate(_:)-3cy96``:
    /// async factories awaited, main-actor factories run on the main actor.
    ///
    /// ```swift
    /// let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
    /// ```
    public static func validate(
        modules: [any Installable],
        options: ValidationOptions = ValidationOptions()
    ) async -> ValidationReport {
        let (container, duplicates) = installedForValidation(modules)
        return await container.validate(options).adding(duplicates)
    }

    /// A new container with `modules` installed, and the declarations that clashed.
    private static func installedForValidation(_ modules: [any Installable]) -> (Container, [ValidationFinding]) {
        let container = Container()
        let plan = container.installPlan(for: modules, overriding: false)
        container.apply(plan, overriding: false)
        let duplicates = plan.conflicts.map { conflict in
            ValidationFinding(
                kind: .duplicateDeclaration,
                severity: .error,
                registration: conflict.key.description,
                site: conflict.site,
                path: [conflict.key.description],
                headline: conflict.sameLineNote.map { "\($0)." }
                    ?? "\(conflict.key) is declared twice, at \(conflict.other) and at \(conflict.site).",
                fix:
                    "keep one of the two declarations, or give them different tags; to override on purpose, install the override into a child container."
            )
        }
        return (container, duplicates)
    }
}
