/// Shape (app target): an environment in the style of SwiftUI's, without SwiftUI. The app
/// declares its own property wrapper, `@Injected`, whose initializer calls `wired()` for a
/// generic `Value`; an `AppEnvironment` struct gathers the services with it, and an optional
/// crash reporter with `@OptionalWired`, which this build registers no implementation of.
///
/// Why it is correct: `@Injected var api: any CatalogAPI` resolves `any CatalogAPI` (its
/// `Value`), which is registered, and so is `PriceFormatter`. `@OptionalWired` is `nil` when
/// nothing is registered, so the crash reporter is no missing dependency: the screen checks it.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

@propertyWrapper
struct Injected<Value> {
    let wrappedValue: Value

    init() {
        wrappedValue = wired()
    }
}

protocol CatalogAPI: Sendable {
    func price(of item: String) -> Int
}

protocol CrashReporting: Sendable {
    func record(_ message: String)
}

nonisolated struct StaticCatalogAPI: CatalogAPI {
    func price(of item: String) -> Int { item.count * 100 }
}

nonisolated struct PriceFormatter: Sendable {
    let symbol: String

    func format(_ cents: Int) -> String { "\(symbol)\(cents / 100)" }
}

/// What every screen is given, like SwiftUI's `EnvironmentValues`.
struct AppEnvironment {
    @Injected var api: any CatalogAPI
    @Injected var formatter: PriceFormatter
    @OptionalWired var crashReporter: (any CrashReporting)?
}

final class ProductScreen {
    let environment = AppEnvironment()
    let item: String

    init(item: String) {
        self.item = item
    }

    var priceLabel: String {
        let price = environment.api.price(of: item)
        if price == 0 { environment.crashReporter?.record("no price for \(item)") }
        return environment.formatter.format(price)
    }
}

struct AppModule: MainActorModule {
    var registrations: Registrations {
        nonisolated.singleton((any CatalogAPI).self) { StaticCatalogAPI() }
        instance(PriceFormatter(symbol: "€"))
    }
}

enum ShopApp {
    static func launch() throws {
        if !Container.default.isRegistered(PriceFormatter.self) {
            try Container.default.install(AppModule())
        }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        try ShopApp.launch()

        let screen = ProductScreen(item: "kettle")
        guard screen.priceLabel == "€6", screen.environment.crashReporter == nil else {
            throw CorpusFailure(message: "the screen shows \(screen.priceLabel)")
        }

        var options = ValidationOptions(dryRun: true)
        options.make { ProductScreen(item: "sample") }
        let report = await Container.validate(modules: [AppModule()], options: options)
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
