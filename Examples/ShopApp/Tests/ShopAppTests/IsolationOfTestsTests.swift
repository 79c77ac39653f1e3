import Testing
import WiringTesting

// Compiled with the app's settings (default main-actor isolation, NonisolatedNonsendingByDefault):
// where a test function runs decides whether a synchronous `validate` or `resolve` in it can
// build main-actor factories. The Testing article quotes these results.

/// Main-actor state, as every class of the target is.
final class IsolationMarker {}

/// Whether a main-actor factory can be built in place where this is called: only on the main
/// actor (elsewhere the synchronous resolve throws `isolationMismatch`).
nonisolated func buildsMainActorFactoriesHere() -> Bool {
    let container = Container()
    container.register(IsolationMarker.self, mainActor: { _ in IsolationMarker() })
    return (try? container.resolve(IsolationMarker.self)) != nil
}

@Suite("Where a test runs in a test target with the app's settings")
struct IsolationOfTestsTests {
    @Test("a test that says nothing is main-actor, as every function in the target is")
    func unmarkedTestRunsOnTheMainActor() {
        #expect(buildsMainActorFactoriesHere())
    }

    @Test("a nonisolated test still runs on the main actor: the test runner calls it from there")
    nonisolated func nonisolatedTestRunsOnTheMainActor() {
        #expect(buildsMainActorFactoriesHere())
    }

    @Test("a nonisolated async test is nonisolated(nonsending): it runs where it is called, the main actor")
    nonisolated func nonisolatedAsyncTestRunsOnTheMainActor() async {
        #expect(buildsMainActorFactoriesHere())
    }

    @Test("a @concurrent test always runs off the main actor")
    @concurrent nonisolated func concurrentTestRunsOffTheMainActor() async {
        #expect(!buildsMainActorFactoriesHere())
    }
}
