/// Shape (app target): dependency clients as structs of closures, in the style of The Composable
/// Architecture: `NumberFactClient` has a `live(session:)` static factory and a `preview` value,
/// the module registers `NumberFactClient.live(session: try r.resolve())` and
/// `instance(ClockClient.live)`, and a feature model reads the clients with `@Wired`. A child
/// container swaps in a test client for one screen.
///
/// Why it is correct: a static member of a type that returns the type is just a value of it: the
/// registrations are of `NumberFactClient` and `ClockClient`, the keys the feature reads, and the
/// live client's only dependency (`URLSessionStub`) is registered. The child's replacement
/// shadows the parent's registration for what is made with the child current.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

nonisolated struct URLSessionStub: Sendable {
    let host: String
}

nonisolated struct NumberFactClient: Sendable {
    var fetch: @Sendable (Int) async throws -> String

    static func live(session: URLSessionStub) -> NumberFactClient {
        NumberFactClient(fetch: { number in "\(number) is a fact from \(session.host)" })
    }

    static let preview = NumberFactClient(fetch: { number in "\(number) is a preview fact" })
}

nonisolated struct ClockClient: Sendable {
    var now: @Sendable () -> Int

    static let live = ClockClient(now: { 1_000 })
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton { URLSessionStub(host: "numbersapi.com") }
        nonisolated.singleton { r in NumberFactClient.live(session: try r.resolve()) }
        instance(ClockClient.live)
    }
}

@Observable
final class CounterFeature {
    var count = 0
    var fact: String?
    var factTime: Int?
    @ObservationIgnored @Wired var factClient: NumberFactClient
    @ObservationIgnored @Wired var clock: ClockClient

    init() {}

    func incrementTapped() {
        count += 1
    }

    func factButtonTapped() async throws {
        fact = try await factClient.fetch(count)
        factTime = clock.now()
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule())

        let feature = withContainer(container) { CounterFeature() }
        feature.incrementTapped()
        try await feature.factButtonTapped()

        let previewContainer = container.makeChild()
        previewContainer.register(NumberFactClient.self, instance: .preview)
        let preview = withContainer(previewContainer) { CounterFeature() }
        try await preview.factButtonTapped()

        guard feature.fact == "1 is a fact from numbersapi.com", feature.factTime == 1_000,
            preview.fact == "0 is a preview fact"
        else {
            throw CorpusFailure(message: "the features show \(feature.fact ?? "-"), \(preview.fact ?? "-")")
        }

        var options = ValidationOptions(dryRun: true)
        options.make { CounterFeature() }
        let report = await Container.validate(modules: [AppModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
