/// Shape: a protocol registered as `(any Tracking).self` and read by initializer parameters
/// written with the bare protocol name `Tracking` (this target is compiled without
/// `ExistentialAny`, as much pre-Swift-6 code still is), once through `autowire` and once through
/// `try r.resolve()` typed by the parameter.
///
/// Why it is correct: without `ExistentialAny`, a parameter of type `Tracking` *is* the
/// existential `any Tracking`; both reads ask for the key that is registered.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol Tracking: Sendable {
    func track(_ event: String) -> String
}

struct ConsoleTracker: Tracking {
    func track(_ event: String) -> String { "tracked \(event)" }
}

/// Auto-wired: its parameter is written `Tracking`.
final class SignUpFlow: Sendable {
    let tracker: Tracking

    init(tracker: Tracking) {
        self.tracker = tracker
    }

    func finish() -> String { tracker.track("sign-up") }
}

/// Made by a closure factory whose `try r.resolve()` is typed by the parameter `Tracking`.
struct CheckoutFlow {
    let tracker: Tracking
    let currency: String

    init(tracker: Tracking, currency: String) {
        self.tracker = tracker
        self.currency = currency
    }
}

struct TrackingModule: Module {
    var registrations: Registrations {
        singleton((any Tracking).self) { ConsoleTracker() }
        autowire(lifetime: .singleton, SignUpFlow.init(tracker:))
        transient { r in CheckoutFlow(tracker: try r.resolve(), currency: "EUR") }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(TrackingModule())

        let signUp = try container.resolve(SignUpFlow.self)
        let checkout = try container.resolve(CheckoutFlow.self)
        guard signUp.finish() == "tracked sign-up", checkout.tracker.track("pay") == "tracked pay" else {
            throw CorpusFailure(message: "the tracker was not the registered one")
        }

        let report = await Container.validate(modules: [TrackingModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
