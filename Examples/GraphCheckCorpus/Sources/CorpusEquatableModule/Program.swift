/// Shape: a configured module included by two others. `RegionModule(region: "eu")` is a stored
/// property of both `CheckoutModule` and `ShippingModule`, and the app installs both.
///
/// Why it is correct: `RegionModule` is `Equatable`, so two equal values are the same module:
/// each of its declarations is installed once, not declared twice. (Two *different* regions would
/// clash; this app has one.)
import Wiring

struct CorpusFailure: Error {
    let message: String
}

struct RegionSettings: Sendable {
    let region: String
    let currency: String
}

struct TaxCalculator: Sendable {
    let settings: RegionSettings

    func tax(on cents: Int) -> Int { settings.region == "eu" ? cents / 5 : cents / 10 }
}

struct RegionModule: Module, Equatable {
    let region: String

    var registrations: Registrations {
        singleton { RegionSettings(region: region, currency: region == "eu" ? "EUR" : "USD") }
        singleton { r in TaxCalculator(settings: try r.resolve()) }
    }
}

struct CheckoutTotals: Sendable {
    let tax: TaxCalculator
}

struct ShippingQuote: Sendable {
    let settings: RegionSettings
}

struct CheckoutModule: Module {
    let region: RegionModule

    var registrations: Registrations {
        region
        transient { r in CheckoutTotals(tax: try r.resolve()) }
    }
}

struct ShippingModule: Module {
    let region: RegionModule

    var registrations: Registrations {
        region
        transient { r in ShippingQuote(settings: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let region = RegionModule(region: "eu")
        let container = Container()
        try container.install(CheckoutModule(region: region), ShippingModule(region: RegionModule(region: "eu")))

        let totals = try container.resolve(CheckoutTotals.self)
        let quote = try container.resolve(ShippingQuote.self)
        guard totals.tax.tax(on: 1_000) == 200, quote.settings.currency == "EUR" else {
            throw CorpusFailure(message: "the region is \(quote.settings)")
        }

        let report = await Container.validate(
            modules: [CheckoutModule(region: region), ShippingModule(region: RegionModule(region: "eu"))],
            options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
