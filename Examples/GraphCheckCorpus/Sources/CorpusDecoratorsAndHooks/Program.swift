/// Shape: a decorator that reads another registration (`.decorated(with: { r, transport in … })`
/// wraps the transport in one that logs to the `RequestLog` singleton), and an `.onResolved` hook
/// that completes a two-way link: the chat service reads the presence tracker in its factory, and
/// its hook hands the tracker a reference back to the chat.
///
/// Why it is correct: the decorator's read is of a registered singleton that does not read the
/// transport. The chat → tracker → chat loop is closed by a hook, which runs after the chat is
/// built and cached: the documented way to link two singletons both ways; no factory waits for
/// the other.
import Foundation
import Wiring

struct CorpusFailure: Error {
    let message: String
}

protocol HTTPTransport: Sendable {
    func send(_ path: String) -> String
}

struct URLSessionTransport: HTTPTransport {
    func send(_ path: String) -> String { "200 \(path)" }
}

struct RequestLog: Sendable {
    let prefix: String
}

struct LoggingTransport: HTTPTransport {
    let base: any HTTPTransport
    let log: RequestLog

    func send(_ path: String) -> String { "\(log.prefix) \(base.send(path))" }
}

/// Knows who is online, and tells the chat. Its back reference is set once, after both exist.
final class PresenceTracker: @unchecked Sendable {
    // @unchecked: `chat` is read and written only while `lock` is held.
    private let lock = NSLock()
    private weak var chat: ChatService?

    func attach(_ chat: ChatService) {
        lock.withLock { self.chat = chat }
    }

    func userCameOnline(_ name: String) -> String? {
        lock.withLock { chat }?.announce("\(name) is online")
    }
}

final class ChatService: Sendable {
    let presence: PresenceTracker

    init(presence: PresenceTracker) {
        self.presence = presence
    }

    func announce(_ text: String) -> String { "chat: \(text)" }
}

struct AppModule: Module {
    var registrations: Registrations {
        singleton { RequestLog(prefix: "[http]") }
        singleton((any HTTPTransport).self) { URLSessionTransport() }
            .decorated(with: { r, transport in LoggingTransport(base: transport, log: try r.resolve()) })
        singleton { PresenceTracker() }
        singleton { r in ChatService(presence: try r.resolve()) }
            .onResolved { r, chat in try r.resolve(PresenceTracker.self).attach(chat) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(AppModule())

        let transport = try container.resolve((any HTTPTransport).self)
        guard transport.send("/health") == "[http] 200 /health" else {
            throw CorpusFailure(message: "the decorator did not wrap: \(transport.send("/health"))")
        }
        let chat = try container.resolve(ChatService.self)
        let presence = try container.resolve(PresenceTracker.self)
        guard chat.presence === presence, presence.userCameOnline("ada") == "chat: ada is online" else {
            throw CorpusFailure(message: "the hook did not link the tracker back to the chat")
        }

        let report = await Container.validate(modules: [AppModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
