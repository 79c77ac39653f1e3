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
    }
}
