import Testing
import Wiring

/// An instrument written as ``ContainerInstrument`` declares it, in a package with default
/// settings (this target turns on no upcoming feature, where the library turns on
/// `NonisolatedNonsendingByDefault`).
final class PlainInstrument: ContainerInstrument {
    let lines = Lock<[String]>([])

    func buildAsync(_ build: BuildInfo, _ body: AsyncBuildBody) async throws {
        lines.withLock { $0.append("begin async \(build.registration)") }
        try await body()
        lines.withLock { $0.append("end async \(build.registration)") }
    }

    func scopeOpened(_ scope: ScopeInfo) -> (any ScopeInstrument)? {
        PlainScopeInstrument(lines: self)
    }
}

/// A scope instrument written as ``ScopeInstrument`` declares it.
struct PlainScopeInstrument: ScopeInstrument {
    let lines: PlainInstrument

    func close(_ body: () -> [DisposalError.Failure]) {
        _ = body()
        lines.lines.withLock { $0.append("close") }
    }

    func closeAsync(_ body: ScopeCloseBody) async {
        let failures = await body()
        lines.lines.withLock { $0.append("close async, \(failures.count) failed") }
    }

    func abandoned() {}
}

final class Pool: Sendable {}

@Suite("Instruments written in a package with default settings")
struct InstrumentConformanceTests {
    @Test("an async build's hook, written as declared, is the one called (not the protocol's default)")
    func asyncBuildHookIsCalled() async throws {
        let container = Container()
        container.register(Pool.self, lifetime: .singleton) { _ async in Pool() }
        let instrument = PlainInstrument()
        container.addInstrument(instrument)
        _ = try await container.resolveAsync(Pool.self)
        #expect(instrument.lines.withLock { $0 } == ["begin async Pool", "end async Pool"])
    }

    @Test("an async scope close's hook, written as declared, conforms and is called")
    func asyncCloseHookIsCalled() async throws {
        let container = Container()
        let instrument = PlainInstrument()
        container.addInstrument(instrument)
        let scope = container.makeScope("request")
        try await scope.close()
        #expect(instrument.lines.withLock { $0 } == ["close async, 0 failed"])
    }
}
