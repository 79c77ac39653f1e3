import Synchronization
import WiringTesting

@testable import ShopApp

/// A backend that answers with the products it is given.
struct FakeAPIClient: APIClient {
    let catalog: [Product]

    func products() async throws -> [Product] { catalog }
}

/// Counts the builds of a registration, from any thread.
final class BuildCounter: Sendable {
    private let count = Atomic(0)

    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A main-actor type that holds a checkout draft: registered as a singleton, it is a mistake.
@MainActor
final class CheckoutViewModelHolder {
    let draft: CheckoutDraft
    init(draft: CheckoutDraft) { self.draft = draft }
}
