public import NIOCore
import Synchronization

/// The server's connection limit and its open connections, and which of them are idle (no request
/// in progress: between requests, or open with no request yet), which it closes first when the
/// limit is reached. Both example servers keep one: the listening side reports each connection
/// accepted and closed, and each server's HTTP layer its requests.
///
/// At most `maximum` connections stay open, and idle ones never lock a new client out. A
/// connection accepted at the limit closes the connection idle the longest, at once; if every
/// connection is in a request, the first of them to write its response is closed instead. Until
/// then the server accepts no more, and further clients wait in the kernel's accept queue. A
/// server that accepts in batches can pass the limit by a batch for a moment.
public final class OpenConnections: Sendable {
    private struct Entry {
        let channel: any Channel
        /// Requests whose head has arrived and whose response has not been written. An HTTP
        /// layer that reads ahead can start the next before it ends the last.
        var inFlight = 0
        /// When the connection last became idle; `nil` while a request is in progress.
        var idleSince: ContinuousClock.Instant? = .now
        /// Whether it has been asked to close.
        var shed = false
    }

    private struct State {
        /// Connections accepted and not yet closed, as the listening side counts them.
        var accepted = 0
        var entries: [ObjectIdentifier: Entry] = [:]
        /// New connections accepted past the limit with no idle one to close for them: as many
        /// connections are closed as their requests end.
        var waiting = 0
    }

    private let state = Mutex(State())

    /// The most connections kept open.
    public let maximum: Int

    /// No connections yet, at most `maximum` of them.
    public init(maximum: Int) {
        self.maximum = maximum
    }

    /// Whether the server may accept another connection now.
    public var isAcceptingNewConnections: Bool {
        state.withLock { $0.accepted <= maximum }
    }

    /// The server accepted a connection. Past the limit, one is closed for it; returns whether
    /// it was past.
    @discardableResult
    public func connectionAccepted() -> Bool {
        let pastLimit = state.withLock { state in
            state.accepted += 1
            return state.accepted > maximum
        }
        if pastLimit { shedLongestIdle() }
        return pastLimit
    }

    /// An accepted connection closed; returns whether the server may accept again. Back within
    /// the limit, no connection needs closing for a new one any more.
    @discardableResult
    public func acceptedConnectionClosed() -> Bool {
        state.withLock { state in
            state.accepted -= 1
            guard state.accepted <= maximum else { return false }
            state.waiting = 0
            return true
        }
    }

    /// A connection was accepted: idle, until its first request.
    public func opened(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)] = Entry(channel: channel) }
    }

    /// A request's head arrived on `channel`.
    public func requestStarted(on channel: any Channel) {
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            state.entries[key]?.inFlight += 1
            state.entries[key]?.idleSince = nil
        }
    }

    /// The response to one of `channel`'s requests has been written. If a new connection waits
    /// for one to close, this one is asked to (after any request it has started since).
    public func requestEnded(on channel: any Channel) {
        let shed = state.withLock { state in
            let key = ObjectIdentifier(channel)
            guard var entry = state.entries[key] else { return false }
            entry.inFlight = max(0, entry.inFlight - 1)
            if entry.inFlight == 0 { entry.idleSince = .now }
            let shed = state.waiting > 0 && !entry.shed
            if shed {
                state.waiting -= 1
                entry.shed = true
            }
            state.entries[key] = entry
            return shed
        }
        if shed { channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
    }

    /// `channel` closed.
    public func closed(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Asks the connection idle the longest to close: the HTTP layer closes an idle one at once.
    /// If none is idle, the next one whose request ends is closed instead, after its response.
    private func shedLongestIdle() {
        let channel: (any Channel)? = state.withLock { state in
            var longest: (key: ObjectIdentifier, since: ContinuousClock.Instant)?
            for (key, entry) in state.entries where !entry.shed {
                guard let since = entry.idleSince else { continue }
                if longest.map({ since < $0.since }) ?? true { longest = (key, since) }
            }
            guard let longest else {
                state.waiting += 1
                return nil
            }
            state.entries[longest.key]?.shed = true
            return state.entries[longest.key]?.channel
        }
        channel?.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }

    /// Closes every connection still open: a graceful shutdown's deadline has passed.
    public func closeAll() {
        let channels = state.withLock { $0.entries.values.map(\.channel) }
        for channel in channels { channel.close(promise: nil) }
    }
}

/// Passes on a connection's first `ChannelShouldQuiesceEvent` only. A connection closed to make
/// room (``OpenConnections/connectionAccepted()``) may still be open when the server shuts down and
/// asks again, and NIO's HTTP pipelining helper stops a debug build on a second request to
/// quiesce. Put it first in the connection's pipeline.
public final class QuiesceOnce: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = NIOAny

    private var quiescing = false

    /// A handler that has passed on no quiesce event yet.
    public init() {}

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            if quiescing { return }
            quiescing = true
        }
        context.fireUserInboundEventTriggered(event)
    }
}
