/// Shape: a module configured by its stored properties. A `switch` over the deployment registers
/// `(any EmailSender).self` once in each branch, and an `if` registers the beta recommender only
/// when the flag is on; the home page reads the recommender with `resolveIfRegistered`.
///
/// Why it is correct: a `switch` runs one branch, so each module value declares the sender
/// once; with the flag off, the recommender is not registered and the home page does without it,
/// as `resolveIfRegistered` lets it. Both configurations install and validate cleanly.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

enum Deployment: Sendable {
    case production, staging, development
}

protocol EmailSender: Sendable {
    var transport: String { get }
}

struct SESSender: EmailSender {
    let region: String
    var transport: String { "ses(\(region))" }
}

struct ConsoleSender: EmailSender {
    var transport: String { "console" }
}

struct BetaRecommender: Sendable {
    func picks() -> [String] { ["new arrivals"] }
}

struct HomePage: Sendable {
    let mailer: any EmailSender
    let recommender: BetaRecommender?

    var sections: [String] { ["orders"] + (recommender?.picks() ?? []) }
}

struct AppModule: Module {
    let deployment: Deployment
    let betaEnabled: Bool

    var registrations: Registrations {
        switch deployment {
        case .production:
            singleton((any EmailSender).self) { SESSender(region: "eu-west-1") }
        case .staging:
            singleton((any EmailSender).self) { SESSender(region: "us-east-1") }
        case .development:
            singleton((any EmailSender).self) { ConsoleSender() }
        }
        if betaEnabled {
            singleton { BetaRecommender() }
        }
        transient { r in HomePage(mailer: try r.resolve(), recommender: try r.resolveIfRegistered()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let production = Container()
        try production.install(AppModule(deployment: .production, betaEnabled: false))
        let development = Container()
        try development.install(AppModule(deployment: .development, betaEnabled: true))

        let live = try production.resolve(HomePage.self)
        let local = try development.resolve(HomePage.self)
        guard live.mailer.transport == "ses(eu-west-1)", live.sections == ["orders"],
            local.mailer.transport == "console", local.sections == ["orders", "new arrivals"]
        else {
            throw CorpusFailure(message: "the deployments give \(live.sections), \(local.sections)")
        }

        let report = await Container.validate(
            modules: [AppModule(deployment: .production, betaEnabled: false)], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
        let developmentReport = await Container.validate(
            modules: [AppModule(deployment: .development, betaEnabled: true)], options: ValidationOptions(dryRun: true))
        if !developmentReport.isValid { throw CorpusFailure(message: "\(developmentReport)") }
    }
}
