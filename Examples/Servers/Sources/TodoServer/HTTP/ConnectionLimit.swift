import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

/// The server's open connections, and which of them are idle (between requests, or open with no
/// request yet): what ``SheddingConnectionLimit`` closes first when the limit is reached.
final class OpenConnections: Sendable {
    private struct Entry {
        let channel: any Channel
        /// When the connection last became idle; `nil` while a request is in progress.
        var idleSince: ContinuousClock.Instant?
        /// Whether it has been asked to close.
        var shed = false
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Whether a new connection waits because none was idle to close: the next connection
        /// whose request ends is closed for it.
        var newConnectionWaits = false
    }

    private let state = Mutex(State())

    func opened(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: .now) }
    }

    func requestStarted(on channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.idleSince = nil }
    }

    func requestEnded(on channel: any Channel) {
        let shed = state.withLock { state in
            let key = ObjectIdentifier(channel)
            state.entries[key]?.idleSince = .now
            guard state.newConnectionWaits, state.entries[key]?.shed == false else { return false }
            state.newConnectionWaits = false
            state.entries[key]?.shed = true
            return true
        }
        if shed { channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
    }

    /// The count is back within the limit: no connection needs closing for a new one.
    func noConnectionWaits() {
        state.withLock { $0.newConnectionWaits = false }
    }

    func closed(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Asks the connection idle the longest to close: Hummingbird closes an idle one at once.
    /// If none is idle, the next one whose request ends is closed instead, after its response.
    func shedLongestIdle() {
        let channel: (any Channel)? = state.withLock { state in
            var longest: (key: ObjectIdentifier, since: ContinuousClock.Instant)?
            for (key, entry) in state.entries where !entry.shed {
                guard let since = entry.idleSince else { continue }
                if longest.map({ since < $0.since }) ?? true { longest = (key, since) }
            }
            guard let longest else {
                state.newConnectionWaits = true
                return nil
            }
            state.entries[longest.key]?.shed = true
            return state.entries[longest.key]?.channel
        }
        channel?.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }
}

/// Follows one connection's requests for ``OpenConnections``: a request starts at its head and
/// ends when its response has been written.
final class ConnectionActivity: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connections: OpenConnections

    init(_ connections: OpenConnections) {
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        connections.opened(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connections.closed(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connections.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { connections.requestStarted(on: context.channel) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        let written = promise ?? context.eventLoop.makePromise()
        let connections = self.connections
        let channel = context.channel
        written.futureResult.whenSuccess { connections.requestEnded(on: channel) }
        context.write(data, promise: written)
    }
}

/// At most `maximum` connections kept open, like Hummingbird's `MaximumAvailableConnections`, but
/// a new client is not locked out by idle ones. A connection accepted at the limit closes the
/// connection idle the longest, at once; if every connection is in the middle of a request, the
/// first of them to write its response is closed instead. Until then, further connections wait
/// in the kernel's accept queue. The server asks whether to accept before each batch (up to 4
/// connections), so the count can pass the limit by a batch for a moment.
struct SheddingConnectionLimit: AvailableConnectionsDelegate {
    let maximum: Int
    let connections: OpenConnections
    let logger: Logger
    private var count = 0

    init(_ maximum: Int, connections: OpenConnections, logger: Logger) {
        self.maximum = maximum
        self.connections = connections
        self.logger = logger
    }

    mutating func connectionOpened() {
        count += 1
        guard count > maximum else { return }
        logger.debug("Past the connection limit: closing the connection idle the longest", metadata: ["connections": "\(count)"])
        connections.shedLongestIdle()
    }

    mutating func connectionClosed() {
        count -= 1
        if count <= maximum { connections.noConnectionWaits() }
    }

    func isAcceptingNewConnections() -> Bool {
        count <= maximum
    }
}
