import Testing
import Wiring

/// The exact text of the messages users see most, so that a change to one is a decision.
@Suite("Message wording")
struct MessageWordingTests {
    @Test("not registered: headline, path, call site, fix")
    func notRegistered() {
        let container = Container()
        container.register(App.self) { r in App(users: try r.resolve()) }
        let line = #line + 1
        let error = #expect(throws: WiringError.self) { try container.resolve(App.self) }
        #expect(
            error?.description == """
                Wiring: nothing is registered for UserService.
                  requested: UserService
                  path: App → UserService
                  resolved at: WiringTests/MessageWordingTests.swift:\(line)
                To fix:
                  - register it: container.register(UserService.self) { r in … }
                """)
    }

    @Test("argument mismatch: the registered signatures")
    func argumentMismatch() {
        let container = Container()
        let registered = #line + 1
        container.register(Config.self) { (_: Resolver, name: String) in Config(environment: name) }
        let line = #line + 1
        let error = #expect(throws: WiringError.self) { try container.resolve(Config.self, arguments: 42) }
        #expect(
            error?.description == """
                Wiring: Config is registered, but not for arguments (Int).
                  requested: Config with arguments (Int)
                  resolved at: WiringTests/MessageWordingTests.swift:\(line)
                To fix:
                  - registered signatures: (String) at WiringTests/MessageWordingTests.swift:\(registered)
                  - pass arguments of exactly those types, in that order (Int and Int? differ).
                """)
    }

    @Test("scope not active: the scope and both fixes")
    func scopeNotActive() {
        let container = Container()
        let registered = #line + 1
        container.register(Tracked.self, lifetime: .scoped("request")) { _ in Tracked() }
        let line = #line + 1
        let error = #expect(throws: WiringError.self) { try container.resolve(Tracked.self) }
        #expect(
            error?.description == """
                Wiring: Tracked lives in a scope named "request", and none is active.
                  requested: Tracked
                  lifetime: scoped(request)
                  registered at: WiringTests/MessageWordingTests.swift:\(registered)
                  resolved at: WiringTests/MessageWordingTests.swift:\(line)
                To fix:
                  - resolve it through a scope named "request", or one nested in it: let scope = container.makeScope("request"); try scope.resolve(Tracked.self)
                  - or, if it must outlive scopes, register it as .singleton; a singleton cannot depend on a scoped service.
                """)
    }

    @Test("duplicate registration in modules: both sites")
    func duplicateRegistration() {
        let first = #line + 1
        let a = Registrations { $0.singleton { Config(environment: "a") } }
        let second = #line + 1
        let b = Registrations { $0.singleton { Config(environment: "b") } }
        let error = #expect(throws: WiringError.self) { try Container().install(a, b) }
        #expect(
            error?.description == """
                Wiring: Config is declared twice, by two different declarations.
                  requested: Config
                  registered at: WiringTests/MessageWordingTests.swift:\(second)
                  also declared at: WiringTests/MessageWordingTests.swift:\(first)
                To fix:
                  - keep one of the two declarations, or give them different tags.
                  - to override on purpose, install the overriding module into a child container (container.makeChild()), use container.install(_:overriding: true), or use container.register, which replaces.
                """)
    }

    @Test("isolation mismatch: how to resolve a main-actor registration")
    func isolationMismatch() async {
        let container = Container()
        let registered = #line + 1
        container.register(ViewModel.self, lifetime: .singleton, mainActor: { _ in ViewModel(title: "x") })
        let error = await Task.detached {
            #expect(throws: WiringError.self) { try container.resolve(ViewModel.self, file: "App/Screen.swift", line: 7) }
        }.value
        #expect(
            error?.description == """
                Wiring: ViewModel must be built on the main actor, and it was resolved synchronously from outside the main actor.
                  requested: ViewModel
                  lifetime: singleton
                  registered at: WiringTests/MessageWordingTests.swift:\(registered)
                  resolved at: App/Screen.swift:7
                To fix:
                  - resolve it with `await container.resolveAsync(ViewModel.self)`, which hops to the main actor to build it.
                  - or resolve it from code that runs on the main actor; once built, a singleton can be read from any thread.
                """)
    }

    @Test("forwarding a registration with runtime arguments stops with a three-part message")
    func forwardingPrecondition() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(ConsoleLogger.self) { (_: Resolver, _: String) in ConsoleLogger() }
                .forwarding(to: (any Logging).self) { $0 }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            stderr.contains(
                "Wiring: ConsoleLogger with arguments (String) takes runtime arguments, so it cannot be forwarded to any Logging."
            ))
        #expect(stderr.contains("To fix: register any Logging with the same arguments"))
    }
}
