import NIOCore
import TodoConnections

/// Vapor's side of ``TodoConnections/OpenConnections``' limit: it reports each accepted connection
/// and its close, and stops the server channel's reads while the limit says not to accept, so
/// that further clients wait in the kernel's accept queue. It sits on the server channel, whose
/// reads are accepted connections; its own state is touched on that channel's event loop.
final class AcceptLimit: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    private let connections: OpenConnections
    /// Whether a read was held back at the limit, to be passed on when a connection closes.
    private var readHeld = false

    init(_ connections: OpenConnections) {
        self.connections = connections
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let channel = unwrapInboundIn(data)
        connections.connectionAccepted()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        channel.closeFuture.hop(to: context.eventLoop).whenComplete { _ in
            let (handler, context) = bound.value
            guard handler.connections.acceptedConnectionClosed(), handler.readHeld else { return }
            handler.readHeld = false
            context.read()
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        guard connections.isAcceptingNewConnections else {
            readHeld = true
            return
        }
        context.read()
    }
}
