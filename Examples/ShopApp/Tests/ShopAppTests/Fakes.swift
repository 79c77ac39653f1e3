import Foundation
import WiringTesting

@testable import ShopApp

/// A backend that answers with the products it is given.
struct FakeAPIClient: APIClient {
    let catalog: [Product]

    func products() async throws -> [Product] { catalog }
}

/// Counts the builds of a registration, from any thread.
final class BuildCounter: @unchecked Sendable {
    // @unchecked: `count` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A main-actor type that holds a checkout draft: registered as a singleton, it is a mistake.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class CheckoutViewModelHolder {
    let draft: CheckoutDraft
    init(draft: CheckoutDraft) { self.draft = draft }
}
