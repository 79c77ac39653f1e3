/// Shape: one module registers the same key, `(any PaymentProcessor).self`, with a mock factory
/// under `#if DEBUG` and a live one under `#else`.
///
/// Why it is correct: the compiler keeps one branch, so every build declares the key once. A
/// reader who sees both lines of one module might count two declarations of one key; there are
/// never two in a binary.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol PaymentProcessor: Sendable {
    func charge(cents: Int) -> String
}

struct MockPaymentProcessor: PaymentProcessor {
    func charge(cents: Int) -> String { "mock-charge-\(cents)" }
}

struct StripePaymentProcessor: PaymentProcessor {
    let apiKey: String

    func charge(cents: Int) -> String { "stripe-charge-\(cents)" }
}

struct CheckoutService: Sendable {
    let payments: any PaymentProcessor

    func pay(cents: Int) -> String { payments.charge(cents: cents) }
}

struct PaymentsModule: Module {
    var registrations: Registrations {
        #if DEBUG
            singleton((any PaymentProcessor).self) { MockPaymentProcessor() }
        #else
            singleton((any PaymentProcessor).self) { StripePaymentProcessor(apiKey: "sk_live") }
        #endif
        transient { r in CheckoutService(payments: try r.resolve()) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(PaymentsModule())

        let receipt = try container.resolve(CheckoutService.self).pay(cents: 1200)
        #if DEBUG
            let expected = "mock-charge-1200"
        #else
            let expected = "stripe-charge-1200"
        #endif
        guard receipt == expected else {
            throw CorpusFailure(message: "charged with \(receipt)")
        }

        let report = await Container.validate(modules: [PaymentsModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
