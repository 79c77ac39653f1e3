import Testing
import Wiring

extension ProcessWide {
    /// A burst of scopes open at once, then closed and released: the container's list of open
    /// scopes lets their storage go, so the scopes that follow reuse that memory.
    @Suite("Memory after a burst of open scopes", .serialized, .timeLimit(.minutes(10)))
    struct ScopeBurstTests {
        @Test("after a burst of open scopes is closed and released, the next scopes do not add to memory")
        func burstThenSteady() throws {
            let container = Container()
            container.register(ChurnService.self, lifetime: .scoped) { _ in ChurnService() }
            let burst = 100_000
            do {
                var scopes: [Scope] = []
                scopes.reserveCapacity(burst)
                for _ in 0..<burst {
                    let scope = container.makeScope()
                    _ = try scope.resolve(ChurnService.self)
                    scopes.append(scope)
                }
                for scope in scopes { try scope.syncClose() }
            }
            let afterBurst = residentBytes() ?? 0
            for _ in 0..<burst {
                let scope = container.makeScope()
                _ = try scope.resolve(ChurnService.self)
                try scope.syncClose()
            }
            let grown = (residentBytes() ?? 0) - afterBurst
            // AddressSanitizer keeps freed memory in quarantine: the run still checks its accesses.
            if runningSanitizer != "address" {
                #expect(grown < 16 << 20, "the scopes after the burst added \(grown >> 20) MB")
            }
            try container.syncShutdown()
        }

        /// A screen's model that owns its scope.
        final class ScreenOwner {
            let scope: OwnedScope
            init(_ container: Container) { scope = OwnedScope(in: container) }
        }

        @Test("100,000 owners made and released, each closing the scope it owns: memory stays flat, each instance disposed once")
        func ownedScopesStayFlat() throws {
            let container = Container()
            let disposed = AtomicCell<Int>(0)
            container.register(ChurnService.self, lifetime: .scoped) { _ in ChurnService() }
                .onDispose { (_: ChurnService) in disposed.add(1, ordering: .relaxed) }
            let owners = 100_000
            for _ in 0..<10_000 {
                let owner = ScreenOwner(container)
                _ = try owner.scope.resolve(ChurnService.self)
            }
            let baseline = residentBytes() ?? 0
            for _ in 0..<owners {
                let owner = ScreenOwner(container)
                _ = try owner.scope.resolve(ChurnService.self)
            }
            let grown = (residentBytes() ?? 0) - baseline
            if runningSanitizer != "address" {
                #expect(grown < 16 << 20, "100,000 owners added \(grown >> 20) MB")
            }
            #expect(disposed.load(ordering: .relaxed) == owners + 10_000)
            try container.syncShutdown()
            #expect(disposed.load(ordering: .relaxed) == owners + 10_000)
        }
    }
}
