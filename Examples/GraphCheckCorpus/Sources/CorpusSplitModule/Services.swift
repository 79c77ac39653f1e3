struct MailServer: Sendable {
    let host: String
}

protocol MailboxStore: Sendable {
    var host: String { get }
    func unreadCount() -> Int
}

struct IMAPMailboxStore: MailboxStore {
    let server: MailServer

    var host: String { server.host }
    func unreadCount() -> Int { 3 }
}

struct InboxService {
    let store: any MailboxStore

    init(store: any MailboxStore) {
        self.store = store
    }

    func summary() -> String { "\(store.unreadCount()) unread at \(store.host)" }
}

/// Refreshes the mailbox in the background.
final class BackgroundSync: Sendable {
    let store: any MailboxStore

    init(store: any MailboxStore) {
        self.store = store
    }
}

/// Conforms to `Module` in `AppModule+Registrations.swift`.
struct SyncModule {}
