import Testing
import Wiring

@MainActor
final class ViewModel: Sendable {
    let title: String
    init(title: String) { self.title = title }
}

/// A nonisolated service that depends on a main-actor one.
final class Screen: Sendable {
    let model: ViewModel
    init(model: ViewModel) { self.model = model }
}

func mainActorContainer(built: Counter) -> Container {
    let container = Container()
    container.register(
        ViewModel.self, lifetime: .singleton,
        mainActor: { _ in
            built.increment()
            return ViewModel(title: "Settings")
        })
    container.register(Screen.self) { r in Screen(model: try r.resolve()) }
    return container
}

@Suite("Main-actor factories")
struct MainActorTests {
    @Test("a synchronous resolve off the main actor throws isolationMismatch instead of trapping")
    func syncOffMainThrows() async {
        let container = mainActorContainer(built: Counter())
        let error = await Task.detached {
            #expect(throws: WiringError.self) { try container.resolve(ViewModel.self) }
        }.value
        #expect(error?.code == .isolationMismatch)
        #expect(error?.description.contains("must be built on the main actor") == true)
        #expect(error?.description.contains("await container.resolveAsync(ViewModel.self)") == true)
    }

    @Test("resolveAsync from a background task builds on the main actor, once, and reads are plain afterwards")
    func resolveAsyncHops() async throws {
        let built = Counter()
        let container = mainActorContainer(built: built)
        let models = try await withThrowingTaskGroup(of: ViewModel.self) { group in
            for _ in 0..<8 { group.addTask { try await container.resolveAsync(ViewModel.self) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(built.count == 1)
        #expect(models.allSatisfy { $0 === models[0] })
        // Built: a synchronous read from any thread is now a cached read.
        let again = try await Task.detached { try container.resolve(ViewModel.self) }.value
        #expect(again === models[0])
    }

    @Test("resolveAsync of a nonisolated service that needs a main-actor one runs the build on the main actor")
    func resolveAsyncMixedGraph() async throws {
        let container = mainActorContainer(built: Counter())
        let screen = try await Task.detached { try await container.resolveAsync(Screen.self) }.value
        #expect(screen.model.title == "Settings")
    }

    @Test("on the main actor, a synchronous resolve runs the factory in place")
    @MainActor
    func syncOnMainActor() throws {
        let built = Counter()
        let container = mainActorContainer(built: built)
        #expect(try container.resolve(ViewModel.self).title == "Settings")
        #expect(built.count == 1)
    }
}
