import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import TodoConnections

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
