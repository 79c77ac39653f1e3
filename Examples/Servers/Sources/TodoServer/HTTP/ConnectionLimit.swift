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

/// Hummingbird's side of ``OpenConnections``' limit, in place of its `MaximumAvailableConnections`,
/// which counts the same but closes nothing, so idle connections locked new clients out until
/// the idle timeout. Hummingbird asks it before each batch of up to 4 accepts.
struct SheddingConnectionLimit: AvailableConnectionsDelegate {
    let connections: OpenConnections
    let logger: Logger

    func connectionOpened() {
        guard connections.connectionAccepted() else { return }
        logger.debug("Past the connection limit: closing the connection idle the longest", metadata: ["maximum": "\(connections.maximum)"])
    }

    func connectionClosed() {
        connections.acceptedConnectionClosed()
    }

    func isAcceptingNewConnections() -> Bool {
        connections.isAcceptingNewConnections
    }
}
