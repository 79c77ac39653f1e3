import Testing
import Wiring

/// Everything a user can get wrong, each ending in its documented error: never a crash
/// elsewhere, a stack overflow or a hang (each case runs under a watchdog on a thread with an
/// ordinary 8 MiB stack).
@Suite("Bad input", .timeLimit(.minutes(10)))
struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: WiringError.Code
        let run: @Sendable () throws(WiringError) -> Void
        var testDescription: String { name }
    }

    /// A loop of `length` registrations of `Link` (tags 0..<length), each resolving the next.
    static func cycle(length: Int, lifetime: Lifetime) -> Case {
        Case(name: "a cycle of length \(length) between \(lifetime) registrations", expected: .cycle) { () throws(WiringError) in
            let container = Container()
            for index in 0..<length {
                container.register(Link.self, tag: index, lifetime: lifetime) { r in
                    _ = try r.resolve(Link.self, tag: (index + 1) % length)
                    return Link(index: index)
                }
            }
            _ = try container.makeScope().resolve(Link.self, tag: 0)
        }
    }

    static let cases: [Case] =
        [
            Case(name: "an unregistered type", expected: .notRegistered) { () throws(WiringError) in
                _ = try Container().resolve(Probe.self)
            },
            Case(name: "a registered type under an unregistered tag", expected: .notRegistered) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self) { _ in Probe(source: 0) }
                _ = try container.resolve(Probe.self, tag: "other")
            },
            Case(name: "a missing dependency deep in a graph", expected: .notRegistered) { () throws(WiringError) in
                let container = Container()
                container.register(Left.self) { r in Left(shared: try r.resolve()) }
                _ = try container.resolve(Left.self)
            },
            Case(name: "arguments of the wrong type", expected: .argumentMismatch) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self) { (_: Resolver, source: Int) in Probe(source: source) }
                _ = try container.resolve(Probe.self, arguments: "seven")
            },
            Case(name: "too many arguments", expected: .argumentMismatch) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self) { (_: Resolver, source: Int) in Probe(source: source) }
                _ = try container.resolve(Probe.self, arguments: 1, 2)
            },
            Case(name: "no arguments for a registration that needs them", expected: .argumentMismatch) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self) { (_: Resolver, source: Int) in Probe(source: source) }
                _ = try container.resolve(Probe.self)
            },
            Case(name: "Int? for a registration that takes Int", expected: .argumentMismatch) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self) { (_: Resolver, source: Int) in Probe(source: source) }
                _ = try container.resolve(Probe.self, arguments: Int?.some(1))
            },
            Case(name: "a weak singleton of a value type", expected: .invalidLifetime) { () throws(WiringError) in
                let container = Container()
                container.register(Value.self, lifetime: .weakSingleton) { _ in Value() }
                _ = try container.resolve(Value.self)
            },
            Case(name: "a scoped registration resolved outside a scope", expected: .scopeNotActive) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 0) }
                _ = try container.resolve(Probe.self)
            },
            Case(name: "a registration scoped to a name no enclosing scope has", expected: .scopeNotActive) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self, lifetime: .scoped("session")) { _ in Probe(source: 0) }
                _ = try container.makeScope("request").resolve(Probe.self)
            },
            Case(name: "a registration removed before the resolve", expected: .notRegistered) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 0) }
                container.remove(Probe.self)
                _ = try container.resolve(Probe.self)
            },
            Case(name: "a dependency registered only in a child, needed by a parent singleton", expected: .notRegistered) {
                () throws(WiringError) in
                let parent = Container()
                parent.register(Left.self, lifetime: .singleton) { r in Left(shared: try r.resolve()) }
                let child = parent.makeChild()
                child.register(Probe.self) { _ in Probe(source: 0) }
                _ = try child.resolve(Left.self)
            },
            Case(name: "an async registration resolved synchronously", expected: .asyncRequired) { () throws(WiringError) in
                let container = Container()
                container.register(Probe.self, lifetime: .singleton) { (_: Resolver) async throws -> Probe in Probe(source: 0) }
                _ = try container.resolve(Probe.self)
            },
        ]
        + [1, 2, 10, 100].flatMap { length in
            [Lifetime.transient, .singleton, .weakSingleton, .graph, .scoped].map { cycle(length: length, lifetime: $0) }
        }

    @Test("a bad input ends in its documented error", arguments: cases)
    func badInputThrowsDocumentedError(_ badInput: Case) {
        let outcome = withWatchdog(.seconds(20), badInput.name) { () -> String in
            do throws(WiringError) {
                try badInput.run()
                return "no error"
            } catch {
                // Reading the message must not crash either.
                return error.description.isEmpty ? "empty message" : "\(error.code)"
            }
        }
        #expect(outcome == "\(badInput.expected)", "\(badInput.name)")
    }

    @Test("a cycle error names the loop and where it closes", arguments: [2, 10])
    func cycleErrorNamesTheLoop(length: Int) throws {
        let error = #expect(throws: WiringError.self) { try Self.cycle(length: length, lifetime: .singleton).run() }
        #expect(error?.path.count == length + 1, "path: \(error?.path ?? [])")
        #expect(error?.path.first == error?.path.last)
    }

    @Test("a resolve through a closed scope reports shutDown")
    func closedScopeReportsShutDown() async throws {
        let container = Container()
        container.register(Probe.self, lifetime: .scoped) { _ in Probe(source: 0) }
        let scope = container.makeScope()
        _ = try scope.resolve(Probe.self)
        try await scope.close()
        let error = #expect(throws: WiringError.self) { try scope.resolve(Probe.self) }
        #expect(error?.code == .shutDown)
    }

    @Test("a resolve from a container that was shut down reports shutDown, also for async registrations")
    func shutDownContainerReportsShutDown() async throws {
        let container = Container()
        container.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 0) }
        container.register(Value.self, lifetime: .singleton) { (_: Resolver) async throws -> Value in Value() }
        _ = try container.resolve(Probe.self)
        try await container.shutdown()
        #expect(throws: WiringError.self) { try container.resolve(Probe.self) }
        await #expect(throws: WiringError.self) { try await container.resolveAsync(Value.self) }
        let late = container.makeScope()
        #expect((#expect(throws: WiringError.self) { try late.resolve(Probe.self) })?.code == .shutDown)
    }

    @Test("registering inside a factory during a resolve works and is visible to that factory")
    func registeringDuringAResolve() throws {
        let container = Container()
        container.register(Probe.self, lifetime: .singleton) { [unowned container] _ in
            container.register(Value.self) { _ in Value(number: 5) }
            return Probe(source: try container.resolve(Value.self).number)
        }
        #expect(try container.resolve(Probe.self).source == 5)
    }

    @Test("resolving from a reset container builds anew")
    func resetContainerBuildsAnew() throws {
        let container = Container()
        container.register(Probe.self, lifetime: .singleton) { _ in Probe(source: 0) }
        let first = try container.resolve(Probe.self)
        container.reset()
        let second = try container.resolve(Probe.self)
        #expect(first !== second)
        #expect(try container.resolve(Probe.self) === second)
    }

    // MARK: Preconditions

    @Test("an async factory with the graph lifetime stops with a precondition message")
    func asyncGraphIsAPrecondition() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container().register(Probe.self, lifetime: .graph) { (_: Resolver) async throws -> Probe in Probe(source: 0) }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("async factories cannot have the lifetime"))
        #expect(message.contains("To fix:"))
    }

    @Test("forwarding a registration that takes arguments stops with a precondition message")
    func forwardingArgumentsIsAPrecondition() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container().register(Probe.self) { (_: Resolver, source: Int) in Probe(source: source) }
                .forwarding(to: AnyObject.self) { $0 }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("takes runtime arguments, so it cannot be forwarded"))
    }

    @Test("refining a registration after removing it stops with a precondition message")
    func refiningARemovedRegistrationIsAPrecondition() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            let registration = container.register(Probe.self) { _ in Probe(source: 0) }
            container.remove(Probe.self)
            registration.onResolved { _, _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("was removed"))
    }
}

@Suite("Many live child containers", .timeLimit(.minutes(10)))
struct ManyChildrenTests {
    @Test("making live child containers costs amortised constant work each: 4× the children cost at most 5× the work")
    func manyLiveChildren() {
        /// The work of making `count` live children of one parent, and the children made.
        @Sendable func work(making count: Int) -> (work: Int, made: Int) {
            let parent = Container()
            var children: [Container] = []
            children.reserveCapacity(count)
            for _ in 0..<count { children.append(parent.makeChild()) }
            return (parent.childListWork, children.count)
        }
        // The watchdog bounds a pathological slowdown; the growth check below is the claim.
        guard let small = withWatchdog(.seconds(60), "10,000 live child containers", { work(making: 10_000) }),
            let large = withWatchdog(.seconds(60), "40,000 live child containers", { work(making: 40_000) })
        else { return }
        #expect(small.made == 10_000 && large.made == 40_000)
        // Linear work grows 4×; a sweep of every live child on each make would grow 16×.
        let growth = Double(large.work) / Double(small.work)
        #expect(growth <= 5, "work \(small.work) → \(large.work): \(growth)× for 4× the children")
        #expect(large.work <= 3 * 40_000, "work \(large.work) for 40,000 children: more than a constant per child")
    }
}
