/// Shape (app target): test-style overrides in app code. A preview container installs the app's
/// module, then `PreviewModule` over it with `install([…], overriding: true)`, replacing keys the
/// app module declares; and a kiosk mode copies `Container.default` and `register`s a
/// replacement into the copy.
///
/// Why it is correct: `overriding: true` makes the preview module's declarations replace the
/// app's instead of clashing with them, and `register` on a copy replaces that key in the copy
/// only; `Container.default` keeps the app's wiring. Each container has one registration per key.
import Observation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol WeatherService: Sendable {
    func forecast() -> String
}

nonisolated struct LiveWeatherService: WeatherService {
    func forecast() -> String { "live: rain" }
}

nonisolated struct CannedWeatherService: WeatherService {
    let text: String
    func forecast() -> String { text }
}

@Observable
final class UnitsPreference {
    var celsius = true
}

@Observable
final class ForecastViewModel {
    private let weather: any WeatherService = wired()
    private let units: UnitsPreference = wired()

    init() {}

    var headline: String { "\(weather.forecast()) (\(units.celsius ? "°C" : "°F"))" }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton((any WeatherService).self) { LiveWeatherService() }
        singleton { UnitsPreference() }
    }
}

struct PreviewModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton((any WeatherService).self) { CannedWeatherService(text: "preview: sun") }
        singleton {
            let units = UnitsPreference()
            units.celsius = false
            return units
        }
    }
}

enum WeatherApp {
    static func launch() throws {
        if !Container.default.isRegistered(UnitsPreference.self) {
            try Container.default.install(AppModule())
        }
    }

    static func preview() throws -> Container {
        let container = Container()
        try container.install(AppModule())
        try container.install([PreviewModule()], overriding: true)
        return container
    }

    /// The kiosk in the shop window: the app's wiring with a canned forecast.
    static func kiosk() -> Container {
        let kiosk = Container.default.copy()
        kiosk.register((any WeatherService).self, lifetime: .singleton) { _ in
            CannedWeatherService(text: "kiosk: clouds")
        }
        return kiosk
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try WeatherApp.launch()

        let live = ForecastViewModel()
        let preview = withContainer(try WeatherApp.preview()) { ForecastViewModel() }
        let kiosk = withContainer(WeatherApp.kiosk()) { ForecastViewModel() }
        let headlines = [live.headline, preview.headline, kiosk.headline]
        guard headlines == ["live: rain (°C)", "preview: sun (°F)", "kiosk: clouds (°C)"] else {
            throw CorpusFailure(message: "the overrides gave \(headlines)")
        }
        guard try Container.default.resolve((any WeatherService).self).forecast() == "live: rain" else {
            throw CorpusFailure(message: "an override leaked into Container.default")
        }

        // Validated one by one: together, without `overriding`, their keys would clash by design.
        let app = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        if !app.isValid { throw CorpusFailure(message: "\(app)") }
        let previews = await Container.validate(modules: [PreviewModule()], options: ValidationOptions(dryRun: true))
        if !previews.isValid { throw CorpusFailure(message: "\(previews)") }
    }
}
