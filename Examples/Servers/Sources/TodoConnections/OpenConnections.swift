public import NIOCore
import Synchronization

/// The server's open connections, and which of them are idle (between requests, or open with no
/// request yet): what a server closes first when its connection limit is reached. Both example servers keep
/// one, each fed by its own HTTP layer.
public final class OpenConnections: Sendable {
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

    /// No connections yet.
    public init() {}

    /// A connection was accepted: idle, until its first request.
    public func opened(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: .now) }
    }

    /// A request's head arrived on `channel`.
    public func requestStarted(on channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.idleSince = nil }
    }

    /// The response to `channel`'s request has been written. If a new connection waits for one
    /// to close, this one is asked to.
    public func requestEnded(on channel: any Channel) {
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
    public func noConnectionWaits() {
        state.withLock { $0.newConnectionWaits = false }
    }

    /// `channel` closed.
    public func closed(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Asks the connection idle the longest to close: Hummingbird closes an idle one at once.
    /// If none is idle, the next one whose request ends is closed instead, after its response.
    public func shedLongestIdle() {
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
