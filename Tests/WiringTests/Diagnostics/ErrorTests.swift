import Testing
import Wiring

@Suite("Errors")
struct ErrorTests {
    @Test("a missing registration names the type, the path and how to fix it")
    func notRegisteredMessage() {
        let container = Container()
        container.register(App.self) { r in App(users: try r.resolve()) }
        container.register(UserService.self) { r in UserService(database: try r.resolve(), logger: ConsoleLogger()) }
        do {
            _ = try container.resolve(App.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notRegistered)
            #expect(ObjectIdentifier(error.requestedType) == ObjectIdentifier((any Database).self))
            #expect(error.path == ["App", "UserService", "any Database"])
            let text = error.description
            #expect(text.hasPrefix("Wiring: nothing is registered for any Database."))
            #expect(text.contains("path: App → UserService → any Database"))
            #expect(text.contains("resolved at: WiringTests/ErrorTests.swift:"))
            #expect(text.contains("To fix:"))
            #expect(text.contains("container.register((any Database).self)"))
        }
    }

    @Test("near misses name the same type under another tag")
    func nearMissOtherTag() {
        let container = Container()
        container.register((any Database).self, tag: DatabaseRole.primary) { _ in SQLDatabase() }
        do {
            _ = try container.resolve((any Database).self)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("any Database is registered with tag .primary"))
        }
        do {
            _ = try container.resolve((any Database).self, tag: DatabaseRole.replica)
            Issue.record("expected an error")
        } catch {
            #expect(error.tag == AnyHashable(DatabaseRole.replica))
            #expect(error.description.contains("nothing is registered for any Database tagged .replica"))
        }
    }

    @Test("near misses name an untagged registration for a tagged request")
    func nearMissUntagged() {
        let container = Container()
        container.register((any Database).self) { _ in SQLDatabase() }
        do {
            _ = try container.resolve((any Database).self, tag: "reports")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("registered without a tag"))
        }
    }

    @Test("near misses name a registration in a child container")
    func nearMissChild() {
        let parent = Container()
        let child = parent.makeChild()
        child.register(Tracked.self) { _ in Tracked() }
        do {
            _ = try parent.resolve(Tracked.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("registered in a child container"))
        }
    }

    @Test("near misses name a concrete type registered where a protocol is requested")
    func nearMissConcrete() {
        let container = Container()
        container.register(SQLDatabase.self) { _ in SQLDatabase() }
        do {
            _ = try container.resolve((any Database).self)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("SQLDatabase is registered"))
            #expect(error.description.contains(".forwarding(to: (any Database).self)"))
        }
    }

    @Test("a factory's error is wrapped with the registration site and kept as the underlying error")
    func factoryFailed() {
        let container = Container()
        container.register(Tracked.self) { _ in throw SampleError(reason: "disk full") }
        container.register(Holder.self) { r in Holder(value: try r.resolve()) }
        do {
            _ = try container.resolve(Holder.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .factoryFailed)
            #expect(error.underlyingError as? SampleError == SampleError(reason: "disk full"))
            #expect(error.path == ["Holder", "Tracked"])
            #expect(error.registrationSite?.fileID == "WiringTests/ErrorTests.swift")
            #expect(error.description.contains("underlying error: SampleError(reason: \"disk full\")"))
        }
    }

    @Test("a constructor cycle between transients throws with the loop")
    func transientCycle() {
        let container = Container()
        container.register(CycleA.self) { r in CycleA(b: try r.resolve()) }
        container.register(CycleB.self) { r in CycleB(a: try r.resolve()) }
        do {
            _ = try container.resolve(CycleA.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .cycle)
            #expect(error.description.contains("circular dependency: CycleA → CycleB → CycleA"))
        }
    }

    @Test("a cycle through a captured container instead of the resolver is still caught")
    func cycleThroughCapturedContainer() {
        let container = Container()
        container.register(CycleA.self) { [container] _ in CycleA(b: try container.resolve()) }
        container.register(CycleB.self) { [container] _ in CycleB(a: try container.resolve()) }
        #expect(throws: WiringError.self) { try container.resolve(CycleA.self) }
    }

    @Test("a constructor cycle between singletons throws at once with the loop")
    func singletonCycle() {
        let container = Container()
        let built = Counter()
        container.register(CycleA.self, lifetime: .singleton) { r in
            built.increment()
            return CycleA(b: try r.resolve())
        }
        container.register(CycleB.self, lifetime: .singleton) { r in CycleB(a: try r.resolve()) }
        do {
            _ = try container.resolve(CycleA.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .cycle)
            #expect(error.path == ["CycleA", "CycleB", "CycleA"])
            #expect(error.registrationSite?.fileID == "WiringTests/ErrorTests.swift")
            #expect(error.description.contains("lifetime: singleton"))
            #expect(built.count == 1)
        }
        // The failed build left nothing half-built behind: it fails the same way again.
        #expect(throws: WiringError.self) { try container.resolve(CycleA.self) }
    }

    @Test("a self-dependency is a cycle")
    func selfCycle() {
        let container = Container()
        container.register(Tracked.self) { r in try r.resolve(Tracked.self) }
        #expect(throws: WiringError.self) { try container.resolve(Tracked.self) }
        container.register(Tracked.self, tag: "one", lifetime: .singleton) { r in try r.resolve(Tracked.self, tag: "one") }
        let error = #expect(throws: WiringError.self) { try container.resolve(Tracked.self, tag: "one") }
        #expect(error?.path == ["Tracked tagged \"one\"", "Tracked tagged \"one\""])
        #expect(error?.description.hasPrefix("Wiring: circular dependency: Tracked → Tracked.") == true)
    }

    @Test("a scoped registration resolved outside a scope names the missing scope")
    func scopeNotActive() {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped("request")) { _ in Tracked() }
        do {
            _ = try container.resolve(Tracked.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .scopeNotActive)
            #expect(error.description.contains("lives in a scope named \"request\""))
        }
    }

    @Test("a singleton cannot capture a scoped dependency")
    func singletonCannotCaptureScoped() {
        let container = Container()
        container.register(Tracked.self, lifetime: .scoped) { _ in Tracked() }
        container.register(Holder.self, lifetime: .singleton) { r in Holder(value: try r.resolve()) }
        let scope = container.makeScope()
        do {
            _ = try scope.resolve(Holder.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .scopeNotActive)
            #expect(error.path == ["Holder", "Tracked"])
        }
    }

    @Test("every error code has a distinct description")
    func codeDescriptions() {
        let codes: [WiringError.Code] = [
            .notRegistered, .cycle, .argumentMismatch, .factoryFailed, .typeMismatch, .scopeNotActive,
            .invalidLifetime,
        ]
        #expect(Set(codes.map(\.description)).count == codes.count)
    }

    @Test("a failed optional resolve builds no error")
    func optionalMissIsCheap() throws {
        let container = Container()
        for _ in 0..<1_000 {
            #expect(try container.resolveIfRegistered(Tracked.self) == nil)
        }
    }
}
